"""`fit: "cover"` with an anchor cuts vector art to its box as it does raster art (issue 28, item 1):
the art scaled to fill the box, placed by the anchor, clipped to the box, in the SVG face and in
the PDF alike."""

from __future__ import annotations

import io

import pypdfium2
import pytest
import resvg_py
from helpers.photokit import photo_project
from PIL import Image, ImageChops, ImageDraw, ImageStat

from pnp.export import export
from pnp.export.pixels import faces_pdf
from pnp.face.art import Art, load_art
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

PX_PER_MM = 10
BANDS = ("#d62828", "#2a9d3f", "#1d4ed8", "#f4c20d")  # red, green, blue, yellow: the art's four rows
BOX = (5, 10, 60, 30)  # the art's box on the card (mm): the square art covers it at 60 × 60 mm
TALL_BOX = (20, 5, 30, 60)  # a box the square art covers at 60 × 60 mm, cut left and right
# a square art 100 units wide: four bands 25 units high, a black square at the top-left corner
BANDS_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    + "".join(f'<rect x="0" y="{25 * i}" width="100" height="25" fill="{c}"/>' for i, c in enumerate(BANDS))
    + '<rect x="0" y="0" width="25" height="25" fill="#000000"/></svg>'
)


def template(anchor: str, name: str = "bands", box: tuple = BOX) -> dict:
    return {
        "size": [70, 70],
        "background": {"fill": "#ffffff"},
        "elements": [{"type": "art", "id": "art", "name": name, "box": list(box), "fit": "cover", "anchor": anchor}],
    }


def bands_png() -> bytes:
    """The same art as a 1000 × 1000 PNG."""
    image = Image.new("RGB", (1000, 1000))
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(BANDS):
        draw.rectangle((0, 250 * i, 999, 250 * (i + 1) - 1), fill=colour)
    draw.rectangle((0, 0, 249, 249), fill="#000000")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def face_of(root, anchor: str, name: str = "bands", box: tuple = BOX):
    photo_project(root, template=template(anchor, name, box))
    (root / "templates/photo/art/bands.svg").write_text(BANDS_SVG, encoding="utf-8")
    (root / "templates/photo/art/bands.png").write_bytes(bands_png())
    game = load_game("photo")
    return next(f for f in render_faces(game, jobs=1) if f.id == "island-01")


def drawn_svg(face) -> Image.Image:
    width = round((face.width + 2 * face.bleed) * PX_PER_MM)
    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=face.svg, dpi=96, width=width)))).convert("RGB")


def drawn_pdf(face) -> Image.Image:
    page = pypdfium2.PdfDocument(faces_pdf([face]))[0]
    return page.render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("RGB")


def colour_at(image: Image.Image, face, x_mm: float, y_mm: float) -> str:
    r, g, b = image.getpixel((round((x_mm + face.bleed) * PX_PER_MM), round((y_mm + face.bleed) * PX_PER_MM)))
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    ("anchor", "rows"),
    [
        ("top", (BANDS[0], BANDS[1])),  # the art's top half shows: 60 mm tall from y 10, cut at y 40
        ("centre", (BANDS[1], BANDS[2])),
        ("bottom", (BANDS[2], BANDS[3])),
    ],
)
def test_vector_art_is_cut_to_its_box_where_the_anchor_says(project, anchor, rows):
    face = face_of(project, anchor)
    assert isinstance(load_art(project / "templates/photo/art/bands.svg"), Art)  # the vector subset, not resvg
    for image in (drawn_svg(face), drawn_pdf(face)):
        x0, y0, w, h = BOX
        assert colour_at(image, face, x0 + 0.5, y0 + 0.5) == ("#000000" if anchor == "top" else rows[0])
        assert colour_at(image, face, x0 + w - 0.5, y0 + 0.5) == rows[0]
        assert colour_at(image, face, x0 + w / 2, y0 + h - 0.5) == rows[1]
        for x, y in ((x0 - 0.5, y0 + 5), (x0 + w + 0.5, y0 + 5), (x0 + 5, y0 - 0.5), (x0 + 5, y0 + h + 0.5)):
            assert colour_at(image, face, x, y) == "#ffffff", (x, y)  # nothing spills out of the box
        # the edges to the tenth of a millimetre: every column and row of art pixels is inside the box
        left, top, right, bottom = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
        box_px = [round((v + face.bleed) * PX_PER_MM) for v in (x0, y0, x0 + w, y0 + h)]
        assert all(abs(a - b) <= 1 for a, b in zip((left, top, right, bottom), box_px)), (left, top, right, bottom)


def test_in_a_tall_box_the_anchor_says_which_side_stays(project):
    x0, y0, w, h = TALL_BOX
    for anchor, corner in (("left", "#000000"), ("right", BANDS[0])):
        face = face_of(project, anchor, box=TALL_BOX)
        for image in (drawn_svg(face), drawn_pdf(face)):
            # the 60 mm art, 30 mm of it shown; left: its first 30 mm, which hold the 15 mm black square
            assert colour_at(image, face, x0 + 0.5, y0 + 0.5) == corner
            assert colour_at(image, face, x0 + w - 0.5, y0 + h - 0.5) == BANDS[3]
            assert colour_at(image, face, x0 - 0.5, y0 + 5) == colour_at(image, face, x0 + w + 0.5, y0 + 5) == "#ffffff"


@pytest.mark.parametrize(
    ("anchor", "box"), [("top-left", BOX), ("bottom-right", BOX), ("centre", TALL_BOX), ("right", TALL_BOX)]
)
def test_vector_and_raster_art_are_cut_alike_in_svg_and_in_the_pdf(project, anchor, box):
    """The same art as SVG and as PNG, covered into the box with the same anchor, drawn by resvg
    from the face's SVG and by PDFium from the painter's PDF at 10 px/mm: the mean difference
    over all pixels and channels is under 1.5 levels of 255 between any two of the four, and no
    more than 1 % of the pixels differ by more than 64 (anti-aliased edges, a pixel wide)."""
    vector = face_of(project, anchor, box=box)
    raster = face_of(project, anchor, "bands.png", box)
    images = [drawn_svg(vector), drawn_pdf(vector), drawn_svg(raster), drawn_pdf(raster)]
    for other in images[1:]:
        difference = ImageChops.difference(images[0], other)
        assert sum(ImageStat.Stat(difference).mean) / 3 < 1.5
        strong = difference.convert("L").point(lambda v: 255 if v > 64 else 0)
        assert ImageStat.Stat(strong).mean[0] / 255 < 0.01


def test_the_png_export_cuts_the_art_as_the_face_does(project):
    """The PNG export (PDFium from the sheets' painter) of the face with its bleed at 254 dpi
    (10 px/mm) against resvg's drawing of the face's SVG: mean difference under 1.5 levels."""
    face = face_of(project, "top-left", box=TALL_BOX)
    game = load_game("photo")
    files = export(game, render_faces(game, jobs=1), "png", dpi=254, bleed=True, jobs=1)
    png = Image.open(io.BytesIO(next(v for k, v in files.items() if k.endswith("/island-01.png")))).convert("RGB")
    svg = drawn_svg(face)
    assert png.size == svg.size == (760, 760)
    assert colour_at(png, face, TALL_BOX[0] + 0.5, TALL_BOX[1] + 0.5) == "#000000"  # the art's top-left corner
    assert colour_at(png, face, TALL_BOX[0] - 0.5, TALL_BOX[1] + 5) == "#ffffff"  # nothing spills out
    assert sum(ImageStat.Stat(ImageChops.difference(png, svg)).mean) / 3 < 1.5
