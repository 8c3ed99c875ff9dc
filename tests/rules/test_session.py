"""The virtual table's session: the engine judges every move, bots play their seats, undo, records."""

from __future__ import annotations

import pytest

from pnp.core.errors import UsageError
from pnp.core.jsonsrc import parse_json
from pnp.pipeline.replay import replay
from pnp.rules.record import parse_record
from pnp.rules.session import IllegalMove, PlaySession
from pnp.rules.table_view import view


def _first_play(session):
    state = session.table.to_state()
    p = state.current_player
    for card in state.hands[p - 1]:
        for place in session.places(card):
            if place["action"] == "play" and place["cost"] == 0:
                return {"player": p, "action": "play", "card": card, "cell": place["cell"], "paid": []}
    raise AssertionError("no free play")


def test_a_legal_move_is_made_and_an_illegal_one_is_refused_with_its_rule(tranquility):
    session = PlaySession(tranquility, 2, 1)
    move = _first_play(session)
    session.move(move)
    assert session.table.turn == 1 and session.recorder.moves == [move]
    with pytest.raises(IllegalMove) as caught:
        session.move(move)
    assert caught.value.violation.rule == "move-turn"
    assert str(caught.value) == "[move-turn] it is player 2's turn, not player 1's"


def test_a_card_into_a_cell_where_its_number_does_not_fit_is_refused(tranquility):
    session = next(s for s in (PlaySession(tranquility, 1, seed) for seed in range(1, 40)) if s.table.can_start(0) < 0)
    number = lambda card: int(card.split("-")[1])
    hand = sorted((c for c in session.table.to_state().hands[0] if c.startswith("island")), key=number)
    session.move({"player": 1, "action": "play", "card": hand[-1], "cell": 1, "paid": []})
    with pytest.raises(IllegalMove) as caught:  # a lower number has no room left of cell 1
        session.move({"player": 1, "action": "play", "card": hand[0], "cell": 36, "paid": []})
    assert str(caught.value) == f"[move-place] {hand[0]} cannot go into cell 36 (cards: {hand[0]}; at: cell 36)"


def test_discarding_one_card_or_a_card_not_held_is_refused(tranquility):
    session = PlaySession(tranquility, 2, 1)
    hand = session.table.to_state().hands[0]
    with pytest.raises(IllegalMove, match=r"\[move-discard\] a discard takes two cards, not 1"):
        session.move({"player": 1, "action": "discard", "cards": [hand[0]]})
    other = session.table.to_state().hands[1][0]
    with pytest.raises(IllegalMove, match=rf"\[move-hand\] player 1 does not hold {other}"):
        session.move({"player": 1, "action": "discard", "cards": [hand[0], other]})


def test_bot_seats_play_by_themselves_and_undo_takes_back_the_persons_move_with_theirs(tranquility):
    session = PlaySession(tranquility, 3, 2, ["person", "bot", "bot"])
    before = session.table.to_state()
    session.move(_first_play(session))
    assert session.table.turn == 3 and len(session.log) == 3  # the two bots moved
    assert session.undo() is True
    assert session.table.to_state() == before and session.undo() is False


def test_a_game_with_only_bot_seats_plays_to_its_end_and_its_record_replays(ascent_all):
    session = PlaySession(ascent_all, 2, 3, ["bot", "bot"])
    assert session.table.status in ("won", "lost") and session.end_sentence
    record = parse_record(parse_json(session.record_text(), "record.json"))
    result = replay(record, ascent_all)
    assert result.broken is None and result.final == session.table.to_state()


def test_seats_must_be_person_or_bot_and_players_within_the_game(tranquility):
    with pytest.raises(UsageError, match="give each of the 2 seats"):
        PlaySession(tranquility, 2, 1, ["person", "robot"])
    with pytest.raises(UsageError, match="for 1–5 players, not 6"):
        PlaySession(tranquility, 6, 1)


def test_the_view_lays_out_the_sea_and_the_mountain(tranquility, ascent_all):
    shown = view(PlaySession(tranquility, 2, 1))
    keys = [s["key"] for s in shown["spots"]]
    assert keys.count("cell:1") == 1 and len([k for k in keys if k.startswith("cell:")]) == 36
    assert len([k for k in keys if k.startswith("frame:")]) == 24 and shown["size"] == [8, 8]
    cell1 = next(s for s in shown["spots"] if s["key"] == "cell:1")
    assert (cell1["x"], cell1["y"]) == (1, 6)  # bottom left of the grid
    mountain = view(PlaySession(ascent_all, 2, 1))
    assert any(s["key"] == "summit" for s in mountain["spots"]) and mountain["goats"]
