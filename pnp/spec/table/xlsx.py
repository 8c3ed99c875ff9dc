"""XLSX through openpyxl, streaming (read-only mode): rows are read one by one and reading stops at
the row limit, so a sheet of a million rows costs no more than one of twenty thousand.

A formula's result is the value the spreadsheet program saved with it (openpyxl's `data_only`); a
formula saved without one (a file written by a program that does not calculate) is marked NO_VALUE
so that it is reported, not read as an empty cell. Read-only mode does not see merged cells, so the
sheet's `<mergeCell>` elements are read from its XML with the standard library, streaming.
"""

from __future__ import annotations

import io
import zipfile
from itertools import zip_longest
from xml.etree.ElementTree import ParseError, iterparse

from pnp.spec.table.grid import MAX_COLUMNS, MAX_ROWS, MAX_XML_BYTES, NO_VALUE, Grid, file_problem, too_many_rows
from pnp.spec.table.grid import trimmed as _trimmed

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def read_xlsx(raw: bytes, file: str, sheet: str | None) -> Grid:
    # lazy: -0.25 s on every command whose specs name no XLSX file (docs/decisions.md "Plumbing only where it pays")
    from openpyxl import load_workbook

    _check_parts(raw, file)
    try:
        values = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
        formulas = load_workbook(io.BytesIO(raw), read_only=True, data_only=False)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, ParseError) as exc:
        raise file_problem(file, f"is not an XLSX workbook that can be read ({_reason(exc)})") from None
    name = _sheet_name(values.sheetnames, sheet, file)
    rows, missing = _rows(values[name], formulas[name], file, name)
    merged = _merged(raw, getattr(values[name], "_worksheet_path", ""), file)
    return Grid(file, name, rows, missing, merged)


def _check_parts(raw: bytes, file: str) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            big = [i.filename for i in archive.infolist() if i.file_size > MAX_XML_BYTES]
    except zipfile.BadZipFile:
        raise file_problem(file, "is not an XLSX workbook (not a zip archive): save it again as .xlsx") from None
    if big:
        raise file_problem(file, f"unpacks to more than {MAX_XML_BYTES // 2**20} MB ({big[0]}); it is not read")


def _sheet_name(names: list[str], wanted: str | None, file: str) -> str:
    if wanted is None:
        return names[0]
    if wanted not in names:
        raise file_problem(file, f"has no sheet {wanted!r} (its sheets: {', '.join(map(repr, names))})")
    return wanted


def _rows(values, formulas, file: str, name: str) -> tuple[tuple, tuple]:
    rows: list[tuple] = []
    missing: list[tuple[int, int, str]] = []
    pairs = zip_longest(values.iter_rows(max_col=MAX_COLUMNS + 1), formulas.iter_rows(max_col=MAX_COLUMNS + 1))
    for number, (row, source) in enumerate(pairs, 1):
        cells = [getattr(cell, "value", None) for cell in row or ()]
        if number > MAX_ROWS and (any(v not in (None, "") for v in cells) or number > 10 * MAX_ROWS):
            raise too_many_rows(file, name)  # empty rows past the limit (formatted, saved) are passed over, to a point
        if number > MAX_ROWS:
            continue
        for col, cell in enumerate(source or (), 1):
            if getattr(cell, "data_type", None) == "f" and (col > len(cells) or cells[col - 1] is None):
                cells += [None] * (col - len(cells))
                cells[col - 1] = NO_VALUE
                missing.append((number, col, str(cell.value)))
        rows.append(_trimmed(cells))
    return tuple(rows), tuple(missing)


def _merged(raw: bytes, part: str, file: str) -> tuple[str, ...]:
    """The merged ranges of one worksheet part, read as a stream of its XML."""
    if not part:
        return ()
    found = []
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive, archive.open(part.lstrip("/")) as xml:
            for _event, element in iterparse(xml):
                if element.tag == f"{_MAIN}mergeCell":
                    found.append(element.get("ref", "?"))
                elif element.tag == f"{_MAIN}row":
                    element.clear()
    except (KeyError, ParseError) as exc:
        raise file_problem(file, f"is not an XLSX workbook that can be read ({_reason(exc)})") from None
    return tuple(found)


def _reason(exc: Exception) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
