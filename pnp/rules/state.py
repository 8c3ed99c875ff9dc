"""A table state (setup or mid-game) and its JSON form, documented in docs/state-format.md.

Players are numbered from 1 for people: `hands[0]` is player 1's hand, `current_player` and the
start record's `player` are 1-based, as are cells (cell k is `cells[k-1]`) and mountain rows and
slots. Piles list their top card first. Every physical piece appears by its id (`island-07`,
`start#3`, `terrain-green-12#2`) in exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Problem, SpecError
from ..jsonsrc import Source, parse_json, read_json

FORMAT = "pnp-state"
VERSION = 2  # 2: a start-discard share says how many cards came from the hand and how many from the pile
READS = (1, 2)  # version 1 files are still read: their shares were numbers of cards from the hand
STATUSES = ("playing", "won", "lost")
ENGINES = ("tranquility", "ascent")

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
    return parse_state(read_json(Path(path)))


def loads_state(text: str, name: str = "<state>") -> State:
    return parse_state(parse_json(text, name))


def parse_state(source: Source) -> State:
    reader = _Reader(source)
    state = reader.state()
    if reader.problems:
        raise SpecError(reader.problems)
    return state


class _Reader:
    """Collects every structural problem; the rules themselves are checked by check_state."""

    TOP = ("format", "version", "game", "engine", "modules", "players", "seed", "turn", "current_player",
           "status", "hands", "piles", "discard", "box", "aside", "tranquility", "ascent")

    def __init__(self, source: Source):
        self.source = source
        self.problems: list[Problem] = []
        self.version: int | None = None

    def fail(self, path: list, message: str) -> None:
        self.problems.append(self.source.problem(path, message))

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
            game=self.text(data, ["game"]),
            engine=engine,
            modules=self.ids(data, ["modules"]),
            players=self.integer(data, ["players"], 1),
            seed=self.integer(data, ["seed"], None, optional=True),
            turn=self.integer(data, ["turn"], 0),
            current_player=self.integer(data, ["current_player"], 1),
            status=self.choice(data, ["status"], STATUSES),
            hands=self.id_lists(data, ["hands"]),
            piles=self.id_lists(data, ["piles"]),
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

    def get(self, obj: Any, path: list, optional: bool = False) -> Any:
        key = path[-1]
        if not isinstance(obj, dict) or key not in obj:
            if not optional:
                self.fail(path, f"missing {key!r}")
            return None
        return obj[key]

    def text(self, obj: Any, path: list) -> str:
        value = self.get(obj, path)
        if value is not None and not isinstance(value, str):
            self.fail(path, "expected a string")
        return value if isinstance(value, str) else ""

    def choice(self, obj: Any, path: list, options: tuple[str, ...]) -> str:
        value = self.get(obj, path)
        if value is not None and value not in options:
            self.fail(path, f"expected one of: {', '.join(options)}")
        return value if value in options else ""

    def integer(self, obj: Any, path: list, minimum: int | None, optional: bool = False) -> int:
        value = self.get(obj, path, optional)
        if value is None:
            return None if optional else 0  # type: ignore[return-value]
        if not isinstance(value, int) or isinstance(value, bool) or (minimum is not None and value < minimum):
            self.fail(path, "expected a whole number" + (f" of at least {minimum}" if minimum is not None else ""))
            return minimum or 0
        return value

    def ids(self, obj: Any, path: list, nullable: bool = False) -> tuple:
        return self.id_values(self.get(obj, path), path, nullable)

    def id_values(self, value: Any, path: list, nullable: bool = False) -> tuple:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(path, "expected a list of card ids")
            return ()
        out = []
        for i, item in enumerate(value):
            if isinstance(item, str) or (nullable and item is None):
                out.append(item)
            else:
                self.fail(path + [i], "expected a card id (a string)" + (" or null" if nullable else ""))
        return tuple(out)

    def id_lists(self, obj: Any, path: list, nullable: bool = False) -> tuple:
        value = self.get(obj, path)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(path, "expected a list holding one list of card ids each")
            return ()
        return tuple(self.id_values(v, path + [i], nullable) for i, v in enumerate(value))

    def optional_id(self, obj: Any, path: list) -> str | None:
        value = self.get(obj, path)
        if value is not None and not isinstance(value, str):
            self.fail(path, "expected a card id or null")
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
        return Sea(frame=self.ids(section, path + ["frame"]), cells=self.ids(section, path + ["cells"], True),
                   start=start, finish=self.optional_id(section, path + ["finish"]))

    def start(self, section: dict, path: list) -> StartPlay | None:
        value = self.get(section, path)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.fail(path, "expected null or an object {card, player, turn, shares}")
            return None
        self.keys(value, path, ("card", "player", "turn", "shares"))
        return StartPlay(card=self.text(value, path + ["card"]), player=self.integer(value, path + ["player"], 1),
                         turn=self.integer(value, path + ["turn"], 1), shares=self.shares(value, path + ["shares"]))

    def shares(self, start: dict, path: list) -> tuple[Share, ...]:
        value = self.get(start, path)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(path, "expected a list of shares, one per player")
            return ()
        if self.version == 1:  # version 1: how many cards each player gave from their hand
            if all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in value):
                return tuple(Share(s) for s in value)
            self.fail(path, "expected a list of whole numbers of at least 0, one per player (version 1)")
            return ()
        out = []
        for i, share in enumerate(value):
            if not isinstance(share, dict):
                self.fail(path + [i], 'expected a share {"hand": …, "pile": …}: how many cards this player '
                                      "discarded from their hand and from the top of their pile")
                continue
            self.keys(share, path + [i], ("hand", "pile"))
            out.append(Share(self.integer(share, path + [i, "hand"], 0), self.integer(share, path + [i, "pile"], 0)))
        return tuple(out)

    def mountain(self, data: dict) -> Mountain | None:
        section = self.section(data, "ascent", ("base", "revealed", "rows", "summit", "goats"))
        if section is None:
            return None
        path = ["ascent"]
        return Mountain(base=self.ids(section, path + ["base"]), revealed=self.ids(section, path + ["revealed"]),
                        rows=self.id_lists(section, path + ["rows"], True),
                        summit=self.optional_id(section, path + ["summit"]), goats=self.goats(section, path + ["goats"]))

    def goats(self, section: dict, path: list) -> tuple:
        value = self.get(section, path)
        if value is None:
            return ()
        if not isinstance(value, dict):
            self.fail(path, "expected an object mapping each goat to null (waiting) or [row, slot]")
            return ()
        out = []
        for goat, at in value.items():
            if at is None:
                out.append((goat, None))
            elif (isinstance(at, list) and len(at) == 2
                  and all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in at)):
                out.append((goat, (at[0], at[1])))
            else:
                self.fail(path + [goat], "expected null (waiting at the foot) or [row, slot], both from 1")
        return tuple(out)
