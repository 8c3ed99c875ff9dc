"""Seed 000's local placement (`order: local`): only adjacent cards order a placement."""

from __future__ import annotations

from helpers.rulekit import game_named, table_with, with_rules

from pnp.rules import check_state
from pnp.rules.bots import play_game
from pnp.rules.engines import engine_of
from pnp.rules.playout import play_out

TQ = game_named("tranquility")
LOCAL = game_named("local-order")


def test_the_bundled_variant_selects_local_order():
    assert LOCAL.rules["order"] == "local"


def test_a_card_may_go_below_a_higher_card_that_is_not_its_neighbour():
    """50 in cell 1: a 10 may go into cell 3 (its neighbours 2, 4 and 9 are empty) by seed 000's
    reading, never by the reading order, where every cell after 50 holds more."""
    local = table_with(LOCAL, {1: 50}, hand=(10,))
    sequence = table_with(TQ, {1: 50}, hand=(10,))
    ten = next(c for c in local.hands[0] if local.deck.number[c] == 10)
    assert (ten, 3, 0) in local.legal_plays(0)
    assert not any(c == ten for c, _k, _cost in sequence.legal_plays(0))


def test_a_neighbour_out_of_order_is_refused():
    """50 in cell 1: a 10 may not go right of it (cell 2) nor above it (cell 7)."""
    t = table_with(LOCAL, {1: 50}, hand=(10,))
    cells = {k for c, k, _cost in t.legal_plays(0) if t.deck.number[c] == 10}
    assert 2 not in cells and 7 not in cells


def test_bot_games_under_local_order_check_clean():
    engine = engine_of(LOCAL)
    deck = engine.deck(LOCAL)
    for seed in range(6):
        table = play_out(engine.deal(deck, 2, seed), engine.baseline())
        assert [v.rule for v in check_state(LOCAL, table.to_state())] == []


def test_the_checker_flags_a_neighbour_out_of_order_under_local_order():
    t = table_with(LOCAL, {1: 50, 2: 40})  # 40 right of 50
    found = [v.message for v in check_state(LOCAL, t.to_state()) if v.rule == "tq-ascending"]
    assert found == ["50 in cell 1 is not below 40 in cell 2, which comes later in reading order"]
    t = table_with(LOCAL, {1: 50, 3: 10})  # not neighbours: fine locally, out of reading order
    assert [v for v in check_state(LOCAL, t.to_state()) if v.rule == "tq-ascending"] == []
    assert [v.rule for v in check_state(TQ, table_with(TQ, {1: 50, 3: 10}).to_state())].count("tq-ascending") == 1


def test_the_open_hands_solver_wins_every_deal_the_baseline_wins_under_local_order():
    small = with_rules(LOCAL, grid={"rows": 2, "cols": 3})
    baseline = [play_game(small, 2, seed)[0] for seed in range(8)]
    solver = [play_game(small, 2, seed, "open-hands")[0] for seed in range(8)]
    assert all(s for b, s in zip(baseline, solver) if b)
