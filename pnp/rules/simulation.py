"""Simulating games with the bots: win rate with a Wilson interval, progress, causes of loss.

Game g of a run is dealt with its own seed drawn from `random.Random(seed)`, so a run is
deterministic per seed, a larger run extends a smaller one with the same seed, and the games may be
played on any number of workers (pnp/rules/workers.py) with the same report.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from pnp.game.model import Game
from pnp.rules.bots import check_bot, kit
from pnp.rules.deal import check_players
from pnp.rules.engines import engine_of
from pnp.rules.playout import play_out
from pnp.rules.solver import BUDGET, GAVE_UP, OPEN_HANDS_NAME, UNWINNABLE
from pnp.rules.workers import batch_size, batches, run_batches

__all__ = ["REASONS", "Report", "play_out", "report", "simulate", "wilson"]

REASONS = {
    "start-discard": "the hands (and, by the rule option, the piles) could not pay the start discard",
    "blocked": "a run of empty cells could no longer be filled: too few fitting numbers were left",
    "out-of-cards": "a player could neither play nor discard two while the goal was still reachable",
    "empty": "a player's hand and pile were both empty (loss: stuck-or-empty, seed 000)",
    "no-finish": "the grid was full but no finish card was left",
    "finish-late": "the grid was full but a finish card did not reach a hand in time",
    "no-start": "the grid was full but no start card had been played",
    "no-summit": "the mountain was finished but no summit card was left",
    "bridge": "the mountain was full but a bridge could not be covered",
    "goal:green-path": "the mountain was finished without a green path",
    "goal:panorama": "the mountain was finished without every revealed panorama sequence",
    "goal:goats": "the mountain was finished with goats below the target row",
    UNWINNABLE: "the open-hands solver proved that no line of play wins the deal",
    GAVE_UP: f"the open-hands solver searched its {BUDGET:,} positions without a win or a proof",
}


@dataclass(frozen=True)
class Report:
    game: str
    engine: str
    modules: tuple[str, ...]
    players: int
    games: int
    seed: int
    wins: int
    interval: tuple[float, float]  # Wilson 95 % interval of the win rate
    progress_of: str  # "cells" or "slots"
    progress_total: int  # cells or slots to fill
    progress: tuple[int, ...]  # progress[k]: games that ended with k cells or slots filled
    reasons: tuple[tuple[str, int], ...]  # loss causes, most frequent first
    mean_turns: float
    options: dict = field(default_factory=dict)
    bot: str = "baseline"

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def solver(self) -> dict | None:
        """The open-hands solver's verdicts (None for other bots): won, proved unwinnable, gave up, and
        the interval of the win rate counting the deals it gave up on as wins (the most it could be)."""
        if self.bot != OPEN_HANDS_NAME:
            return None
        losses = dict(self.reasons)
        gave_up = losses.get(GAVE_UP, 0)
        return {
            "won": self.wins,
            "unwinnable": losses.get(UNWINNABLE, 0),
            "gave_up": gave_up,
            "budget": BUDGET,
            "interval95_with_gave_up_as_won": [round(v, 6) for v in wilson(self.wins + gave_up, self.games)],
        }

    @property
    def mean_progress(self) -> float:
        return sum(k * n for k, n in enumerate(self.progress)) / self.games if self.games else 0.0

    def to_data(self) -> dict:
        return {
            "game": self.game,
            "engine": self.engine,
            "modules": list(self.modules),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 6),
            "interval95": [round(v, 6) for v in self.interval],
            "bot": self.bot,
            "progress": {
                "of": self.progress_of,
                "total": self.progress_total,
                "mean": round(self.mean_progress, 3),
                "games_by_filled": list(self.progress),
            },
            "losses": dict(self.reasons),
            "mean_turns": round(self.mean_turns, 3),
            "options": self.options,
            **({"solver": self.solver} if self.solver else {}),
        }

    def text(self) -> str:
        lo, hi = self.interval
        mods = f" with {', '.join(self.modules)}" if self.modules else ""
        lines = [
            f"{self.game}{mods}: {self.players} player(s), {self.games} games, seed {self.seed}, {self.bot} bot",
            f"won {self.wins} of {self.games}: {100 * self.win_rate:.1f} % (95 % interval "
            f"{100 * lo:.1f}–{100 * hi:.1f} %)",
            f"{self.progress_of} filled: mean {self.mean_progress:.1f} of {self.progress_total}; "
            + _spread(self.progress),
            f"turns per game: mean {self.mean_turns:.1f}",
        ]
        solver = self.solver
        if solver:
            lo2, hi2 = solver["interval95_with_gave_up_as_won"]
            lines.insert(
                2,
                f"open-hands solver: won {solver['won']}, proved unwinnable {solver['unwinnable']}, gave up "
                f"{solver['gave_up']} (after {solver['budget']:,} positions each); counting those as won: "
                f"{100 * lo2:.1f}–{100 * hi2:.1f} %",
            )
        if self.reasons:
            lines.append("losses:")
            lines += [f"  {n:>6}  {reason}: {REASONS.get(reason, reason)}" for reason, n in self.reasons]
        return "\n".join(lines)


def _spread(progress: tuple[int, ...]) -> str:
    total = sum(progress)
    marks: tuple[float, ...] = (0.1, 0.5, 0.9)
    seen, out = 0, []
    for k, n in enumerate(progress):
        seen += n
        while marks and seen >= marks[0] * total:
            out.append(f"{int(marks[0] * 100)}th percentile {k}")
            marks = marks[1:]
    return ", ".join(out)


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95 % by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    progress=None,
    bot: str = "baseline",
    jobs: int = 1,
    scheduler: str | None = None,
) -> Report:
    """Play `games` games with a bot (`BOTS`); `progress(done)` is called now and then. The games run
    on `jobs` processes (or a Dask scheduler); the report is the same whatever the number of workers."""
    check_players(game, players)
    check_bot(bot)
    work = batches(game, players, bot, seed, games, batch_size(games, max(jobs, 1)))
    results = [r for part in run_batches(work, jobs, scheduler, progress) for r in part]
    return report(game, players, seed, bot, results, kit(game).progress_of)


def report(game: Game, players: int, seed: int, bot: str, results: list, of: str) -> Report:
    """Count a run's per-game results (won, filled, turns, reason) into a Report."""
    engine = engine_of(game)
    total = engine.spaces(engine.deck(game))
    games = len(results)
    wins = sum(1 for won, _, _, _ in results if won)
    filled = [0] * (total + 1)
    for _, n, _, _ in results:
        filled[n] += 1
    reasons = Counter(reason for won, _, _, reason in results if not won)
    return Report(
        game.id,
        game.engine,
        tuple(m.id for m in game.modules),
        players,
        games,
        seed,
        wins,
        wilson(wins, games),
        of,
        total,
        tuple(filled),
        tuple(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        sum(t for _, _, t, _ in results) / games if games else 0.0,
        _options(game),
        bot,
    )


def _options(game: Game) -> dict:
    return {k: (dict(v) if hasattr(v, "items") else v) for k, v in game.rules.items()}
