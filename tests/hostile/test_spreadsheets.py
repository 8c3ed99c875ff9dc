"""Spreadsheets a designer may hand the tool by mistake: each is one sentence naming the file (or
every problem of the sheet, each at its cell), exit 1, no traceback, nothing written."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from helpers.sheets import (
    island_rows,
    ods_bytes,
    ods_number,
    ods_row,
    ods_text,
    sheet_variant,
    with_cached_value,
    xlsx_bytes,
)
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def validate(name: str = "sea") -> tuple[int, list[str]]:
    result = runner.invoke(app, ["validate", name, "--no-simulate"])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stderr.splitlines()


def csv_text(rows: list[list]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def test_every_problem_of_a_sheet_is_reported_at_once_at_its_cell(project):
    rows = island_rows()
    rows[14][0] = "fourteen"
    rows[30][1] = "3.5"
    rows[41] = [42, 5, "oops"]
    (project / "card_specs").mkdir()
    (project / "card_specs" / "islands.xlsx").write_bytes(xlsx_bytes(rows))
    sheet_variant(project, {"from": "islands.xlsx", "columns": {"number": "integer", "decade": "integer"}})
    code, lines = validate()
    assert code == 1
    assert lines == [
        "card_specs/islands.xlsx:1:3: Sheet1!C1: this column holds values but its header cell is empty: name the field",
        'card_specs/islands.xlsx:15:1: Sheet1!A15 (number): expected a whole number, got "fourteen"',
        'card_specs/islands.xlsx:31:2: Sheet1!B31 (decade): expected a whole number, got "3.5"',
        "3 problems found; nothing was written",
    ]


def test_a_formula_saved_without_its_result_is_an_error_and_one_with_it_is_read(project):
    rows = island_rows()
    rows[5][1] = "=1*1"
    (project / "card_specs").mkdir()
    sheet = project / "card_specs" / "islands.xlsx"
    sheet.write_bytes(xlsx_bytes(rows))
    sheet_variant(project, {"from": "islands.xlsx"})
    code, lines = validate()
    assert (code, lines[0]) == (
        1,
        "card_specs/islands.xlsx:6:2: Sheet1!B6 (decade): the formula =1*1 was saved without its result; "
        "open the file in a spreadsheet program and save it again (which calculates it), or type the value",
    )
    sheet.write_bytes(with_cached_value(xlsx_bytes(rows), "1*1", "1"))
    assert validate()[0] == 0


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_merged_cells_are_refused_naming_the_range(project, fmt):
    (project / "card_specs").mkdir()
    if fmt == "xlsx":
        data = xlsx_bytes(island_rows(), merge="A3:B3")
    else:
        spanned = '<table:table-cell table:number-columns-spanned="2" office:value-type="float" office:value="2"/>'
        rows = [ods_row(ods_text("number"), ods_text("decade"))]
        rows += [ods_row(ods_number(n), ods_number((n - 1) // 10 % 8 + 1)) for n in range(1, 81)]
        rows[2] = ods_row(spanned, "<table:covered-table-cell/>")
        data = ods_bytes("".join(rows))
    (project / "card_specs" / f"islands.{fmt}").write_bytes(data)
    sheet_variant(project, {"from": f"islands.{fmt}"})
    code, lines = validate()
    assert code == 1
    assert lines[0] == (
        f"card_specs/islands.{fmt}:3:1: Sheet1!A3:B3: merged cells cannot be read as cards (whose value would "
        "they be?): unmerge them and fill each cell"
    )


@pytest.mark.parametrize(
    ("file", "data", "message"),
    [
        (
            "islands.csv",
            b"",
            "card_specs/islands.csv: $: is empty: the first row names the fields (for example "
            "number, name), each row below it is one card",
        ),
        (
            "islands.csv",
            b"\xef\xbb\xbfnumber;decade\r\n",
            "card_specs/islands.csv: $: has a header row (row 1) but no cards below it; the first row names the "
            "fields (for example number, name), each row below it is one card",
        ),
        (
            "islands.xlsx",
            xlsx_bytes([]),
            "card_specs/islands.xlsx: Sheet1: is empty: the first row names the fields "
            "(for example number, name), each row below it is one card",
        ),
        (
            "islands.ods",
            ods_bytes(""),
            "card_specs/islands.ods: Sheet1: is empty: the first row names the fields "
            "(for example number, name), each row below it is one card",
        ),
    ],
)
def test_an_empty_sheet_says_what_a_sheet_of_cards_looks_like(project, file, data, message):
    (project / "card_specs").mkdir()
    (project / "card_specs" / file).write_bytes(data)
    sheet_variant(project, {"from": file})
    assert validate() == (1, [message, "1 problem found; nothing was written"])


def test_a_100000_row_csv_stops_at_the_row_limit(project):
    (project / "card_specs").mkdir()
    rows = [["number"]] + [[n] for n in range(100_000)]
    (project / "card_specs" / "islands.csv").write_text(csv_text(rows), encoding="utf-8")
    sheet_variant(project, {"from": "islands.csv"})
    assert validate()[1][0] == (
        "card_specs/islands.csv: $: has more than 20,000 rows; a kind holds at most 1,000 cards, one a row: split "
        "the cards over several kinds, or delete the rows below the cards"
    )


def test_a_100000_row_workbook_stops_at_the_row_limit(project):
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet("Sheet1")
    sheet.append(["number"])
    for n in range(100_000):
        sheet.append([n])
    (project / "card_specs").mkdir()
    book.save(project / "card_specs" / "islands.xlsx")
    sheet_variant(project, {"from": "islands.xlsx"})
    assert validate()[1][0].startswith("card_specs/islands.xlsx: Sheet1: has more than 20,000 rows;")


def test_a_sheet_with_more_cards_than_a_kind_holds_says_how_many(project):
    (project / "card_specs").mkdir()
    rows = [["number"]] + [[n] for n in range(1, 1502)]
    (project / "card_specs" / "islands.csv").write_text(csv_text(rows), encoding="utf-8")
    sheet_variant(project, {"from": "islands.csv"})
    assert validate()[1][0] == "card_specs/islands.csv: $: has 1,501 rows of cards; a kind holds at most 1,000"


def test_a_symbolic_link_out_of_the_project_is_refused_naming_the_link(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "islands.csv"
    outside.write_text(csv_text(island_rows()), encoding="utf-8")
    (project / "card_specs").mkdir()
    (project / "card_specs" / "islands.csv").symlink_to(outside)
    sheet_variant(project, {"from": "islands.csv"})
    code, lines = validate()
    assert code == 1
    assert lines[0] == (
        f"card_specs/islands.csv: $: is not read: the symbolic link card_specs/islands.csv leads outside the "
        f"project (to {outside.resolve()}); a spec's sheets are read only from inside the project or the spec's "
        "folder: copy the file into the project instead"
    )


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (
            "number;name\n1;Île\n".encode("cp1252"),
            "is not UTF-8 text (byte 14 is 0xce, as Windows-1252 or Latin-1 "
            "writes it); save it as 'CSV UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' (LibreOffice)",
        ),
        (
            "number\tname\n1\tÎle\n".encode("utf-16"),
            "is UTF-16 text (as Excel's 'Unicode Text'); save it as 'CSV "
            "UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' (LibreOffice)",
        ),
        (xlsx_bytes(island_rows()), "holds zero bytes: it is not a CSV text file (an XLSX or ODS file named .csv?)"),
    ],
)
def test_a_csv_in_another_encoding_says_how_to_save_it(project, data, says):
    (project / "card_specs").mkdir()
    (project / "card_specs" / "islands.csv").write_bytes(data)
    sheet_variant(project, {"from": "islands.csv"})
    assert validate() == (1, [f"card_specs/islands.csv: $: {says}", "1 problem found; nothing was written"])


@pytest.mark.parametrize(
    ("file", "data", "says"),
    [
        (
            "islands.xlsx",
            b"number,decade\n1,1\n",
            "is not an XLSX workbook (not a zip archive): save it again as .xlsx",
        ),
        ("islands.ods", b"number,decade\n1,1\n", "is not an ODS spreadsheet (a zip with content.xml): save it as .ods"),
        (
            "islands.ods",
            ods_bytes("<table:table-row>")[:-40],
            "is not an ODS spreadsheet (a zip with content.xml): save it as .ods",
        ),
    ],
)
def test_a_workbook_that_is_not_one_is_one_sentence(project, file, data, says):
    (project / "card_specs").mkdir()
    (project / "card_specs" / file).write_bytes(data)
    sheet_variant(project, {"from": file})
    assert validate() == (1, [f"card_specs/{file}: $: {says}", "1 problem found; nothing was written"])


def test_a_missing_sheet_and_a_missing_file_are_named(project):
    (project / "card_specs").mkdir()
    (project / "card_specs" / "islands.xlsx").write_bytes(xlsx_bytes(island_rows(), title="Islands"))
    sheet_variant(project, {"from": "islands.xlsx", "sheet": "Isles"})
    assert validate()[1][0] == "card_specs/islands.xlsx: $: has no sheet 'Isles' (its sheets: 'Islands')"
    sheet_variant(project, {"from": "isles.csv"})
    assert validate()[1][0] == (
        "card_specs/isles.csv: $: file not found (a spec's \"from\" is relative to the spec's folder)"
    )


def test_header_names_that_cannot_be_fields_are_named_at_their_cells(project):
    (project / "card_specs").mkdir()
    rows = [["number", "Island Name", "number"], [1, "a", 2]]
    (project / "card_specs" / "islands.csv").write_text(csv_text(rows), encoding="utf-8")
    sheet_variant(project, {"from": "islands.csv"})
    assert validate()[1][:2] == [
        "card_specs/islands.csv:1:2: B1: \"Island Name\" is not a field name: lower-case letters, digits and '_', "
        "starting with a letter, up to 32 characters (such as island_name)",
        "card_specs/islands.csv:1:3: C1: 'number' names two columns (A and this one)",
    ]


def test_a_path_out_of_the_spec_folder_is_refused_by_the_schema(project):
    sheet_variant(project, {"from": "/etc/passwd.csv"})
    code, lines = validate()
    assert code == 1
    assert lines[0].endswith(
        '$.kinds[0].cards: expected one of these forms: "/etc/passwd.csv" does not have the expected form (a '
        ".csv, .xlsx or .ods file, relative to the spec's folder); or expected an array, got object "
        '{"from": "/etc/passwd.csv"}'
    )


def test_a_pipe_named_as_a_sheet_is_refused_without_waiting(project):
    import os

    (project / "card_specs").mkdir()
    os.mkfifo(project / "card_specs" / "islands.csv")
    sheet_variant(project, {"from": "islands.csv"})
    code, lines = validate()
    assert code in (1, 2)
    assert lines[0].startswith("card_specs/islands.csv")
    assert "named pipe" in lines[0]


def test_an_ods_formula_saved_without_its_result_is_an_error(project):
    rows = ods_row(ods_text("number"), ods_text("decade"))
    rows += "".join(ods_row(ods_number(n), ods_number((n - 1) // 10 % 8 + 1)) for n in range(1, 80))
    rows += ods_row(ods_number(80), '<table:table-cell table:formula="of:=[.A81]/10"/>')
    (project / "card_specs").mkdir()
    (project / "card_specs" / "islands.ods").write_bytes(ods_bytes(rows))
    sheet_variant(project, {"from": "islands.ods"})
    assert validate() == (
        1,
        [
            "card_specs/islands.ods:81:2: Sheet1!B81 (decade): the formula =[.A81]/10 was saved without its "
            "result; open the file in a spreadsheet program and save it again (which calculates it), or type the value",
            "1 problem found; nothing was written",
        ],
    )


def test_an_id_given_to_two_rows_is_named_at_the_second(project):
    rows = [["id", *row] for row in island_rows()]
    rows[0][0] = "id"
    for n, row in enumerate(rows[1:], 1):
        row[0] = f"isle-{n}"
    rows[12][0] = "isle-3"
    (project / "card_specs").mkdir()
    (project / "card_specs" / "islands.csv").write_text(csv_text(rows), encoding="utf-8")
    sheet_variant(project, {"from": "islands.csv"})
    assert validate()[1][0] == (
        "card_specs/islands.csv:13:1: A13 (id): the id 'isle-3' is the id of row 4 too: each card needs its own"
    )
