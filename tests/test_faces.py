"""Every face of the bundled Tranquility game: golden SVGs, determinism, svglib and resvg agree.

Golden files live in tests/golden/tranquility/<face id>.svg and are compared byte for byte.
After a deliberate change to the look, regenerate them and review the diff:

    PNP_REGEN_GOLDEN=1 python -m pytest tests/test_faces.py
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import imaging
from PIL import Image, ImageChops, ImageStat
from svglib.svglib import svg2rlg

from pnp.core.locate import available_games
from pnp.face.art import load_art
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "tranquility"
ART = ROOT / "templates" / "tranquility" / "art"
GOLDEN_FACES = ("island-01", "island-80", "start", "finish", "border", "reference-1", "back-back")
PX = round(76 / 25.4 * 150)  # a 76 mm face (70 mm + 2 × 3 mm bleed) at 150 dpi
# svglib says "I dropped something" at debug level with these words; any of them fails a face.


@pytest.fixture(scope="module")
def tranquility():
    return load_game("tranquility")


@pytest.fixture(scope="module")
def faces(tranquility):
    return {face.id: face for face in render_faces(tranquility)}


def via_pdf(svg: str) -> Image.Image:
    return imaging.via_pdf(svg, (PX, PX))


def via_resvg(svg: str, px: int = PX) -> Image.Image:
    return imaging.via_resvg(svg, px)


# --- the set of faces ----------------------------------------------------------------------------


def test_every_distinct_face_once_sorted_by_id(tranquility, faces):
    cards = tranquility.cards
    expected = sorted({c.front_face_id for c in cards} | {c.back_face_id for c in cards})
    assert list(faces) == expected
    assert len(faces) == 80 + 3 + 2 + 3  # islands; start, finish, border; two references; three backs
    assert {"back-back", "back-border", "back-reference-back"} <= set(faces)
    for face in faces.values():
        assert (face.width, face.height, face.bleed, face.shape) == (70.0, 70.0, 3.0, "square")
        assert face.svg.startswith(
            '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'id="{face.id}" width="76mm" height="76mm" viewBox="-3 -3 76 76">\n'
        )
        assert len(face.svg) < 55_000, f"{face.id} is {len(face.svg)} bytes"  # reference cards ~51 KB: a path a glyph


def test_ids_are_explicit_unique_and_every_reference_resolves(faces):
    for face in faces.values():
        root = ET.fromstring(face.svg)
        ids = [node.get("id") for node in root.iter() if node.get("id")]
        assert len(ids) == len(set(ids)), face.id
        assert all(i == face.id or i.startswith(face.id + "-") for i in ids), face.id
        for ref in re.findall(r"url\(#([^)]+)\)", face.svg):
            assert ref in ids, (face.id, ref)
        assert all(child.get("id") for child in root), face.id  # every template element is named


@pytest.mark.parametrize("face_id", GOLDEN_FACES)
def test_golden_svg(faces, face_id):
    imaging.check_golden(GOLDEN / f"{face_id}.svg", faces[face_id].svg, ROOT)


def test_rendering_twice_gives_the_same_bytes(tranquility, faces):
    again = {face.id: face.svg for face in render_faces(tranquility)}
    assert again == {face.id: face.svg for face in faces.values()}


def test_a_fresh_process_gives_the_same_bytes(faces):
    script = (
        "import hashlib; from pnp.pipeline.load import load_game; from pnp.svg.faces import render_faces\n"
        "for f in render_faces(load_game('tranquility')): print(f.id, hashlib.sha256(f.svg.encode()).hexdigest())"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [f"{face.id} {hashlib.sha256(face.svg.encode()).hexdigest()}" for face in faces.values()]


# --- the renderers agree -------------------------------------------------------------------------


def test_svglib_reads_every_face_without_losing_anything(faces, svglib_messages):
    for face in faces.values():
        drawing = svg2rlg(io.BytesIO(face.svg.encode("utf-8")))
        assert drawing is not None, face.id
        assert drawing.width == pytest.approx(76 * 72 / 25.4), face.id
        assert not svglib_messages, f"{face.id}: {svglib_messages}"


def test_resvg_renders_every_face(faces):
    for face in faces.values():
        image = via_resvg(face.svg, 150)
        assert image.size == (150, 150), face.id
        assert len(image.getcolors(maxcolors=1 << 20)) > 50, face.id  # art, not a flat page


@pytest.mark.parametrize("face_id", GOLDEN_FACES)
def test_pdf_and_png_look_the_same(faces, face_id):
    pdf, png = via_pdf(faces[face_id].svg), via_resvg(faces[face_id].svg)
    difference = sum(ImageStat.Stat(ImageChops.difference(pdf, png)).mean) / 3
    assert difference < 4.0, f"{face_id}: mean |Δ| {difference:.2f}/255 between svglib→PDF and resvg"


# --- the art ---------------------------------------------------------------------------------------


def test_art_files_are_exactly_what_the_generator_writes():
    spec = importlib.util.spec_from_file_location("make_art", ROOT / "art-source" / "tranquility" / "make_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    generated = module.all_art()
    assert sorted(p.stem for p in ART.glob("*.svg")) == sorted(generated)
    for name, svg in generated.items():
        assert (ART / f"{name}.svg").read_text(encoding="utf-8") == svg, (
            f"art/{name}.svg is stale: run python art-source/tranquility/make_art.py"
        )


def test_every_art_file_is_inside_the_safe_subset():
    for path in sorted(ART.glob("*.svg")):
        art = load_art(path)
        assert art.viewbox[2] > 0, path.name


def test_each_island_is_half_day_half_night():
    for decade in range(1, 9):
        body = repr(load_art(ART / f"island-{decade}.svg").nodes)
        assert "('clip-path', 'url(#@ART@-day)')" in body and "('clip-path', 'url(#@ART@-night)')" in body


def test_each_decade_has_its_own_island(faces):
    bodies = {load_art(ART / f"island-{decade}.svg").nodes for decade in range(1, 9)}
    assert len(bodies) == 8
    assert "island-07-island" in faces["island-07"].svg
    assert faces["island-11"].svg.count('<g id="island-11-island"') == 1


# --- variants --------------------------------------------------------------------------------------


def test_every_tranquility_variant_renders(monkeypatch):
    monkeypatch.chdir(ROOT)
    rendered = {}
    for name in available_games():
        game = load_game(name)
        if game.engine == "tranquility" and name != "tranquility":
            rendered[name] = len(render_faces(game))
    assert rendered and all(count > 0 for count in rendered.values())
    assert rendered.get("big-sea") == 100 + 3 + 2 + 3  # three-digit numbers still fit their corners


def test_a_deck_finds_and_reads_each_art_file_once_per_drawing(tranquility, monkeypatch):
    """The islands share their art: a drawing of the deck looks each art file up once (layout_card's
    `arts`), not once a face; a layout without `arts` looks its art up every time (a file added
    since is seen)."""
    from pnp.face import layout
    from pnp.face.template import load_template

    looked: list[str] = []
    real = layout.find_art

    def counting(art_dirs, name):
        looked.append(name)
        return real(art_dirs, name)

    monkeypatch.setattr(layout, "find_art", counting)
    faces = render_faces(tranquility, jobs=1)
    assert looked and sorted(looked) == sorted(set(looked)) and len(looked) < len(faces) / 2
    card = next(c for c in tranquility.cards if c.kind == "island")
    template = load_template(tranquility, card.template)
    looked.clear()
    layout.layout_card(card, template, tranquility)
    once = len(looked)
    layout.layout_card(card, template, tranquility)
    assert once and len(looked) == 2 * once
