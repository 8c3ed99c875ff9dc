"""Spreadsheet files for tests: a project folder with a variant that reads its islands from a
sheet, and XLSX and ODS files made the way spreadsheet programs save them."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)


def island_rows() -> list[list]:
    """Tranquility's 80 islands as rows: the header, then number and decade."""
    return [["number", "decade"]] + [[n, (n - 1) // 10 % 8 + 1] for n in range(1, 81)]


def sheet_variant(project: Path, table: dict, name: str = "sea") -> Path:
    """PROJECT/card_specs/NAME.json: Tranquility with its islands read as `"cards": TABLE`."""
    specs = project / "card_specs"
    specs.mkdir(parents=True, exist_ok=True)
    spec = {
        "id": name,
        "extends": "tranquility",
        "title": "Sea",
        "kinds": [{"id": "island", "each": None, "derive": None, "cards": table}],
    }
    path = specs / f"{name}.json"
    path.write_text(json.dumps(spec, indent=2), encoding="utf-8")
    return path


def xlsx_bytes(rows: list[list], title: str = "Sheet1", merge: str | None = None) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.worksheets[0]
    sheet.title = title
    for row in rows:
        sheet.append(row)
    if merge:
        sheet.merge_cells(merge)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def with_cached_value(raw: bytes, formula: str, value: str) -> bytes:
    """The workbook with `formula`'s result saved beside it, as a spreadsheet program saves it
    (openpyxl writes formulas without their results)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.startswith("xl/worksheets/"):
                data = data.replace(f"<f>{formula}</f><v></v>".encode(), f"<f>{formula}</f><v>{value}</v>".encode())
                data = data.replace(f"<f>{formula}</f><v />".encode(), f"<f>{formula}</f><v>{value}</v>".encode())
            target.writestr(info, data)
    return out.getvalue()


def ods_bytes(rows_xml: str, name: str = "Sheet1") -> bytes:
    """An ODS file whose one table holds ROWS_XML (table:table-row elements)."""
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS}><office:body>'
        f'<office:spreadsheet><table:table table:name="{name}">{rows_xml}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    return out.getvalue()


def ods_row(*cells: str) -> str:
    return "<table:table-row>" + "".join(cells) + "</table:table-row>"


def ods_text(text: str) -> str:
    return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'


def ods_number(value: float) -> str:
    cell = f'<table:table-cell office:value-type="float" office:value="{value}">'
    return cell + f"<text:p>{value}</text:p></table:table-cell>"
