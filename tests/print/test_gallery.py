"""The gallery page: relative links only, counts, every game, escaping."""

from __future__ import annotations

import re

from helpers.printkit import island_game

from pnp.pipeline.gallery import GalleryGame, Item, gallery_outputs, write_gallery
from pnp.sheets.impose import sheet_outputs
from pnp.sheets.spec import SheetSpec


def built_outputs(game_id: str = "testgame") -> dict[str, bytes]:
    """What a build writes for a small synthetic game: faces, deck, sheets, calibration, setup."""
    from dataclasses import replace

    game, faces = island_game(3, 2)
    game = replace(game, id=game_id)
    outputs = {f"{game.id}/svg/{f.id}.svg": f.svg.encode() for f in faces}
    outputs[f"{game.id}/deck.json"] = (
        b'{"game": "%s", "title": "Test <Game>", "totals": {"island": 3, "border": 2}, '
        b'"names": {"island": "Island"}, "pieces": 5}' % game_id.encode()
    )
    outputs.update(sheet_outputs(game, faces, [SheetSpec.from_options()]))
    outputs[f"{game.id}/setup/setup-3p-seed1.svg"] = faces[0].svg.encode()
    outputs[f"{game.id}/setup/setup-3p-seed1.json"] = b"{}"
    return outputs


def test_the_gallery_shows_faces_sheets_setups_and_counts(tmp_path):
    html = gallery_outputs(tmp_path, built_outputs())["index.html"].decode()
    images = re.findall(r'<img src="([^"]+)"', html)
    assert len(images) == 6 + 1  # 6 distinct faces + the setup picture
    assert "testgame/svg/island-01.svg" in images and "testgame/setup/setup-3p-seed1.svg" in images
    assert 'href="testgame/sheets/testgame-a4.pdf"' in html and "testgame-a4.pdf (2 pages)" in html
    assert 'href="testgame/testgame-calibration-a4.pdf"' in html
    for count in (
        "<b>3</b> islands",  # a bundled kind's name: its plural
        "<b>2</b> border",
        "<b>5</b> pieces in all",
        "<b>6</b> distinct faces",
        "<b>2</b> sheet pages",
    ):
        assert count in html
    assert "Test &lt;Game&gt;" in html and "<Game>" not in html


def test_links_are_relative_and_nothing_comes_from_the_network(tmp_path):
    html = gallery_outputs(tmp_path, built_outputs())["index.html"].decode()
    for target in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert target.startswith(("testgame/", "#")), target
    assert "http" not in html.replace("http-equiv", "")


def test_games_skipped_as_unchanged_still_appear_from_the_output_folder(tmp_path):
    for rel, data in built_outputs("oldgame").items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    (tmp_path / ".pnp-manifest.json").write_text("[]")
    html = gallery_outputs(tmp_path, built_outputs("newgame"))["index.html"].decode()
    assert 'id="oldgame"' in html and 'id="newgame"' in html
    assert "manifest" not in html


def test_special_characters_in_names_are_quoted_in_links():
    game = GalleryGame("g", "G & co", (("cards", 1),), (Item("a b", "g/svg/a b.svg"),), (), (), ())
    html = write_gallery([game])
    assert 'src="g/svg/a%20b.svg"' in html and "G &amp; co" in html


def _deck_json(game_id: str, engine: str, extends=None) -> bytes:
    import json

    cards = [
        {"id": "island-01", "kind": "island", "front": "island-01", "back": "back-island"},
        {"id": "border", "kind": "border", "front": "border", "back": "back-border"},
        {"id": "island-02", "kind": "island", "front": "island-02", "back": "back-island"},
    ]
    return json.dumps(
        {
            "game": game_id,
            "title": game_id.title(),
            "engine": engine,
            "extends": extends,
            "names": {"island": "Island", "border": "Border"},
            "totals": {},
            "pieces": 3,
            "cards": cards,
        }
    ).encode()


def _face_outputs(game_id: str, engine: str, extends=None) -> dict[str, bytes]:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    out = {
        f"{game_id}/svg/{name}.svg": svg for name in ("back-border", "back-island", "border", "island-01", "island-02")
    }
    out[f"{game_id}/deck.json"] = _deck_json(game_id, engine, extends)
    out[f"{game_id}/export/tts/deck.png"] = b"png"
    return out


def test_faces_come_in_sections_per_kind_fronts_first_backs_last_each_opening_with_its_back(tmp_path):
    html = gallery_outputs(tmp_path, _face_outputs("base", "tranquility"))["index.html"].decode()
    headings = re.findall(r"<h4>([^<]+)</h4>", html)
    assert headings == ["Island (2)", "Border (1)", "Backs (2)"]
    faces = re.findall(r'<a class="face" href="([^"]+)"( data-back="([^"]+)")?', html)
    assert [(f, b) for f, _, b in faces] == [
        ("base/svg/island-01.svg", "base/svg/back-island.svg"),
        ("base/svg/island-02.svg", "base/svg/back-island.svg"),
        ("base/svg/border.svg", "base/svg/back-border.svg"),
        ("base/svg/back-island.svg", ""),
        ("base/svg/back-border.svg", ""),
    ]
    assert '<a href="base/export/tts/deck.png">tts/deck.png</a>' in html and 'src="base/export' not in html
    assert '<div id="viewer"></div>' in html


def test_the_base_game_comes_first_then_its_variants_then_the_ascent(tmp_path):
    outputs = {
        **_face_outputs("ascent", "ascent"),
        **_face_outputs("tranquility", "tranquility"),
        **_face_outputs("galateia", "tranquility", "tranquility"),
        **_face_outputs("alpine", "ascent", "ascent"),
    }
    html = gallery_outputs(tmp_path, outputs)["index.html"].decode()
    assert re.findall(r'<section id="([^"]+)"', html) == ["tranquility", "galateia", "ascent", "alpine"]


def test_the_imposed_booklets_are_counted_without_pikepdf():
    """The booklets are written without object streams: their page objects can be counted in the
    bytes, so a no-op build's gallery does not import pikepdf."""
    import io

    import pikepdf

    from pnp.booklet.impose import impose_saddle, refit
    from pnp.pipeline.gallery import _pages

    source = pikepdf.new()
    for _ in range(6):
        source.add_blank_page(page_size=(420, 595))
    data = io.BytesIO()
    source.save(data)
    for made, pages in ((impose_saddle(data.getvalue(), (842, 595)), 4), (refit(data.getvalue(), (612, 792)), 6)):
        assert b"/ObjStm" not in made
        assert _pages(made) == pages  # read off the page objects: no pikepdf


def test_an_imposed_booklet_with_object_streams_counts_its_pages(tmp_path):
    """A PDF written with compressed object streams, where page objects cannot be found by reading
    the bytes (the folded booklet once was): it once showed as "(0 pages)"."""
    import io

    import pikepdf

    outputs = built_outputs()
    document = pikepdf.new()
    for _ in range(4):
        document.add_blank_page()
    packed = io.BytesIO()
    document.save(packed, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    assert b"/ObjStm" in packed.getvalue()
    outputs["testgame/rules-booklet-a4.pdf"] = packed.getvalue()
    html = gallery_outputs(tmp_path, outputs)["index.html"].decode()
    assert "rules-booklet-a4.pdf (4 pages)" in html


ITALIAN_SECTION = (
    '<section id="testgame-it" lang="it" data-word-front="fronte" data-word-back="retro" '
    'data-word-both="fronte e retro" data-word-play="gioca al tavolo">'
)
ENGLISH_SECTION = (
    '<section id="testgame" data-word-front="front" data-word-back="back" data-word-both="front and back" '
    'data-word-play="play at the table">'
)


def _italian(outputs: dict[str, bytes]) -> dict[str, bytes]:
    """The same files named as an Italian build names them (svg-it/, deck-it.json, NAME-it.pdf)."""
    renamed = {}
    for rel, data in outputs.items():
        rel = rel.replace("/svg/", "/svg-it/")
        if not rel.startswith(rel.split("/")[0] + "/svg-it/"):
            stem, dot, ext = rel.rpartition(".")
            rel = f"{stem}-it{dot}{ext}"
        renamed[rel] = data
    return renamed


def test_a_gallery_of_italian_sections_only_is_an_italian_page(tmp_path):
    html = gallery_outputs(tmp_path, _italian(built_outputs()))["index.html"].decode()
    assert '<html lang="it">' in html and ITALIAN_SECTION in html  # the viewer's words too
    assert "<title>Galleria print-and-play</title>" in html and "<h1>Galleria print-and-play</h1>" in html
    assert "testgame-a4-it.pdf (2 pagine)" in html and "testgame-calibration-a4-it.pdf (2 pagine)" in html
    assert "Print-and-play gallery" not in html and " pages)" not in html and " page)" not in html


def test_a_gallery_of_several_languages_has_english_chrome_and_each_section_in_its_language(tmp_path):
    outputs = {**built_outputs(), **_italian(built_outputs())}
    html = gallery_outputs(tmp_path, outputs)["index.html"].decode()
    assert '<html lang="en">' in html and "<h1>Print-and-play gallery</h1>" in html
    english, italian = html.split(ITALIAN_SECTION)
    assert ENGLISH_SECTION in english and "testgame-a4.pdf (2 pages)" in english
    assert "testgame-a4-it.pdf (2 pagine)" in italian and " pages)" not in italian
