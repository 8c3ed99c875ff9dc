"""Game records (docs/record-format.md): the setup state, every move in order, the end, the rule options.

A record is written while a game is played (`Recorder`) by `pnp play` and `pnp simulate --log`, and
read back by `pnp replay`, which re-checks every move with the engine (pnp/rules/judge.py) and every
state with `check_state`. Moves name cards by their piece ids and places by 1-based numbers, as
states do; `move_to_data` and `move_from_data` translate between them and the engines' actions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem, SpecError, display_path
from pnp.core.inputs import read_regular
from pnp.core.jsonsrc import KeyPath, Source, parse_json
from pnp.core.names import unknown_key
from pnp.core.version import __version__
from pnp.game.model import Game
from pnp.rules.engines import engine_named
from pnp.rules.moves import MoveError, cards
from pnp.rules.play_kit import Discard
from pnp.rules.state.model import State, _dump, dump_state, state_to_data
from pnp.rules.state.reader import parse_state

FORMAT = "pnp-record"
VERSION = 1
MAX_RECORD_BYTES = 8 * 1024 * 1024  # a setup of a few KB and some hundred moves of ~100 bytes each
MAX_MOVES = 100_000
END = ("status", "reason", "turns")  # the keys of a record's `end`
TOP = (
    "format",
    "version",
    "pnp",
    "game",
    "engine",
    "modules",
    "players",
    "seed",
    "options",
    "seats",
    "setup",
    "moves",
    "end",
)


@dataclass(frozen=True)
class Record:
    """A read record: the setup state, the moves as data (judged on replay), the claimed end."""

    source: Source
    game: str
    modules: tuple[str, ...]
    setup: State
    moves: tuple[dict, ...]
    end: dict | None


# ---- moves <-> engine actions --------------------------------------------------------------
def move_to_data(table, p: int, action) -> dict:
    """One engine action of player p (0-based) as record data (ids, 1-based places)."""
    ids = [piece.id for piece in table.deck.pieces]
    what = action[0]
    move: dict[str, Any] = {"player": p + 1, "action": what}
    if what == "discard":
        move["cards"] = [ids[c] for c in action[1]]
    else:
        move.update(engine_named(table.engine).move_data(action, ids))
    return move


def move_from_data(table, move: Any) -> tuple[int, tuple]:
    """(player 0-based, engine action) for a move's data; MoveError when it is not shaped like a move."""
    if not isinstance(move, dict):
        raise MoveError([], "expected a move (an object)")
    player = move.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 1 <= player <= table.n:
        raise MoveError(["player"], f"expected a player number from 1 to {table.n}")
    what = move.get("action")
    engine_actions = engine_named(table.engine).move_names  # the engine reads its own moves
    if what not in engine_actions:
        raise MoveError(["action"], "expected one of " + ", ".join(engine_actions))
    if what == "discard":
        return player - 1, Discard("discard", cards(table, move, "cards"))
    return player - 1, engine_named(table.engine).read_move(table, what, move)


# ---- writing -------------------------------------------------------------------------------
class Recorder:
    """Keeps the record of a game while it is played: `apply` judges nothing, it records and applies."""

    def __init__(self, game: Game, table, seats: list[str] | None = None):
        self.game, self.table = game, table
        self.setup = table.to_state()
        self.moves: list[dict] = []
        self.seats = seats or ["person"] * table.n

    def apply(self, p: int, action) -> None:
        self.moves.append(move_to_data(self.table, p, action))
        self.table.apply(p, action)

    def data(self) -> dict:
        t = self.table
        end = (
            None
            if t.status == "playing"
            else {"status": t.status, "reason": t.loss_reason() if t.status == "lost" else "", "turns": t.turn}
        )
        return {
            "format": FORMAT,
            "version": VERSION,
            "pnp": __version__,
            "game": self.game.id,
            "engine": self.game.engine,
            "modules": [m.id for m in self.game.modules],
            "players": t.n,
            "seed": self.setup.seed,
            "options": rule_options(self.game),
            "seats": list(self.seats),
            "setup": state_to_data(self.setup),
            "moves": list(self.moves),
            "end": end,
        }

    def dumps(self) -> str:
        return dumps_record(self.data())


def rule_options(game: Game) -> dict:
    return {k: (dict(v) if hasattr(v, "items") else v) for k, v in game.rules.items()}


def dumps_record(data: dict) -> str:
    """A record as JSON text: one move per line, the setup laid out as a state file."""
    lines = ["{"]
    for key in TOP:
        if key == "setup":
            body = dump_state_data(data["setup"]).rstrip("\n").replace("\n", "\n  ")
        elif key == "moves":
            body = (
                "["
                + ",".join("\n    " + json.dumps(m, ensure_ascii=False) for m in data["moves"])
                + ("\n  ]" if data["moves"] else "]")
            )
        else:
            body = json.dumps(data[key], ensure_ascii=False, sort_keys=key == "options")
        lines.append(f'  "{key}": {body}' + ("," if key != TOP[-1] else ""))
    return "\n".join(lines) + "\n}\n"


def dump_state_data(data: dict) -> str:

    return _dump(data, 0) + "\n"


# ---- reading -------------------------------------------------------------------------------
def read_record(path: Path) -> Record:
    """Read a record file; its shape and its setup state are checked here, its moves on replay."""
    name = display_path(path)
    try:
        raw = read_regular(path, MAX_RECORD_BYTES)  # a pipe or device is a usage error, never waited on
    except OSError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"cannot be read ({exc.strerror or exc})")]) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise SpecError(
            [Problem(name, 0, 0, "$", f"is larger than {MAX_RECORD_BYTES // 2**20} MB, the most a record may hold")]
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"is not UTF-8 text (byte {exc.start})")]) from None
    return parse_record(parse_json(text, name))


def parse_record(source: Source) -> Record:
    data = source.data
    if not isinstance(data, dict):
        raise SpecError([source.problem([], "expected a game record (an object)")])
    problems = [source.problem(KeyPath([key]), unknown_key(key, TOP)) for key in data if key not in TOP]
    if data.get("format") != FORMAT:
        problems.append(source.problem(["format"], f'expected "{FORMAT}"'))
    if data.get("version") != VERSION:
        problems.append(source.problem(["version"], f"expected version {VERSION}"))
    if not isinstance(data.get("moves"), list) or len(data["moves"]) > MAX_MOVES:
        problems.append(source.problem(["moves"], f"expected a list of at most {MAX_MOVES} moves"))
    if data.get("end") is not None and not isinstance(data.get("end"), dict):
        problems.append(source.problem(["end"], 'expected null or {"status": …, "reason": …, "turns": …}'))
    elif isinstance(data.get("end"), dict):
        problems += [source.problem(KeyPath(["end", k]), unknown_key(k, END)) for k in data["end"] if k not in END]
    if not isinstance(data.get("setup"), dict):
        problems.append(source.problem(["setup"], "expected the setup state (an object)"))
    if problems:
        raise SpecError(problems)
    setup = _setup_state(source)
    return Record(source, setup.game, setup.modules, setup, tuple(data["moves"]), data.get("end"))


def _setup_state(source: Source) -> State:
    """The setup, read by the state reader with its problems placed in the record file."""
    positions = {k[len("/setup") :]: v for k, v in source.positions.items() if k == "/setup" or k.startswith("/setup/")}
    inner = Source(source.file, source.data["setup"], positions)
    try:
        return parse_state(inner)
    except SpecError as exc:
        raise SpecError(
            [Problem(p.file, p.line, p.col, "$.setup" + p.path[1:], p.message) for p in exc.problems]
        ) from None


__all__ = [
    "FORMAT",
    "VERSION",
    "MoveError",
    "Record",
    "Recorder",
    "dump_state",
    "dumps_record",
    "move_from_data",
    "move_to_data",
    "parse_record",
    "read_record",
    "rule_options",
]
