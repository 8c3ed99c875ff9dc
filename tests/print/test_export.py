"""Exports: sizes in pixels and millimetres, DPI metadata, page order, deck sheets, cut files."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from helpers.printkit import island_game, make_face, nearest_face, page_size_mm, pdf_pages, render
from PIL import Image

from pnp.core.errors import UsageError
from pnp.export import TARGETS, export
from pnp.export.drivethru import to_cmyk
from pnp.export.products import product_for
from pnp.game.model import CardSize
from pnp.sheets.plan import plan_sheets
from pnp.sheets.spec import SheetSpec


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _files(result: dict[str, bytes], game_id: str, target: str) -> dict[str, bytes]:
    prefix = f"{game_id}/export/{target}/"
    assert all(path.startswith(prefix) for path in result)
    return {path[len(prefix) :]: data for path, data in result.items()}


@pytest.fixture(scope="module")
def small_islands():
    """3 islands (shared back) and 2 borders: 5 distinct faces, 5 cards."""
    return island_game(3, 2)


def test_game_crafter_pngs_are_300_dpi_with_bleed_at_the_euro_square_size(small_islands):
    game, faces = small_islands
    warnings: list[str] = []
    files = _files(export(game, faces, "tgc", warn=warnings.append), game.id, "tgc")
    pngs = {name: _png(data) for name, data in files.items() if name.endswith(".png")}
    assert sorted(pngs) == [
        "back-back.png",
        "back-border.png",
        "border.png",
        "island-01.png",
        "island-02.png",
        "island-03.png",
    ]
    for image in pngs.values():
        assert image.size == (900, 900)  # 2.76 in + 2 × 0.12 in at 300 dpi: the 70 mm Euro square
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
        assert image.mode == "RGB"
    assert warnings == []  # 70 mm is the Euro square deck: no size warning


def test_the_face_sits_at_the_products_trim_inside_its_bleed(small_islands):
    game, faces = small_islands
    image = _png(_files(export(game, faces, "tgc"), game.id, "tgc")["island-02.png"])
    px_per_mm = 900 / (2.76 * 25.4 + 2 * 0.12 * 25.4) * (2.76 * 25.4 / 70)  # product px per face mm
    bleed_px = 0.12 * 300
    assert nearest_face(image.getpixel((2, 2)), faces) == "island-02"  # the bleed is the face's background
    mark_centre = bleed_px + 8.0 * px_per_mm  # the synthetic corner mark spans face mm 3..13
    assert max(image.getpixel((round(mark_centre), round(mark_centre)))) < 30
    just_outside_mark = bleed_px + 14.0 * px_per_mm
    assert nearest_face(image.getpixel((round(just_outside_mark), round(mark_centre))), faces) == "island-02"


def test_cards_csv_lists_every_card_with_its_copies_and_images(small_islands):
    game, faces = small_islands
    files = _files(export(game, faces, "tgc"), game.id, "tgc")
    rows = list(csv.DictReader(io.StringIO(files["cards.csv"].decode())))
    assert [(r["card"], r["copies"], r["front"], r["back"]) for r in rows] == [
        ("island-01", "1", "island-01.png", "back-back.png"),
        ("island-02", "1", "island-02.png", "back-back.png"),
        ("island-03", "1", "island-03.png", "back-back.png"),
        ("border", "2", "border.png", "back-border.png"),
    ]


def _poker_game():
    from dataclasses import replace

    game, faces = island_game(2, 0)
    poker = CardSize(63.5, 88.9)
    kinds = tuple(replace(k, size=poker, cards=tuple(replace(c, size=poker) for c in k.cards)) for k in game.kinds)
    faces = tuple(make_face(f.id, i, 63.5, 88.9, 3.175) for i, f in enumerate(faces))
    return replace(game, kinds=kinds, card=poker), faces


@pytest.mark.parametrize("service, size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_poker_cards_get_each_services_poker_image_size(service, size):
    game, faces = _poker_game()
    files = _files(export(game, faces, service), game.id, service)
    assert {_png(d).size for n, d in files.items() if n.endswith(".png")} == {size}


def test_a_card_no_product_matches_is_exported_at_its_own_size_with_a_warning(small_islands):
    game, faces = small_islands
    warnings: list[str] = []
    files = _files(export(game, faces, "mpc", warn=warnings.append), game.id, "mpc")
    assert _png(files["island-01.png"]).size == (899, 899)  # 70 mm = 827 px, + 36 px each side
    assert warnings == [
        "square faces of 70.0 × 70.0 mm: no MakePlayingCards product is 70.0 × 70.0 mm; "
        "the images are 70.0 × 70.0 mm with its bleed, for a custom size"
    ]


def test_choosing_a_product_of_other_proportions_is_refused(small_islands):
    game, faces = small_islands
    with pytest.raises(UsageError, match=r"cannot be fitted to the poker-deck .* without stretching"):
        export(game, faces, "tgc", product="poker-deck")
    with pytest.raises(UsageError, match=r"The Game Crafter has no product 'huge'"):
        product_for("tgc", 70, 70, "huge")


def test_a_nearby_product_scales_the_faces_and_says_so():
    fit = product_for("tgc", 66.0, 66.0)
    assert fit.product.name == "small-square-deck" or fit.product.name == "euro-square-deck"
    assert "the faces are scaled to fit" in fit.note


def test_drivethru_has_one_card_per_page_back_before_front_every_copy(small_islands):
    game, faces = small_islands
    files = _files(export(game, faces, "drivethru"), game.id, "drivethru")
    assert list(files) == ["testgame-70x70mm.pdf"]
    doc = pdf_pages(files["testgame-70x70mm.pdf"])
    assert len(doc) == 2 * 5  # 5 physical cards, back then front
    for index in range(len(doc)):
        assert page_size_mm(doc[index]) == pytest.approx((70 + 2 * 3.175, 70 + 2 * 3.175), abs=0.01)
        left, _bottom, right, _top = doc[index].get_trimbox()
        assert (right - left) / 72 * 25.4 == pytest.approx(70.0, abs=0.01)
    order = []
    for index in range(len(doc)):
        image = render(doc[index], 20)
        order.append(_nearest_cmyk(image.getpixel((image.width // 2, image.height // 2)), faces))
    assert order == [
        "back-back",
        "island-01",
        "back-back",
        "island-02",
        "back-back",
        "island-03",
        "back-border",
        "border",
        "back-border",
        "border",
    ]


def _nearest_cmyk(rgb, faces):
    """The face whose colour, through the CMYK conversion and pdfium's display of it, is closest."""

    def shown(face):
        colour = re.search(r'id="bg"[^>]*fill="#([0-9a-f]{6})"', face.svg).group(1)
        cmyk = to_cmyk(Image.new("RGB", (1, 1), tuple(int(colour[i : i + 2], 16) for i in (0, 2, 4)))).getpixel((0, 0))
        c, m, y, k = (v / 255 for v in cmyk)
        return tuple(round(255 * (1 - v) * (1 - k)) for v in (c, m, y))  # pdfium's CMYK display

    return min(faces, key=lambda f: sum((a - b) ** 2 for a, b in zip(rgb, shown(f)))).id


def test_drivethru_images_are_cmyk_and_never_exceed_the_ink_limit(small_islands):
    game, faces = small_islands
    pdf = next(iter(export(game, faces, "drivethru").values()))
    images = re.findall(rb"/ColorSpace /(\w+)[^>]*/Subtype /Image", pdf)
    assert images and set(images) == {b"DeviceCMYK"}
    extremes = [(0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 0, 255), (30, 60, 90), (200, 30, 10), (1, 2, 3)]
    probe = Image.new("RGB", (len(extremes), 1))
    probe.putdata(extremes)
    converted = to_cmyk(probe)
    for c, m, y, k in (converted.getpixel((i, 0)) for i in range(len(extremes))):
        assert c + m + y + k <= 2.4 * 255  # at most 240 % ink, DriveThruCards' limit


def test_tts_sheets_hold_at_most_69_cards_and_the_hidden_back_in_the_last_slot():
    game, faces = island_game(80, 3)
    files = _files(export(game, faces, "tts"), game.id, "tts")
    manifest = json.loads(files["decks.json"])
    assert [(d["deck"], d["width"], d["height"], d["number"]) for d in manifest] == [
        ("island", 10, 7, 69),
        ("island", 10, 2, 11),
        ("border", 4, 1, 3),
    ]
    first = _png(files[manifest[0]["face"]])
    assert first.width <= 4096 and first.height <= 4096
    slot_w, slot_h = first.width // 10, first.height // 7
    assert slot_w == 409 and slot_h == 409  # 4096 px / 10 columns, square cards
    assert first.info["dpi"] == pytest.approx((409 / (70 / 25.4),) * 2, abs=0.01)  # ~148 dpi, as shrunk, not 300
    back = next(f for f in faces if f.id == "back-back")
    for index, card_id in enumerate(manifest[0]["cards"][:12] + ["back-back"]):
        slot = index if card_id != "back-back" else 69
        row, column = divmod(slot, 10)
        centre = (column * slot_w + slot_w // 2, row * slot_h + slot_h // 2)
        assert nearest_face(first.getpixel(centre), faces) == card_id
    assert _png(files[manifest[0]["back"]]).size == (409, 409)
    assert nearest_face(_png(files["island-back.png"]).getpixel((200, 200)), [back]) == "back-back"


def test_tts_decks_with_a_back_per_card_get_a_sheet_of_backs(panorama_and_goats):
    game, faces = panorama_and_goats
    files = _files(export(game, faces, "tts"), game.id, "tts")
    manifest = {d["deck"]: d for d in json.loads(files["decks.json"])}
    panorama = manifest["panorama"]
    assert panorama["unique_backs"] and panorama["back"] == "panorama-backs.png"
    fronts, backs = _png(files[panorama["face"]]), _png(files[panorama["back"]])
    assert fronts.size == backs.size
    slot_w = fronts.width // panorama["width"]
    slot_h = fronts.height // panorama["height"]
    for index, card in enumerate(panorama["cards"]):
        centre = (index * slot_w + slot_w // 2, slot_h * 3 // 4)  # low in the box: inside the triangle
        assert nearest_face(fronts.getpixel(centre), faces) == card
        assert nearest_face(backs.getpixel(centre), faces) == f"{card}-back"


def test_png_previews_have_the_asked_resolution_in_pixels_and_metadata(small_islands):
    game, faces = small_islands
    files = _files(export(game, faces, "png", dpi=150), game.id, "png")
    image = _png(files["island-01.png"])
    assert image.size == (413, 413)  # 70 mm at 150 dpi
    assert tuple(round(v) for v in image.info["dpi"]) == (150, 150)
    with_bleed = _png(_files(export(game, faces, "png", dpi=150, bleed=True), game.id, "png")["island-01.png"])
    assert with_bleed.size == (449, 449)  # 76 mm


def test_cut_files_match_the_printed_sheets_line_for_line(small_islands):
    game, faces = small_islands
    spec = SheetSpec.from_options()
    files = _files(export(game, faces, "cut", sheet=spec), game.id, "cut")
    assert sorted(files) == ["testgame-a4-cut-01.svg", "testgame-a4-print.pdf"]
    svg = files["testgame-a4-cut-01.svg"].decode()
    assert 'width="210mm" height="297mm" viewBox="0 0 210 297"' in svg
    paths = re.findall(r'<path id="cut-\d+" data-card="([^"]+)" d="M ([\d.]+) ([\d.]+) L', svg)
    plan = plan_sheets(game, faces, SheetSpec.from_options(registration_marks=True))
    cells = plan.pages[0].cells
    assert [(card, float(x), float(y)) for card, x, y in paths] == [
        (p.card, pytest.approx(x), pytest.approx(y)) for p, (x, y) in zip(plan.pages[0].placements, cells)
    ]
    mark = ET.fromstring(svg).find(".//{http://www.w3.org/2000/svg}rect[@id='reg-0']")
    assert (mark.get("x"), mark.get("y"), mark.get("width"), mark.get("height")) == ("5", "5", "5", "5")
    printed = render(pdf_pages(files["testgame-a4-print.pdf"])[0], 100)
    assert max(printed.getpixel((round(7.5 / 25.4 * 100), round(7.5 / 25.4 * 100)))) < 40  # the same square, printed


def test_cut_lines_follow_triangles_and_circles(panorama_and_goats):
    game, faces = panorama_and_goats
    files = _files(export(game, faces, "cut"), game.id, "cut")
    svgs = [data.decode() for name, data in sorted(files.items()) if name.endswith(".svg")]
    assert len(re.findall(r"<path [^>]*d=\"M [\d.]+ [\d.]+ L [\d.]+ [\d.]+ L [\d.]+ [\d.]+ Z\"", svgs[0])) == 5
    assert len(svgs) == 1  # the goats fill free cells of the triangles' sheet (pnp/sheets/packing.py)
    assert len(re.findall(r"<circle ", svgs[0])) == 3


def test_exports_are_byte_identical_when_rebuilt(small_islands):
    game, faces = small_islands
    for target in ("tgc", "drivethru", "tts", "png", "cut"):
        assert export(game, faces, target) == export(game, faces, target)


def test_unknown_target_is_a_usage_error(small_islands):
    game, faces = small_islands
    with pytest.raises(
        UsageError, match=r"Unknown export target 'svg'; choose one of tgc, mpc, drivethru, tts, png, cut\."
    ):
        export(game, faces, "svg")


@pytest.mark.parametrize(
    ("target", "option", "said"),
    [
        ("tts", {"product": "poker"}, "A product is chosen only for tgc, mpc or drivethru exports, not tts."),
        ("png", {"base_url": "https://example.org/"}, "A base URL is given only for tts exports, not png."),
        ("tgc", {"dpi": 96}, "A resolution is given only for png exports, not tgc."),
        ("mpc", {"bleed": True}, "The bleed is included only for png exports, not mpc."),
        ("drivethru", {"sheet": SheetSpec()}, "Sheet options are given only for cut exports, not drivethru."),
    ],
)
def test_an_option_the_target_does_not_take_is_a_usage_error_naming_who_takes_it(small_islands, target, option, said):
    game, faces = small_islands
    with pytest.raises(UsageError) as refused:
        export(game, faces, target, **option)
    assert str(refused.value) == said


def test_every_target_of_the_registry_is_a_command_of_pnp_export_and_no_other_is():
    import typer

    from pnp.cli.print_cmds import OPTION_FIELDS, export_app

    assert list(typer.main.get_group(export_app).commands) == list(TARGETS)
    fields = {field for target in TARGETS.values() for field in target.options}
    assert set(OPTION_FIELDS.values()) | {"sheet"} == fields  # every option a target takes has its flag


def test_goat_tokens_go_to_the_game_crafters_circle_chit_at_their_own_size(panorama_and_goats):
    game, faces = panorama_and_goats
    warnings: list[str] = []
    files = _files(export(game, faces, "tgc", warn=warnings.append), game.id, "tgc")
    goat = next(c for c in game.cards if c.shape == "circle")
    image = _png(files[f"{goat.front_face_id}.png"])
    assert image.size == (375, 375)  # 1 in chit + 1/8 in bleed each side at 300 dpi, never 2.5 in
    assert not any("circle faces" in w for w in warnings)  # the chit is its size: nothing scaled


@pytest.mark.parametrize("service, name", [("mpc", "MakePlayingCards"), ("drivethru", "DriveThruCards")])
def test_a_service_without_tokens_leaves_the_goats_out_and_says_what_to_do(panorama_and_goats, service, name):
    game, faces = panorama_and_goats
    warnings: list[str] = []
    files = _files(export(game, faces, service, warn=warnings.append), game.id, service)
    goat = next(c for c in game.cards if c.shape == "circle")
    assert f"{goat.front_face_id}.png" not in files
    assert (
        f"{goat.id} ({goat.count} × 25.0 mm circle): {name} has no product for round tokens; left out of the {name} "
        "export: print them from the sheets (pnp sheets GAME) or order them as The Game Crafter's circle chits "
        "(pnp export tgc GAME)"
    ) in warnings
    if service == "mpc":
        assert goat.id not in files["cards.csv"].decode()


def test_triangles_are_full_bleed_past_every_cut_edge(panorama_and_goats):
    game, faces = panorama_and_goats
    warnings: list[str] = []
    files = _files(export(game, faces, "tgc", warn=warnings.append), game.id, "tgc")
    triangle = next(f for f in faces if f.shape == "triangle")
    image = _png(files[f"{triangle.id}.png"]).convert("RGB")
    white = {colour: count for count, colour in image.getcolors(image.width * image.height)}.get((255, 255, 255), 0)
    assert white == 0  # the corners outside the legs and the apex are art, not paper
    assert "triangle faces of 99.0 × 49.5 mm:" in warnings[0]  # sizes rounded to 0.1 mm


def test_a_drivethru_file_of_a_custom_size_is_named_in_tenths_of_a_millimetre():
    """As the warnings give the size (The Ascent's triangles are 98.995 × 49.498 mm)."""
    from pnp.export.drivethru import _file_name

    assert _file_name("ascent", "custom", 98.995, 49.498, {}) == "ascent-99x49.5mm.pdf"
    assert _file_name("tq", "custom", 70.0, 70.0, {}) == "tq-70x70mm.pdf"
    assert _file_name("tq", "poker", 63.5, 88.9, {}) == "tq-poker.pdf"
    taken = {"ascent-99x49.5mm.pdf": b""}  # another size of the deck with the same tenths
    assert _file_name("ascent", "custom", 99.01, 49.5, taken) == "ascent-99.01x49.5mm.pdf"
