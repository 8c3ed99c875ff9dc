"""Every PDF a default build writes, in English and Italian, opens without a single warning in
Ghostscript (-dPDFSTOPONWARNING) and MuPDF (mutool clean -d): the folded booklets and Letter rules once
began every page with a 0-byte Flate stream, which MuPDF warned about and Ghostscript refused."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

GS, MUTOOL = shutil.which("gs"), shutil.which("mutool")
pytestmark = pytest.mark.skipif(not (GS and MUTOOL), reason="needs ghostscript (gs) and mupdf-tools (mutool)")


@pytest.fixture(scope="module")
def default_build(tmp_path_factory) -> list[Path]:
    """Every PDF of `pnp build` (every game, default options) and of `pnp build --lang it`."""
    out = tmp_path_factory.mktemp("build")
    for extra in ([], ["--lang", "it"]):
        result = CliRunner().invoke(app, ["build", "-o", str(out), "-q", *extra])
        assert result.exit_code == 0, result.output
    return sorted(out.rglob("*.pdf"))


def test_the_default_build_writes_english_and_italian_booklets_and_sheets(default_build):
    names = {p.name for p in default_build}
    for name in ("rules-a4.pdf", "rules-booklet-letter-it.pdf", "tranquility-a4.pdf", "ascent-letter.pdf"):
        assert name in names


def test_ghostscript_reads_every_pdf_of_the_default_build_without_a_warning(default_build):
    complaints = {}
    for pdf in default_build:
        run = subprocess.run(
            [GS, "-q", "-dPDFSTOPONWARNING", "-dBATCH", "-dNOPAUSE", "-sDEVICE=nullpage", str(pdf)],
            capture_output=True,
            text=True,
        )
        if run.returncode or run.stdout.strip() or run.stderr.strip():
            complaints[pdf.parent.name + "/" + pdf.name] = (run.stdout + run.stderr).strip()[:300]
    assert complaints == {}


def test_mupdf_cleans_every_pdf_of_the_default_build_without_a_warning(default_build, tmp_path):
    complaints = {}
    for pdf in default_build:
        run = subprocess.run(
            [MUTOOL, "clean", "-d", str(pdf), str(tmp_path / "clean.pdf")], capture_output=True, text=True
        )
        if run.returncode or run.stdout.strip() or run.stderr.strip():
            complaints[pdf.parent.name + "/" + pdf.name] = (run.stdout + run.stderr).strip()[:300]
    assert complaints == {}
