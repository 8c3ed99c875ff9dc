"""A table state (setup or mid-game) and its JSON form, documented in docs/state-format.md.

Players are numbered from 1 for people: `hands[0]` is player 1's hand, `current_player` and the
start record's `player` are 1-based, as are cells (cell k is `cells[k-1]`) and mountain rows and
slots. Piles list their top card first. Every physical piece appears by its id (`island-07`,
`start#3`, `terrain-green-12#2`) in exactly one place.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Problem, SpecError, display_path
from ..jsonsrc import Source, parse_json

FORMAT = "pnp-state"
VERSION = 2  # 2: a start-discard share says how many cards came from the hand and how many from the pile
READS = (1, 2)  # version 1 files are still read: their shares were numbers of cards from the hand
STATUSES = ("playing", "won", "lost")
ENGINES = ("tranquility", "ascent")

# Limits of the format (docs/state-format.md, "Limits"): far above any game a spec can describe, low
# enough that reading and checking a state takes well under a second.
MAX_STATE_BYTES = 256 * 1024  # a dealt state is a few KB; one of a 5,000-card deck about 110 KB
MAX_PLAYERS = 100  # players, hands, piles, shares (a spec allows 10 players)
MAX_CELLS = 1_000  # Tranquility cells and border cards (a spec allows a 20 × 20 grid: 400 cells, 80 borders)
MAX_ROWS = 50  # mountain rows (a spec allows 29) …
MAX_SLOTS = 50  # … and slots in a row (a spec allows a base of 30); base and revealed hold MAX_SLOTS + 1
MAX_MODULES = 20  # module ids (a spec allows 20 modules)
MAX_COUNT = 1_000_000  # turns, start-discard shares, goat rows and slots
MAX_ID = 200  # characters in an id or a game name
MAX_PROBLEMS = 100  # problems reported for one file
_TOO_LARGE = f"is larger than {MAX_STATE_BYTES // 1024} KB, the most a state file may hold"

Ids = tuple[str, ...]


@dataclass(frozen=True)
class Share:
    """One player's share of the start discard: chosen cards from the hand, unseen cards off the pile top."""

    hand: int
    pile: int = 0

    @property
    def total(self) -> int:
        return self.hand + self.pile


@dataclass(frozen=True)
class StartPlay:
    """The start card on the table and the discard it caused."""

    card: str
    player: int  # 1-based: who played it
    turn: int  # 1-based number of the turn it was played on
    shares: tuple[Share, ...]  # what each player discarded for it, by player


@dataclass(frozen=True)
class Sea:
    """The Tranquility table: the border frame, the grid in reading order, start and finish."""

    frame: Ids
    cells: tuple[str | None, ...]
    start: StartPlay | None = None
    finish: str | None = None


@dataclass(frozen=True)
class Mountain:
    """The Ascent table: panorama base, terrain rows (row 1 first), summit and goats."""

    base: Ids  # panorama triangles, left to right
    revealed: Ids  # base triangles turned to their numbered side (Panorama module)
    rows: tuple[tuple[str | None, ...], ...]
    summit: str | None = None
    goats: tuple[tuple[str, tuple[int, int] | None], ...] = ()  # (goat, (row, slot) or None: waiting)


@dataclass(frozen=True)
class State:
    game: str
    engine: str
    modules: tuple[str, ...]
    players: int
    seed: int | None
    turn: int  # turns completed
    current_player: int  # 1-based: whose turn comes next
    status: str  # "playing" | "won" | "lost"
    hands: tuple[Ids, ...]
    piles: tuple[Ids, ...]  # top card first
    discard: Ids  # out of the game, oldest first
    box: Ids  # not in play: spare borders, unused start cards, removed islands, unused pieces
    aside: Ids  # on the table but outside play: reference cards
    sea: Sea | None = None
    mountain: Mountain | None = None


def dump_state(state: State) -> str:
    """The state as JSON text: stable key order and layout, lists of ids on one line."""
    return _dump(state_to_data(state), 0) + "\n"


def state_to_data(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game,
        "engine": state.engine,
        "modules": list(state.modules),
        "players": state.players,
        "seed": state.seed,
        "turn": state.turn,
        "current_player": state.current_player,
        "status": state.status,
        "hands": [list(h) for h in state.hands],
        "piles": [list(p) for p in state.piles],
        "discard": list(state.discard),
        "box": list(state.box),
        "aside": list(state.aside),
    }
    if state.sea is not None:
        sea = state.sea
        start = None if sea.start is None else {
            "card": sea.start.card, "player": sea.start.player, "turn": sea.start.turn,
            "shares": [{"hand": share.hand, "pile": share.pile} for share in sea.start.shares]}
        data["tranquility"] = {"frame": list(sea.frame), "cells": list(sea.cells), "start": start,
                               "finish": sea.finish}
    if state.mountain is not None:
        m = state.mountain
        data["ascent"] = {"base": list(m.base), "revealed": list(m.revealed), "rows": [list(r) for r in m.rows],
                          "summit": m.summit,
                          "goats": {goat: (list(at) if at else None) for goat, at in m.goats}}
    return data


def _dump(value: Any, level: int) -> str:
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
            return "{" + ", ".join(f"{_scalar(k)}: {v}" for k, v in value.items()) + "}"  # a share, on one line
        items = [f"{inner}{_scalar(k)}: {_dump(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (list, dict)) for v in value):
            return "[" + ", ".join(_scalar(v) for v in value) + "]"
        return "[\n" + ",\n".join(inner + _dump(v, level + 1) for v in value) + "\n" + pad + "]"
    return _scalar(value)


def _scalar(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def read_state(path: Path) -> State:
    """Read a state file; every structural problem is reported at once with file, line and JSON path."""
    return parse_state(read_state_source(Path(path)))


def loads_state(text: str, name: str = "<state>") -> State:
    if len(text) > MAX_STATE_BYTES:
        raise SpecError([Problem(name, 0, 0, "$", _TOO_LARGE)])
    return parse_state(parse_json(text, name))


def read_state_source(path: Path) -> Source:
    """The parsed JSON of a state file, read no further than the size limit; a SpecError naming the file
    when it cannot be read, is too large, is not UTF-8 or not JSON."""
    name = display_path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_STATE_BYTES + 1)
    except FileNotFoundError:
        raise SpecError([Problem(name, 0, 0, "$", "file not found")]) from None
    except IsADirectoryError:
        raise SpecError([Problem(name, 0, 0, "$", "is a folder, not a state file")]) from None
    except OSError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"cannot be read ({exc.strerror or exc})")]) from None
    if len(raw) > MAX_STATE_BYTES:
        raise SpecError([Problem(name, 0, 0, "$", _TOO_LARGE)])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"is not UTF-8 text (byte {exc.start})")]) from None
    return parse_json(text, name)  # a number Python cannot read is a problem at its place, too


def parse_state(source: Source) -> State:
    reader = _Reader(source)
    state = reader.state()
    if reader.problems:
        raise SpecError(reader.problems)
    return state


def id_problem(value: Any, what: str = "a card id") -> str | None:
    """Why `value` cannot be an id (None when it can): ids are short single-line text."""
    if not isinstance(value, str):
        return f"expected {what} (a string)"
    if not value:
        return f"expected {what}, not an empty string"
    if len(value) > MAX_ID:
        return f"{what} has at most {MAX_ID} characters, not {len(value)}"
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        return f"{what} may not hold control characters or lone surrogates"
    return None


_MISSING = object()


class _Reader:
    """Collects every structural problem (up to MAX_PROBLEMS); the rules are checked by check_state."""

    TOP = ("format", "version", "game", "engine", "modules", "players", "seed", "turn", "current_player",
           "status", "hands", "piles", "discard", "box", "aside", "tranquility", "ascent")

    def __init__(self, source: Source):
        self.source = source
        self.problems: list[Problem] = []
        self.version: int | None = None

    def fail(self, path: list, message: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(self.source.problem(path, message))
        elif len(self.problems) == MAX_PROBLEMS:
            self.problems.append(self.source.problem([], f"more than {MAX_PROBLEMS} problems; the rest are not shown"))

    def state(self) -> State | None:
        data = self.source.data
        if not isinstance(data, dict):
            self.fail([], "a state is a JSON object (see docs/state-format.md)")
            return None
        self.keys(data, [], self.TOP)
        if data.get("format") != FORMAT:
            self.fail(["format"], f"expected \"{FORMAT}\" (a state written by pnp setup)")
        version = data.get("version")
        self.version = version if isinstance(version, int) and not isinstance(version, bool) else None
        if self.version not in READS:
            self.fail(["version"], f"expected version {VERSION} (or {', '.join(map(str, READS[:-1]))}, still read)")
        engine = self.choice(data, ["engine"], ENGINES)
        state = State(
            game=self.text(data, ["game"], "a game or variant name"),
            engine=engine,
            modules=self.ids(data, ["modules"], MAX_MODULES, what="a module id"),
            players=self.integer(data, ["players"], 1, MAX_PLAYERS),
            seed=self.integer(data, ["seed"], None, None, nullable=True),
            turn=self.integer(data, ["turn"], 0, MAX_COUNT),
            current_player=self.integer(data, ["current_player"], 1, MAX_PLAYERS),
            status=self.choice(data, ["status"], STATUSES),
            hands=self.id_lists(data, ["hands"], MAX_PLAYERS),
            piles=self.id_lists(data, ["piles"], MAX_PLAYERS),
            discard=self.ids(data, ["discard"]),
            box=self.ids(data, ["box"]),
            aside=self.ids(data, ["aside"]),
            sea=self.sea(data) if engine == "tranquility" else None,
            mountain=self.mountain(data) if engine == "ascent" else None,
        )
        other = "ascent" if engine == "tranquility" else "tranquility"
        if engine and other in data:
            self.fail([other], f"a {engine} state has no {other!r} section")
        return state

    def keys(self, obj: dict, path: list, allowed: tuple[str, ...]) -> None:
        for key in obj:
            if key not in allowed:
                self.fail(path + [key], f"unknown key {key!r} (expected one of: {', '.join(allowed)})")

    def get(self, obj: dict, path: list) -> Any:
        """The value at path[-1] of obj, or _MISSING (a problem) when the key is absent."""
        if path[-1] not in obj:
            self.fail(path, f"missing {path[-1]!r}")
            return _MISSING
        return obj[path[-1]]

    def text(self, obj: dict, path: list, what: str) -> str:
        value = self.get(obj, path)
        problem = None if value is _MISSING else id_problem(value, what)
        if problem:
            self.fail(path, problem)
        return value if value is not _MISSING and not problem else ""

    def choice(self, obj: dict, path: list, options: tuple[str, ...]) -> str:
        value = self.get(obj, path)
        if value is not _MISSING and value not in options:
            self.fail(path, f"expected one of: {', '.join(options)}")
        return value if value in options else ""

    def integer(self, obj: dict, path: list, low: int | None, high: int | None, nullable: bool = False) -> Any:
        value = self.get(obj, path)
        if value is _MISSING or (value is None and nullable):
            return None if nullable else low
        whole = isinstance(value, int) and not isinstance(value, bool)
        if not whole or (low is not None and value < low):
            self.fail(path, "expected a whole number" + (f" of at least {low}" if low is not None else "")
                      + (" or null" if nullable else ""))
        elif high is not None and value > high:
            self.fail(path, f"expected a whole number of at most {high} (a limit of the state format)")
        else:
            return value
        return None if nullable else low

    def ids(self, obj: dict, path: list, limit: int | None = None, nullable: bool = False, what: str = "a card id"):
        value = self.get(obj, path)
        return () if value is _MISSING else self.id_values(value, path, limit, nullable, what)

    def id_values(self, value: Any, path: list, limit: int | None = None, nullable: bool = False,
                  what: str = "a card id") -> tuple:
        if not isinstance(value, list):
            self.fail(path, f"expected a list of {what.removeprefix('a ')}s")
            return ()
        if limit is not None and len(value) > limit:
            self.fail(path, f"lists {len(value)} entries; a state holds at most {limit} here")
            return ()
        out = []
        for i, item in enumerate(value):
            problem = None if (nullable and item is None) else id_problem(item, what)
            if problem:
                self.fail(path + [i], problem + (" or null" if nullable else ""))
            else:
                out.append(item)
        return tuple(out)

    def id_lists(self, obj: dict, path: list, limit: int, width: int | None = None, nullable: bool = False) -> tuple:
        value = self.get(obj, path)
        if value is _MISSING:
            return ()
        if not isinstance(value, list):
            self.fail(path, "expected a list holding one list of card ids each")
            return ()
        if len(value) > limit:
            self.fail(path, f"lists {len(value)} lists; a state holds at most {limit} here")
            return ()
        return tuple(self.id_values(v, path + [i], width, nullable) for i, v in enumerate(value))

    def optional_id(self, obj: dict, path: list) -> str | None:
        value = self.get(obj, path)
        if value is _MISSING or value is None:
            return None
        problem = id_problem(value)
        if problem:
            self.fail(path, problem + " or null")
            return None
        return value

    def section(self, data: dict, name: str, keys: tuple[str, ...]) -> dict | None:
        section = data.get(name)
        if not isinstance(section, dict):
            self.fail([name] if name in data else [], f"a {name} state needs a {name!r} object")
            return None
        self.keys(section, [name], keys)
        return section

    def sea(self, data: dict) -> Sea | None:
        section = self.section(data, "tranquility", ("frame", "cells", "start", "finish"))
        if section is None:
            return None
        path = ["tranquility"]
        start = self.start(section, path + ["start"])
        return Sea(frame=self.ids(section, path + ["frame"], MAX_CELLS),
                   cells=self.ids(section, path + ["cells"], MAX_CELLS, nullable=True),
                   start=start, finish=self.optional_id(section, path + ["finish"]))

    def start(self, section: dict, path: list) -> StartPlay | None:
        value = self.get(section, path)
        if value is None or value is _MISSING:
            return None
        if not isinstance(value, dict):
            self.fail(path, "expected null or an object {card, player, turn, shares}")
            return None
        self.keys(value, path, ("card", "player", "turn", "shares"))
        return StartPlay(card=self.text(value, path + ["card"], "a card id"),
                         player=self.integer(value, path + ["player"], 1, MAX_PLAYERS),
                         turn=self.integer(value, path + ["turn"], 1, MAX_COUNT),
                         shares=self.shares(value, path + ["shares"]))

    def shares(self, start: dict, path: list) -> tuple[Share, ...]:
        value = self.get(start, path)
        if value is _MISSING:
            return ()
        if not isinstance(value, list) or len(value) > MAX_PLAYERS:
            self.fail(path, f"expected a list of shares, one per player (at most {MAX_PLAYERS})")
            return ()
        if self.version == 1:  # version 1: how many cards each player gave from their hand
            if all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_COUNT for s in value):
                return tuple(Share(s) for s in value)
            self.fail(path, f"expected a list of whole numbers from 0 to {MAX_COUNT}, one per player (version 1)")
            return ()
        out = []
        for i, share in enumerate(value):
            if not isinstance(share, dict):
                self.fail(path + [i], 'expected a share {"hand": …, "pile": …}: how many cards this player '
                                      "discarded from their hand and from the top of their pile")
                continue
            self.keys(share, path + [i], ("hand", "pile"))
            out.append(Share(self.integer(share, path + [i, "hand"], 0, MAX_COUNT),
                             self.integer(share, path + [i, "pile"], 0, MAX_COUNT)))
        return tuple(out)

    def mountain(self, data: dict) -> Mountain | None:
        section = self.section(data, "ascent", ("base", "revealed", "rows", "summit", "goats"))
        if section is None:
            return None
        path = ["ascent"]
        return Mountain(base=self.ids(section, path + ["base"], MAX_SLOTS + 1),
                        revealed=self.ids(section, path + ["revealed"], MAX_SLOTS + 1),
                        rows=self.id_lists(section, path + ["rows"], MAX_ROWS, MAX_SLOTS, True),
                        summit=self.optional_id(section, path + ["summit"]),
                        goats=self.goats(section, path + ["goats"]))

    def goats(self, section: dict, path: list) -> tuple:
        value = self.get(section, path)
        if value is _MISSING:
            return ()
        if not isinstance(value, dict):
            self.fail(path, "expected an object mapping each goat to null (waiting) or [row, slot]")
            return ()
        out = []
        for goat, at in value.items():
            problem = id_problem(goat, "a goat id")
            if problem:
                self.fail(path + [goat], problem)
            elif at is None:
                out.append((goat, None))
            elif (isinstance(at, list) and len(at) == 2
                  and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_COUNT for v in at)):
                out.append((goat, (at[0], at[1])))
            else:
                self.fail(path + [goat], "expected null (waiting at the foot) or [row, slot], both from 1")
        return tuple(out)
