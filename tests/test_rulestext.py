"""One source of rule sentences: reference cards follow the variant's rules, `list --json` shows their
words as printed, an unknown topic or words that do not fit are `pnp validate` errors naming the card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.locate import bundled_root
from pnp.pipeline.load import load_game
from pnp.rules.rulestext import reference_text

ROOT = Path(__file__).parent.parent
runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch):
    monkeypatch.chdir(ROOT)


def _printed(name: str) -> dict[str, dict]:
    result = runner.invoke(app, ["list", name, "--json"])
    assert result.exit_code == 0, result.stderr
    return {c["id"]: c["text"] for c in json.loads(result.stdout)["cards"] if "text" in c}


def test_the_big_sea_reference_cards_state_its_49_cells():
    text = _printed("big-sea")
    assert "Finish: only when all 49 cells are filled and a start is down. You win!" in text["reference-2"]["lines"]
    assert not any("36" in line for card in text.values() for line in card["lines"])


def test_a_hand_of_six_is_on_the_ascent_reference_card():
    text = _printed("ascent-hand-6")
    assert text["reference-1"]["lines"][0] == "Play one card, or discard two. Then draw back up to 6."
    assert _printed("ascent")["reference-1"]["lines"][0] == "Play one card, or discard two. Then draw back up to 5."


def test_a_7x7_hand_of_6_variant_prints_both(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(tmp_path, "wide", '{"id": "wide", "extends": "big-sea", "rules": {"hand_size": 6, "cost_cap": 3}}')
    lines = _printed("wide")
    assert lines["reference-1"]["lines"][1] == "Then draw back up to 6 from your own pile."
    assert "A play may never cost more than 3 cards." in lines["reference-1"]["lines"]
    assert "all 49 cells" in lines["reference-2"]["lines"][2]


def test_rule_options_change_the_sentences():
    gap = reference_text(load_game("gap-cost"), "turn")
    assert gap.lines[3] == "Cost: between two filled neighbours in that order, their difference. Discard that many."
    hands = reference_text(load_game("start-discard-hands"), "start-finish")
    assert hands.lines[1] == "Then everyone discards 8 cards in total from their hands, split as you agree."


def test_module_cards_follow_module_parameters_and_carry_no_project_note():
    game = load_game("ascent")
    goats = game.kind("goats-reference").cards[0].fields
    assert goats["lines"][0] == "1 goat waits at the foot of the mountain."
    assert "The goat must reach row 8, the top terrain row, before the summit." in goats["lines"]
    panorama = game.kind("panorama-reference").cards[0].fields
    assert panorama["lines"][0] == "At setup turn 1 panorama card to its numbered side."
    first = load_game("ascent-modules-reconstructed")  # the modules as first reconstructed
    goats = first.kind("goats-reference").cards[0].fields
    assert goats["lines"][0] == "3 goats wait at the foot of the mountain."
    assert "Every goat must reach row 5 or higher before the summit." in goats["lines"]
    panorama = first.kind("panorama-reference").cards[0].fields
    assert panorama["lines"][0] == "At setup turn 3 panorama cards to their numbered side."
    for card in game.cards:
        assert not any("Reconstruction" in line for line in card.fields.get("lines", ())), card.id


def test_without_modules_there_are_no_module_cards():
    assert "goats-reference" not in {c.id for c in load_game("ascent", modules=None).cards}


def _variant(folder: Path, name: str, text: str) -> None:
    variants = folder / "card_specs" / "variants"
    variants.mkdir(parents=True, exist_ok=True)
    (variants / f"{name}.json").write_text(text, encoding="utf-8")


def test_an_unknown_topic_is_a_validate_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path,
        "odd",
        '{"id": "odd", "extends": "tranquility",\n'
        ' "kinds": [{"id": "reference", "cards": [{"topic": "turn"}, {"topic": "weather"}]}]}',
    )
    result = runner.invoke(app, ["validate", "odd"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "card_specs/variants/odd.json:2:71: $.kinds[0].cards[1].topic: unknown reference topic 'weather' for the "
        "tranquility rules (choose from: turn, start-finish)"
    )


def test_words_that_do_not_fit_are_a_validate_error_naming_the_card(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    template = json.loads((ROOT / "templates" / "tranquility" / "reference.json").read_text(encoding="utf-8"))
    rules = next(e for e in template["elements"] if e["id"] == "rules")
    rules["box"], rules["min_size_pt"] = [5, 18, 60, 14], 9
    template.pop("$schema")
    (tmp_path / "templates" / "tight").mkdir(parents=True)
    (tmp_path / "templates" / "tight" / "reference.json").write_text(json.dumps(template), encoding="utf-8")
    _variant(tmp_path, "tight", '{"id": "tight", "extends": "tranquility", "templates": "tight"}')
    result = runner.invoke(app, ["validate", "tight"])
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{bundled_root() / 'card_specs' / 'tranquility.json'}:42:17: ")  # the card's own entry
    assert "$.kinds[4].cards[0]: the reference card 'reference-1' (en, 'Your turn') does not fit:" in first
    assert "does not fit its 60 × 14 mm box even at 9.0 pt" in first


@pytest.mark.parametrize(
    "name, topic, title, first",
    [
        ("tranquility", "turn", "Il tuo turno", "Gioca una carta, oppure scartane due."),
        (
            "tranquility",
            "start-finish",
            "Partenza e arrivo",
            "Hai una carta Partenza e nessuna è in gioco? Devi giocarla all'angolo in basso a sinistra.",
        ),
        ("ascent", "turn", "Il tuo turno", "Gioca una carta, oppure scartane due. Poi pesca fino ad averne 5."),
        ("ascent", "goats", "Le Capre di Montagna", "1 capra attende ai piedi della montagna."),
        ("ascent-modules-reconstructed", "goats", "Le Capre di Montagna", "3 capre attendono ai piedi della montagna."),
        ("ascent-hand-6", "turn", "Il tuo turno", "Gioca una carta, oppure scartane due. Poi pesca fino ad averne 6."),
    ],
)
def test_italian_reference_text(name, topic, title, first):
    text = reference_text(load_game(name), topic, "it")
    assert (text.title, text.lines[0]) == (title, first)


def test_italian_reference_cards_fit_their_boxes():
    from pnp.rules.rulestext import with_reference_text
    from pnp.svg.faces import render_faces

    for name in ("tranquility", "ascent", "big-sea"):
        game = with_reference_text(load_game(name), "it")
        faces = {f.id: f for f in render_faces(game)}  # a card that does not fit raises here
        assert "Il tuo turno" in game.kind("reference").cards[0].fields["title"]
        assert faces["reference-1"].svg.count("<path") > 100
