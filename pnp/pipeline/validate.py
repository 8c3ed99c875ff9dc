"""`validate`: every problem of every given spec, at once."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from pnp.core import pool
from pnp.core.errors import Problem, SpecError
from pnp.game.model import Game
from pnp.pipeline.contrast import contrast_warnings
from pnp.pipeline.facecheck import face_problems
from pnp.pipeline.resolution import resolution_errors, resolution_warnings
from pnp.pipeline.semantics import semantic_problems
from pnp.pipeline.textfit import fit_problems
from pnp.pipeline.verdicts import Verdicts, game_fingerprint
from pnp.spec.load import Spec, load_spec_with_problems

if TYPE_CHECKING:
    from pnp.game.params import RuleParams

# The quick simulation of `pnp validate` (docs/rules.md, "Nearly unwinnable"): the bots that judge, in
# order, each with its games per player count, all dealt from one run seed. A configuration is nearly
# unwinnable only when each of them wins under 1 % of its games. The baseline (1-20 ms a game) screens
# every player count; the search bot, which looks ahead (~0.1 s a Tranquility game, 0.2-0.4 s an Ascent game,
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
        found = found or fit_problems(spec) or face_problems(spec) or resolution_errors(spec)
        problems.extend(found)
        if not found:
            valid.append(spec)
    return Validation(problems, valid)


def nearly_unwinnable(
    games: list[Game],
    opinions: tuple[Opinion, ...] = OPINIONS,
    seed: int = VALIDATE_SEED,
    jobs: int | None = None,
    verdicts: Verdicts | None = None,
    progress: Callable[[str], None] | None = None,
    tick: Callable[[int, int], None] | None = None,
) -> list[str]:
    """A warning for each game (as built: validate gives each with every module) that every bot of
    `opinions` won in under 1 % of its games at some player count: a quick, bounded simulation with a
    fixed seed, the same every time, on `jobs` processes (None: every core; pnp/core/pool.py). Counts
    already in `verdicts` (default: the user's cache folder) are not played again; `progress` is told
    what each bot is about to play, when it plays anything, and `tick` (done, of) as its parts end
    (a progress bar)."""
    # lazy: -112 ms on pnp validate --no-simulate and pnp list (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.bots import check_bot
    from pnp.rules.params import rule_params

    for opinion in opinions:
        check_bot(opinion.bot)
    verdicts = verdicts or Verdicts.default()
    prints = {id(g): game_fingerprint(g) for g in games}
    cells = [Cell(g, n, prints[id(g)]) for g in games for n in _player_counts(rule_params(g))]
    said: dict[Cell, list[int]] = {cell: [] for cell in cells}
    for at, opinion in enumerate(opinions):  # each bot judges only what the ones before it found hard
        keys = {cell: Verdicts.key(cell.fingerprint, cell.players, opinion.bot, opinion.games, seed) for cell in cells}
        known = {cell: verdicts.get(keys[cell], _enough(opinion)) for cell in cells}
        todo = [cell for cell in cells if known[cell] is None]
        if todo and progress:
            progress(_playing(opinion, todo, opinions[:at], verdicts.root is not None))
        for cell, wins in _play(todo, opinion, seed, jobs, tick):  # each kept as it comes: a Ctrl-C loses little
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


def _playing(opinion: Opinion, todo: list[Cell], before: tuple[Opinion, ...], kept: bool) -> str:
    """The progress line: what this bot is about to play."""
    specs = len({id(cell.game) for cell in todo})
    where = f" where the {' and '.join(o.bot for o in before)} bot{'s' * (len(before) > 1)} won under 1 %"
    return (
        f"simulating: the {opinion.bot} bot plays up to {opinion.games} games at {len(todo)} player count(s) of "
        f"{specs} spec(s){where if before else ''} ("
        + ("the verdicts are kept for next time; " if kept else "")
        + "--no-simulate skips this)"
    )


def _player_counts(r: RuleParams) -> range:
    return range(r.min_players, r.max_players + 1)


def _enough(opinion: Opinion) -> int:
    """The wins that make 1 % of the opinion's games (at least one)."""
    return math.ceil(HARD * opinion.games)


def _play(
    cells: list[Cell], opinion: Opinion, seed: int, jobs: int | None, tick: Callable[[int, int], None] | None = None
) -> Iterator[tuple[Cell, int]]:
    """Each cell with its `_wins` for this opinion, as soon as it is known, its games sent out
    `opinion.part` a task on `jobs` processes (None: every core): the same counts on any number."""
    enough = _enough(opinion)
    parts = [range(a, min(a + opinion.part, opinion.games)) for a in range(0, opinion.games, opinion.part)]
    tasks = [partial(_wins, c.game, c.players, seed, opinion.bot, part, enough) for c in cells for part in parts]
    done = _counted(pool.results(tasks, jobs), len(tasks), tick)
    for cell in cells:
        yield cell, _verdict([next(done) for _ in parts], enough)
    next(done, None)  # read to its end, so the pool shuts down as a finished one (not stopped)


def _counted(results: Iterator[int], total: int, tick: Callable[[int, int], None] | None) -> Iterator[int]:
    """The results, telling `tick` (done, total) after each."""
    for done, result in enumerate(results, 1):
        if tick:
            tick(done, total)
        yield result


def _verdict(counts: list[int], enough: int) -> int:
    """The wins of a cell from its parts' (-1: a part alone reached `enough`), or -1 once they reach
    `enough` together: a part stops only at `enough`, which no count of the other parts can undo."""
    return -1 if any(n < 0 for n in counts) or sum(counts) >= enough else sum(counts)


def _wins(game, players: int, seed: int, bot: str, games: range, enough: int) -> int:
    """The wins in the games numbered `games` of the run `pnp simulate` plays with this seed, or -1 as
    soon as they reach `enough` (1 % of the opinion's games): the verdict is then known."""
    # lazy: -125 ms on pnp validate --no-simulate (docs/decisions.md "Plumbing only where it pays")
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
    judged = " and ".join(_won(o, [(n, said[i]) for n, said in hard]) for i, o in enumerate(opinions))
    first = opinions[0].bot
    later = "; ".join(f"the {o.bot} bot played the first {o.games} of the {first} bot's deals" for o in opinions[1:])
    n = hard[0][0]
    tips = [f"pnp simulate {game.id} --players {n} --games 5000 for a closer figure (or --bot search, slower)"]
    tips.append("--modules none or fewer modules" if game.modules else "easier rules, e.g. a larger hand_size")
    return (
        f"warning: {game.id}{mods} is nearly unwinnable: {judged} (seed {seed}{'; ' + later if later else ''}). "
        "Try: " + "; ".join(tips) + "."
    )


def _won(opinion: Opinion, counts: list[tuple[int, int]]) -> str:
    """ "the baseline bot won 0 of 100 games at 1, 0 of 100 at 2 player(s)"."""
    each = [f"{wins} of {opinion.games}{' games' if j == 0 else ''} at {n}" for j, (n, wins) in enumerate(counts)]
    return f"the {opinion.bot} bot won {', '.join(each)} player(s)"


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
    return [warning for spec in valid for warning in contrast_warnings(spec)] + resolution_warnings(valid)
