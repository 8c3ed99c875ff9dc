"""The gallery page: relative links only, counts, every game, escaping."""

from __future__ import annotations

import re

from printkit import island_game

from pnp.gallery import GalleryGame, Item, gallery_outputs, write_gallery
from pnp.impose import sheet_outputs
from pnp.sheet import SheetSpec


def built_outputs(game_id: str = "testgame") -> dict[str, bytes]:
    """What a build writes for a small synthetic game: faces, deck, sheets, calibration, setup."""
    from dataclasses import replace

    game, faces = island_game(3, 2)
    game = replace(game, id=game_id)
    outputs = {f"{game.id}/svg/{f.id}.svg": f.svg.encode() for f in faces}
    outputs[f"{game.id}/deck.json"] = (
        b'{"game": "%s", "title": "Test <Game>", "totals": {"island": 3, "border": 2}, "names": {"island": "Island"}, "pieces": 5}' % game_id.encode()
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
    for count in ("<b>3</b> Island", "<b>2</b> border", "<b>5</b> pieces in all", "<b>6</b> distinct faces", "<b>2</b> sheet pages"):
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
