"""ODS (OpenDocument spreadsheets, as LibreOffice and Google Sheets save them), read from the
file's content.xml with the standard library, streaming (docs/decisions.md, "Reading ODS").

What is read: the first table (or the one named), each `table:table-row` as a row (repeated rows
and cells expanded, trailing empty ones not), each cell's saved value by its `office:value-type`
(a number, true or false, a date, or its text paragraphs joined by line breaks). A `table:formula`
without a saved value is NO_VALUE; a cell spanning several columns or rows is a merged range.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any
from xml.etree.ElementTree import Element, ParseError, iterparse

from pnp.spec.table.grid import (
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_XML_BYTES,
    NO_VALUE,
    Grid,
    column_letters,
    file_problem,
    too_many_rows,
    trimmed,
)

TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_CELLS = (f"{TABLE}table-cell", f"{TABLE}covered-table-cell")


def read_ods(raw: bytes, file: str, sheet: str | None) -> Grid:
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            info = archive.getinfo("content.xml")
            if info.file_size > MAX_XML_BYTES:
                raise file_problem(file, f"unpacks to more than {MAX_XML_BYTES // 2**20} MB; it is not read")
            with archive.open(info) as xml:
                return _Reader(file, sheet).read(xml)
    except (zipfile.BadZipFile, KeyError):
        raise file_problem(file, "is not an ODS spreadsheet (a zip with content.xml): save it as .ods") from None
    except ParseError as exc:
        raise file_problem(file, f"is not an ODS spreadsheet that can be read (content.xml: {exc})") from None


class _Reader:
    def __init__(self, file: str, wanted: str | None):
        self.file, self.wanted = file, wanted
        self.names: list[str] = []
        self.rows: list[tuple] = []
        self.blank = 0  # empty rows seen and not yet kept (kept only when a row with values follows)
        self.formulas: list[tuple[int, int, str]] = []
        self.merged: list[str] = []

    def read(self, xml) -> Grid:
        name, inside = None, False
        for event, element in iterparse(xml, events=("start", "end")):
            tag = element.tag
            if tag == f"{TABLE}table" and event == "start" and name is None:
                self.names.append(element.get(f"{TABLE}name", "?"))
                inside = self.wanted is None or self.names[-1] == self.wanted
                name = self.names[-1] if inside else None
            elif tag == f"{TABLE}table" and event == "end":
                if inside:
                    return Grid(self.file, name, tuple(self.rows), tuple(self.formulas), tuple(self.merged))
                element.clear()
            elif tag == f"{TABLE}table-row" and event == "end":
                if inside:
                    self._row(element)
                element.clear()
        shown = ", ".join(map(repr, self.names))
        what = f"no sheet {self.wanted!r} (its sheets: {shown})" if self.wanted else "no sheet"
        raise file_problem(self.file, f"has {what}")

    def _row(self, row: Element) -> None:
        cells: list[Any] = []
        number = len(self.rows) + self.blank + 1
        for cell in row:
            if cell.tag not in _CELLS:
                continue
            repeat = min(int(cell.get(f"{TABLE}number-columns-repeated", "1")), MAX_COLUMNS + 1 - len(cells))
            value = self._cell(cell, number, len(cells) + 1)
            cells += [value] * max(repeat, 0)
        kept = trimmed(cells)
        times = int(row.get(f"{TABLE}number-rows-repeated", "1"))
        if not kept:
            self.blank += times  # trailing empty rows (a million of them, often) are never kept
            return
        if len(self.rows) + self.blank + times > MAX_ROWS:
            raise too_many_rows(self.file, self.names[-1])
        self.rows += [()] * self.blank + [kept] * times
        self.blank = 0

    def _cell(self, cell: Element, row: int, col: int) -> Any:
        across = int(cell.get(f"{TABLE}number-columns-spanned", "1"))
        down = int(cell.get(f"{TABLE}number-rows-spanned", "1"))
        if across > 1 or down > 1:
            end = f"{column_letters(col + across - 1)}{row + down - 1}"
            self.merged.append(f"{column_letters(col)}{row}:{end}")
        value = cell_value(cell)
        formula = cell.get(f"{TABLE}formula")
        if formula is not None and value is None:
            self.formulas.append((row, col, formula.removeprefix("of:")))
            return NO_VALUE
        return value


def cell_value(cell: Element) -> Any:
    kind = cell.get(f"{OFFICE}value-type")
    if kind in ("float", "percentage", "currency"):
        number = float(cell.get(f"{OFFICE}value", "nan"))
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return cell.get(f"{OFFICE}boolean-value") == "true"
    if kind == "date":
        return cell.get(f"{OFFICE}date-value")
    if kind == "time":
        return cell.get(f"{OFFICE}time-value")
    if kind is None and not len(cell):
        return None
    paragraphs = ["".join(_text(p)) for p in cell if p.tag == f"{TEXT}p"]
    text = "\n".join(paragraphs)
    return text if kind is not None or text else None


def _text(element: Element):
    if element.text:
        yield element.text
    for child in element:
        if child.tag == f"{TEXT}s":
            yield " " * int(child.get(f"{TEXT}c", "1"))
        elif child.tag == f"{TEXT}line-break":
            yield "\n"
        elif child.tag == f"{TEXT}tab":
            yield "\t"
        else:
            yield from _text(child)
        if child.tag != f"{TEXT}p" and child.tail:
            yield child.tail
