"""The Tabletop Simulator saved object: decks, cards, tokens, every referenced image present."""

from __future__ import annotations

import io
import json
from urllib.parse import unquote, urlparse

import pytest
from helpers.printkit import island_game, loads_instead
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.export import export
from pnp.export.ttsobject import nickname
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces


def _tts(game, faces, base_url=""):
    prefix = f"{game.id}/export/tts/"
    return {k[len(prefix) :]: v for k, v in export(game, faces, "tts", base_url=base_url).items()}


def _urls(state) -> list[str]:
    urls = []
    for obj in state["ObjectStates"]:
        for entry in obj.get("CustomDeck", {}).values():
            urls += [entry["FaceURL"], entry["BackURL"]]
        if "CustomImage" in obj:
            urls += [obj["CustomImage"]["ImageURL"], obj["CustomImage"]["ImageSecondaryURL"]]
    return urls


def test_the_saved_object_holds_every_card_of_the_ascent_with_goats_as_tokens():
    game = load_game("ascent")
    files = _tts(game, render_faces(game), "https://example.org/ascent/")
    state = json.loads(files["ascent.json"])
    objects = state["ObjectStates"]
    decks = [o for o in objects if o["Name"] == "DeckCustom"]
    tokens = [o for o in objects if o["Name"] == "Custom_Token"]
    goats = sum(c.count for c in game.cards if c.kind == "goat")
    assert len(tokens) == goats == 1 and {t["Nickname"] for t in tokens} == {"Goat"}
    assert all(t["CustomImage"]["ImageURL"] == "https://example.org/ascent/token-goat.png" for t in tokens)
    panorama = [d for d in decks if d["Nickname"].endswith(": panorama")]
    assert len(panorama) == 1 and all(c["Nickname"].startswith("Panorama ") for c in panorama[0]["ContainedObjects"])
    assert all(e["UniqueBack"] for e in panorama[0]["CustomDeck"].values())
    cards = [c for d in decks for c in d["ContainedObjects"]] + [o for o in objects if o["Name"] == "Card"]
    assert len(cards) == sum(c.count for c in game.cards if c.kind != "goat")
    for deck in decks:
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        for card in deck["ContainedObjects"]:
            key, slot = divmod(card["CardID"], 100)
            entry = deck["CustomDeck"][str(key)]
            assert card["CustomDeck"] == {str(key): entry}
            assert slot < entry["NumWidth"] * entry["NumHeight"] - 1  # the last slot is the hidden card
            assert entry["BackIsHidden"] is True
    for url in _urls(state):
        name = url.removeprefix("https://example.org/ascent/")
        assert name in files, url


def test_each_card_sits_in_its_slot_of_the_sheet_its_card_id_names():
    game, faces = island_game(12, 3)
    files = _tts(game, faces)
    state = json.loads(files["testgame.json"])
    by_id = {f.id: f for f in faces}
    for deck in (o for o in state["ObjectStates"] if o["Name"] == "DeckCustom"):
        for card in deck["ContainedObjects"]:
            key, slot = divmod(card["CardID"], 100)
            entry = deck["CustomDeck"][str(key)]
            sheet = Image.open(io.BytesIO(files[entry["FaceURL"]])).convert("RGB")
            w, h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            row, column = divmod(slot, entry["NumWidth"])
            pixel = sheet.getpixel((column * w + w // 2, row * h + h // 2))
            from helpers.printkit import nearest_face

            assert nearest_face(pixel, faces) == card["Description"]
            assert by_id[card["Description"]]


def test_nicknames_come_from_the_game():
    game = load_game("ascent")
    names = {c.id: nickname(game, c) for c in game.cards}
    assert names["terrain-green-01"] == "Terrain green 1"
    assert names["goat"] == "Goat"
    assert names["reference-1"] == "Reference: Your turn"


def test_goat_tokens_are_cut_to_their_circle():
    game = load_game("ascent")
    files = _tts(game, render_faces(game))
    token = Image.open(io.BytesIO(files["token-goat.png"]))
    assert token.mode == "RGBA"
    assert token.getpixel((0, 0))[3] == 0 and token.getpixel((token.width // 2, token.height // 2))[3] == 255


def test_the_cli_points_the_saved_object_at_the_exported_files(monkeypatch, tmp_path):
    game, faces = island_game(3, 2)
    loads_instead(monkeypatch, game, faces)
    result = CliRunner().invoke(app, ["export", "tts", "testgame", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "testgame" / "export" / "tts"
    assert result.stdout == f"{len(list(folder.iterdir()))} files in {folder}\n"
    state = json.loads((folder / "testgame.json").read_text(encoding="utf-8"))
    for url in _urls(state):
        assert url.startswith("file:///")
        assert (folder / unquote(urlparse(url).path).rsplit("/", 1)[1]).is_file()
        assert unquote(urlparse(url).path) == str(folder / unquote(urlparse(url).path).rsplit("/", 1)[1])


def test_base_url_is_for_tts_only(monkeypatch, tmp_path):
    game, faces = island_game(3, 2)
    loads_instead(monkeypatch, game, faces)
    result = CliRunner().invoke(app, ["export", "png", "testgame", "--out", str(tmp_path), "--base-url", "https://x/"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: The png export does not take --base-url; it is for pnp export tts."
    assert not tmp_path.joinpath("testgame").exists()


@pytest.mark.parametrize(
    "url",
    [
        "not a url",
        "ftp://x",
        "https://",
        "file:///tmp/tts/",
        "https://example.org:99999/",
        "https://example.org:0/",
        "https://example.org:http/",
    ],
)
def test_a_base_url_must_be_http_or_https_with_a_host(monkeypatch, tmp_path, url):
    loads_instead(monkeypatch, *island_game(3, 2), never=True)
    result = CliRunner().invoke(app, ["export", "tts", "testgame", "--out", str(tmp_path), "--base-url", url])
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: --base-url {url!r} is not an http:// or https:// URL with a host (and a port from 1 to 65535, when "
        "given); give the URL of the folder the images are hosted in (Tabletop Simulator downloads them), e.g. "
        "https://example.org/tts/\n",
    )
    assert not any(tmp_path.iterdir())


def test_export_prints_one_summary_line_or_every_path_with_verbose(monkeypatch, tmp_path):
    game, faces = island_game(3, 2)
    loads_instead(monkeypatch, game, faces)
    folder = tmp_path / "testgame" / "export" / "png"
    result = CliRunner().invoke(app, ["export", "png", "testgame", "--out", str(tmp_path)])
    assert result.exit_code == 0 and result.stdout == f"6 files in {folder}\n"
    result = CliRunner().invoke(app, ["export", "png", "testgame", "--out", str(tmp_path), "--verbose"])
    lines = result.stdout.splitlines()
    assert lines[-1] == f"6 files in {folder}" and lines[:-1] == sorted(str(p) for p in folder.iterdir())
    result = CliRunner().invoke(app, ["export", "png", "testgame", "--out", str(tmp_path), "--json"])
    assert json.loads(result.stdout)["files"] == lines[:-1]
