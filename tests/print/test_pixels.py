"""Export images come from PDFium rendering the faces' PDF forms; they must match resvg's
rendering of the SVG faces: small mean difference and no element missing anywhere."""

from __future__ import annotations

import io

import pytest
from helpers.resvg_reference import render_region
from PIL import Image, ImageChops, ImageStat

from pnp.export.pixels import Picture, make_images, png_bytes
from pnp.export.raster import trim_region
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

DPI = 100
BLOCK = 8  # px: about 2 mm at 100 dpi; a missing element (a glyph, a number, an icon) is bigger


def _faces(game_id: str):
    game = load_game(game_id)
    faces = render_faces(game)
    used = {f.id: f for f in faces if any(f.id in (c.front_face_id, c.back_face_id) for c in game.cards)}
    return list(used.values())


def compare(faces):
    pictures = [Picture.of(f.id, trim_region(f, DPI, f.bleed), DPI) for f in faces]
    worst_mean, worst_block = (0.0, ""), (0.0, "")
    for face, picture, ours in zip(faces, pictures, make_images(faces, pictures)):
        theirs = render_region(face, picture.tiles[0].region)
        diff = ImageChops.difference(ours, theirs).convert("L")
        mean = ImageStat.Stat(diff).mean[0]
        blocks = diff.reduce(BLOCK)  # mean of each BLOCK × BLOCK square
        block = blocks.getextrema()[1]
        worst_mean = max(worst_mean, (mean, face.id))
        worst_block = max(worst_block, (block, face.id))
    return worst_mean, worst_block


@pytest.mark.parametrize("game_id", ["tranquility", "ascent"])
def test_pdfium_images_match_the_svg_rendering_of_every_face(game_id):
    (mean, mean_face), (block, block_face) = compare(_faces(game_id))
    assert mean <= 1.5, f"{mean_face}: mean difference {mean:.2f}/255"
    assert block <= 40, f"{block_face}: a {BLOCK} px square differs by {block}/255 on average: an element is missing"


def test_a_missing_element_is_caught():
    faces = _faces("tranquility")[:1]
    face = faces[0]
    import re
    from dataclasses import replace

    # drop the face's last glyph path: the comparison must see it
    paths = list(re.finditer(r"<path [^>]*/>", face.svg))
    last = paths[-1]
    broken = replace(face, svg=face.svg[: last.start()] + face.svg[last.end() :], layout=None)  # drawn from the text
    picture = Picture.of(face.id, trim_region(face, DPI, face.bleed), DPI)
    ours = make_images([broken], [picture])[0]
    theirs = render_region(face, picture.tiles[0].region)
    block = ImageChops.difference(ours, theirs).convert("L").reduce(BLOCK).getextrema()[1]
    assert block > 40


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_pngs_record_their_resolution_and_decode_to_the_same_pixels(mode):
    image = Image.new(mode, (30, 20), (10, 200, 30, 128)[: len(mode)] if mode != "L" else 77)
    image.putpixel((3, 4), (255, 0, 0, 0)[: len(mode)] if mode != "L" else 255)
    image.putpixel((29, 19), (1, 2, 3, 4)[: len(mode)] if mode != "L" else 1)
    data = png_bytes(image, 300)
    assert data == png_bytes(image, 300)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == mode and back.size == image.size
    assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert back.tobytes() == image.tobytes()


@pytest.mark.parametrize("cores", [1, 2])
def test_progress_counts_every_picture_once_and_results_keep_their_order(cores):
    import pnp.export.pixels as px

    faces = _faces("tranquility")[:20]
    pictures = [Picture.of(f.id, trim_region(f, 10, 0.0), 10) for f in faces]
    seen: list[tuple[int, int]] = []
    sizes = px.map_pictures(faces, pictures, _size, lambda n, total: seen.append((n, total)), jobs=cores)
    assert sizes == [(p.width, p.height, p.tiles[0].face_id) for p in pictures]
    assert sum(n for n, _ in seen) == len(pictures) and {total for _, total in seen} == {len(pictures)}
    assert len(seen) < len(pictures)  # reported per part (at most 8 pictures), on one core or two


def _size(image, picture):
    return (image.width, image.height, picture.tiles[0].face_id)


def test_the_progress_bar_shows_nothing_off_a_terminal(capsys):
    from pnp.cli.export_report import progress_bar

    with progress_bar("tgc images", quiet=False) as advance:
        advance(3, 10)
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("game_id", ["tranquility", "ascent"])
def test_pngs_drawn_straight_into_png_rows_are_the_pngs_of_the_general_path(game_id):
    """The Game Crafter's images (a bleed wider than the faces': edge pixels repeated) drawn into PNG
    rows by PDFium give the very bytes of drawing, converting and encoding the image."""
    from pnp.export import pixels as px
    from pnp.export.faces import faces_in_use, product_region
    from pnp.export.products import NoProduct, product_for
    from pnp.export.raster import drawn_edges

    game = load_game(game_id)
    used = faces_in_use(game, render_faces(game))
    pictures = []
    for face in used:
        try:
            fit = product_for("tgc", face.width, face.height, None, face.shape)
        except NoProduct:
            continue
        region, _ = product_region(face, fit)
        pictures.append(Picture.of(face.id, region, 100, full_bleed=face.shape == "triangle"))
    layers = px.split_layers(used)
    pages = px._pages(used, layers)
    book = px._Book(used, px.faces_pdf(pages), pages, layers)
    straight = [book.png(p) for p in pictures]
    assert sum(s is not None for s in straight) >= len(pictures) * 2 // 3
    assert any(drawn_edges(book.faces[p.tiles[0].face_id], p.tiles[0].region) for p in pictures)
    for picture, made in zip(pictures, straight):
        if made is not None:
            assert made == png_bytes(book.picture(picture), picture.dpi), picture.tiles[0].face_id
