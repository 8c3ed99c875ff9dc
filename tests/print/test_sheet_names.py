"""Sheet and export file names carry the options that change them, so no variant overwrites
another (pnp/sheets/names.py), and the ownership manifests still prune each variant's own files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from helpers.tiny import TINY
from typer.testing import CliRunner

from pnp.cli import app
from pnp.game.model import CardSize
from pnp.sheets.names import output_set, sheet_name, variant_parts
from pnp.sheets.spec import SheetSpec


def invoke(*args: str):
    result = CliRunner().invoke(app, [*args, "--out", "out"])
    assert result.exit_code == 0, result.stderr
    return result


def files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".pnp-manifests" not in p.parts
    }


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    variants = tmp_path / "card_specs" / "variants"
    variants.mkdir(parents=True)
    (variants / "tiny.json").write_text(json.dumps(TINY), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class _Game:  # what the names read of a game: its card size, ink, language and modules' name part
    def __init__(self, ink: str = "normal", language: str | None = None, modules_name: str = ""):
        self.card = CardSize(70.0, 70.0)
        self.ink = ink
        self.language = language
        self.modules_name = modules_name


def test_a_language_other_than_english_comes_last():
    assert sheet_name(SheetSpec(), _Game(language="it")) == "a4-it"
    assert sheet_name(SheetSpec.from_options(gutter_fold=True), _Game("saver", "it")) == "a4-fold-ink-saver-it"
    assert sheet_name(SheetSpec(), _Game(language="en")) == "a4"
    assert sheet_name(SheetSpec(), _Game("saver", "it", "no-modules")) == "a4-ink-saver-no-modules-it"


def test_the_default_names_stay_as_they_were():
    assert sheet_name(SheetSpec()) == "a4"
    assert sheet_name(SheetSpec.from_options(paper="letter", bleed="0mm", gutter="0", margin="5mm")) == "letter"
    assert sheet_name(SheetSpec.from_options(card_size="70mm"), _Game()) == "a4"  # the game's own size


def test_every_option_that_changes_the_sheets_adds_one_part_in_a_fixed_order():
    spec = SheetSpec.from_options(
        paper="letter",
        orientation="landscape",
        margin="7mm",
        gutter="8mm",
        bleed="3mm",
        crop_marks=False,
        cut_lines=True,
        label=False,
        duplex="short-edge",
        back_offset="1.5,-0.5",
        card_size="63.5mm",
        registration_marks=True,
    )
    assert sheet_name(spec, _Game("saver")) == (
        "letter-landscape-short-edge-card63.5mm-bleed3mm-gutter8mm-margin7mm-no-crop-marks-cut-lines-no-label"
        "-reg-marks-ink-saver"
    )
    assert sheet_name(SheetSpec.from_options(gutter_fold=True)) == "a4-fold"
    assert sheet_name(SheetSpec.from_options(duplex="none")) == "a4-fronts"
    assert sheet_name(SheetSpec.from_options(card_size="63.5x88.9mm")) == "a4-card63.5x88.9mm"
    assert sheet_name(SheetSpec.from_options(bleed="3mm", gutter="6mm")) == "a4-bleed3mm"  # 6 mm is the default gutter
    assert output_set(variant_parts(spec, _Game())) == (
        "landscape-short-edge-card63_5mm-bleed3mm-gutter8mm-margin7mm-no-crop-marks-cut-lines-no-label-reg-marks"
    )


VARIANTS = [
    (["--gutter-fold"], ["sheets/tiny-a4-fold.pdf"]),
    (["--duplex", "none"], ["sheets/tiny-a4-fronts.pdf"]),
    (["--bleed", "3mm"], ["sheets/tiny-a4-bleed3mm.pdf", "tiny-calibration-a4-bleed3mm.pdf"]),
    (["--ink", "saver"], ["sheets/tiny-a4-ink-saver.pdf", "tiny-calibration-a4-ink-saver.pdf"]),
    (["--card-size", "square-63.5"], ["sheets/tiny-a4-card63.5mm.pdf", "tiny-calibration-a4-card63.5mm.pdf"]),
    (["--duplex", "short-edge"], ["sheets/tiny-a4-short-edge.pdf", "tiny-calibration-a4-short-edge.pdf"]),
    (["--orientation", "landscape"], ["sheets/tiny-a4-landscape.pdf", "tiny-calibration-a4-landscape.pdf"]),
    (
        ["--cut-lines", "--no-label"],
        ["sheets/tiny-a4-cut-lines-no-label.pdf", "tiny-calibration-a4-cut-lines-no-label.pdf"],
    ),
]


def test_sheets_with_each_option_after_a_build_leave_the_default_files_untouched(project):
    invoke("build", "tiny", "--no-setup", "-q")
    built = files(project / "out" / "tiny")
    assert "sheets/tiny-a4.pdf" in built and "tiny-calibration-a4.pdf" in built
    made = set()
    for options, names in VARIANTS:
        invoke("sheets", "tiny", "--paper", "a4", "-q", *options)
        now = files(project / "out" / "tiny")
        assert {rel: now.get(rel) for rel in built} == built, options  # the build's files, byte for byte
        assert set(names) <= set(now), (options, sorted(set(now) - set(built)))
        assert set(names).isdisjoint(made), options  # a name of its own
        made |= set(names)
    now = files(project / "out" / "tiny")
    assert made <= set(now)  # each variant is its own output set: none removed another


def test_a_variant_run_again_prunes_only_its_own_files(project):
    invoke("sheets", "tiny", "--paper", "a4", "--paper", "letter", "--bleed", "3mm", "-q")
    invoke("sheets", "tiny", "--paper", "a4", "--paper", "letter", "-q")
    result = invoke("sheets", "tiny", "--paper", "a4", "--bleed", "3mm")
    assert result.stdout.splitlines()[-2:] == [
        f"removed {Path('out/tiny/sheets/tiny-letter-bleed3mm.pdf')}",
        f"removed {Path('out/tiny/tiny-calibration-letter-bleed3mm.pdf')}",
    ]
    left = files(project / "out" / "tiny")
    assert "sheets/tiny-letter.pdf" in left and "sheets/tiny-a4-bleed3mm.pdf" in left


def test_a_build_with_options_names_its_sheets_and_keeps_the_default_ones(project):
    invoke("build", "tiny", "--no-setup", "-q")
    invoke("build", "tiny", "--no-setup", "-q", "--gutter-fold", "--paper", "a4")
    sheets = sorted(p.name for p in (project / "out" / "tiny" / "sheets").iterdir())
    assert sheets == ["tiny-a4-fold.pdf", "tiny-a4.pdf", "tiny-letter.pdf"]  # each build's options are its own set
    invoke("build", "tiny", "--no-setup", "-q", "--gutter-fold", "--paper", "letter")
    sheets = sorted(p.name for p in (project / "out" / "tiny" / "sheets").iterdir())
    assert sheets == ["tiny-a4.pdf", "tiny-letter-fold.pdf", "tiny-letter.pdf"]


def test_export_folders_carry_their_options_and_keep_each_other(project):
    invoke("export", "png", "tiny", "--dpi", "20", "-q")
    invoke("export", "png", "tiny", "--dpi", "20", "--with-bleed", "-q")
    invoke("export", "png", "tiny", "--dpi", "20", "--ink", "saver", "-q")
    invoke("export", "cut", "tiny", "--paper", "a4", "-q")
    invoke("export", "cut", "tiny", "--paper", "a4", "--gutter-fold", "-q")
    export = project / "out" / "tiny" / "export"
    assert sorted(p.name for p in export.iterdir()) == ["cut", "png-20dpi", "png-20dpi-bleed", "png-20dpi-ink-saver"]
    cut = sorted(p.name for p in (export / "cut").iterdir() if p.suffix == ".pdf")
    assert cut == ["tiny-a4-fold-print.pdf", "tiny-a4-print.pdf"]
    plain, bleed = (export / "png-20dpi" / "border.png"), (export / "png-20dpi-bleed" / "border.png")
    assert plain.read_bytes() != bleed.read_bytes()


def _ascent_files(project: Path) -> dict[str, str]:
    return files(project / "out" / "ascent")


def test_sheets_of_another_module_set_leave_the_default_sheets_untouched(project):
    """`--modules none` (or a few modules) once replaced the all-modules sheets under the same name."""
    invoke("sheets", "ascent", "--paper", "a4", "-q")
    default = _ascent_files(project)
    assert set(default) == {"sheets/ascent-a4.pdf", "ascent-calibration-a4.pdf"}  # the default names, unchanged
    invoke("sheets", "ascent", "--paper", "a4", "--modules", "none", "-q")
    invoke("sheets", "ascent", "--paper", "a4", "--modules", "goats,panorama", "-q")
    invoke("sheets", "ascent", "--paper", "a4", "--modules", "panorama,goats", "-q")  # the same set: the same name
    invoke("sheets", "ascent", "--paper", "a4", "--modules", "goats,green-path,panorama", "-q")  # every one: default
    now = _ascent_files(project)
    assert {rel: now[rel] for rel in default} == default
    assert sorted(p for p in now if p.startswith("sheets/")) == [
        "sheets/ascent-a4-no-modules.pdf",
        "sheets/ascent-a4-panorama+goats.pdf",
        "sheets/ascent-a4.pdf",
    ]
    assert len(set(now.values()) - set(default.values())) >= 2  # they are other sheets


def test_an_export_of_another_module_set_has_its_own_folder(project):
    invoke("export", "png", "ascent", "--dpi", "10", "-q")
    invoke("export", "png", "ascent", "--dpi", "10", "--modules", "none", "-q")
    invoke("export", "png", "ascent", "--dpi", "10", "--modules", "panorama,goats", "-q")
    invoke("export", "cut", "ascent", "--paper", "a4", "--modules", "none", "-q")
    export = project / "out" / "ascent" / "export"
    assert sorted(p.name for p in export.iterdir()) == [
        "cut",
        "png-10dpi",
        "png-10dpi-no-modules",
        "png-10dpi-panorama+goats",
    ]
    assert len(list((export / "png-10dpi").iterdir())) > len(list((export / "png-10dpi-no-modules").iterdir()))
    assert [p.name for p in (export / "cut").iterdir() if p.suffix == ".pdf"] == ["ascent-a4-no-modules-print.pdf"]
