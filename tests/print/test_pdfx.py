"""DriveThruCards decks are PDF/X-1a:2003: every requirement checked with pikepdf, on a deck of
flat faces and on one whose art is a CMYK JPEG (kept CMYK, under a stencil-masked face)."""

from __future__ import annotations

import io

import pikepdf
import pytest
from helpers.photokit import FOGRA, cmyk_deck, cmyk_sky_jpeg
from helpers.printkit import island_game
from pikepdf import Name
from PIL import Image

from pnp.export import export
from pnp.export.pdfx import MAX_INK

COLOUR_OPERATORS = {"rg", "RG", "k", "K", "g", "G", "cs", "CS", "sc", "SC", "scn", "SCN"}


@pytest.fixture(scope="module", params=["flat faces", "cmyk art"])
def deck(request, tmp_path_factory):
    if request.param == "cmyk art":
        root = tmp_path_factory.mktemp("cmyk")
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(root)
            data = cmyk_deck(root, cmyk_sky_jpeg(FOGRA))[2]
    else:
        game, faces = island_game(3, 2)
        data = next(iter(export(game, faces, "drivethru").values()))
    return data, pikepdf.open(io.BytesIO(data))


def test_the_output_intent_names_a_registered_condition(deck):
    _, pdf = deck
    (intent,) = pdf.Root.OutputIntents
    assert intent.Type == Name.OutputIntent and intent.S == Name.GTS_PDFX
    assert str(intent.OutputConditionIdentifier) == "FOGRA39"
    assert str(intent.RegistryName) == "http://www.color.org"


def test_the_output_intent_embeds_a_cmyk_output_profile_of_fogra39(deck):
    from PIL import ImageCms

    _, pdf = deck
    (intent,) = pdf.Root.OutputIntents
    assert intent.DestOutputProfile.N == 4
    data = intent.DestOutputProfile.read_bytes()
    assert data[36:40] == b"acsp" and data[8] == 2  # an ICC profile, version 2 (PDF 1.4's)
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
    assert (profile.device_class, profile.xcolor_space.strip()) == ("prtr", "CMYK")
    assert "FOGRA39" in profile.profile_description


def test_the_document_says_what_it_is(deck):
    data, pdf = deck
    assert data.startswith(b"%PDF-1.4") or data.startswith(b"%PDF-1.3")
    info = pdf.trailer.Info
    assert str(info.GTS_PDFXVersion) == "PDF/X-1:2003"
    assert info.Trapped in (Name("/False"), Name("/True"))
    assert str(info.Title) and "/CreationDate" in info and "/ModDate" in info
    assert len(pdf.trailer.ID) == 2


def test_every_page_has_a_trim_box_inside_its_bleed_box_inside_its_media_box(deck):
    _, pdf = deck
    for page in pdf.pages:
        media, bleed, trim = ([float(v) for v in page.obj[key]] for key in ("/MediaBox", "/BleedBox", "/TrimBox"))
        assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
        assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
        assert trim[2] - trim[0] == pytest.approx(70 / 25.4 * 72, abs=0.01)


def _objects(pdf):
    return [obj for obj in pdf.objects if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream))]


def test_only_cmyk_and_gray_with_no_transparency(deck):
    _, pdf = deck
    for obj in _objects(pdf):
        if obj.get("/Subtype") == Name.Image and obj.get("/ImageMask") is not True:
            assert obj.ColorSpace in (Name.DeviceCMYK, Name.DeviceGray)
            assert "/SMask" not in obj
            assert "/Mask" not in obj or obj.Mask.ImageMask is True  # explicit masking (PDF 1.3), not transparency
        assert obj.get("/S") != Name.Transparency
        if obj.get("/Type") == Name.ExtGState:
            assert float(obj.get("/CA", 1)) == 1 and float(obj.get("/ca", 1)) == 1 and "/SMask" not in obj
    for page in pdf.pages:
        for _operands, operator in pikepdf.parse_content_stream(page):
            assert str(operator) not in {"rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS", "sh"}, operator


def test_every_font_is_embedded(deck):
    _, pdf = deck
    for obj in _objects(pdf):
        if obj.get("/Type") == Name.FontDescriptor:
            assert any(key in obj for key in ("/FontFile", "/FontFile2", "/FontFile3"))
        if obj.get("/Type") == Name.Font and obj.get("/Subtype") in (Name.Type1, Name.TrueType):
            assert "/FontDescriptor" in obj


def test_no_spot_carries_more_than_the_ink_limit(deck):
    _, pdf = deck
    checked = 0
    for obj in _objects(pdf):
        if obj.get("/Subtype") == Name.Image and obj.get("/ImageMask") is not True:
            # the pixels as they are stored (pikepdf would apply a face's mask, and invert an Adobe
            # JPEG's CMYK twice: Pillow reads it inverted, as /Decode [1 0 …] tells PDF readers)
            if obj.get("/Filter") == Name.DCTDecode:
                image = Image.open(io.BytesIO(obj.read_raw_bytes()))
            else:
                image = Image.frombytes("CMYK", (int(obj.Width), int(obj.Height)), obj.read_bytes())
            c, m, y, k = (band for band in image.split())
            from PIL import ImageMath

            total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
            assert total.getextrema()[1] <= MAX_INK * 255 / 100
            checked += 1
    jpegs = sum(1 for obj in _objects(pdf) if obj.get("/Filter") == Name.DCTDecode)
    # the distinct faces: 3 islands, the border, 2 backs; or 3 islands, their back and the CMYK sky
    assert (checked, jpegs) in ((6, 0), (5, 1))
