"""CMYK art kept CMYK in the DriveThruCards file (issue 28, item 1): a CMYK JPEG with its profile
is a DeviceCMYK image of its own bytes there, and sRGB in faces, sheets and PNG exports."""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess

import pikepdf
import pypdfium2
import pytest
from helpers.photokit import FOGRA, cmyk_deck, cmyk_sky_jpeg
from PIL import Image, ImageChops

from pnp.export import export
from pnp.export.cmykart import most_ink
from pnp.face.raster import load_raster
from pnp.sheets.impose import impose
from pnp.sheets.spec import SheetSpec

GS, MUTOOL = shutil.which("gs"), shutil.which("mutool")


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    """{"cmyk": the deck with a CMYK sky, "srgb": the same deck with the sky in sRGB}."""
    out = {}
    for name, sky in (("cmyk", cmyk_sky_jpeg(FOGRA)), ("srgb", None)):
        root = tmp_path_factory.mktemp(name)
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(root)
            out[name] = (root, *cmyk_deck(root, sky))
    return out


_OPEN: list[pikepdf.Pdf] = []  # the documents whose objects the tests look at, kept open


def _images(pdf: bytes) -> list[pikepdf.Stream]:
    document = pikepdf.open(io.BytesIO(pdf))
    _OPEN.append(document)
    return [o for o in document.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]


def test_a_cmyk_jpeg_is_a_devicecmyk_image_of_its_own_bytes(decks):
    root, _, _, pdf, warnings = decks["cmyk"]
    (jpeg,) = [o for o in _images(pdf) if o.get("/Filter") == "/DCTDecode"]
    assert jpeg.ColorSpace == "/DeviceCMYK" and (int(jpeg.Width), int(jpeg.Height)) == (1000, 750)
    assert jpeg.read_raw_bytes() == (root / "templates/photo/art/sky.jpg").read_bytes()  # passed through
    assert list(jpeg.Decode) == [1, 0] * 4  # the Adobe JPEG's CMYK is stored inverted
    assert warnings == []


def test_every_front_page_draws_the_picture_under_its_masked_face(decks):
    _, _, _, pdf, _ = decks["cmyk"]
    document = pikepdf.open(io.BytesIO(pdf))
    fronts = document.pages[1::2]
    assert len(fronts) == 3
    for page in fronts:
        operators = [str(op) for _, op in pikepdf.parse_content_stream(page)]
        assert operators == ["q", "cm", "Do", "Q", "q", "cm", "Do", "Q"]
        face = page.Resources.XObject.Face
        assert face.ColorSpace == "/DeviceCMYK" and face.Mask.ImageMask is True
        assert "/SMask" not in face
        mask = face.Mask
        shows = Image.frombytes("1", (int(mask.Width), int(mask.Height)), mask.read_bytes())
        # the sky shows but under the number and the island, and not in the outermost three rows and
        # columns: the 1/8 in bleed reaches 0.175 mm (2.07 px) past the face's 3 mm, where the face's
        # image repeats its edge and the sky's JPEG does not reach
        left, top, right, bottom = shows.getbbox()
        assert (left, top, mask.Width - right, mask.Height - bottom) == (3, 3, 3, 3)
        assert shows.getpixel((right - 1, bottom - 1)) and shows.getpixel((left, top))
        hidden = shows.convert("L").histogram()[0] / (mask.Width * mask.Height)
        assert 0.25 < hidden < 0.5  # the island (3/8 of the card) and the number


def test_faces_sheets_and_png_exports_get_the_picture_in_srgb(decks):
    root, game, faces, _, _ = decks["cmyk"]
    raster = load_raster(root / "templates/photo/art/sky.jpg")
    assert raster.cmyk == (root / "templates/photo/art/sky.jpg").read_bytes()
    face = next(f for f in faces if f.id == "island-01")
    href = re.search(r'href="data:image/jpeg;base64,([^"]+)"', face.svg).group(1)
    assert Image.open(io.BytesIO(base64.b64decode(href))).mode == "RGB"
    sheets = [o for o in _images(impose(game, faces, SheetSpec())) if o.get("/Filter") == "/DCTDecode"]
    assert [str(o.ColorSpace) for o in sheets] == ["/DeviceRGB"]
    pngs = export(game, faces, "png", jobs=1)
    assert {Image.open(io.BytesIO(data)).mode for name, data in pngs.items() if name.endswith(".png")} == {"RGB"}


def test_the_page_looks_as_the_deck_with_the_srgb_picture_does(decks):
    """PDFium draws the front of island 23 from both decks at 4 px/mm: the mean difference over
    all pixels and channels is under 4 levels of 255 (the sky's CMYK numbers are the same
    separation, through a JPEG), and under 3 % of the pixels differ by more than 24 (the
    stencil's edge around the island and the number, one 300 dpi pixel wide)."""
    pages = [_front(decks[name][3]) for name in ("cmyk", "srgb")]
    difference = ImageChops.difference(*pages)
    levels = list(difference.tobytes())
    assert sum(levels) / len(levels) < 4.0
    assert sum(1 for v in levels[1::3] if v > 24) < 0.03 * pages[0].width * pages[0].height


def test_the_deck_is_the_same_bytes_on_one_core_or_two(decks):
    root, game, faces, pdf, _ = decks["cmyk"]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        (again,) = export(game, faces, "drivethru", warn=lambda _: None, jobs=2).values()
    assert again == pdf


def _front(pdf: bytes, index: int = 5) -> Image.Image:
    page = pypdfium2.PdfDocument(pdf)[index]
    return page.render(scale=4 * 25.4 / 72).to_pil().convert("RGB")


def test_a_turned_and_cropped_cmyk_picture_is_placed_as_the_face_places_it(tmp_path, monkeypatch):
    """The sky as a card's own art, turned 15° and cut to its box (cover, anchor left), under the
    island: the page of the CMYK deck against the page of the sRGB deck, drawn by PDFium at 4 px/mm
    (the same tolerances as above)."""
    template = {
        "size": [70, 70],
        "background": {"fill": "#ffffff"},
        "elements": [
            {
                "type": "art",
                "id": "sky",
                "name": "sky.jpg",
                "box": [10, 15, 50, 30],
                "fit": "cover",
                "anchor": "left",
                "rotate": 15,
            },
            {"type": "art", "id": "island", "name": "island-{decade}.png", "box": [20, 25, 30, 20]},
        ],
    }
    pages = []
    for name, sky in (("cmyk", cmyk_sky_jpeg(FOGRA)), ("srgb", None)):
        (tmp_path / name).mkdir()
        monkeypatch.chdir(tmp_path / name)
        _, _, pdf, warnings = cmyk_deck(tmp_path / name, sky, template)
        assert warnings == []
        pages.append(_front(pdf))
        jpegs = [o for o in _images(pdf) if o.get("/Filter") == "/DCTDecode"]
        assert [str(o.ColorSpace) for o in jpegs] == (["/DeviceCMYK"] if sky else [])
    difference = ImageChops.difference(*pages)
    levels = list(difference.tobytes())
    assert sum(levels) / len(levels) < 4.0
    assert sum(1 for v in levels[1::3] if v > 24) < 0.03 * pages[0].width * pages[0].height
    white = pages[0].getpixel((round((10 - 2 + 3.175) * 4), round((15 + 3.175) * 4)))  # left of the turned box
    assert white == (255, 255, 255)


@pytest.mark.skipif(not (GS and MUTOOL), reason="needs ghostscript (gs) and mupdf-tools (mutool)")
def test_the_deck_passes_ghostscript_and_mupdf_without_a_warning(decks, tmp_path):
    path = tmp_path / "deck.pdf"
    path.write_bytes(decks["cmyk"][3])
    gs = subprocess.run(
        [GS, "-q", "-dPDFSTOPONWARNING", "-dBATCH", "-dNOPAUSE", "-sDEVICE=nullpage", str(path)],
        capture_output=True,
        text=True,
    )
    assert gs.returncode == 0 and gs.stdout == gs.stderr == ""
    mutool = subprocess.run(
        [MUTOOL, "clean", "-d", str(path), str(tmp_path / "clean.pdf")], capture_output=True, text=True
    )
    assert mutool.returncode == 0 and mutool.stdout == mutool.stderr == ""


def test_a_cmyk_picture_with_more_pixels_than_print_needs_is_downsampled_in_cmyk(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, _, pdf, _ = cmyk_deck(tmp_path, cmyk_sky_jpeg(FOGRA, 3000, 2250))
    (jpeg,) = [o for o in _images(pdf) if o.get("/Filter") == "/DCTDecode"]
    # cover: the 4:3 sky fills the 76 mm square bleed box at 101.3 × 76 mm; 300 dpi of that
    assert (int(jpeg.Width), int(jpeg.Height)) == (1197, 898)
    assert jpeg.ColorSpace == "/DeviceCMYK"
    assert Image.open(io.BytesIO(jpeg.read_raw_bytes())).mode == "CMYK"


def test_a_cmyk_picture_over_the_ink_limit_is_printed_with_a_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    heavy = Image.new("CMYK", (400, 300), (255, 255, 255, 255))  # 400 % ink
    out = io.BytesIO()
    heavy.save(out, "JPEG", quality=95, icc_profile=FOGRA)
    assert most_ink(out.getvalue()) > 390
    *_, warnings = cmyk_deck(tmp_path, out.getvalue())
    assert warnings == [
        "island-01-background-art: its CMYK picture needs up to 400 % ink, more than DriveThruCards' 240 %; "
        "its CMYK numbers are printed as they are"
    ]
