"""Raster art (issue 28, item 1): PNG, JPEG and WebP on cards, in faces, PDF sheets and exports."""

from __future__ import annotations

import base64
import io
import json
import pickle
import re
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import resvg_py
from helpers.photokit import island_png, photo_project
from PIL import Image
from typer.testing import CliRunner

import pnp.export
from pnp.cli import app
from pnp.export.pixels import faces_pdf
from pnp.face.raster import RasterError, load_raster
from pnp.pipeline.load import load_game
from pnp.sheets.impose import impose
from pnp.sheets.spec import SheetSpec
from pnp.svg.faces import render_faces

FOGRA = Path(pnp.export.__file__).parent / "icc" / "FOGRA39L-240.icc"  # installed or checkout alike


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    photo_project(tmp_path)
    return tmp_path


def faces_of(name: str = "photo"):
    game = load_game(name)
    return game, render_faces(game, jobs=1)


def image_dicts(pdf: bytes) -> list[dict]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [
            {
                "width": int(obj.Width),
                "height": int(obj.Height),
                "filter": str(obj.get("/Filter")),
                "mask": "/SMask" in obj,
                "raw": obj.read_raw_bytes(),
            }
            for obj in doc.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
        ]


def test_a_face_holds_its_pictures_as_data_urls_placed_as_fit_and_anchor_say(project):
    _, faces = faces_of()
    face = next(f for f in faces if f.id == "island-01")
    images = re.findall(r"<image [^>]*>", face.svg)
    assert len(images) == 2  # the sky behind, the island on it
    sky, island = images
    assert 'preserveAspectRatio="xMidYMid slice"' in sky  # background art covers the bleed box
    assert 'preserveAspectRatio="xMidYMin slice"' in island  # "fit": "cover", "anchor": "top"
    assert 'x="5" y="10" width="60" height="50"' in island
    data = base64.b64decode(re.search(r'href="data:image/jpeg;base64,([^"]+)"', sky).group(1))
    assert data == (project / "templates/photo/art/sky.jpg").read_bytes()  # kept byte for byte


def test_the_pdf_embeds_each_picture_once_and_passes_the_jpeg_through(project):
    game, faces = faces_of()
    pdf = impose(game, faces, SheetSpec())
    found = image_dicts(pdf)
    pictures = [i for i in found if not (i["filter"] == "/FlateDecode" and i["width"] == 600 and not i["mask"])]
    jpegs = [i for i in found if i["filter"] == "/DCTDecode"]
    assert len(jpegs) == 1  # one sky for 80 cards on 10 pages
    assert jpegs[0]["raw"] == (project / "templates/photo/art/sky.jpg").read_bytes()  # not encoded again
    islands = [i for i in found if i["filter"] == "/FlateDecode" and i["mask"]]
    assert len(islands) == 8  # one per decade, each with its soft mask
    assert len(found) == 1 + 8 + 8, pictures  # the masks are the rest


def test_a_picture_with_more_pixels_than_print_needs_is_downsampled_to_300_dpi(project):
    (project / "templates/photo/art/island-1.png").write_bytes(island_png(1, (3000, 2000)))
    game, faces = faces_of()
    sizes = {(i["width"], i["height"]) for i in image_dicts(impose(game, faces, SheetSpec()))}
    # cover: the 3:2 picture fills the 60 × 50 mm box at 75 × 50 mm; 300 dpi of that is 886 × 591 px
    assert (886, 591) in sizes
    assert (3000, 2000) not in sizes


def test_sheets_with_pictures_are_the_same_bytes_every_time(project):
    game, faces = faces_of()
    assert impose(game, faces, SheetSpec()) == impose(game, faces, SheetSpec())


def test_exif_orientation_turns_the_picture_upright(tmp_path):
    image = Image.new("RGB", (200, 100), (200, 40, 40))
    exif = Image.Exif()
    exif[0x0112] = 6  # turned 90° clockwise to be seen
    image.save(tmp_path / "turned.jpg", exif=exif)
    raster = load_raster(tmp_path / "turned.jpg")
    assert (raster.width, raster.height) == (100, 200)
    assert raster.mime == "image/jpeg" and not raster.kept


def _png_chunks(data: bytes) -> list[bytes]:
    chunks, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        chunks.append(data[at : at + 12 + length])
        at += 12 + length
    return chunks


@pytest.mark.parametrize("exif_after_pixels", [False, True], ids=["exif-before-idat", "exif-after-idat"])
def test_a_png_s_exif_orientation_turns_it_upright_wherever_the_chunk_lies(tmp_path, exif_after_pixels):
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    Image.new("RGB", (200, 100), (200, 40, 40)).save(out, "PNG", exif=exif)
    chunks = _png_chunks(out.getvalue())
    if exif_after_pixels:  # allowed by the PNG specification; Pillow finds it only by decoding the pixels
        exif_chunk = next(c for c in chunks if c[4:8] == b"eXIf")
        chunks.remove(exif_chunk)
        chunks.insert(len(chunks) - 1, exif_chunk)  # just before IEND
    assert any(c[4:8] == b"eXIf" for c in chunks)
    (tmp_path / "turned.png").write_bytes(out.getvalue()[:8] + b"".join(chunks))
    raster = load_raster(tmp_path / "turned.png")
    assert (raster.width, raster.height) == (100, 200) and not raster.kept


def test_an_embedded_cmyk_profile_is_converted_to_srgb(tmp_path):

    profile = FOGRA.read_bytes()
    Image.new("CMYK", (50, 50), (0, 255, 255, 0)).save(tmp_path / "red.jpg", icc_profile=profile)
    raster = load_raster(tmp_path / "red.jpg")
    with Image.open(io.BytesIO(raster.data)) as image:
        r, g, b = image.convert("RGB").getpixel((25, 25))
    assert image.mode == "RGB" and "icc_profile" not in image.info
    assert r > 180 and g < 90 and b < 90  # process red, not the inverted colours a naive conversion gives


def test_a_plain_png_is_kept_byte_for_byte(tmp_path):
    Image.new("RGB", (20, 20), (120, 120, 120)).save(tmp_path / "plain.png")
    raster = load_raster(tmp_path / "plain.png")
    assert raster.kept and raster.data == (tmp_path / "plain.png").read_bytes()


def test_webp_is_read_and_carried_as_png(tmp_path):
    Image.new("RGBA", (40, 30), (10, 200, 10, 128)).save(tmp_path / "leaf.webp", lossless=True)
    raster = load_raster(tmp_path / "leaf.webp")
    assert raster.mime == "image/png" and (raster.width, raster.height) == (40, 30)
    with Image.open(io.BytesIO(raster.data)) as image:
        assert image.mode == "RGBA" and image.getpixel((5, 5))[3] == 128


def test_the_face_in_the_pdf_matches_the_face_drawn_by_resvg(project):
    """The same face drawn by resvg from its SVG and by PDFium from the painter's PDF: the mean
    difference over all pixels and channels is under 2 levels of 255, and no more than 2 % of the
    pixels differ by more than 32 (anti-aliasing at edges)."""
    _, faces = faces_of()
    face = next(f for f in faces if f.id == "island-23")
    size = 304  # 76 mm at 4 px/mm
    svg_png = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=face.svg, dpi=96, width=size)))).convert(
        "RGB"
    )
    page = pypdfium2.PdfDocument(faces_pdf([face]))[0]
    pdf_png = page.render(scale=size / page.get_width()).to_pil().convert("RGB")
    assert svg_png.size == pdf_png.size == (size, size)
    a, b = svg_png.tobytes(), pdf_png.tobytes()
    diffs = [abs(x - y) for x, y in zip(a, b)]
    assert sum(diffs) / len(diffs) < 2.0
    assert sum(1 for d in diffs[::3] if d > 32) < 0.02 * size * size


def test_validate_warns_below_200_dpi_and_refuses_below_100(project):
    runner = CliRunner()
    (project / "templates/photo/art/island-2.png").write_bytes(island_png(2, (400, 300)))
    result = runner.invoke(app, ["validate", "photo", "--no-simulate"])
    assert result.exit_code == 0, result.output
    warning = [line for line in result.stderr.splitlines() if "dpi" in line]
    assert len(warning) == 1
    assert warning[0].endswith(
        "templates/photo/art/island-2.png prints at 152 dpi on card island-11 (island, a 60 × 50 mm box): "
        "below 200 dpi it looks soft; give the image more pixels or a smaller box"
    )
    (project / "templates/photo/art/island-1.png").write_bytes(island_png(1, (150, 100)))
    result = runner.invoke(app, ["validate", "photo", "--no-simulate"])
    assert result.exit_code == 1
    assert (
        "templates/photo/art/island-1.png prints at 51 dpi on card island-01 (island, a 60 × 50 mm box): below "
        '100 dpi it prints blurred; give the image more pixels or a smaller box, or say "low_resolution": "allow" '
        "in the spec" in result.stderr
    )
    photo_project(project, spec={"low_resolution": "allow"})
    (project / "templates/photo/art/island-1.png").write_bytes(island_png(1, (150, 100)))
    result = runner.invoke(app, ["validate", "photo", "--no-simulate"])
    assert result.exit_code == 0
    assert "island-1.png prints at 51 dpi" in result.stderr


def test_a_missing_image_names_the_folders_looked_in(project):
    (project / "templates/photo/art/island-3.png").unlink()
    result = CliRunner().invoke(app, ["validate", "photo", "--no-simulate"])
    assert result.exit_code == 1
    assert "image 'island-3.png' not found (looked in card_specs, templates/photo/art" in result.stderr


def test_a_raster_error_is_a_pnp_error(tmp_path):
    (tmp_path / "x.png").write_bytes(b"not a png")
    with pytest.raises(RasterError, match=r"x.png: not a PNG, JPEG or WebP image that can be read"):
        load_raster(tmp_path / "x.png")


def test_image_dpi_sets_the_resolution_pictures_are_downsampled_to(project):
    (project / "templates/photo/art/island-1.png").write_bytes(island_png(1, (3000, 2000)))
    game, faces = faces_of()
    sizes = {
        (i["width"], i["height"]) for i in image_dicts(impose(game, faces, SheetSpec.from_options(image_dpi="150")))
    }
    assert (443, 296) in sizes  # the 75 × 50 mm it is printed at, at 150 dpi
    assert SheetSpec.from_options(image_dpi="600dpi").image_dpi == 600.0


@pytest.mark.parametrize(
    "value,message", [("fast", "is not a number"), ("5000", "is out of range: give 72 to 1200 dpi")]
)
def test_a_bad_image_dpi_is_a_usage_error(project, value, message):
    result = CliRunner().invoke(app, ["sheets", "photo", "--image-dpi", value, "--out", "out"])
    assert result.exit_code == 2
    assert f"The image resolution {value!r} {message}" in result.stderr


def test_a_changed_picture_beside_the_spec_is_drawn_again(project):
    template = json.loads((project / "templates/photo/island.json").read_text())
    template["elements"][0]["name"] = "photos/sea.png"
    (project / "templates/photo/island.json").write_text(json.dumps(template))
    (project / "card_specs/photos").mkdir()
    (project / "card_specs/photos/sea.png").write_bytes(island_png(1))
    build = ["build", "photo", "--out", "out", "--no-setup", "--no-booklet", "--paper", "a4"]
    assert CliRunner().invoke(app, build).exit_code == 0
    before = (project / "out/photo/svg/island-01.svg").read_text()
    assert "photo: unchanged" in CliRunner().invoke(app, build).output
    (project / "card_specs/photos/sea.png").write_bytes(island_png(5))
    assert CliRunner().invoke(app, build).exit_code == 0
    assert (project / "out/photo/svg/island-01.svg").read_text() != before


def _picture_of(path: Path):
    from pnp.pdf.paint import _picture

    return _picture(load_raster(path))


def test_a_picture_sent_without_its_bytes_reads_its_file_again_for_another_size(tmp_path):
    from pnp.pdf.image import pdf_image

    (tmp_path / "sky.png").write_bytes(island_png(3, (300, 200)))
    whole = _picture_of(tmp_path / "sky.png")
    light = whole.light()
    assert light.data == b"" and light.source == str(tmp_path / "sky.png") and light.name == whole.name
    assert len(pickle.dumps(light)) < 1000  # what a worker sends back for a photo it has made ready
    assert pdf_image(light, (150, 100)) == pdf_image(whole, (150, 100))


def test_a_picture_whose_file_changed_during_the_build_is_refused_by_name(tmp_path):
    from pnp.pdf.image import pdf_image

    (tmp_path / "sky.png").write_bytes(island_png(3, (300, 200)))
    light = _picture_of(tmp_path / "sky.png").light()
    (tmp_path / "sky.png").write_bytes(island_png(4, (300, 201)))
    with pytest.raises(ValueError, match=r"sky.png changed while the sheets were drawn; build again"):
        pdf_image(light, (150, 100))


def test_a_drawn_picture_has_no_file_and_keeps_its_bytes():
    from pnp.pdf.image import Picture

    drawn = Picture("img0", b"png bytes", 10, 10, False)
    assert drawn.light() is drawn
