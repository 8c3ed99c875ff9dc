"""What a snapshot proves from its counts: turns, the discard against the costs the grid implies, costs
no hand can pay, campfires whose replaced card went nowhere (pnp/rules/tranquility/counts.py,
pnp/rules/ascent/counts.py).

The five illegal states of issue 17 (an independent oracle called them illegal, pnp legal) are here,
each beside legal states that differ as little as possible.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers.rulekit import game_named, with_rules

from pnp.rules import check_state, deal_setup
from pnp.rules.costs import grid_cost_bound, sequence_cap_feasible, sequence_cost_bound

TQ = game_named("tranquility")
AS = game_named("ascent", None)
R = dataclasses.replace
MINE = {"tq-turns", "tq-costs-paid", "tq-cost-cap", "as-turns", "as-costs-paid", "as-cost-cap", "as-campfire"}


def _without(state, ids):
    """Takes ids out of hands and piles; a hand left short draws from its own pile, as after a turn."""
    hands, piles = [list(h) for h in state.hands], [list(p) for p in state.piles]
    for q in range(len(hands)):
        hands[q] = [c for c in hands[q] if c not in ids]
        piles[q] = [c for c in piles[q] if c not in ids]
        while len(hands[q]) < len(state.hands[q]) and piles[q]:
            hands[q].append(piles[q].pop(0))
    return R(
        state,
        hands=tuple(map(tuple, hands)),
        piles=tuple(map(tuple, piles)),
        discard=tuple(c for c in state.discard if c not in ids),
    )


def _pile_cards(state, n, avoid=()):
    """n cards off the bottoms of the piles (never in a hand), for a discard."""
    out = []
    for pile in state.piles:
        out += [c for c in reversed(pile) if c not in avoid and c.startswith(("island", "terrain"))][: n - len(out)]
    return tuple(out)


def sea_with(cells: dict[int, int], turn: int, discard: int = 0, players: int = 3, game=TQ):
    """A Tranquility state after `turn` turns: islands {cell: number}, `discard` cards discarded."""
    s = deal_setup(game, players, 1)
    ids = {k: f"island-{x:02d}" for k, x in cells.items()}
    s = _without(s, set(ids.values()))
    gone = _pile_cards(s, discard, set(ids.values()))
    s = R(_without(s, set(gone)), discard=gone, turn=turn, current_player=turn % players + 1)
    grid = list(s.sea.cells)
    for k, c in ids.items():
        grid[k - 1] = c
    return R(s, sea=R(s.sea, cells=tuple(grid)))


def mountain_with(slots: list[tuple[int, int, str]], turn: int, discard: int = 0, players: int = 3, game=AS):
    s = deal_setup(game, players, 1)
    ids = {c for _, _, c in slots}
    s = _without(s, ids)
    gone = _pile_cards(s, discard, ids)
    s = R(_without(s, set(gone)), discard=gone, turn=turn, current_player=turn % players + 1)
    rows = [list(r) for r in s.mountain.rows]
    for r, i, c in slots:
        rows[r - 1][i - 1] = c
    return R(s, mountain=R(s.mountain, rows=tuple(map(tuple, rows))))


def found(game, state) -> set[str]:
    return {v.rule for v in check_state(game, state)}


# ---- the issue's five states ---------------------------------------------------------------------


def test_issue_1_an_unpaid_cost_in_the_grid():
    state = sea_with({1: 20, 2: 24}, turn=2)
    assert found(TQ, state) == {"tq-costs-paid"}
    msg = next(str(v) for v in check_state(TQ, state) if v.rule == "tq-costs-paid")
    assert msg.startswith(
        "[tq-costs-paid] the discard holds 0 cards: 0 from the start discard and 0 from 0 discard "
        "turn(s) leave 0 for costs, but the islands in the grid cost at least 4 whatever the order"
    )


def test_issue_2_an_unpaid_cost_through_the_row_wrap_over_the_cap():
    state = sea_with({6: 20, 7: 26}, turn=2)
    assert found(TQ, state) == {"tq-costs-paid", "tq-cost-cap"}
    msg = next(str(v) for v in check_state(TQ, state) if v.rule == "tq-cost-cap")
    assert msg == (
        "[tq-cost-cap] in every order the islands in cell 6 to cell 7 could have gone down, one of them "
        "cost more than 4, the most a hand can pay (cards: island-20, island-26; at: cell 6, cell 7)"
    )


def test_issue_3_a_cost_no_hand_can_pay():
    assert "tq-cost-cap" in found(TQ, sea_with({1: 20, 2: 30}, turn=2, discard=10))


def test_issue_4_a_campfire_in_the_top_terrain_row():
    slots = [
        (r, 1, c)
        for r, c in enumerate(
            [
                "terrain-red-02#1",
                "terrain-green-02#2",
                "terrain-red-06#1",
                "terrain-green-07#2",
                "terrain-red-09#1",
                "terrain-green-07#1",
                "terrain-red-11#1",
            ],
            1,
        )
    ]
    state = mountain_with(slots + [(8, 1, "campfire-red#1")], turn=8)
    v = [x for x in check_state(AS, state) if x.rule == "as-campfire"]
    assert [str(x) for x in v] == [
        (
            "[as-campfire] 1 red campfire(s) in row 8 replaced cards that must have moved "
            "up, but there is no higher row (cards: campfire-red#1; at: row 8 slot 1)"
        )
    ]


def test_issue_5_a_campfire_whose_card_went_nowhere():
    state = mountain_with([(1, 1, "campfire-red#2")], turn=1)
    assert found(AS, state) == {"as-campfire"}
    legal = mountain_with(
        [(1, 1, "campfire-red#2"), (1, 2, "terrain-blue-05#2"), (2, 1, "terrain-red-06#1")], turn=3
    )  # red 6, blue 5, then the campfire moves the red 6 up
    assert found(AS, legal) == set()


# ---- legal states beside them --------------------------------------------------------------------


@pytest.mark.parametrize(
    "cells, turn, discard",
    [
        ({1: 20, 2: 24}, 2, 4),  # the cost paid
        ({1: 20, 3: 24}, 2, 0),  # not neighbours: both free
        ({1: 20, 2: 30, 3: 31}, 3, 1),  # 20 and 31 first, then 30 between them costs 1
        ({1: 20, 2: 24}, 3, 6),  # a discard turn and the cost
        ({6: 20, 7: 23}, 2, 3),  # through the wrap, paid
    ],
)
def test_legal_tranquility_counts(cells, turn, discard):
    assert found(TQ, sea_with(cells, turn, discard)) & MINE == set()


def test_a_run_whose_cheap_stretches_need_neighbouring_first_cards_is_over_the_cap():
    # 20 | 30 31 | 41: 20 and 41 must each go down first; 30 or 31 goes down beside one of them
    assert "tq-cost-cap" in found(TQ, sea_with({1: 20, 2: 30, 3: 31, 4: 41}, turn=4, discard=12))
    assert sequence_cap_feasible({1: 20, 2: 30, 3: 31, 4: 41}, 4) == (1, 4)
    assert sequence_cap_feasible({1: 20, 2: 30, 3: 31}, 4) is None


def test_more_islands_than_turns():
    assert "tq-turns" in found(TQ, sea_with({1: 20, 3: 24, 5: 30}, turn=2))


def test_a_discard_too_large_for_the_costs():
    state = sea_with({1: 20}, turn=1, discard=3)
    assert found(TQ, state) == {"tq-costs-paid"}


def test_the_cost_bound_is_the_least_over_every_order():
    assert sequence_cost_bound({1: 20, 2: 24}) == 4
    assert sequence_cost_bound({1: 20, 2: 30, 3: 31}) == 1
    assert sequence_cost_bound({1: 1, 2: 3, 3: 6, 4: 10}) == 2 + 3  # 3 and 10 free; 1 pays 2, 6 pays 3
    assert sequence_cost_bound({6: 20, 7: 26}) == 6
    # orthogonal: cell 1 and cell 7 are neighbours (one above the other)
    assert grid_cost_bound({1: 20, 7: 26}, 6, 6) == 6
    assert grid_cost_bound({1: 20, 8: 26}, 6, 6) == 0


def test_orthogonal_adjacency_bounds_costs_above_and_below():
    game = with_rules(TQ, adjacency="orthogonal")
    assert found(game, sea_with({1: 20, 7: 24}, turn=2, game=game)) & MINE == {"tq-costs-paid"}
    assert found(game, sea_with({1: 20, 7: 24}, turn=2, discard=4, game=game)) & MINE == set()
    assert "tq-cost-cap" in found(game, sea_with({1: 20, 7: 30}, turn=2, discard=10, game=game))


def test_the_gap_cost_gives_no_bound():
    game = with_rules(TQ, cost="gap")
    assert found(game, sea_with({1: 20, 2: 30}, turn=2, game=game)) & MINE == set()


# ---- The Ascent -----------------------------------------------------------------------------------


def test_ascent_counts():
    pair = [(1, 1, "terrain-red-05#1"), (1, 2, "terrain-green-09#1")]
    assert found(AS, mountain_with(pair, turn=2)) == {"as-costs-paid"}
    assert found(AS, mountain_with(pair, turn=2, discard=4)) == set()
    assert found(AS, mountain_with(pair, turn=1, discard=4)) >= {"as-turns"}
    wide = [(1, 1, "terrain-red-01#1"), (1, 2, "terrain-green-12#1")]
    assert "as-cost-cap" in found(AS, mountain_with(wide, turn=2, discard=11))


def test_a_bridge_swap_pays_both_sides_at_once():
    # 5, 9, 5 in a row: 9 swapped in for a bridge pays the greater side, 4, not 4 + 4
    row = [(1, 1, "terrain-red-05#1"), (1, 2, "terrain-green-09#1"), (1, 3, "terrain-red-05#2")]
    base = mountain_with(row, turn=4, discard=5)  # a bridge placed, then swapped: 4 turns, cost 4
    with_bridge = R(
        base,
        discard=base.discard[:4] + ("bridge#2",),
        piles=tuple(
            tuple(c for c in p if c != "bridge#2") + ((base.discard[4],) if q == 0 else ())
            for q, p in enumerate(base.piles)
        ),
    )
    assert found(AS, with_bridge) & MINE == set()
    # with no bridge gone both sides were paid (8), and 5 discarded cards after 4 turns with 3 cards down
    # leave 3 for costs
    assert found(AS, base) & MINE == {"as-costs-paid"}


def test_campfires_of_one_row_need_as_many_cards_above():
    slots = [
        (1, 1, "terrain-red-02#1"),
        (1, 2, "terrain-green-02#2"),
        (1, 3, "terrain-red-06#1"),
        (2, 1, "campfire-green#1"),
        (2, 2, "campfire-green#2"),
        (3, 1, "terrain-green-07#2"),
    ]
    state = mountain_with(slots, turn=6, discard=8)
    assert "as-campfire" in found(AS, state)
