"""`validate`: every problem of every given spec, at once."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from pnp.core.errors import Problem, SpecError
from pnp.game.build import build_game
from pnp.game.model import Game
from pnp.pipeline.contrast import contrast_warnings
from pnp.pipeline.facecheck import face_problems
from pnp.pipeline.semantics import semantic_problems
from pnp.pipeline.textfit import fit_problems
from pnp.spec.load import Spec, load_spec_with_problems

if TYPE_CHECKING:
    from pnp.pipeline.verdicts import Verdicts

# The quick simulation of `pnp validate` (docs/rules.md, "Nearly unwinnable"): the bots that judge, in
# order, each with its games per player count, all dealt from one run seed. A configuration is nearly
# unwinnable only when each of them wins under 1 % of its games. The baseline (1-20 ms a game) screens
# every player count; the stronger search bot (~0.1 s a Tranquility game, 0.2-0.4 s an Ascent game,
# measured) then plays only where the baseline won under 1 %, the first of the same deals, and one win
# clears the configuration. 20 search games keep `pnp validate` of every bundled spec near 30 s on two
# cores the first time (docs/rules.md); the verdicts are kept (pnp/pipeline/verdicts.py), so a spec
# whose game did not change is judged at once.


@dataclass(frozen=True)
class Opinion:
    """One bot's say: `games` games per player count, sent to the workers `part` games a task."""

    bot: str
    games: int
    part: int


OPINIONS = (Opinion("baseline", 100, 100), Opinion("search", 20, 5))
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
    opinions: tuple[Opinion, ...] = OPINIONS,
    seed: int = VALIDATE_SEED,
    jobs: int | None = None,
    verdicts: Verdicts | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[str]:
    """A warning for each game (with every module, as built) that every bot of `opinions` won in
    under 1 % of its games at some player count: a quick, bounded simulation with a fixed seed, the
    same every time, on `jobs` processes (None: every core; pnp/core/pool.py). Counts already in
    `verdicts` (default: the user's cache folder) are not played again; `progress` is told what
    each bot is about to play, when it plays anything."""
    return judge([build_game(spec) for spec in specs], opinions, seed, jobs, verdicts, progress)


def judge(
    games: list[Game],
    opinions: tuple[Opinion, ...] = OPINIONS,
    seed: int = VALIDATE_SEED,
    jobs: int | None = None,
    verdicts: Verdicts | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[str]:
    """`unwinnable_warnings` for games already built."""
    # start-up: +112 ms CPU (measured), the verdicts' module ~2 ms more, only when this runs;
    # docs/performance.md "Start-up"
    from pnp.game.params import rule_params
    from pnp.pipeline.verdicts import Verdicts, game_fingerprint
    from pnp.rules.bots import check_bot

    for opinion in opinions:
        check_bot(opinion.bot)
    verdicts = verdicts or Verdicts.default()
    cells = [Cell(g, n, game_fingerprint(g)) for g in games for n in _player_counts(rule_params(g))]
    said: dict[Cell, list[int]] = {cell: [] for cell in cells}
    for opinion in opinions:  # each bot judges only what the ones before it found hard
        keys = {cell: Verdicts.key(cell.fingerprint, cell.players, opinion.bot, opinion.games, seed) for cell in cells}
        known = {cell: verdicts.get(keys[cell]) for cell in cells}
        todo = [cell for cell in cells if known[cell] is None]
        if todo and progress:
            progress(_playing(opinion, todo, [o.bot for o in opinions[: opinions.index(opinion)]]))
        for cell, wins in zip(todo, _play(todo, opinion, seed, jobs)):
            known[cell] = wins
            verdicts.put(keys[cell], wins, cell.about(opinion, seed))
        for cell in cells:
            said[cell].append(cast(int, known[cell]))
        cells = [cell for cell in cells if said[cell][-1] >= 0]
    return [
        _warning(g, [(c.players, said[c]) for c in cells if c.game is g], opinions, seed)
        for g in games
        if any(c.game is g for c in cells)
    ]


@dataclass(frozen=True, eq=False)
class Cell:
    """One game at one player count, as the judge plays it."""

    game: Game
    players: int
    fingerprint: str  # of the game (verdicts.game_fingerprint)

    def about(self, opinion: Opinion, seed: int) -> str:
        return f"{self.game.id}, {self.players} player(s), {opinion.bot} bot, {opinion.games} games, seed {seed}"


def _playing(opinion: Opinion, todo: list[Cell], before: list[str]) -> str:
    where = f" where the {' and '.join(before)} bot{'s' if len(before) > 1 else ''} won under 1 %" if before else ""
    return (
        f"simulating: the {opinion.bot} bot plays up to {opinion.games} games at each of {len(todo)} player "
        f"count(s){where} (the verdicts are kept for next time; --no-simulate skips this)"
    )


def _player_counts(r) -> range:
    return range(r.min_players, r.max_players + 1)


def _play(cells: list[Cell], opinion: Opinion, seed: int, jobs: int | None) -> list[int]:
    """Each cell's `_wins` for this opinion, its games sent out `opinion.part` a task on `jobs`
    processes (None: every core): the same counts on any number, as a part stops only once the wins
    reach 1 % of all the games, which no count of the other parts can undo."""
    # start-up: +10 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.core import pool

    enough = math.ceil(HARD * opinion.games)
    parts = [range(a, min(a + opinion.part, opinion.games)) for a in range(0, opinion.games, opinion.part)]
    tasks = [partial(_wins, c.game, c.players, seed, opinion.bot, part, enough) for c in cells for part in parts]
    done = iter(pool.run(tasks, jobs))
    out = []
    for _ in cells:
        counts = [next(done) for _ in parts]
        out.append(-1 if any(n < 0 for n in counts) or sum(counts) >= enough else sum(counts))
    return out


def _wins(game, players: int, seed: int, bot: str, games: range, enough: int) -> int:
    """The wins in the games numbered `games` of the run `pnp simulate` plays with this seed, or -1 as
    soon as they reach `enough` (1 % of the opinion's games): the verdict is then known."""
    # start-up: +125 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.bots import play_game
    from pnp.rules.workers import game_seeds

    seeds = list(game_seeds(seed, games.stop))[games.start :]
    wins = 0
    for game_seed in seeds:
        wins += play_game(game, players, game_seed, bot)[0]
        if wins >= enough:
            return -1
    return wins


def _warning(game: Game, hard: list[tuple[int, list[int]]], opinions: tuple[Opinion, ...], seed: int) -> str:
    """What each bot won at each hard player count, and what to try."""
    mods = f" with {', '.join(m.id for m in game.modules)}" if game.modules else ""
    judged = " and ".join(
        f"the {o.bot} bot won "
        + ", ".join(f"{said[i]} of {o.games}{' games' if j == 0 else ''} at {n}" for j, (n, said) in enumerate(hard))
        + " player(s)"
        for i, o in enumerate(opinions)
    )
    n = hard[0][0]
    tips = [f"pnp simulate {game.id} --players {n} --games 5000 for a closer figure (or --bot search, slower)"]
    tips.append("--modules none or fewer modules" if game.modules else "easier rules, e.g. a larger hand_size")
    return (
        f"warning: {game.id}{mods} is nearly unwinnable: {judged} (seed {seed}, the first of the same deals). "
        "Try: " + "; ".join(tips) + "."
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
