"""Calibrate once (issue 29): `pnp printer` keeps a printer's back offset in the user's config folder
(or a project's ./pnp.toml), later builds apply it and say so in one line, the sheets keep the names
the README tells people to print, and --back-offset on the command line overrides it for one run."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from helpers.tiny import TINY
from typer.testing import CliRunner

from pnp.cli import app
from pnp.sheets.printer import load_profile


@pytest.fixture
def config(tmp_path, monkeypatch) -> Path:
    """An empty config folder of the user's own, and an empty working folder with a small game."""
    folder = tmp_path / "config"
    monkeypatch.setenv("PNP_CONFIG_DIR", str(folder))
    work = tmp_path / "work"
    (work / "card_specs" / "variants").mkdir(parents=True)
    (work / "card_specs" / "variants" / "tiny.json").write_text(json.dumps(TINY), encoding="utf-8")
    monkeypatch.chdir(work)
    return folder


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def sheets(*options: str):
    return run("sheets", "tiny", "--paper", "a4", "--out", "out", *options)


def subject(path: Path) -> str:
    with pikepdf.open(path) as pdf:
        return str(pdf.docinfo.get("/Subject", ""))


def back_label(path: Path) -> str:
    page = pdfium.PdfDocument(path)[1]
    return page.get_textpage().get_text_range()


def test_with_no_profile_printer_says_how_to_make_one(config):
    result = run("printer")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"no printer profile (neither ./pnp.toml nor {config / 'printer.toml'}): builds move no back. "
        "Print the calibration sheet, then: pnp printer --back-offset DX,DY\n"
    )


def test_printer_keeps_the_offset_in_the_config_folder_and_shows_it(config):
    result = run("printer", "--back-offset", "1.5,-0.5")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"printer profile {config / 'printer.toml'}: backs moved 1.5 mm right, 0.5 mm up; later builds apply it\n"
    )
    assert load_profile().back_offset == (1.5, -0.5)
    assert run("printer").stdout == (
        f"in force: printer profile {config / 'printer.toml'}: backs moved 1.5 mm right, 0.5 mm up\n"
    )


def test_later_sheets_apply_the_profile_say_so_in_one_line_and_keep_their_names(config):
    run("printer", "--back-offset", "1.5,-0.5")
    result = sheets()
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        f"printer profile {config / 'printer.toml'}: backs moved 1.5 mm right, 0.5 mm up "
        "(--back-offset 0,0 leaves it out for one run)"
    )
    made = sorted(p.relative_to("out").as_posix() for p in Path("out").rglob("*.pdf"))
    assert made == ["tiny/sheets/tiny-a4.pdf", "tiny/tiny-calibration-a4.pdf"]
    assert not any("," in p.name for p in Path("out").rglob("*"))
    assert subject(Path("out/tiny/sheets/tiny-a4.pdf")) == "back offset 1.5,-0.5 mm"
    assert subject(Path("out/tiny/tiny-calibration-a4.pdf")) == "back offset 1.5,-0.5 mm"
    assert "back · back offset 1.5,-0.5 mm" in back_label(Path("out/tiny/sheets/tiny-a4.pdf"))


def test_back_offset_on_the_command_line_overrides_the_profile_for_one_run(config):
    run("printer", "--back-offset", "1.5,-0.5")
    result = sheets("--back-offset", "0,0")
    assert result.exit_code == 0, result.stderr
    assert "printer profile" not in result.stderr
    assert subject(Path("out/tiny/sheets/tiny-a4.pdf")) != "back offset 1.5,-0.5 mm"
    assert "back offset" not in back_label(Path("out/tiny/sheets/tiny-a4.pdf"))
    assert sheets("-q").exit_code == 0  # the next run applies the profile again
    assert subject(Path("out/tiny/sheets/tiny-a4.pdf")) == "back offset 1.5,-0.5 mm"


def test_a_pnp_toml_in_the_working_folder_comes_before_the_users_profile(config):
    run("printer", "--back-offset", "1.5,-0.5")
    Path("pnp.toml").write_text("[printer]\nback_offset = [-1, 0.25]\n", encoding="utf-8")
    result = sheets()
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "printer profile pnp.toml: backs moved 1.0 mm left, 0.2 mm down (--back-offset 0,0 leaves it out for one run)"
    )
    assert subject(Path("out/tiny/sheets/tiny-a4.pdf")) == "back offset -1,0.25 mm"


def test_printer_clear_removes_the_profile(config):
    run("printer", "--back-offset", "1.5,-0.5")
    result = run("printer", "--clear")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"removed {config / 'printer.toml'}: later builds move no back\n"
    assert load_profile() is None
    assert run("printer", "--clear").stdout == f"no printer profile in {config / 'printer.toml'}: nothing to clear\n"


def test_a_bad_offset_is_a_usage_error_and_keeps_the_old_profile(config):
    run("printer", "--back-offset", "1.5,-0.5")
    result = run("printer", "--back-offset", "2")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: The back offset needs two lengths, dx,dy (for example '1.5,-0.5' in mm), not '2'.\n"
    )
    assert load_profile().back_offset == (1.5, -0.5)
    assert run("printer", "--back-offset", "1", "--clear").exit_code == 2


def test_a_broken_pnp_toml_is_an_error_naming_it_and_nothing_is_written(config):
    Path("pnp.toml").write_text("[printer]\nback_offset = 3\n", encoding="utf-8")
    result = sheets()
    assert result.exit_code == 1
    assert result.stderr == (
        'error: pnp.toml: [printer] back_offset should be two lengths in mm, e.g. back_offset = "1.5,-0.5" '
        "or [1.5, -0.5], not 3.\n"
    )
    assert not Path("out").exists()
    Path("pnp.toml").write_text("[printer\n", encoding="utf-8")
    result = sheets()
    assert result.exit_code == 1
    assert result.stderr.startswith("error: pnp.toml: the printer profile is not TOML: ")
