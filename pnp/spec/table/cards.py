"""A sheet's rows as a kind's cards: the first row that holds anything names the fields, each row
below it is one card, each cell a field of its column's type; every problem of the sheet at once.

A column's type is the one the spec declares (`"columns": {"number": "integer"}`); an undeclared
column is `integer` when every value in it is a whole number, `boolean` when every value is TRUE or
FALSE, else `text`. An empty cell leaves the field out (the kind's shared `fields` then apply); an
empty row is no card. The optional `count` column gives each card's copies, the optional `id` column each card's id (the
file name of its faces; kind-N otherwise).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pnp.core.errors import Problem
from pnp.spec.table.cells import TYPES, convert, is_boolean, is_whole, whole
from pnp.spec.table.grid import MAX_CARD_ROWS, NO_VALUE, Grid, column_letters

COUNT = "count"
ID = "id"
_SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,47}")
MAX_FIELDS = 30  # as the spec schema bounds a card's fields
MAX_COUNT = 10_000
_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def grid_cards(grid: Grid, declared: Mapping[str, str]) -> tuple[list[dict[str, Any]], list[Problem]]:
    """(cards, problems): every card of the sheet, and every problem found in it."""
    problems = [_merged_problem(grid, ref) for ref in grid.merged]
    start = next((i for i, row in enumerate(grid.rows) if row), None)
    if start is None:
        return [], problems + [grid.problem(_EMPTY)]
    header = _header(grid, start, problems)
    body = [(start + 2 + i, row) for i, row in enumerate(grid.rows[start + 1 :]) if row]
    if not body:
        return [], problems + [grid.problem(f"has a header row (row {start + 1}) but no cards below it; {_SHAPE}")]
    if len(body) > MAX_CARD_ROWS:
        problems.append(grid.problem(f"has {len(body):,} rows of cards; a kind holds at most {MAX_CARD_ROWS:,}"))
        return [], problems
    problems += _undeclared_problems(grid, header, declared)
    types = {col: _column_type(name, declared, body, col) for col, name in header.items()}
    cards = [_card(grid, number, row, header, types, problems) for number, row in body]
    problems += _twice(grid, header, body, cards)
    return cards, problems


def _twice(grid: Grid, header: dict[int, str], body: list, cards: list[dict]) -> list[Problem]:
    """An id given to two rows: named at the second, with the first (card ids name face files)."""
    col = next((c for c, name in header.items() if name == ID), None)
    first: dict[str, int] = {}
    found = []
    for (number, _), card in zip(body, cards):
        card_id = card.get(ID)
        if card_id is None or col is None:
            continue
        if card_id in first:
            at = (grid.file, number, col, f"{grid.ref(number, col)} ({ID})")
            found.append(
                Problem(*at, f"the id {card_id!r} is the id of row {first[card_id]} too: each card needs its own")
            )
        first.setdefault(card_id, number)
    return found


_SHAPE = "the first row names the fields (for example number, name), each row below it is one card"
_EMPTY = f"is empty: {_SHAPE}"


def _header(grid: Grid, start: int, problems: list[Problem]) -> dict[int, str]:
    """column → field name, for each named column; problems for names that cannot be fields."""
    number = start + 1
    header: dict[int, str] = {}
    seen: dict[str, int] = {}
    width = max(len(row) for row in grid.rows)
    for col in range(1, width + 1):
        cell = grid.rows[start][col - 1] if col <= len(grid.rows[start]) else None
        name = cell.strip() if isinstance(cell, str) else cell
        at = (grid.file, number, col, grid.ref(number, col))
        if name is None or name == "":
            if any(len(row) >= col and row[col - 1] not in (None, "") for row in grid.rows[start + 1 :]):
                problems.append(Problem(*at, "this column holds values but its header cell is empty: name the field"))
            continue
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            problems.append(Problem(*at, f"{_quoted(name)} is not a field name: {_NAME_RULE}"))
        elif name in seen:
            problems.append(Problem(*at, f"{name!r} names two columns ({column_letters(seen[name])} and this one)"))
        else:
            seen[name] = col
            header[col] = name
    if len([n for n in header.values() if n != COUNT]) > MAX_FIELDS:
        problems.append(grid.problem(f"has {len(header)} named columns; a card has at most {MAX_FIELDS} fields"))
    return header


_NAME_RULE = "lower-case letters, digits and '_', starting with a letter, up to 32 characters (such as island_name)"


def _undeclared_problems(grid: Grid, header: dict[int, str], declared: Mapping[str, str]) -> list[Problem]:
    missing = sorted(set(declared) - set(header.values()))
    return [grid.problem(f"has no column {name!r}, which the spec's `columns` types") for name in missing]


def _column_type(name: str, declared: Mapping[str, str], body: list, col: int) -> str:
    if name in (COUNT, ID):
        return name
    if name in declared and declared[name] in TYPES:
        return declared[name]
    values = [row[col - 1] for _, row in body if len(row) >= col and row[col - 1] not in (None, "", NO_VALUE)]
    if values and all(is_whole(v) for v in values):
        return "integer"
    if values and all(is_boolean(v) for v in values):
        return "boolean"
    return "text"


def _card(grid: Grid, number: int, row: tuple, header: dict[int, str], types: dict, problems: list) -> dict:
    card: dict[str, Any] = {}
    for col, name in header.items():
        value = row[col - 1] if col <= len(row) else None
        if value is None or value == "":
            continue
        at = (grid.file, number, col, f"{grid.ref(number, col)} ({name})")
        if value is NO_VALUE:
            formula = next((f for r, c, f in grid.formulas if (r, c) == (number, col)), "")
            problems.append(Problem(*at, _no_value(formula)))
            continue
        try:
            card[name] = _SPECIAL[types[col]](value) if types[col] in _SPECIAL else convert(value, types[col])
        except ValueError as exc:
            problems.append(Problem(*at, str(exc)))
    return card


def _count(value: Any) -> int:
    copies = whole(value)
    if not 0 <= copies <= MAX_COUNT:
        raise ValueError(f"expected a number of copies from 0 to {MAX_COUNT:,}, got {copies}")
    return copies


def _card_id(value: Any) -> str:
    text = convert(value, "text")
    if not _SLUG.fullmatch(text):
        raise ValueError(
            f"{_quoted(text)} is not a card id: lower-case letters, digits and '-', up to 48 characters (island-07)"
        )
    return text


_SPECIAL = {COUNT: _count, ID: _card_id}


def _no_value(formula: str) -> str:
    shown = formula if formula.startswith("=") else f"={formula}"
    return (
        f"the formula {shown[:60]} was saved without its result; open the file in a spreadsheet program "
        "and save it again (which calculates it), or type the value"
    )


def _merged_problem(grid: Grid, ref: str) -> Problem:
    first = ref.split(":")[0]
    match = re.fullmatch(r"([A-Z]+)([0-9]+)", first)
    row, col = (int(match[2]), _column_number(match[1])) if match else (0, 0)
    where = f"{grid.sheet}!{ref}" if grid.sheet else ref
    return Problem(grid.file, row, col, where, _MERGED)


_MERGED = "merged cells cannot be read as cards (whose value would they be?): unmerge them and fill each cell"


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _quoted(value: Any) -> str:
    text = str(value)
    return '"' + (text if len(text) <= 40 else text[:37] + "...") + '"'
