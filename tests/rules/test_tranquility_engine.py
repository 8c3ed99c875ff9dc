"""The Tranquility engine against RULES.md §1: deal, placing, cost, start, finish, end, rule options."""

from __future__ import annotations

import random

import pytest
from helpers.rulekit import game_named, table_with, with_count, with_rules

from pnp.core.errors import UsageError
from pnp.game.params import physical_pieces
from pnp.rules import check_state, deal_setup, dump_state
from pnp.rules.check import Facts, locate
from pnp.rules.params import rule_params
from pnp.rules.tranquility.bot import RandomBot, TranquilityBot
from pnp.rules.tranquility.check import fits, has_action, place_cost
from pnp.rules.tranquility.engine import deal_table, tranquility_deck
from pnp.rules.tranquility.entry import TRANQUILITY

TQ = game_named("tranquility")


# ---- deal -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, sizes", [(1, [85]), (2, [43, 42]), (3, [29, 28, 28]), (4, [22, 21, 21, 21]), (5, [17, 17, 17, 17, 17])]
)
def test_piles_are_dealt_as_evenly_as_possible(players, sizes):
    state = deal_setup(TQ, players, 11)
    dealt = [len(h) + len(p) - 1 for h, p in zip(state.hands, state.piles)]
    assert dealt == sizes


def test_start_cards_go_into_piles_after_the_opening_draw():
    for seed in range(40):
        state = deal_setup(TQ, 4, seed)
        assert all(not any(c.startswith("start") for c in hand) for hand in state.hands)
        assert [sum(c.startswith("start") for c in pile) for pile in state.piles] == [1, 1, 1, 1]
        assert sorted(c for c in state.box if c.startswith("start")) == ["start#5"]
        assert len(state.sea.frame) == 24 and "border#25" in state.box
    positions = {
        next(i for i, c in enumerate(deal_setup(TQ, 1, s).piles[0]) if c.startswith("start")) for s in range(40)
    }
    assert len(positions) > 20  # shuffled in, not placed on top or bottom


def test_same_seed_same_bytes_other_seed_other_deal():
    assert dump_state(deal_setup(TQ, 3, 7)) == dump_state(deal_setup(TQ, 3, 7))
    assert dump_state(deal_setup(TQ, 3, 7)) != dump_state(deal_setup(TQ, 3, 8))


def test_galateia_removes_islands_into_the_box():
    game = with_rules(TQ, remove_islands=4)
    state = deal_setup(game, 3, 2)
    assert sum(c.startswith("island") for c in state.box) == 4
    assert check_state(game, state) == []


def test_player_count_outside_the_range_is_a_usage_error():
    with pytest.raises(UsageError, match="1–5 players, not 6"):
        deal_setup(TQ, 6, 1)


def test_physical_ids_are_stable_and_distinct():
    ids = [p.id for p in physical_pieces(TQ)]
    assert len(ids) == len(set(ids)) == 80 + 5 + 5 + 25 + 2
    assert ids[:2] == ["island-01", "island-02"] and "start#3" in ids and "border#25" in ids


# ---- placing and cost -------------------------------------------------------------------------------


def test_cost_examples_of_the_rules():
    t = table_with(TQ, {1: 3, 3: 7})
    assert t.cost(5, 2) == 2  # 5 next to 3 (and 7): the smaller difference
    t = table_with(TQ, {1: 3, 3: 7})
    assert t.cost(6, 2) == 1  # a 6 between 3 and 7 costs 1
    assert t.cost(4, 10) == 0  # no filled neighbour


def test_the_sequence_wraps_from_a_row_end_to_the_next_row_start():
    t = table_with(TQ, {6: 20})
    assert t.cost(23, 7) == 3 and t.cost(17, 5) == 3
    assert t.cost(30, 12) == 0  # the cell above is no neighbour in the published reading


def test_strict_order_in_reading_order():
    t = table_with(TQ, {10: 40}, hand=(30, 50, 40 - 0 + 1))
    plays = {(t.deck.number[c], k) for c, k, _ in t.legal_plays(0) if t.deck.number[c] in (30, 50)}
    assert all(k < 10 for x, k in plays if x == 30) and all(k > 10 for x, k in plays if x == 50)


def test_a_play_costing_more_than_the_cards_left_in_hand_is_illegal():
    t = table_with(TQ, {1: 3}, hand=(8, 9))
    t.hands[0][:] = [c for c in t.hands[0] if t.deck.number[c] in (8, 9)][:2]
    costs = {(t.deck.number[c], k): cost for c, k, cost in t.legal_plays(0)}
    assert (8, 2) not in costs and (9, 2) not in costs  # cost 5 and 6 with one card left
    assert costs[(8, 3)] == 0


def test_seed_000_gap_cost_counts_only_between_two_cards():
    game = with_rules(TQ, cost="gap")
    t = table_with(game, {1: 3, 3: 7})
    assert t.cost(6, 2) == 4 and t.cost(8, 4) == 0


def test_seed_001_orthogonal_adjacency_counts_above_and_below_but_no_wrap():
    game = with_rules(TQ, adjacency="orthogonal")
    t = table_with(game, {1: 3, 6: 20})
    assert t.cost(10, 7) == 7  # cell 7 sits above cell 1 (3), and cell 6 is not beside it
    assert t.cost(21, 12) == 1  # above cell 6


def test_seed_001_fixed_cap():
    game = with_rules(TQ, cost_cap=2)
    t = table_with(game, {1: 3}, hand=(6,))
    costs = {(t.deck.number[c], k): cost for c, k, cost in t.legal_plays(0)}
    assert (6, 2) not in costs  # cost 3 > 2 although the hand could pay it


def test_engine_and_checker_agree_on_every_legal_placement():
    rng = random.Random(4)
    deck = tranquility_deck(TQ)
    for seed in range(8):
        t, bot = deal_table(deck, 3, seed), RandomBot(seed)
        for _ in range(rng.randrange(10, 60)):
            if t.status != "playing":
                break
            numbers = {k: deck.number[t.cells[k]] for k in range(1, 37) if t.cells[k] >= 0}
            p = t.turn % 3
            cap = len(t.hands[p]) - 1
            expected = {
                (c, k, place_cost(t.rules, numbers, deck.number[c], k))
                for c in t.hands[p]
                if deck.kind[c] == 0
                for k in range(1, 37)
                if fits(numbers, deck.number[c], k) and place_cost(t.rules, numbers, deck.number[c], k) <= cap
            }
            assert set(t.legal_plays(p)) == expected
            t.apply(p, bot.choose(t, p))


# ---- start, finish, end -----------------------------------------------------------------------------


def _until(t, bot, done):
    while t.status == "playing" and not done(t):
        p = t.turn % t.n
        t.apply(p, bot.choose(t, p))
    return t


def test_a_held_start_card_must_be_played_and_the_team_discards_eight():
    t = _until(deal_table(tranquility_deck(TQ), 4, 1), TranquilityBot(), lambda t: t.start >= 0)
    _player, turn, shares = t.start_record
    assert sum(h + u for h, u in shares) == 8 and len(shares) == 4
    bot = TranquilityBot()
    assert bot.choose(t, (turn) % 4)[0] != "start"  # further start cards are dead


def test_finish_only_when_the_grid_is_full_and_a_start_is_down():
    deck = tranquility_deck(TQ)
    t = deal_table(deck, 2, 1)
    t.hands[0].append(deck.finishes[0])
    assert t.can_finish(0) < 0
    t = _until(deal_table(deck, 3, 0), TranquilityBot(), lambda t: False)
    assert t.status == "won" and t.filled == 36 and t.start >= 0 and t.finish >= 0


def test_solo_is_always_lost_when_the_start_discard_comes_from_hands_only():
    game = with_rules(TQ, start_discard_from="hands")
    for seed in range(5):
        t = _until(deal_table(tranquility_deck(game), 1, seed), TranquilityBot(), lambda t: False)
        assert t.status == "lost" and t.loss_reason() == "start-discard"
        assert check_state(game, t.to_state()) == []


def test_solo_can_be_won_when_the_start_discard_may_come_off_the_pile():
    deck = tranquility_deck(TQ)
    t = next(
        t
        for seed in range(10)
        for t in [_until(deal_table(deck, 1, seed), TranquilityBot(), lambda t: False)]
        if t.status == "won"
    )
    hand, pile = t.start_record[2][0]
    assert hand + pile == 8 and pile >= 4  # the hand held only 4 cards besides the start card
    assert check_state(TQ, t.to_state()) == []


def test_the_checker_finds_a_stuck_player_on_its_own():
    deck = tranquility_deck(TQ)
    state = next(
        s
        for seed in range(40)
        for s in [_until(deal_table(deck, 3, seed), TranquilityBot(), lambda t: False).to_state()]
        if s.status == "lost"
    )
    facts = Facts(
        TQ, rule_params(TQ), state, {p.id: p for p in physical_pieces(TQ)}, locate(state, TRANQUILITY.lay_out)
    )
    assert not has_action(facts, state.current_player)


def test_more_copies_of_each_island_still_ascend_strictly():
    game = with_count(TQ, "island", 2)
    t = table_with(game, {5: 40})
    deck = t.deck
    twin = next(c for c in deck.islands if deck.number[c] == 40 and t.cells[5] != c)
    t.hands[0].append(twin)
    assert all(c != twin for c, _, _ in t.legal_plays(0))


def test_the_bots_rating_cache_changes_no_decision():
    class Uncached(TranquilityBot):
        def rate_hand(self, t, hand):
            self._table = None  # forget every rating
            return super().rate_hand(t, hand)

    from pnp.rules.simulation import play_out

    deck = tranquility_deck(TQ)
    for seed in range(30):
        cached = play_out(deal_table(deck, 3, seed), TranquilityBot()).to_state()
        assert cached == play_out(deal_table(deck, 3, seed), Uncached()).to_state()
