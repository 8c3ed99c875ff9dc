"""The virtual table in the player's words: names as printed, why a card or a place is refused, the
Ascent's goals, the log, and every word the page asks for in the catalogues."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.pipeline.load import load_game
from pnp.rules.rulestext import with_language
from pnp.rules.session import PlaySession
from pnp.rules.table_view import PAGE_WORDS, choices, view

PAGE = Path(__file__).resolve().parents[2] / "pnp" / "server" / "play.html"


def _put(session: PlaySession, number: int, cell: int) -> None:
    """Island `number` into `cell`, as if played (the engine's own bookkeeping)."""
    t = session.table
    c = t.deck.index[f"island-{number:02d}"]
    for hand in t.hands:
        if c in hand:
            hand.remove(c)
    for pile in t.piles:
        if c in pile:
            pile.remove(c)
    t.hands[0].append(c)
    t.place(0, c, cell, [])


def _tranquility(lang: str | None = None) -> PlaySession:
    game = with_language(load_game("tranquility"), lang)
    return next(s for s in (PlaySession(game, 1, seed) for seed in range(1, 60)) if s.table.can_start(0) < 0)


def test_pieces_are_named_as_printed_and_the_prompt_says_what_to_do():
    shown = view(_tranquility())
    assert all(re.fullmatch(r"Island \d+|Start|Finish", card["name"]) for card in shown["hands"][0])
    assert shown["prompt"] == "Player 1: choose a card of your hand to play it, or discard two cards."
    assert shown["can_undo"] is False and shown["title"] == "Tranquility"
    ascent = view(PlaySession(load_game("ascent"), 2, 5))
    assert [c["name"] for c in ascent["hands"][0]] == [
        "Meadow 8",
        "Glacier 7",
        "Glacier 1",
        "Meadow 7",
        "Meadow campfire",
    ]


def test_a_card_whose_number_has_no_room_says_so_and_every_cell_gives_its_reason():
    session = _tranquility()
    hand = [session.table.deck.number[c] for c in session.table.hands[0] if session.table.deck.number[c] > 2]
    x = hand[0]
    _put(session, x - 1, 10)
    _put(session, x + 1, 11)
    card = f"island-{x:02d}"
    answer = choices(session, card)
    assert answer["places"] == [] and answer["why"] == f"No empty cell keeps the sea ascending for {x}."
    assert answer["refused"]["cell:3"] == answer["why"] and "finish" in answer["refused"]


def test_a_cell_out_of_order_and_a_cell_too_dear_say_why():
    session = _tranquility()
    t = session.table
    x = max(t.deck.number[c] for c in t.hands[0])
    _put(session, 1, 2)
    _put(session, 80, 30)
    refused = choices(session, f"island-{x:02d}")["refused"]
    assert refused["cell:1"] == (
        f"Cell 1 would break the ascending order: {x} goes after Island 1 in cell 2 and before Island 80 in cell 30."
    )
    assert refused["cell:2"] == "Cell 2 already holds Island 1."
    dear = [r for r in refused.values() if " costs " in r]
    assert dear and all(re.fullmatch(rf"Island {x} in cell \d+ costs \d+; you can pay \d cards?\.", r) for r in dear)


def test_the_ascent_shows_its_goals_and_refuses_a_slot_that_is_not_next():
    session = PlaySession(load_game("ascent"), 2, 5)
    shown = view(session)
    goals = [g["text"] for g in shown["goals"]]
    assert goals[0] == "The Green Path: a chain of Meadow cards reaches row 0 of 8."
    assert goals[1] == "Panorama 7-7-7: not yet side by side in one row."  # one sequence revealed
    assert goals[2] == "The Mountain Goats: the goat must reach row 8; it stands at: waiting."
    first = [g["text"] for g in view(PlaySession(load_game("ascent-modules-reconstructed"), 2, 5))["goals"]]
    assert len(first) == 5  # three sequences and three goats, as first reconstructed
    assert first[4] == "The Mountain Goats: every goat must reach row 5; the goats stand at: waiting, waiting, waiting."
    card = shown["hands"][0][2]["piece"]  # Glacier 1
    refused = choices(session, card)["refused"]
    assert refused["slot:1.2"] == "A row fills from left to right: row 1 slot 2 is not next."
    assert refused["slot:2.1"] == "row 2 slot 1 is not open yet: a card rests on the two cards below it."
    assert refused["summit"] == "Only a Summit card goes on top of the mountain."


def test_moves_are_logged_in_the_players_words_and_in_italian_with_lang_it():
    session = _tranquility("it")
    t = session.table
    c = t.hands[0][0]
    card = t.deck.pieces[c].id
    cell = choices(session, card)["places"][0]["cell"]
    session.move({"player": 1, "action": "play", "card": card, "cell": cell, "paid": []})
    shown = view(session)
    assert shown["log"] == [f"Giocatore 1 ha giocato Isola {t.deck.number[c]} nella casella {cell}"]
    assert shown["words"]["Deal"] == "Distribuisci" and shown["lang"] == "it" and shown["can_undo"] is True


def test_every_word_the_page_asks_for_is_in_page_words():
    html = PAGE.read_text(encoding="utf-8")
    asked = {m[1] for m in re.findall(r"""_\(\s*(['"])(.*?)(?<!\\)\1""", html)}
    asked |= set(re.findall(r'data-w="([^"]+)"', html))
    asked |= {m[1] for m in re.findall(r"""\?\s*(['"])(Play \{card\}.*?)\1""", html)}
    assert asked - set(PAGE_WORDS) == set()
