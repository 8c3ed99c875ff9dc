"""A sheet as read from a file: its rows of cell values, ready to be typed into cards.

Every reader gives the same thing: the file as the user names it, the sheet's name (None for CSV),
the rows in order (row 1 first; trailing empty cells dropped) and what it refused to guess about
(merged cells). A cell's value is what the spreadsheet program last showed: text, a number, true or
false, a date, None for an empty cell, or NO_VALUE for a formula saved without its result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.core.errors import Problem, SpecError

MAX_CARD_ROWS = 1000  # a kind's cards, as the spec schema bounds `cards` (maxItems)
MAX_ROWS = 20_000  # rows read at all, empty ones included: reading stops there
MAX_COLUMNS = 64  # a card has at most 30 fields (the schema's maxProperties), and `count`
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_XML_BYTES = 200 * 1024 * 1024  # one part of an XLSX or ODS file, unpacked


class _NoValue:
    """A formula whose result was not saved with the file."""

    def __repr__(self) -> str:
        return "NO_VALUE"


NO_VALUE: Any = _NoValue()


@dataclass(frozen=True)
class Grid:
    file: str  # as the user sees it (display_path)
    sheet: str | None  # the sheet's name; None for a CSV file
    rows: tuple[tuple[Any, ...], ...]
    formulas: tuple[tuple[int, int, str], ...] = ()  # (row, column, formula) of cells saved without a result
    merged: tuple[str, ...] = ()  # merged ranges, as A1:B2

    def ref(self, row: int, col: int) -> str:
        """The cell's name as a spreadsheet program shows it: C14, or Sheet1!C14 in a workbook."""
        cell = f"{column_letters(col)}{row}"
        return f"{self.sheet}!{cell}" if self.sheet is not None else cell

    def where(self) -> str:
        """The JSON-path slot of a problem about the whole sheet: its name, or $ for a CSV file."""
        return self.sheet if self.sheet is not None else "$"

    def problem(self, message: str) -> Problem:
        return Problem(self.file, 0, 0, self.where(), message)


def column_letters(col: int) -> str:
    """1 → A, 26 → Z, 27 → AA."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def file_problem(file: str, message: str, where: str = "$") -> SpecError:
    """A problem with the whole file (it cannot be read, is too large, is of another kind)."""
    return SpecError([Problem(file, 0, 0, where, message)])


def too_many_rows(file: str, where: str = "$") -> SpecError:
    return file_problem(
        file,
        f"has more than {MAX_ROWS:,} rows; a kind holds at most {MAX_CARD_ROWS:,} cards, one a row: "
        "split the cards over several kinds, or delete the rows below the cards",
        where,
    )


def trimmed(row: list[Any]) -> tuple[Any, ...]:
    """A row without its trailing empty cells."""
    end = len(row)
    while end and (row[end - 1] is None or row[end - 1] == ""):
        end -= 1
    return tuple(row[:end])
