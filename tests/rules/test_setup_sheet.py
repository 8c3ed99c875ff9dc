"""The setup sheet: a deterministic SVG page and one-page PDF that picture the table."""

from __future__ import annotations

import io
import re

import pypdfium2
import pytest
import resvg_py
from helpers.rulekit import game_named
from PIL import Image

from pnp.rules import deal_setup
from pnp.setupsheet.outputs import setup_outputs
from pnp.setupsheet.sheet import render_setup_sheet

TQ = game_named("tranquility")
AS = game_named("ascent")


@pytest.fixture(scope="module")
def sheets():
    return {name: render_setup_sheet(game, deal_setup(game, 3, 1)) for name, game in (("tq", TQ), ("as", AS))}


def test_same_state_same_bytes(sheets):
    for name, game in (("tq", TQ), ("as", AS)):
        svg, pdf = render_setup_sheet(game, deal_setup(game, 3, 1))
        assert (svg, pdf) == sheets[name]


def test_the_svg_is_an_a4_landscape_page_with_explicit_ids_and_no_text_elements(sheets):
    for svg, _ in sheets.values():
        assert 'width="297mm" height="210mm" viewBox="0 0 297 210"' in svg
        assert "<text" not in svg and "font-family" not in svg  # text is outlines in the bundled font
        ids = re.findall(r' id="([^"]+)"', svg)
        assert len(ids) == len(set(ids)) > 100


def test_the_pdf_is_one_a4_landscape_page_with_only_the_bundled_font(sheets):
    for _, pdf in sheets.values():
        doc = pypdfium2.PdfDocument(pdf)
        assert len(doc) == 1
        w, h = doc[0].get_size()
        assert abs(w - 841.89) < 0.1 and abs(h - 595.28) < 0.1
        assert b"Helvetica" not in pdf


def test_the_pdf_looks_like_the_svg(sheets):
    for svg, pdf in sheets.values():
        png = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=96, width=600)))).convert("L")
        page = pypdfium2.PdfDocument(pdf)[0].render(scale=600 / 841.89).to_pil().convert("L").resize(png.size)
        diff = sum(abs(a - b) for a, b in zip(png.tobytes(), page.tobytes())) / (png.size[0] * png.size[1])
        assert diff < 12, diff


def test_the_sheet_shows_the_check_and_every_hand(sheets):
    svg_tq, _ = sheets["tq"]
    assert "<title>Tranquility: table for 3 players, seed 1</title>" in svg_tq
    state = deal_setup(TQ, 3, 1)
    broken = render_setup_sheet(TQ, type(state)(**{**state.__dict__, "current_player": 2}))[0]
    assert broken != svg_tq  # the violation note changes the page


def test_setup_outputs_hold_state_check_and_sheet():
    files = setup_outputs(TQ, 3, 1)
    assert sorted(files) == [f"tranquility/setup/setup-3p-seed1.{ext}" for ext in ("check.txt", "json", "pdf", "svg")]
    report = files["tranquility/setup/setup-3p-seed1.check.txt"].decode()
    assert "all 24 rules hold" in report and "tq-ascending:" in report
    names = sorted(setup_outputs(game_named("ascent", ["goats"]), 2, 4))
    assert names[0] == "ascent/setup/setup-2p-seed4-goats.check.txt"


def test_the_setup_pdf_is_titled_as_its_picture():
    import pikepdf

    game = game_named("tranquility")
    _svg, pdf = render_setup_sheet(game, deal_setup(game, 3, 1))
    with pikepdf.open(io.BytesIO(pdf)) as document:
        info = {key: str(value) for key, value in document.docinfo.items()}
    assert (info["/Title"], info["/Subject"]) == ("Tranquility: table for 3 players, seed 1", "tranquility")
