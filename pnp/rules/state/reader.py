"""Reading a state's JSON into a State: every structural problem collected at once, at its path.

The model, the limits and the file reading are in pnp/rules/state/model.py; the rules are checked by
pnp/rules/check.py.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem, SpecError
from pnp.core.jsonsrc import KeyPath, Source, parse_json
from pnp.core.names import unknown_key
from pnp.rules import engines
from pnp.rules.state.model import (
    FORMAT,
    MAX_CELLS,
    MAX_COUNT,
    MAX_ID,
    MAX_MODULES,
    MAX_PLAYERS,
    MAX_PROBLEMS,
    MAX_ROWS,
    MAX_SLOTS,
    MAX_STATE_BYTES,
    READS,
    SEEDS,
    STATUSES,
    TOO_LARGE,
    VERSION,
    Mountain,
    Sea,
    Share,
    StartPlay,
    State,
    read_state_source,
)


def parse_state(source: Source) -> State:
    reader = _Reader(source)
    state = reader.state()
    if reader.problems or state is None:
        raise SpecError(reader.problems)
    return state


def read_state(path: Path) -> State:
    """Read a state file; every structural problem is reported at once with file, line and JSON path."""
    return parse_state(read_state_source(Path(path)))


def loads_state(text: str, name: str = "<state>") -> State:
    if len(text) > MAX_STATE_BYTES:
        raise SpecError([Problem(name, 0, 0, "$", TOO_LARGE)])
    return parse_state(parse_json(text, name))


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

    TOP = (
        "format",
        "version",
        "game",
        "engine",
        "modules",
        "players",
        "seed",
        "turn",
        "current_player",
        "status",
        "hands",
        "piles",
        "discard",
        "box",
        "aside",
    )

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
        self.keys(data, [], (*self.TOP, *engines.ENGINES))  # and each engine's section: its table
        if data.get("format") != FORMAT:
            self.fail(["format"], f'expected "{FORMAT}" (a state written by pnp setup)')
        version = data.get("version")
        self.version = version if isinstance(version, int) and not isinstance(version, bool) else None
        if self.version not in READS:
            self.fail(["version"], f"expected version {VERSION} (or {', '.join(map(str, READS[:-1]))}, still read)")
        engine = self.choice(data, ["engine"], tuple(engines.ENGINES))
        state = State(
            game=self.text(data, ["game"], "a game or variant name"),
            engine=engine,
            modules=self.ids(data, ["modules"], MAX_MODULES, what="a module id"),
            players=self.integer(data, ["players"], 1, MAX_PLAYERS),
            seed=self.integer(data, ["seed"], SEEDS[0], SEEDS[1], nullable=True),
            turn=self.integer(data, ["turn"], 0, MAX_COUNT),
            current_player=self.integer(data, ["current_player"], 1, MAX_PLAYERS),
            status=self.choice(data, ["status"], STATUSES),
            hands=self.id_lists(data, ["hands"], MAX_PLAYERS),
            piles=self.id_lists(data, ["piles"], MAX_PLAYERS),
            discard=self.ids(data, ["discard"]),
            box=self.ids(data, ["box"]),
            aside=self.ids(data, ["aside"]),
            **self.tables(data, engine),
        )
        for other in engines.ENGINES:
            if engine and other != engine and other in data:
                self.fail([other], f"a {engine} state has no {other!r} section")
        return state

    def tables(self, data: dict, engine: str) -> dict[str, Any]:
        """The State field of the engine's table (`Engine.state_field`: `sea`, `mountain`), read from its
        section (named as the engine)."""
        fields: dict[str, Any] = {e.state_field: None for e in engines.ENGINES.values()}
        field = engines.ENGINES[engine].state_field if engine in engines.ENGINES else None
        if field == "table":  # the engine's own JSON object, read and checked by the engine
            own = data.get(engine)
            fields[field] = self.section(data, engine, tuple(own) if isinstance(own, dict) else ())
        elif field is not None:
            fields[field] = getattr(self, field)(data)
        return fields

    def keys(self, obj: dict, path: list, allowed: tuple[str, ...]) -> None:
        for key in obj:
            if key not in allowed:
                self.fail(KeyPath([*path, key]), unknown_key(key, allowed))

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
            self.fail(
                path,
                "expected a whole number"
                + (f" of at least {low}" if low is not None else "")
                + (" or null" if nullable else ""),
            )
        elif high is not None and value > high:
            self.fail(path, f"expected a whole number of at most {high} (a limit of the state format)")
        else:
            return value
        return None if nullable else low

    def ids(self, obj: dict, path: list, limit: int | None = None, nullable: bool = False, what: str = "a card id"):
        value = self.get(obj, path)
        return () if value is _MISSING else self.id_values(value, path, limit, nullable, what)

    def id_values(
        self, value: Any, path: list, limit: int | None = None, nullable: bool = False, what: str = "a card id"
    ) -> tuple:
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
        return Sea(
            frame=self.ids(section, path + ["frame"], MAX_CELLS),
            cells=self.ids(section, path + ["cells"], MAX_CELLS, nullable=True),
            start=start,
            finish=self.optional_id(section, path + ["finish"]),
        )

    def start(self, section: dict, path: list) -> StartPlay | None:
        value = self.get(section, path)
        if value is None or value is _MISSING:
            return None
        if not isinstance(value, dict):
            self.fail(path, "expected null or an object {card, player, turn, shares}")
            return None
        self.keys(value, path, ("card", "player", "turn", "shares"))
        return StartPlay(
            card=self.text(value, path + ["card"], "a card id"),
            player=self.integer(value, path + ["player"], 1, MAX_PLAYERS),
            turn=self.integer(value, path + ["turn"], 1, MAX_COUNT),
            shares=self.shares(value, path + ["shares"]),
        )

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
                self.fail(
                    path + [i],
                    'expected a share {"hand": …, "pile": …}: how many cards this player '
                    "discarded from their hand and from the top of their pile",
                )
                continue
            self.keys(share, path + [i], ("hand", "pile"))
            out.append(
                Share(
                    self.integer(share, path + [i, "hand"], 0, MAX_COUNT),
                    self.integer(share, path + [i, "pile"], 0, MAX_COUNT),
                )
            )
        return tuple(out)

    def mountain(self, data: dict) -> Mountain | None:
        section = self.section(data, "ascent", ("base", "revealed", "rows", "summit", "goats"))
        if section is None:
            return None
        path = ["ascent"]
        return Mountain(
            base=self.ids(section, path + ["base"], MAX_SLOTS + 1),
            revealed=self.ids(section, path + ["revealed"], MAX_SLOTS + 1),
            rows=self.id_lists(section, path + ["rows"], MAX_ROWS, MAX_SLOTS, True),
            summit=self.optional_id(section, path + ["summit"]),
            goats=self.goats(section, path + ["goats"]),
        )

    def goats(self, section: dict, path: list) -> tuple:
        value = self.get(section, path)
        if value is _MISSING:
            return ()
        if not isinstance(value, dict):
            self.fail(path, "expected an object mapping each goat to null (waiting) or [row, slot]")
            return ()
        out: list[tuple[str, tuple[int, int] | None]] = []
        for goat, at in value.items():
            problem = id_problem(goat, "a goat id")
            if problem:
                self.fail(path + [goat], problem)
            elif at is None:
                out.append((goat, None))
            elif (
                isinstance(at, list)
                and len(at) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_COUNT for v in at)
            ):
                out.append((goat, (at[0], at[1])))
            else:
                self.fail(path + [goat], "expected null (waiting at the foot) or [row, slot], both from 1")
        return tuple(out)
