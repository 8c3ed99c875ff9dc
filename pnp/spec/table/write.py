"""A kind's cards written out as a sheet to edit (`pnp variant new --table`), and the column types
that read them back as the same cards: a CSV file, or an XLSX or ODS workbook with a sheet a kind.

The bytes depend on the cards only (fixed dates inside the workbook and its zip), so writing the
same cards twice gives the same file.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from pnp.spec.table.cards import COUNT, ID
from pnp.spec.table.csvfile import write_csv

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
Sheet = tuple[str, list[list[Any]]]  # (sheet name, rows: the header first)


def card_rows(cards: list[tuple[str, dict[str, Any], int]]) -> tuple[list[list[Any]], dict[str, str]]:
    """(rows with the header first, column types) for cards given as (id, fields, copies)."""
    names: list[str] = []
    for _, fields, _ in cards:
        names += [name for name in fields if name not in names and name not in (COUNT, ID)]
    types = {name: _column_type([f[name] for _, f, _ in cards if name in f]) for name in names}
    rows: list[list[Any]] = [[ID, *names, COUNT]]
    for card_id, fields, copies in cards:
        rows.append([card_id] + [_cell(fields.get(name), types[name]) for name in names] + [copies])
    return rows, types


def _column_type(values: list) -> str:
    if all(isinstance(v, bool) for v in values):
        return "boolean"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "integer"
    if all(isinstance(v, (list, tuple)) for v in values):
        items = [i for v in values for i in v]
        return "integer-list" if items and all(isinstance(i, int) for i in items) else "list"
    return "text"


def _cell(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == "integer-list":
        return ", ".join(str(i) for i in value)
    if kind == "list":
        return "\n".join(str(i) for i in value)
    return value if kind in ("integer", "boolean") else str(value)


def write_table(fmt: str, sheets: list[Sheet]) -> bytes:
    """One sheet as CSV, or every sheet in one XLSX or ODS workbook."""
    if fmt == "csv":
        return write_csv([["" if v is None else _csv_text(v) for v in row] for row in sheets[0][1]])
    return _xlsx(sheets) if fmt == "xlsx" else _ods(sheets)


def _csv_text(value: Any) -> str:
    return ("TRUE" if value else "FALSE") if isinstance(value, bool) else str(value)


def _xlsx(sheets: list[Sheet]) -> bytes:
    # lazy: -0.25 s on every command that writes no workbook (docs/decisions.md "Plumbing only where it pays")
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    book = Workbook()
    book.remove(book.worksheets[0])
    for name, rows in sheets:
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for line in sheet.iter_rows(min_row=2):
            for cell in line:
                if isinstance(cell.value, str) and "\n" in cell.value:
                    cell.alignment = Alignment(wrap_text=True)
        sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return _fixed_dates(out.getvalue())


def _fixed_dates(raw: bytes) -> bytes:
    """The workbook with the same date in its properties and its zip entries, whenever it is written."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2026-01-01T00:00:00Z", data)
            target.writestr(zipfile.ZipInfo(info.filename, _FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


_ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"'
)
_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
    '<manifest:file-entry manifest:full-path="/" manifest:version="1.2" '
    'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)


def _ods(sheets: list[Sheet]) -> bytes:
    """An ODS workbook of the fewest parts LibreOffice and the reader here need."""
    tables = "".join(
        f"<table:table table:name={quoteattr(name)}>" + "".join(_ods_row(row) for row in rows) + "</table:table>"
        for name, rows in sheets
    )
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {_ODS_NS}>'
        f"<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype", _FIXED_TIME), "application/vnd.oasis.opendocument.spreadsheet")
        for name, text in (("META-INF/manifest.xml", _MANIFEST), ("content.xml", content)):
            archive.writestr(zipfile.ZipInfo(name, _FIXED_TIME), text.encode("utf-8"), zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _ods_row(row: list[Any]) -> str:
    return "<table:table-row>" + "".join(_ods_cell(v) for v in row) + "</table:table-row>"


def _ods_cell(value: Any) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, bool):
        word = "true" if value else "false"
        return _typed("boolean", f'office:boolean-value="{word}"', [word.upper()])
    if isinstance(value, int):
        return _typed("float", f'office:value="{value}"', [str(value)])
    return _typed("string", "", str(value).split("\n"))


def _typed(kind: str, value: str, lines: list[str]) -> str:
    paragraphs = "".join(f"<text:p>{escape(line)}</text:p>" for line in lines)
    return f'<table:table-cell office:value-type="{kind}" {value}>{paragraphs}</table:table-cell>'.replace(" >", ">")
