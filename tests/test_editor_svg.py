"""SVG as editors save it (issue 28, item 3): Inkscape's plain and Inkscape SVG (made with Inkscape
1.2's command line from tests/fixtures/editor-svg/source.svg: `inkscape source.svg
--export-plain-svg`, `--export-type=svg`, `--export-plain-svg --export-text-to-path`) and an
Illustrator-style SVG 1.1 file written by hand to Illustrator's export conventions (DOCTYPE, `<style
type="text/css">` classes .st0…, SVGID_ gradients in user space, a clip path through `<use>`,
`xml:space`, text placed by a matrix). Each is drawn faithfully in the faces, the PDF and exports."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pypdfium2
import pytest
import resvg_py
from helpers.photokit import photo_project
from PIL import Image, ImageChops, ImageStat

from pnp.export.pixels import faces_pdf
from pnp.face.art import load_art
from pnp.face.editorsvg import FONT, EditorArt
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

CORPUS = Path(__file__).parent / "fixtures" / "editor-svg"
FILES = sorted(p.name for p in CORPUS.glob("*.svg"))
TEMPLATE = {
    "size": [70, 70],
    "background": {"fill": "paper"},
    "elements": [{"type": "art", "id": "scene", "name": "scene", "box": [5, 5, 60, 60]}],
}


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference over every pixel and channel, 0–255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_the_corpus_is_what_the_editors_wrote():
    assert FILES == [
        "illustrator-svg11.svg",
        "inkscape-outlines.svg",
        "inkscape-plain.svg",
        "inkscape-svg.svg",
        "source.svg",
    ]
    inkscape = (CORPUS / "inkscape-svg.svg").read_text()
    assert "sodipodi:namedview" in inkscape and "inkscape:version" not in (CORPUS / "inkscape-plain.svg").read_text()
    assert "<text" not in (CORPUS / "inkscape-outlines.svg").read_text()


@pytest.mark.parametrize("name", FILES)
def test_editor_art_is_read_without_hand_cleaning(name):
    art = load_art(CORPUS / name)
    assert isinstance(art, EditorArt)
    assert art.viewbox in ((0.0, 0.0, 60.0, 60.0), (0.0, 0.0, 170.1, 170.1))


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    photo_project(tmp_path, template=TEMPLATE)
    return tmp_path


@pytest.mark.parametrize("name", FILES)
def test_the_face_in_svg_and_in_the_pdf_show_the_art_as_resvg_draws_the_file(project, name):
    """Three drawings at 4 px/mm of one face: the face's SVG by resvg, the face in the painter's PDF
    by PDFium, and the art file itself by resvg placed in the same box. Each pair differs by less
    than 3 levels of 255 on average (resampling of the 600 dpi picture and anti-aliased edges)."""
    shutil.copy(CORPUS / name, project / "templates/photo/art/scene.svg")
    game = load_game("photo")
    face = next(f for f in render_faces(game, jobs=1) if f.id == "island-23")
    assert re.search(
        r'<image id="island-23-scene" x="5" y="5" width="60" height="60" '
        r'preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,',
        face.svg,
    )
    size = 304  # the 76 mm bleed box at 4 px/mm
    drawn_svg = rgb(bytes(resvg_py.svg_to_bytes(svg_string=face.svg, dpi=96, width=size)))
    page = pypdfium2.PdfDocument(faces_pdf([face]))[0]
    drawn_pdf = page.render(scale=size / page.get_width()).to_pil().convert("RGB")
    own = rgb(
        bytes(
            resvg_py.svg_to_bytes(
                svg_path=str(CORPUS / name),
                dpi=96,
                width=240,
                font_family=FONT,
                font_files=[str(p) for p in _fonts()],
                skip_system_fonts=True,
            )
        )
    )
    paper = drawn_svg.getpixel((5, 5))
    expected = Image.new("RGB", (size, size), paper)
    expected.paste(own, (32, 32))
    assert mean_difference(drawn_svg, drawn_pdf) < 3.0
    assert mean_difference(drawn_svg, expected) < 3.0


def _fonts() -> list[Path]:
    from fontpkg_atkinson_hyperlegible import ROOT

    return sorted((ROOT / "files").glob("*.ttf"))


def test_text_is_set_in_the_project_font_whatever_family_it_names(tmp_path):
    def drawn(family: str) -> bytes:
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 20">'
            f'<text x="2" y="15" font-family="{family}" font-size="12">Isola 7</text></svg>'
        )
        path = tmp_path / f"{abs(hash(family))}.svg"
        path.write_text(svg, encoding="utf-8")
        art = load_art(path)
        assert isinstance(art, EditorArt)
        from pnp.face.editorsvg import draw_editor_art

        return draw_editor_art(art, 600, 200).data

    assert drawn("Arial") == drawn("Atkinson Hyperlegible") == drawn("'MyriadPro-Regular'")
    assert Image.open(io.BytesIO(drawn("Arial"))).getbbox() is not None  # something is drawn


def test_the_same_art_on_many_cards_is_one_picture_in_the_pdf(project):
    shutil.copy(CORPUS / "inkscape-svg.svg", project / "templates/photo/art/scene.svg")
    import pikepdf

    from pnp.sheets.impose import impose
    from pnp.sheets.spec import SheetSpec

    game = load_game("photo")
    pdf = impose(game, render_faces(game, jobs=1), SheetSpec())
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        images = [o for o in doc.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
    assert len([i for i in images if "/SMask" in i]) == 1  # 80 islands, one picture (and its mask)
