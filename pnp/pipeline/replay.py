"""Replaying a game record: the setup checked, every move judged and made, every state after it checked.

`replay(record)` stops at the first move that breaks a rule and says which (move number, player, rule
id and sentence); the end the record claims must be the end the moves reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.core.errors import Problem, SpecError, UsageError
from pnp.core.jsonsrc import Source
from pnp.core.locate import named_game_problem
from pnp.game.model import Game
from pnp.pipeline.load import load_game
from pnp.rules.check import Violation, check_state
from pnp.rules.engines import engine_named, engine_of
from pnp.rules.judge import judge
from pnp.rules.record import MoveError, Record, move_from_data
from pnp.rules.record_claims import Claim, end_claim, header_claim, options_claim
from pnp.rules.state.model import State


@dataclass(frozen=True)
class Broken:
    """The first broken rule of a record: move 0 is the setup, -1 a claim around the moves (header,
    options, end), placed at `at` in the file."""

    move: int
    player: int  # 1-based; 0 for the setup and the claims
    violation: Violation
    at: Problem | None = None  # where a false claim sits in the record file

    def line(self, file: str) -> str:
        """The line `pnp replay` prints: FILE:LINE:COL: $.PATH: [rule] … for a claim, else FILE: move …"""
        if self.at is None:
            return f"{file}: {self}"
        where = f"{file}:{self.at.line}:{self.at.col}" if self.at.line else file
        return f"{where}: {self.at.path}: {self.violation}"

    def __str__(self) -> str:
        if self.move == 0:
            return f"setup: {self.violation}"
        if self.move < 0:
            return f"end: {self.violation}"
        return f"move {self.move} (player {self.player}): {self.violation}"


@dataclass(frozen=True)
class Replay:
    game: Game
    moves: int
    final: State
    broken: Broken | None


def new_table(game: Game, state: State):
    """A table of the game's engine to play on from a state."""
    engine = engine_of(game)
    return engine.table_from_state(engine.deck(game), state)


def game_for(source: Source, at: list, engine: str, game_name: str, modules: Sequence[str], what: str) -> Game:
    """The game `--game` names, for a state or a record (`what`) of `engine` read from `source`: a game of
    other rules is a usage error (the option contradicts the file) saying whose rules the file is for;
    a module the file names that the game lacks is a problem of the file, at `at` + ["modules"]."""
    game = load_game(game_name, modules=[])
    ours, theirs = engine_named(engine), engine_of(game)
    if ours is not theirs:
        done = "replayed" if what == "record" else "checked"
        raise UsageError(
            f"{source.file}: the {what} is for {ours.title}'s rules (engine {ours.name!r}), so it cannot be "
            f"{done} as {game.id}, a game of {theirs.title}'s rules; leave out --game, or name a game of {ours.title}"
        )
    try:
        return load_game(game_name, modules=list(modules))
    except UsageError as exc:  # the game loaded without modules: a module it does not have
        raise SpecError([source.problem([*at, "modules"], str(exc).rstrip("."))]) from None


def named_game(source: Source, at: list, name: str, modules: Sequence[str], what: str) -> Game:
    """The game a state (`what`: "state") or a record's setup names at `at` + ["game"], with its modules.

    Only a game or variant name is loaded, never a path (`named_game_problem`, the rule the Play table
    keeps too); a name that is no game, a module the game lacks, or a spec that cannot be loaded is a
    problem of the file, at its line and path."""
    verb = "replay" if what == "record" else "check"
    problem = named_game_problem(name, f"a {what}")
    if problem is not None:
        raise SpecError(
            [source.problem([*at, "game"], f"{problem}; to {verb} it against a spec file, pass --game FILE")]
        )
    try:
        return load_game(name, modules=list(modules))
    except UsageError as exc:  # a module the game does not have
        raise SpecError([source.problem([*at, "modules"], str(exc).rstrip("."))]) from None
    except SpecError as exc:
        named = source.problem(
            [*at, "game"], f"names {name!r}, a spec that cannot be loaded (its problems are listed here)"
        )
        raise SpecError([named, *exc.problems]) from None


def record_game(record: Record, game_name: str | None = None) -> Game:
    """The game to replay a record with: `--game` when given, else the one its setup names (`named_game`)."""
    if game_name is not None:
        return game_for(record.source, ["setup"], record.setup.engine, game_name, record.modules, "record")
    return named_game(record.source, ["setup"], record.game, record.modules, "record")


def replay(record: Record, game: Game, options: bool = True) -> Replay:
    """Check the header, the rule options (`options`: False when the record is replayed against another
    game than it names), the setup, every move and the state after it, then the claimed end."""
    state = record.setup
    claim = header_claim(record) or (options_claim(record, game) if options else None)
    if claim is not None:
        return Replay(game, 0, state, _claim_broken(record, claim))
    problems = check_state(game, state)
    if problems:
        return Replay(game, 0, state, Broken(0, 0, problems[0]))
    table = new_table(game, state)
    for number, move in enumerate(record.moves, start=1):
        try:
            p, action = move_from_data(table, move)
        except MoveError as exc:
            raise SpecError([record.source.problem(["moves", number - 1, *exc.path], str(exc))]) from None
        wrong = judge(table, p, action)
        if wrong is None:
            table.apply(p, action)
            after = check_state(game, table.to_state())
            wrong = after[0] if after else None
        if wrong is not None:
            return Replay(game, number, table.to_state(), Broken(number, p + 1, wrong))
    final = table.to_state()
    claim = end_claim(record, table)
    return Replay(game, len(record.moves), final, None if claim is None else _claim_broken(record, claim))


def _claim_broken(record: Record, claim: Claim) -> Broken:
    return Broken(-1, 0, claim.violation, record.source.problem(claim.path, claim.violation.message))
