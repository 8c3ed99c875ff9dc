"""`validate`: every problem of every given spec, at once."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from pnp.core.errors import Problem, SpecError
from pnp.game.build import build_game
from pnp.pipeline.contrast import contrast_warnings
from pnp.pipeline.facecheck import face_problems
from pnp.pipeline.semantics import semantic_problems
from pnp.pipeline.textfit import fit_problems
from pnp.spec.load import Spec, load_spec_with_problems

# The quick simulation of `pnp validate` (docs/rules.md, "Nearly unwinnable"). One constant names the bot:
# the strongest bot fast enough for a check that runs on every validate; the search bot (0.1-0.2 s a
# Tranquility game, 0.4-0.6 s an Ascent game: 254 s CPU more for the bundled `ascent`, which neither bot
# wins, even played only where the baseline won under 1 %) is not, so it is the baseline until a faster
# strong bot exists.
VALIDATE_BOT = "baseline"
VALIDATE_GAMES = 100  # games per player count: no win in 100 is "under 1 %"
VALIDATE_SEED = 1  # fixed: validate says the same thing every time
HARD = 0.01  # a configuration won in fewer of its games than this is nearly unwinnable


@dataclass(frozen=True)
class Validation:
    problems: list[Problem]
    valid: list[Spec]  # the specs with no problem, in the order given


def validate_specs(paths: list[Path]) -> list[Problem]:
    """Problems in all the given specs (schema, syntax, duplicate keys, semantics, and then reference card
    sentences that do not fit their boxes); [] when all are good."""
    return validation(paths).problems


def validation(paths: list[Path]) -> Validation:
    """`validate_specs`, keeping the specs that passed (for the quick simulation)."""
    problems: list[Problem] = []
    valid: list[Spec] = []
    for path in paths:
        try:
            spec, schema = load_spec_with_problems(path)
        except SpecError as exc:
            problems.extend(exc.problems)
            continue
        found = schema + _beside(semantic_problems(spec, schema_valid=not schema), schema)
        # only for a game that can be built: the reference cards' words in every language (the sharper
        # message for them), then every face drawn as render would draw it
        found = found or fit_problems(spec) or face_problems(spec)
        problems.extend(found)
        if not found:
            valid.append(spec)
    return Validation(problems, valid)


def unwinnable_warnings(
    specs: list[Spec],
    games: int = VALIDATE_GAMES,
    seed: int = VALIDATE_SEED,
    bot: str = VALIDATE_BOT,
    jobs: int | None = None,
) -> list[str]:
    """A warning for each game (with every module, as built) won in under 1 % of `games` games at some
    player count by `bot`: a quick, bounded simulation with a fixed seed, the same every time, on
    `jobs` processes (None: every core; pnp/core/pool.py)."""
    # start-up: +112 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.game.params import rule_params
    from pnp.rules.bots import check_bot

    check_bot(bot)
    tasks, games_of = [], []
    for spec in specs:
        game = build_game(spec)
        games_of.append(game)
        r = rule_params(game)
        tasks += [(game, n, games, seed, bot) for n in range(r.min_players, r.max_players + 1)]
    wins = _play(tasks, jobs)
    out = []
    for game in games_of:
        hard = [(task[1], w) for task, w in zip(tasks, wins) if task[0] is game and w >= 0]
        if hard:
            out.append(_warning(game, hard, games, seed, bot))
    return out


def _play(tasks: list[tuple], jobs: int | None) -> list[int]:
    """`_wins` of every (game, players, …) task, on `jobs` processes (None: every core); the same on any number."""
    # start-up: +10 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.core import pool

    return pool.run([partial(_wins, *task) for task in tasks], jobs)


def _wins(game, players: int, games: int, seed: int, bot: str) -> int:
    """The wins in `games` games (the games `pnp simulate` plays with this seed) when under 1 %, else -1.
    It stops as soon as the wins reach 1 %: the verdict is then the same as after every game."""
    # start-up: +125 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.bots import play_game
    from pnp.rules.workers import game_seeds

    enough, wins = math.ceil(HARD * games), 0
    for game_seed in game_seeds(seed, games):
        wins += play_game(game, players, game_seed, bot)[0]
        if wins >= enough:
            return -1
    return wins


def _warning(game, hard: list[tuple[int, int]], games: int, seed: int, bot: str) -> str:
    mods = f" with {', '.join(m.id for m in game.modules)}" if game.modules else ""
    counts = ", ".join(f"{wins} of {games} at {n}" for n, wins in hard)
    n = hard[0][0]
    tips = [f"pnp simulate {game.id} --players {n} --games 5000 for a closer figure (or --bot search, slower)"]
    tips.append("--modules none or fewer modules" if game.modules else "easier rules, e.g. a larger hand_size")
    return (
        f"warning: {game.id}{mods} is nearly unwinnable: the {bot} bot won under 1 % of {games} games "
        f"(seed {seed}) at {len(hard)} player count(s): {counts} player(s). Try: " + "; ".join(tips) + "."
    )


def _beside(semantic: list[Problem], schema: list[Problem]) -> list[Problem]:
    """Semantic problems not at or inside a value the schema already refused (one sentence a value)."""
    refused = {(p.file, p.path) for p in schema}
    return [
        p
        for p in semantic
        if not any((p.file, p.path) == r or (p.file == r[0] and _inside(p.path, r[1])) for r in refused)
    ]


def _inside(path: str, outer: str) -> bool:
    return path.startswith((outer + ".", outer + "["))


def contrast_problems(valid: list[Spec]) -> list[Problem]:
    """What valid specs print badly: text that does not stand out from its ground."""
    return [warning for spec in valid for warning in contrast_warnings(spec)]
