"""A table state (setup or mid-game) and its JSON form, documented in docs/state-format.md.

Players are numbered from 1 for people: `hands[0]` is player 1's hand, `current_player` and the
start record's `player` are 1-based, as are cells (cell k is `cells[k-1]`) and mountain rows and
slots. Piles list their top card first. Every physical piece appears by its id (`island-07`,
`start#3`, `terrain-green-12#2`) in exactly one place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem, SpecError, display_path
from pnp.core.inputs import read_regular
from pnp.core.jsonsrc import Source, parse_json

FORMAT = "pnp-state"
VERSION = 2  # 2: a start-discard share says how many cards came from the hand and how many from the pile
READS = (1, 2)  # version 1 files are still read: their shares were numbers of cards from the hand
STATUSES = ("playing", "won", "lost")

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
# a seed is a 64-bit whole number, signed or not (--seed and a state's seed): a simulated game's seed is
# unsigned 64-bit (pnp.rules.workers.game_seeds), and its record's setup must read back
SEEDS = (-(2**63), 2**64 - 1)
MAX_PROBLEMS = 100  # problems reported for one file
TOO_LARGE = f"is larger than {MAX_STATE_BYTES // 1024} KB, the most a state file may hold"

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
    # The table of an engine whose section of the file is its own JSON object, read and checked by the
    # engine (`Engine.state_field` "table": a third game, docs/architecture.md "Adding a third game").
    table: dict[str, Any] | None = None


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
        start = (
            None
            if sea.start is None
            else {
                "card": sea.start.card,
                "player": sea.start.player,
                "turn": sea.start.turn,
                "shares": [{"hand": share.hand, "pile": share.pile} for share in sea.start.shares],
            }
        )
        data["tranquility"] = {"frame": list(sea.frame), "cells": list(sea.cells), "start": start, "finish": sea.finish}
    if state.mountain is not None:
        m = state.mountain
        data["ascent"] = {
            "base": list(m.base),
            "revealed": list(m.revealed),
            "rows": [list(r) for r in m.rows],
            "summit": m.summit,
            "goats": {goat: (list(at) if at else None) for goat, at in m.goats},
        }
    if state.table is not None:
        data[state.engine] = state.table
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
    return json.dumps(value, ensure_ascii=False)


def read_state_source(path: Path) -> Source:
    """The parsed JSON of a state file, read no further than the size limit; a SpecError naming the file
    when it cannot be read, is too large, is not UTF-8 or not JSON."""
    name = display_path(path)
    try:
        raw = read_regular(path, MAX_STATE_BYTES)  # a pipe or device is a usage error, never waited on
    except FileNotFoundError:
        raise SpecError([Problem(name, 0, 0, "$", "file not found")]) from None
    except IsADirectoryError:
        raise SpecError([Problem(name, 0, 0, "$", "is a folder, not a state file")]) from None
    except OSError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"cannot be read ({exc.strerror or exc})")]) from None
    if len(raw) > MAX_STATE_BYTES:
        raise SpecError([Problem(name, 0, 0, "$", TOO_LARGE)])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"is not UTF-8 text (byte {exc.start})")]) from None
    return parse_json(text, name)  # a number Python cannot read is a problem at its place, too
