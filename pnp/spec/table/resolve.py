"""Put a sheet's cards where the spec names it: `"cards": {"from": "islands.csv"}` becomes the list
of cards its rows give, before the spec is checked and built, so that everything after the loader
sees cards as if they had been written in JSON."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from pnp.core.errors import Problem, SpecError
from pnp.spec.table.cards import grid_cards
from pnp.spec.table.read import FORMATS, as_shown, read_grid, sheet_path


def tables_of(data: Any) -> Iterator[tuple[list, dict]]:
    """(JSON path of the kind's `cards`, the `cards` object) for each kind that reads a sheet."""
    if not isinstance(data, dict):
        return
    places = [(["kinds", i], k) for i, k in enumerate(_list(data.get("kinds")))]
    for m, module in enumerate(_list(data.get("modules"))):
        if isinstance(module, dict):
            places += [(["modules", m, "kinds", i], k) for i, k in enumerate(_list(module.get("kinds")))]
    for path, kind in places:
        cards = kind.get("cards") if isinstance(kind, dict) else None
        if isinstance(cards, dict) and _readable_name(cards.get("from")):
            yield [*path, "cards"], cards


def _readable_name(name: Any) -> bool:
    """A name the schema accepts (a relative path with a sheet's suffix); others are its problems."""
    return (
        isinstance(name, str)
        and name.lower().endswith(FORMATS)
        and not (PurePosixPath(name).is_absolute() or PureWindowsPath(name).anchor)
    )


def sheet_files(spec_file: Path, data: Any) -> list[Path]:
    """The sheet files a spec file's own data names (for the build's fingerprint and the watcher)."""
    return [sheet_path(spec_file, cards["from"]) for _, cards in tables_of(data)]


def with_sheet_cards(spec_file: Path, data: dict) -> tuple[dict, list[Problem]]:
    """`data` with each sheet's cards in place of its `{"from": …}`, and every problem of every sheet.
    A sheet that cannot be read at all is one problem naming its file."""
    found = list(tables_of(data))
    if not found:
        return data, []
    out, problems = copy.deepcopy(data), list[Problem]()
    for path, table in found:
        file = sheet_path(spec_file, table["from"])
        try:
            grid = read_grid(file, as_shown(file), spec_file.parent, table.get("sheet"))
        except SpecError as exc:
            problems += exc.problems
            continue
        cards, found_problems = grid_cards(grid, table.get("columns", {}))
        problems += found_problems
        if cards:
            _place(out, path, cards)
    return out, problems


def _place(data: dict, path: list, cards: list[dict]) -> None:
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = cards


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []
