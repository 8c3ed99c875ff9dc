"""`pnp sheets` and `pnp export`: thin commands over the library, errors without tracebacks."""

from __future__ import annotations

import re

import pytest
import typer
from helpers.printkit import island_game, loads_instead, pdf_pages
from typer.testing import CliRunner

from pnp.cli import app, print_cmds
from pnp.sheets.spec import LETTER, SheetSpec


@pytest.fixture
def synthetic(monkeypatch):
    """Commands load a small synthetic game instead of a bundled one."""
    game, faces = island_game(3, 2)
    loads_instead(monkeypatch, game, faces)
    return game


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_sheets_writes_a_pdf_and_a_calibration_sheet_per_paper(synthetic, tmp_path):
    result = run("sheets", "testgame", "--out", str(tmp_path), "--paper", "a4", "--paper", "letter", "--bleed", "3mm")
    assert result.exit_code == 0, result.stderr
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.pdf"))
    assert written == [
        "testgame/sheets/testgame-a4-bleed3mm.pdf",
        "testgame/sheets/testgame-letter-bleed3mm.pdf",
        "testgame/testgame-calibration-a4-bleed3mm.pdf",
        "testgame/testgame-calibration-letter-bleed3mm.pdf",
    ]
    assert result.stdout.splitlines() == [str(tmp_path / w) for w in written]
    assert len(pdf_pages((tmp_path / written[0]).read_bytes())) == 2


def test_gutter_fold_sheets_have_their_own_name_and_no_calibration(synthetic, tmp_path):
    result = run("sheets", "testgame", "--out", str(tmp_path), "--paper", "a4", "--gutter-fold", "-q")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert [p.name for p in tmp_path.rglob("*.pdf")] == ["testgame-a4-fold.pdf"]


def test_bad_sheet_options_exit_2_with_a_sentence_and_no_traceback(synthetic, tmp_path):
    result = run("sheets", "testgame", "--out", str(tmp_path), "--bleed", "3mm", "--gutter", "1mm")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: Sheet options: a gutter of 1 mm is less than twice the bleed")
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.rglob("*.pdf"))


def test_export_writes_the_targets_files(synthetic, tmp_path):
    result = run("export", "png", "testgame", "--dpi", "50", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "testgame/export/png-50dpi").iterdir())
    assert names == [
        "back-back.png",
        "back-border.png",
        "border.png",
        "island-01.png",
        "island-02.png",
        "island-03.png",
    ]


def test_export_cut_follows_the_sheet_options(synthetic, tmp_path):
    result = run("export", "cut", "testgame", "--paper", "letter", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "testgame/export/cut").iterdir()) == [
        "testgame-letter-cut-01.svg",
        "testgame-letter-print.pdf",
    ]


def test_export_warnings_go_to_stderr(synthetic, tmp_path):
    result = run("export", "mpc", "testgame", "--out", str(tmp_path))
    assert result.exit_code == 0
    assert "warning: square faces of 70.0 × 70.0 mm: no MakePlayingCards product" in result.stderr


def test_an_unknown_target_is_a_usage_error(synthetic, tmp_path):
    result = run("export", "svg", "testgame", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "'svg' is not an export target: give one of tgc, mpc, drivethru, tts, png, cut" in result.stderr
    assert not any(tmp_path.iterdir())


def test_the_earlier_form_still_works_with_a_notice(synthetic, tmp_path):
    result = run("export", "testgame", "--target", "PNG", "--dpi", "50", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "note: 'pnp export GAME --target png' is deprecated; write 'pnp export png testgame'\n"
    assert (tmp_path / "testgame/export/png-50dpi/border.png").is_file()
    for form in (["-t", "cut"], ["-tcut"], ["--target=cut"]):
        result = run("export", "testgame", *form, "--paper", "letter", "--out", str(tmp_path), "-q")
        assert result.exit_code == 0, (form, result.stderr)
        assert "write 'pnp export cut testgame'" in result.stderr


def test_each_target_lists_only_its_own_options():
    from pnp.cli.print_cmds import export_app

    common = {"--out", "--modules", "--ink", "--verbose", "--json", "--quiet", "--help"}
    own = {
        "tgc": {"--product"},
        "mpc": {"--product"},
        "drivethru": {"--product"},
        "tts": {"--base-url"},
        "png": {"--dpi", "--with-bleed"},
        "cut": {"--paper", "--bleed", "--card-size", "--gutter-fold", "--duplex", "--back-offset"},
    }
    for target, options in own.items():
        result = run("export", target, "--help")
        assert result.exit_code == 0
        shown = set(re.findall(r"(--[a-z-]+)", result.stdout))
        assert options | common <= shown, target
        others = set().union(*own.values()) - options
        assert not others & shown, (target, others & shown)
    assert list(typer.main.get_command(export_app).commands) == list(own)


def test_the_sheet_options_are_shared_with_other_commands():
    specs = print_cmds.sheet_specs()
    assert [s.paper.name for s in specs] == ["a4", "letter"]
    specs = print_cmds.sheet_specs(paper=["letter"], bleed="3mm", duplex=print_cmds.Duplex.short_edge)
    assert specs == (SheetSpec(paper=LETTER, bleed=3.0, duplex="short-edge"),)

    @print_cmds.sheet_options
    def command(name: str, sheets: tuple = ()):
        return name, sheets

    import inspect

    params = list(inspect.signature(command).parameters)
    assert params[0] == "name" and set(print_cmds.SHEET_OPTION_NAMES) <= set(params) and "sheets" not in params
    assert command("x", paper=["a5"], margin="3mm")[1][0].margin == 3.0


def test_sheets_for_the_bundled_game(tmp_path):
    result = run("sheets", "tranquility", "--paper", "a4", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.stderr
    doc = pdf_pages((tmp_path / "tranquility/sheets/tranquility-a4.pdf").read_bytes())
    assert len(doc) == 30  # 117 cards, 8 to an A4 sheet: 15 sheets, fronts and backs


@pytest.mark.parametrize(
    "option, message",
    [
        (["--card-size", "1mm"], "error: The card size '1mm' is out of range: give 10 to 300 mm.\n"),
        (
            ["--back-offset", "500,500"],
            "error: The back offset '500,500' is out of range: give at most 25 mm either way.\n",
        ),
        (
            ["--paper", "100000x100000mm"],
            "error: The paper size '100000x100000mm' is out of range: give 50 to 5080 mm.\n",
        ),
    ],
)
def test_absurd_sheet_options_are_usage_errors(tmp_path, option, message):
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["sheets", "tranquility", "-o", str(tmp_path), *option])
    assert result.exit_code == 2
    assert result.stderr == message
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    "args, message",
    [
        (("tgc", "--dpi", "300"), "The tgc export does not take --dpi; it is for pnp export png."),
        (("cut", "--with-bleed"), "The cut export does not take --with-bleed; it is for pnp export png."),
        (("tgc", "--card-size", "88mm"), "The tgc export does not take --card-size; it is for pnp export cut."),
        (("png", "--paper", "letter"), "The png export does not take --paper; it is for pnp export cut."),
        (
            ("png", "--product", "x"),
            "The png export does not take --product; it is for pnp export tgc, mpc or drivethru.",
        ),
        (("cut", "--base-url", "x"), "The cut export does not take --base-url; it is for pnp export tts."),
    ],
    ids=["dpi-tgc", "bleed-cut", "card-size-tgc", "paper-png", "product-png", "base-url-cut"],
)
def test_an_option_the_export_target_does_not_take_is_a_usage_error(synthetic, tmp_path, args, message):
    result = run("export", args[0], "testgame", *args[1:], "--out", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == f"Error: {message}"
    assert not any(tmp_path.iterdir())


def test_a_decimal_dpi_names_its_folder_with_the_number_given(synthetic, tmp_path):
    result = run("export", "png", "testgame", "--dpi", "72.5", "--out", str(tmp_path), "-q")
    assert (result.exit_code, result.stderr) == (0, "")
    assert (tmp_path / "testgame/export/png-72.5dpi/border.png").is_file()


def test_a_bleed_over_a_faces_largest_is_a_usage_error(synthetic, tmp_path):
    result = run("sheets", "testgame", "--out", str(tmp_path), "--paper", "a4", "--bleed", "60mm", "-q")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: The bleed '60mm' is out of range: give 0 to 10 mm, a face's largest bleed.\n",
    )
    assert not any(tmp_path.iterdir())
