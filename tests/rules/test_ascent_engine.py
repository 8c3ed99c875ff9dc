"""The Ascent engine against RULES.md §2: the mountain, costs, special cards and the three modules."""

from __future__ import annotations

import pytest
from helpers.rulekit import game_named, with_module_rules, with_rules

from pnp.rules import check_state, deal_setup
from pnp.rules.ascent.engine import ascent_deck, deal_ascent
from pnp.rules.ascent.modules import path_rows, sequence_found, table_grid
from pnp.rules.params import rule_params

AS = game_named("ascent", None)


def mountain_table(game, slots, hand=(), players=2, seed=3):
    """A dealt table with cards moved onto the mountain [(row, slot, id)] and into player 1's hand."""
    deck = ascent_deck(game)
    t = deal_ascent(deck, players, seed)
    moved = {deck.index[c] for _, _, c in slots} | {deck.index[c] for c in hand}
    for lst in t.hands + t.piles:
        lst[:] = [c for c in lst if c not in moved]
    for r, i, c in slots:
        t.rows[r - 1][i - 1] = deck.index[c]
    t.fill = [sum(1 for c in row if c >= 0) for row in t.rows]
    pay_for_the_mountain(t, moved)
    t.hands[0][:0] = [deck.index[c] for c in hand]
    while len(t.hands[0]) > t.size:  # keep the hand size: the rest goes back on top of the pile
        t.piles[0].append(t.hands[0].pop())
    return t


def pay_for_the_mountain(t, keep) -> None:
    """One turn per card on the mountain and the least the cards side by side cost, off the piles'
    bottoms into the discard, so the snapshot's counts agree (rules as-turns, as-costs-paid)."""
    from pnp.rules.ascent.engine import TERRAIN
    from pnp.rules.costs import row_pairs_bound

    deck = t.deck
    t.turn = sum(t.fill)
    numbers = [[deck.number[c] if c >= 0 and deck.kind[c] == TERRAIN else None for c in row] for row in t.rows]
    owed, _ = row_pairs_bound(numbers, t.rules.bridge_swap_cost == "greater", 0)
    spare = [c for pile in t.piles for c in pile if c not in keep][:owed]
    for pile in t.piles:
        pile[:] = [c for c in pile if c not in spare]
    t.discard += spare


def plays(t, card_id, what=None):
    c = t.deck.index[card_id]
    return {
        (p[0], p[2] + 1, p[3] + 1, p[6]) if p[0] != "campfire" else (p[0], p[4] + 1, p[5] + 1, p[6])
        for p in t.legal_plays(0)
        if p[1] == c and (what is None or p[0] == what)
    }


def test_rows_shrink_and_rest_on_two_cards():
    t = mountain_table(AS, [(1, 1, "terrain-red-05#1")])
    assert [len(r) for r in t.rows] == [9, 8, 7, 6, 5, 4, 3, 2]
    assert t.open_slots() == [(0, 1)]  # row 2 waits for the first two cards below
    t = mountain_table(AS, [(1, 1, "terrain-red-05#1"), (1, 2, "terrain-blue-06#1")])
    assert t.open_slots() == [(0, 2), (1, 0)]


def test_row_minimum_and_colours():
    t = mountain_table(
        AS,
        [(1, 1, "terrain-red-05#1"), (1, 2, "terrain-blue-06#1")],
        hand=("terrain-green-01#1", "terrain-blue-07#1", "terrain-green-02#1", "terrain-red-03#1"),
    )
    assert plays(t, "terrain-green-01#1") == set()  # a 1 only in row 1, where it would cost 5 > 4
    assert ("place", 1, 3, 4) in plays(t, "terrain-green-02#1")
    assert not any(p[1:3] == (1, 3) for p in plays(t, "terrain-blue-07#1"))  # blue beside blue
    assert ("place", 2, 1, 0) in plays(t, "terrain-green-02#1")


def test_cost_is_the_difference_to_the_left_neighbour():
    t = mountain_table(
        AS,
        [(1, 1, "terrain-red-04#1")],
        hand=("terrain-green-07#1", "terrain-blue-04#1", "terrain-green-09#1", "terrain-blue-11#1"),
    )
    assert ("place", 1, 2, 3) in plays(t, "terrain-green-07#1")  # 7 next to 4 costs 3
    assert ("place", 1, 2, 0) in plays(t, "terrain-blue-04#1")  # equal costs 0


def test_campfires_are_skipped_for_cost_and_bridges_count_as_blank():
    t = mountain_table(AS, [(1, 1, "terrain-red-03#1"), (1, 2, "campfire-blue#1")], hand=("terrain-green-05#1",))
    assert ("place", 1, 3, 2) in plays(t, "terrain-green-05#1")  # 3, campfire, 5 costs 2
    t = mountain_table(AS, [(1, 1, "terrain-red-03#1"), (1, 2, "bridge#1")], hand=("terrain-green-09#1",))
    assert ("place", 1, 3, 0) in plays(t, "terrain-green-09#1")


@pytest.mark.parametrize("option, cost", [("greater", 3), ("smaller", 1)])
def test_bridge_swap_costs_the_greater_difference(option, cost):
    game = with_rules(AS, bridge_swap_cost=option)
    t = mountain_table(
        game,
        [(1, 1, "terrain-red-03#1"), (1, 2, "bridge#1"), (1, 3, "terrain-red-07#1")],
        hand=("terrain-green-04#1", "terrain-blue-01#1", "terrain-blue-02#1", "terrain-blue-12#1"),
    )
    assert ("swap", 1, 2, cost) in plays(t, "terrain-green-04#1")


def test_bridges_never_at_a_row_end():
    t = mountain_table(AS, [], hand=("bridge#1",))
    assert plays(t, "bridge#1") == set()  # the first slot is a row end
    t = mountain_table(
        AS, [(1, i, c) for i, c in enumerate(["terrain-red-05#1", "terrain-blue-05#1"] * 4, 1)][:8], hand=("bridge#1",)
    )
    assert not any(p[1:3] == (1, 9) for p in plays(t, "bridge#1"))


def test_campfire_replaces_a_card_of_its_colour_which_moves_up_at_once():
    slots = [(1, 1, "terrain-red-05#1"), (1, 2, "terrain-blue-06#1"), (1, 3, "terrain-red-07#1")]
    t = mountain_table(AS, slots, hand=("campfire-red#1", "terrain-blue-01#1", "terrain-blue-02#1"))
    options = plays(t, "campfire-red#1")
    assert ("campfire", 2, 1, 0) in options  # the red 5 or 7 moves to row 2 slot 1
    deck = t.deck
    t.apply(0, ("campfire", deck.index["campfire-red#1"], 0, 0, 1, 0, ()))
    assert t.rows[0][0] == deck.index["campfire-red#1"] and t.rows[1][0] == deck.index["terrain-red-05#1"]
    assert check_state(AS, t.to_state()) == []
    t = mountain_table(AS, [(1, 1, "terrain-red-05#1")], hand=("campfire-red#1",))
    assert plays(t, "campfire-red#1") == set()  # nowhere higher to go: cannot be played


def test_summit_last_when_no_bridge_is_left():
    deck = ascent_deck(AS)
    t = deal_ascent(deck, 2, 1)
    t.hands[0].append(deck.of(1)[0])
    assert not any(p[0] == "summit" for p in t.legal_plays(0))


# ---- modules ---------------------------------------------------------------------------------------


def test_goats_board_in_row_one_and_climb_onto_green_cards():
    game = game_named("ascent-modules-reconstructed", ["goats"])  # three goats: the others keep waiting
    cards = ("terrain-green-05#1", "terrain-red-06#1", "terrain-green-08#1")
    t = mountain_table(game, [], hand=cards, players=1)
    green5, red6, green8 = (t.deck.index[c] for c in cards)
    t.apply(0, ("place", green5, 0, 0, -1, -1, ()))
    assert [at for _, at in t.goats] == [(0, 0), None, None]  # one goat per green card in row 1
    paid = next(c for c in t.hands[0] if c not in (red6, green8))  # red 6 beside green 5 costs 1
    t.apply(0, ("place", red6, 0, 1, -1, -1, (paid,)))
    assert [at for _, at in t.goats] == [(0, 0), None, None]
    t.apply(0, ("place", green8, 1, 0, -1, -1, ()))
    assert [at for _, at in t.goats] == [(1, 0), None, None]  # climbed onto the green card resting on it
    assert check_state(game, t.to_state()) == []


def test_the_specs_goats_can_reach_their_target_row():
    from pnp.rules import rule_warnings

    game = game_named("ascent", ["goats"])
    herd = rule_params(game).goats
    assert (herd.goats, herd.target_row) == (1, 8)  # re-read: up to the top terrain row, so one goat
    assert rule_warnings(game) == []
    first = game_named("ascent-modules-reconstructed", ["goats"])
    assert rule_params(first).goats.target_row == 5  # row 6, as first proposed, cannot be reached by 3 goats
    assert rule_warnings(first) == []
    assert rule_warnings(with_module_rules(game, "goats", goats=2, target_row=6)) == []  # row 6 has room for 2


@pytest.mark.parametrize("goats, target_row", [(3, 6), (2, 8), (4, 5)])
def test_more_goats_than_the_target_row_has_room_for_is_never_winnable(goats, target_row):
    from pnp.rules import rule_warnings

    game = with_module_rules(game_named("ascent", ["goats"]), "goats", goats=goats, target_row=target_row)
    warnings = rule_warnings(game)
    assert len(warnings) == 1 and "Mountain Goats goal can never be met" in warnings[0]
    assert f"{goats} goats cannot all reach row {target_row}" in warnings[0]


def test_green_path_and_panorama_goals_read_the_mountain():
    t = mountain_table(
        AS,
        [
            (1, 1, "terrain-red-02#1"),
            (1, 2, "terrain-green-03#1"),
            (1, 3, "terrain-blue-04#1"),
            (2, 1, "terrain-green-05#1"),
            (2, 2, "terrain-red-06#1"),
        ],
    )
    grid = table_grid(t)
    assert path_rows(grid, "green") == 2
    assert sequence_found(grid, (2, 3, 4)) == (1, 1)
    assert sequence_found(grid, (3, 4, 5)) is None


def test_ascent_setup_reveals_panorama_triangles_with_the_module():
    game = game_named("ascent", ["panorama"])
    state = deal_setup(game, 3, 4)
    assert len(state.mountain.base) == 10 and len(state.mountain.revealed) == 1
    assert set(state.mountain.revealed) <= set(state.mountain.base)
    state = deal_setup(game_named("ascent-modules-reconstructed", ["panorama"]), 3, 4)
    assert len(state.mountain.base) == 10 and len(set(state.mountain.revealed)) == 3
    assert set(state.mountain.revealed) <= set(state.mountain.base)
    assert deal_setup(AS, 3, 4).mountain.revealed == ()
