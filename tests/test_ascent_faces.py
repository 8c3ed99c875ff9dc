"""Every face of Tranquility: The Ascent (all three modules): golden SVGs, svglib and resvg agree, the
art is what its source draws, the diamond orientation reads upright, the terrain symbols differ in
greyscale, numbers keep to the safe zone, and the panorama runs on from card to card.

Golden files live in tests/golden/ascent/<face id>.svg and are compared byte for byte.
After a deliberate change to the look, regenerate them and review the diff:

    PNP_REGEN_GOLDEN=1 python -m pytest tests/test_ascent_faces.py
"""

from __future__ import annotations

import importlib.util
import io
import json
import math
import re
import sys
from itertools import combinations
from pathlib import Path

import pytest
import resvg_py
from helpers import imaging
from PIL import Image, ImageChops, ImageStat
from svglib.svglib import svg2rlg

from pnp.face.art import load_art
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates" / "ascent"
ART = TEMPLATES / "art"
GOLDEN = Path(__file__).parent / "golden" / "ascent"
GOLDEN_FACES = (
    "terrain-green-06",
    "terrain-red-12",
    "terrain-blue-09",
    "summit",
    "bridge",
    "campfire-red",
    "panorama-03",
    "panorama-03-back",
    "goat",
    "back-goat",
    "back-back",
    "reference-1",
    "back-reference-back",
)
DPI = 150
MM = DPI / 25.4
LEG = 70.0


@pytest.fixture(scope="module")
def ascent():
    return load_game("ascent")


@pytest.fixture(scope="module")
def faces(ascent):
    return {face.id: face for face in render_faces(ascent)}


def png(face, dpi: int = DPI) -> Image.Image:
    """The face at `dpi` on white paper (a triangle or circle face leaves its corners unpainted)."""
    width = round((face.width + 2 * face.bleed) / 25.4 * dpi)
    data = resvg_py.svg_to_bytes(svg_string=face.svg, dpi=96, width=width, background="#ffffff")
    return Image.open(io.BytesIO(bytes(data))).convert("RGB")


def via_pdf(face, size: tuple[int, int]) -> Image.Image:
    return imaging.via_pdf(face.svg, size)


def upright(face) -> Image.Image:
    """The face as it lies on the mountain: turned 45° anticlockwise, top-right corner up (greyscale)."""
    return png(face).convert("L").rotate(45, resample=Image.BICUBIC, expand=True, fillcolor=255)


def crop_mm(image: Image.Image, du: float, dv: float, half: float) -> Image.Image:
    """A square of side 2·half mm centred du, dv mm from the image centre."""
    cx, cy = image.width / 2 + du * MM, image.height / 2 + dv * MM
    return image.crop((round(cx - half * MM), round(cy - half * MM), round(cx + half * MM), round(cy + half * MM)))


# --- the set of faces ----------------------------------------------------------------------------


def test_every_card_of_every_module_has_its_faces(ascent, faces):
    cards = ascent.cards
    assert {m.id for m in ascent.modules} == {"green-path", "panorama", "goats"}
    assert list(faces) == sorted({c.front_face_id for c in cards} | {c.back_face_id for c in cards})
    assert sum(1 for f in faces if f.startswith("terrain-")) == 36
    assert {f for f in faces if f.startswith("back-")} == {"back-back", "back-goat", "back-reference-back"}
    assert sum(1 for f in faces if f.startswith("panorama-") and f.endswith("-back")) == 10


def test_terrain_summit_bridge_and_campfire_share_one_back(ascent):
    shuffled = [c for c in ascent.cards if c.kind in ("terrain", "summit", "bridge", "campfire")]
    assert {c.back_face_id for c in shuffled} == {"back-back"}


def test_face_sizes_follow_the_sheet_conventions(faces):
    for face in faces.values():
        if re.fullmatch(r"panorama-\d\d(-back)?", face.id):
            # drawn upright: the long side (a card's diagonal) along the bottom, right angle at the top
            assert face.shape == "triangle"
            assert face.width == pytest.approx(LEG * math.sqrt(2), abs=0.01)
            assert face.height == pytest.approx(LEG / math.sqrt(2), abs=0.01)
        elif face.id in ("goat", "back-goat"):
            assert (face.shape, face.width, face.height, face.bleed) == ("circle", 25.0, 25.0, 2.0)
        else:
            assert (face.shape, face.width, face.height, face.bleed) == ("square", LEG, LEG, 3.0)
        assert len(face.svg) < 60_000, f"{face.id} is {len(face.svg)} bytes"


@pytest.mark.parametrize("face_id", GOLDEN_FACES)
def test_golden_svg(faces, face_id):
    imaging.check_golden(GOLDEN / f"{face_id}.svg", faces[face_id].svg, ROOT)


# --- the renderers agree -------------------------------------------------------------------------


def test_svglib_reads_every_face_without_losing_anything(faces, svglib_messages):
    for face in faces.values():
        drawing = svg2rlg(io.BytesIO(face.svg.encode("utf-8")))
        assert drawing is not None, face.id
        assert drawing.width == pytest.approx((face.width + 2 * face.bleed) * 72 / 25.4, abs=0.01), face.id
        assert not svglib_messages, f"{face.id}: {svglib_messages}"


@pytest.mark.parametrize("face_id", GOLDEN_FACES)
def test_pdf_and_png_look_the_same(faces, face_id):
    image = png(faces[face_id])
    difference = sum(ImageStat.Stat(ImageChops.difference(via_pdf(faces[face_id], image.size), image)).mean) / 3
    assert difference < 5.0, f"{face_id}: mean |Δ| {difference:.2f}/255 between svglib→PDF and resvg"


# --- the art ---------------------------------------------------------------------------------------


def test_art_files_are_exactly_what_the_source_draws():
    spec = importlib.util.spec_from_file_location(
        "ascent_draw", TEMPLATES.parents[1] / "art-source" / "ascent" / "draw.py"
    )
    module = importlib.util.module_from_spec(spec)
    helpers = ("kit", "symbols", "scenes", "panorama")  # draw.py's sibling modules, imported by plain name
    saved_path, saved_modules = list(sys.path), {name: sys.modules.pop(name) for name in helpers if name in sys.modules}
    try:
        spec.loader.exec_module(module)
        generated = module.all_art()
    finally:
        sys.path[:] = saved_path
        for name in helpers:
            sys.modules.pop(name, None)
        sys.modules.update(saved_modules)
    assert sorted(p.stem for p in ART.glob("*.svg")) == sorted(generated)
    for name, svg in generated.items():
        assert (ART / f"{name}.svg").read_text(encoding="utf-8") == svg, (
            f"art/{name}.svg is stale: run python art-source/ascent/draw.py"
        )
        load_art(ART / f"{name}.svg")  # inside the svglib-safe subset


# --- reading the mountain ------------------------------------------------------------------------


def _ink_angle(image: Image.Image, threshold: int = 110) -> float:
    """Direction of the principal axis of the dark pixels, degrees from vertical."""
    points = [(x, y) for y in range(image.height) for x in range(image.width) if image.getpixel((x, y)) < threshold]
    n = len(points)
    mx, my = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points) / n
    syy = sum((p[1] - my) ** 2 for p in points) / n
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points) / n
    return math.degrees(0.5 * math.atan2(2 * sxy, syy - sxx))


def test_the_number_stands_upright_when_the_top_right_corner_points_up(faces):
    # A "1" is one upright stroke: on the card turned 45° anticlockwise its ink runs straight up and down.
    # (The glyph itself leans about 5°; a card turned the wrong way would read about 90°.)
    plate = crop_mm(upright(faces["terrain-blue-01"]), 0, 5, 8)
    assert abs(_ink_angle(plate)) < 12
    flat = crop_mm(png(faces["terrain-blue-01"]).convert("L"), 0, 0, 11)  # the card lying square
    assert abs(abs(_ink_angle(flat)) - 45) < 12


SYMBOL_BOX = (-8.25, -31.3, 16.5, 13.2)  # the symbol's box on the upright diamond, mm from the centre
PAPER = "#f4efe4"


def _symbol_on_card(face) -> Image.Image:
    u, v, w, h = SYMBOL_BOX
    image = upright(face)
    cx, cy = image.width / 2, image.height / 2
    return image.crop((round(cx + u * MM), round(cy + v * MM), round(cx + (u + w) * MM), round(cy + (v + h) * MM)))


def _symbol_alone(colour: str, size: tuple[int, int]) -> Image.Image:
    svg = (ART / f"symbol-{colour}.svg").read_text(encoding="utf-8")
    data = resvg_py.svg_to_bytes(svg_string=svg, width=size[0], background=PAPER)
    return Image.open(io.BytesIO(bytes(data))).convert("L").resize(size)


def _grey_gap(a: Image.Image, b: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


@pytest.fixture(scope="module")
def symbols_on_cards(faces):
    return {c: _symbol_on_card(faces[f"terrain-{c}-05"]) for c in ("green", "red", "blue")}


def test_each_terrain_symbol_stands_upright_in_the_top_corner(symbols_on_cards):
    """Seen as a diamond (top-right corner up), the top corner shows the card's own symbol, upright."""
    for colour, on_card in symbols_on_cards.items():
        alone = _symbol_alone(colour, on_card.size)
        assert _grey_gap(on_card, alone) < 12, colour
        assert _grey_gap(on_card, alone.rotate(90, fillcolor=230)) > _grey_gap(on_card, alone) + 8, colour
        others = [c for c in symbols_on_cards if c != colour]
        for other in others:
            assert _grey_gap(on_card, _symbol_alone(other, on_card.size)) > _grey_gap(on_card, alone) + 15


def test_terrain_symbols_differ_in_greyscale_by_shape(symbols_on_cards):
    """Meadow, canyon and glacier must differ without hue: their greyscale dark shapes barely overlap."""
    masks = {c: [v < 120 for v in image.tobytes()] for c, image in symbols_on_cards.items()}
    for a, b in combinations(symbols_on_cards, 2):
        inter = sum(1 for x, y in zip(masks[a], masks[b]) if x and y)
        union = sum(1 for x, y in zip(masks[a], masks[b]) if x or y)
        assert inter / union < 0.45, f"{a} and {b} symbols overlap {inter / union:.2f} in greyscale"
        gap = _grey_gap(symbols_on_cards[a], symbols_on_cards[b])
        assert gap > 30, f"{a} and {b} symbols differ by only {gap:.1f}/255 in greyscale"


def test_numbers_of_the_numbered_panorama_side_stay_inside_the_triangle():
    """The layout checks the trim rectangle; a triangle needs its text 3 mm inside all three sides."""
    w, h = LEG * math.sqrt(2), LEG / math.sqrt(2)
    for name in ("panorama", "panorama-numbered"):
        template = json.loads((TEMPLATES / f"{name}.json").read_text(encoding="utf-8"))
        texts = [e for e in template["elements"] if e["type"] == "text"]
        assert texts
        for element in texts:
            x, y, bw, bh = element["box"]
            for px, py in ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh)):
                assert py <= h - 3 + 1e-6, (name, element["id"])
                inside_legs = py - abs(px - w / 2)  # distance down from the nearer leg, measured vertically
                assert inside_legs >= 3 * math.sqrt(2) - 1e-6, (name, element["id"], px, py)


def test_the_panorama_runs_on_from_card_to_card(faces):
    """Where two neighbours meet at the foot, their bleed shows the same landscape."""
    for k in range(1, 10):
        left, right = png(faces[f"panorama-{k:02d}"]), png(faces[f"panorama-{k + 1:02d}"])
        w = faces["panorama-01"].width
        gaps = []
        for dx in (1.0, 2.0):
            for dy in (-1.5, 0.0, 1.5, 2.5):
                y = round((3 + w / 2 + dy) * MM)
                a = left.getpixel((round((3 + w + dx) * MM), y))
                b = right.getpixel((round((3 + dx) * MM), y))
                gaps.append(sum(abs(p - q) for p, q in zip(a, b)) / 3)
        assert sum(gaps) / len(gaps) < 12, f"panorama {k} → {k + 1}: the landscape jumps ({gaps})"
    assert faces["panorama-01"].svg != faces["panorama-02"].svg
