"""`--ink saver` and a spec's print.ink: light grounds, line art, dark text; coverage measured by
rendering the sheets (pnp/face/inksaver.py, tests/helpers/inkcover.py)."""

from __future__ import annotations

import colorsys
import json
import re
import statistics
from dataclasses import replace

import pytest
from helpers.inkcover import pdf_coverage
from typer.testing import CliRunner

from pnp.cli import app
from pnp.face.art import Art
from pnp.face.inksaver import saver_layout
from pnp.face.layout import ArtItem, Layout, RectItem
from pnp.pipeline.load import load_game
from pnp.sheets.impose import impose
from pnp.sheets.spec import SheetSpec
from pnp.svg.face import render_svg
from pnp.svg.faces import render_faces


def _lightness(colour: str) -> float:
    return colorsys.rgb_to_hls(*(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)))[1]


@pytest.fixture(scope="module")
def tranquility():
    return load_game("tranquility")


def test_the_saver_turns_the_cream_title_on_the_dark_back_into_dark_text_on_a_light_ground(tranquility):
    saved = next(f for f in render_faces(replace(tranquility, ink="saver")) if f.id == "back-back").svg
    title = re.search(r'<g id="back-back-title" fill="(#[0-9a-f]{6})"', saved).group(1)
    assert _lightness(title) < 0.2  # was #f7f1e3, cream
    ground = re.search(r'<rect[^>]* fill="(#[0-9a-f]{6})"', saved).group(1)
    assert _lightness(ground) > 0.9  # was #2a4a63, dark blue
    shapes = re.findall(r'<(?:path|circle|ellipse|rect|polygon)\b[^>]* fill="(#[0-9a-f]{6})"', saved)
    assert shapes and all(_lightness(c) >= 0.92 - 1e-9 for c in shapes)  # every ground is light, the art's too


def test_the_saver_outlines_the_art_so_it_reads_as_line_art():
    art = Art(
        "a.svg",
        (0.0, 0.0, 2.0, 2.0),
        (
            ("path", (("d", "M0 0L1 1"), ("fill", "#4f8fb0")), ()),
            ("circle", (("cx", "1"), ("cy", "1"), ("fill", "#f4c66b"), ("r", "1"), ("stroke", "#000000")), ()),
        ),
    )
    layout = Layout("f", 2.0, 2.0, 0.0, "square", (ArtItem("f-a", art, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)),))
    saved = render_svg(saver_layout(layout))
    path = re.search(r"<path[^>]*/>", saved).group(0)
    assert 'stroke-width="0.2"' in path and _lightness(re.search(r'stroke="(#\w+)"', path).group(1)) < 0.4
    circle = re.search(r"<circle[^>]*/>", saved).group(0)
    assert circle.count("stroke=") == 1 and "stroke-width" not in circle  # keeps its own stroke, no second one
    assert layout.items[0].art.nodes[0][1] == (("d", "M0 0L1 1"), ("fill", "#4f8fb0"))  # the model is not changed


def test_the_saver_is_a_change_of_the_model_shapes_get_grounds_outlines_and_thinner_strokes():
    plain = RectItem("f-r", 0, 0, 10, 10, fill="#2a4a63")
    framed = RectItem("f-s", 0, 0, 10, 10, fill=None, stroke="#2a4a63", stroke_width=1.0)
    saved = saver_layout(Layout("f", 10, 10, 0, "square", (plain, framed))).items
    assert _lightness(saved[0].fill) > 0.9 and _lightness(saved[0].stroke) < 0.4 and saved[0].stroke_width == 0.2
    assert saved[1].fill is None and saved[1].stroke_width == pytest.approx(0.6)


def test_a_spec_can_ask_for_the_saver_and_the_option_overrides_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    spec = tmp_path / "inky.json"
    spec.write_text(json.dumps({"id": "inky", "extends": "tranquility", "title": "Inky", "print": {"ink": "saver"}}))
    game = load_game(str(spec))
    assert game.ink == "saver"
    faces = {f.id: f for f in render_faces(game)}
    normal = {f.id: f for f in render_faces(replace(game, ink="normal"))}
    assert faces["back-back"].svg != normal["back-back"].svg
    ground = re.search(r'<rect[^>]* fill="(#[0-9a-f]{6})"', faces["back-back"].svg).group(1)
    assert _lightness(ground) > 0.9  # the saver's light ground, where the normal back is dark blue


def test_a_bad_print_ink_in_a_spec_is_a_validation_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    spec = tmp_path / "inky.json"
    spec.write_text(json.dumps({"id": "inky", "extends": "tranquility", "title": "Inky", "print": {"ink": "light"}}))
    result = CliRunner().invoke(app, ["validate", str(spec)])
    assert result.exit_code == 1
    assert "$.print.ink" in result.stderr and "Traceback" not in result.stderr


def test_sheets_with_ink_saver_are_deterministic_and_differ_from_the_default(tmp_path):
    def run(*extra):
        out = tmp_path / "-".join(extra or ("default",))
        result = CliRunner().invoke(app, ["sheets", "tranquility", "--paper", "a4", "-o", str(out), "-q", *extra])
        assert result.exit_code == 0, result.stderr
        name = "tranquility-a4-ink-saver.pdf" if extra else "tranquility-a4.pdf"  # the name carries the ink
        return (out / "tranquility" / "sheets" / name).read_bytes()

    saver = run("--ink", "saver")
    assert saver != run()
    assert saver == run("--ink", "saver")


def test_build_prints_the_saver_sheets_when_asked(tmp_path):
    """`pnp build --ink saver` once raised NameError (dataclasses.replace was not imported)."""

    def first_front(out, *ink):
        result = CliRunner().invoke(app, ["build", "galateia", "--out", str(out), "--no-setup", *ink])
        assert result.exit_code == 0, result.output
        (sheet,) = (out / "galateia" / "sheets").glob("galateia-a4*.pdf")  # the name may carry the ink
        return pdf_coverage(sheet.read_bytes(), pages=1)[0]

    assert first_front(tmp_path / "saver", "--ink", "saver") < 0.4 * first_front(tmp_path / "normal")


def test_an_unknown_ink_mode_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(app, ["sheets", "tranquility", "-o", str(tmp_path), "--ink", "light"])
    assert result.exit_code == 2
    assert "'light' is not one of 'normal', 'saver'" in result.stderr
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(("game_name", "heavy_front"), [("tranquility", 50), ("ascent", 25)])
def test_saver_sheets_use_far_less_ink_measured_by_rendering(game_name, heavy_front):
    """The issue's goals, on the first two sheets (fronts and backs) at the measuring resolution."""
    spec = SheetSpec.from_options(paper="a4")

    def coverage(ink):
        game = replace(load_game(game_name), ink=ink)
        pages = pdf_coverage(impose(game, render_faces(game), spec), pages=4)
        return statistics.mean(pages[0::2]), statistics.mean(pages[1::2])

    (front, back), (saver_front, saver_back) = coverage("normal"), coverage("saver")
    assert front > heavy_front and back > 55  # the default really is heavy
    assert saver_front <= 0.40 * front
    assert saver_back <= 0.25 * back
