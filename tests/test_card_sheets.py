"""Cards from a spreadsheet: CSV as programs export it, XLSX and ODS; `variant new --table` writes
a kind's cards as a sheet, and the variant built from it is byte for byte the one built from JSON."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from helpers.sheets import island_rows, ods_bytes, ods_number, ods_row, ods_text, sheet_variant, xlsx_bytes
from typer.testing import CliRunner

from pnp.cli import app
from pnp.pipeline.load import load_game
from pnp.spec.load import load_spec

runner = CliRunner()


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "card_specs").mkdir()
    return tmp_path


def islands(game) -> list[tuple[str, int, dict]]:
    return [(c.id, c.count, dict(c.fields)) for c in game.kind("island").cards]


def sheet_cards(spec: Path) -> list[dict]:
    """The island kind's cards as the loader reads them (before the game's rules check them)."""
    return load_spec(spec).data["kinds"][0]["cards"]


def test_a_csv_is_read_the_same_with_commas_or_semicolons_a_bom_and_crlf_lines(project):
    comma = "\n".join(",".join(map(str, row)) for row in island_rows()) + "\n"
    semicolon = "\ufeff" + comma.replace(",", ";").replace("\n", "\r\n")
    (project / "card_specs" / "islands.csv").write_text(comma, encoding="utf-8")
    sheet_variant(project, {"from": "islands.csv"})
    first = islands(load_game("sea"))
    (project / "card_specs" / "islands.csv").write_text(semicolon, encoding="utf-8", newline="")
    assert islands(load_game("sea")) == first
    assert first[6] == ("island-07", 1, {"number": 7, "decade": 1})


def test_columns_are_typed_as_declared_or_as_their_values_show(project):
    rows = [
        ["number", "code", "wild", "lines", "sequence", "count"],
        [1, "007", "TRUE", "Calm sea\nNo wind", "2, 3, 4", 2],
        [2, "12", "false", "One line", "5", ""],
    ]
    (project / "card_specs" / "islands.xlsx").write_bytes(xlsx_bytes(rows))
    spec = sheet_variant(
        project, {"from": "islands.xlsx", "columns": {"code": "text", "lines": "list", "sequence": "integer-list"}}
    )
    assert sheet_cards(spec) == [
        {"number": 1, "code": "007", "wild": True, "lines": ["Calm sea", "No wind"], "sequence": [2, 3, 4], "count": 2},
        {"number": 2, "code": "12", "wild": False, "lines": ["One line"], "sequence": [5]},
    ]


def test_an_ods_sheet_gives_saved_formula_results_repeated_cells_and_line_breaks(project):
    formula = '<table:table-cell table:formula="of:=[.A2]" office:value-type="float" office:value="1"/>'
    rows = ods_row(ods_text("number"), ods_text("decade"), ods_text("note"))
    rows += ods_row(
        ods_number(1),
        formula,
        '<table:table-cell office:value-type="string"><text:p>a<text:line-break/>'
        'b<text:s text:c="2"/>c</text:p></table:table-cell>',
    )
    rows += (
        '<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="2" '
        'office:value-type="float" office:value="3"/></table:table-row>'
    )
    rows += '<table:table-row table:number-rows-repeated="1048570"><table:table-cell/></table:table-row>'
    (project / "card_specs" / "islands.ods").write_bytes(ods_bytes(rows, name="Islands"))
    spec = sheet_variant(project, {"from": "islands.ods", "sheet": "Islands"})
    assert sheet_cards(spec) == [
        {"number": 1, "decade": 1, "note": "a\nb  c"},
        {"number": 3, "decade": 3},
        {"number": 3, "decade": 3},
    ]


def test_list_json_shows_the_rows_as_cards(project):
    rows = [[*row, 3 if row[0] == 1 else ""] for row in island_rows()]
    rows[0][-1] = "count"
    (project / "card_specs" / "islands.csv").write_text("\n".join(",".join(map(str, r)) for r in rows) + "\n")
    sheet_variant(project, {"from": "islands.csv"})
    result = runner.invoke(app, ["list", "sea", "--json"])
    assert result.exit_code == 0, result.stderr
    listed = json.loads(result.stdout)
    cards = [c for c in listed["cards"] if c["kind"] == "island"]
    assert [(c["id"], c["count"], c["fields"]) for c in cards[:2]] == [
        ("island-01", 3, {"decade": 1, "number": 1}),
        ("island-02", 1, {"decade": 1, "number": 2}),
    ]
    assert listed["totals"]["island"] == 82


def tree(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".pnp-cache" not in p.parts
    }


def build(project: Path, out: str) -> dict[str, str]:
    result = runner.invoke(app, ["build", "sea", "-o", out, "--no-setup", "--no-booklet", "--paper", "a4", "-q"])
    assert result.exit_code == 0, result.output
    return tree(project / out)


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "ods"])
def test_a_variant_built_from_its_cards_written_as_a_sheet_is_byte_identical(project, fmt):
    """The panorama's cards (a list field) and counts per card, in JSON and then in a sheet."""
    result = runner.invoke(app, ["variant", "new", "sea", "--from", "ascent", "--table", fmt])
    assert result.exit_code == 0, result.output
    spec = project / "card_specs" / "variants" / "sea.json"
    from_sheet = json.loads(spec.read_text(encoding="utf-8"))
    assert {k["id"]: k["cards"]["from"] for k in from_sheet["kinds"] if "cards" in k}["panorama"] == (
        "sea-panorama.csv" if fmt == "csv" else f"sea.{fmt}"
    )
    sheet_build = build(project, "from-sheet")
    sheet_cards = runner.invoke(app, ["list", "sea", "--json"]).stdout
    panorama = json.loads((Path(__file__).parent.parent / "card_specs" / "ascent.json").read_text())["kinds"][4]
    json_variant = {"id": "sea", "extends": "ascent", "title": from_sheet["title"], "card": from_sheet["card"]}
    json_variant["description"] = from_sheet["description"]
    json_variant["rules"] = from_sheet["rules"]
    json_variant["kinds"] = [{"id": "panorama", "cards": [{**c, "count": 1} for c in panorama["cards"]]}]
    spec.write_text(json.dumps(json_variant), encoding="utf-8")
    assert json.loads(runner.invoke(app, ["list", "sea", "--json"]).stdout) == json.loads(sheet_cards)
    assert build(project, "from-json") == sheet_build


def test_variant_new_table_writes_the_same_bytes_twice_and_keeps_existing_sheets(project):
    first = runner.invoke(app, ["variant", "new", "sea", "--from", "tranquility", "--table", "xlsx"])
    assert first.exit_code == 0, first.output
    assert first.stdout.splitlines() == ["card_specs/variants/sea.json", "card_specs/variants/sea.xlsx"]
    written = (project / "card_specs" / "variants" / "sea.xlsx").read_bytes()
    again = runner.invoke(app, ["variant", "new", "sea", "--from", "tranquility", "--table", "xlsx"])
    assert (again.exit_code, again.stderr.strip()) == (
        2,
        "error: card_specs/variants/sea.json already exists (use --force to overwrite)",
    )
    forced = runner.invoke(app, ["variant", "new", "sea", "--from", "tranquility", "--table", "xlsx", "--force"])
    assert forced.exit_code == 0
    assert (project / "card_specs" / "variants" / "sea.xlsx").read_bytes() == written
    assert runner.invoke(app, ["validate", "sea", "--no-simulate"]).exit_code == 0


def test_a_sheet_saved_again_is_built_again(project):
    (project / "card_specs" / "islands.csv").write_text("number,decade\n" + "".join(f"{n},1\n" for n in range(1, 81)))
    sheet_variant(project, {"from": "islands.csv"})
    build(project, "out")
    (project / "card_specs" / "islands.csv").write_text("number,decade\n" + "".join(f"{n},2\n" for n in range(1, 81)))
    result = runner.invoke(app, ["build", "sea", "-o", "out", "--no-setup", "--no-booklet", "--paper", "a4"])
    assert "skipped" not in result.stdout
    assert json.loads((project / "out" / "sea" / "deck.json").read_text())["cards"][0]["fields"]["decade"] == 2


EXAMPLE = Path(__file__).parent.parent / "card_specs" / "examples" / "photo-sea"


def test_the_photo_sea_example_is_listed_validated_and_reads_its_photos_from_its_sheet(monkeypatch):
    monkeypatch.chdir(Path(__file__).parent.parent)
    games = runner.invoke(app, ["games"]).stdout
    assert "  photo-sea                     Tranquility: Photo Sea  (extends tranquility)" in games
    assert runner.invoke(app, ["validate", "photo-sea", "--no-simulate"]).exit_code == 0
    game = load_game("photo-sea")
    assert game.count("island") == 80
    assert dict(game.kind("island").cards[72].fields) == {
        "decade": 8,
        "number": 73,
        "photo": "photos/night-harbour.jpg",
        "place": "Night Harbour",
    }
    assert sorted(p.name for p in (EXAMPLE / "photos").iterdir()) == sorted(
        Path(c.fields["photo"]).name for c in game.kind("island").cards[::10]
    )


def test_a_photo_saved_again_redraws_the_faces_that_show_it(project):
    import shutil

    from PIL import Image

    shutil.copytree(EXAMPLE, project / "card_specs" / "examples" / "photo-sea")
    command = ["build", "photo-sea", "-o", "out", "--no-setup", "--no-booklet", "--paper", "a4", "-q"]
    assert runner.invoke(app, command).exit_code == 0
    faces = project / "out" / "photo-sea" / "svg"
    before = {p.name: p.read_bytes() for p in faces.glob("island-*.svg")}
    photo = project / "card_specs" / "examples" / "photo-sea" / "photos" / "dawn-cove.jpg"
    Image.open(photo).transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(photo, quality=80)
    assert runner.invoke(app, command).exit_code == 0
    changed = sorted(name for name, data in before.items() if (faces / name).read_bytes() != data)
    assert changed == [f"island-{n:02d}.svg" for n in range(1, 11)]


def test_the_example_s_photos_and_sheet_are_what_its_generator_draws(tmp_path):
    """art-source/photo-sea/make_photos.py makes them; a stale one fails here. The sheet is compared
    byte for byte, the photos by their pixels (another libjpeg may encode the same picture apart)."""
    import importlib.util

    from PIL import Image, ImageChops, ImageStat

    script = Path(__file__).parent.parent / "art-source" / "photo-sea" / "make_photos.py"
    spec = importlib.util.spec_from_file_location("make_photos", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    assert (tmp_path / "islands.csv").read_bytes() == (EXAMPLE / "islands.csv").read_bytes()
    made = sorted(p.name for p in (tmp_path / "photos").iterdir())
    assert made == sorted(p.name for p in (EXAMPLE / "photos").iterdir())
    for name in made:
        with Image.open(tmp_path / "photos" / name) as new, Image.open(EXAMPLE / "photos" / name) as kept:
            assert new.size == kept.size
            difference = ImageStat.Stat(ImageChops.difference(new.convert("RGB"), kept.convert("RGB"))).mean
            assert max(difference) < 2, f"photos/{name} is stale: run python art-source/photo-sea/make_photos.py"
