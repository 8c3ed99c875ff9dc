"""The bots by name, per engine, and one game played from its seed (what every simulation runs).

`BOTS` lists the bots a user may pick (`--bot`); `play_game(game, players, seed, bot)` deals the
game from `seed`, plays it to the end and returns (won, filled, turns, loss reason). The engine's
table, deal and bots come from the engine registry (pnp/rules/engines.py).
"""

from __future__ import annotations

from pnp.core.errors import UsageError
from pnp.game.model import Game
from pnp.rules.engine import Engine
from pnp.rules.engines import engine_of
from pnp.rules.playout import play_out
from pnp.rules.solver import OPEN_HANDS_NAME as OPEN_HANDS
from pnp.rules.solver import OpenHandsBot
from pnp.rules.strong import STRONG_NAME as STRONG
from pnp.rules.strong import StrongBot

BOTS = {
    "baseline": "the documented rule-of-thumb bot (docs/rules.md, 'The baseline bots')",
    "search": "tries every candidate play against sampled hidden cards and keeps the best (docs/rules.md)",
    STRONG: "runs the open-hands solver on sampled hidden cards and plays the most-won first move (docs/rules.md)",
    OPEN_HANDS: "sees every hand and pile and searches for a winning line: an upper bound (docs/rules.md)",
}

# The bot whose games decide that a configuration is "nearly unwinnable" (won in under 1 % of its games):
# the one that looks ahead (docs/rules.md, "The search bot"; stronger on The Ascent, as strong as the
# baseline on Tranquility since the baseline's rules of thumb were tuned). pnp simulate names it in its
# warning; pnp validate has it confirm the baseline's verdict (OPINIONS in pnp/pipeline/validate.py,
# which a test ties to it).
JUDGE_BOT = "search"


_DECKS: dict[int, tuple[Game, object]] = {}


def kit(game: Game) -> Engine:
    """What simulating the game's engine needs: its deck, its deal, its bots, how far a game got."""
    return engine_of(game)


def check_bot(bot: str) -> str:
    if bot not in BOTS:
        raise UsageError(f"--bot must be one of {', '.join(BOTS)}, not {bot!r}")
    return bot


def make_bot(game: Game, bot: str, seed: int):
    k = kit(game)
    if bot == OPEN_HANDS:
        return OpenHandsBot(k.baseline(), k.filled)
    if bot == STRONG:
        return StrongBot(k.search(seed=seed), k.filled, seed)
    return k.baseline() if bot == "baseline" else k.search(seed=seed)


def _deck(game: Game, k: Engine):
    """One deck per game object in a worker (a deck is read-only; building it is the costly part)."""
    hit = _DECKS.get(id(game))
    if hit is None or hit[0] is not game:
        _DECKS.clear()
        hit = _DECKS[id(game)] = (game, k.deck(game))
    return hit[1]


def play_game(game: Game, players: int, seed: int, bot: str = "baseline") -> tuple[bool, int, int, str]:
    """Deal from `seed`, play to the end with one bot per seat, and say how it went."""
    k = kit(game)
    player = make_bot(game, bot, seed)
    table = play_out(k.deal(_deck(game, k), players, seed), player)
    won = table.status == "won"
    if isinstance(player, OpenHandsBot) and player.solution is not None and not won:
        # what the solver found: proved unwinnable or gave up, and how far its search got
        filled = max(player.solution.filled, k.filled(table))  # its search, or the baseline's game it fell back on
        return False, filled, max(player.solution.turns, table.turn), player.solution.verdict
    return won, k.filled(table), table.turn, "" if won else table.loss_reason()
