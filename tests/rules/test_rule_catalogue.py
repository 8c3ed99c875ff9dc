"""Every rule id has a legal case (no violation of it) and an illegal case (it is reported).

Each illegal case changes one legal state in one way; the case must be reported under its rule id.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import pytest
from helpers.rulekit import game_named, with_rules

from pnp.rules import RULES, check_state, deal_setup
from pnp.rules.ascent.bot import AscentBot
from pnp.rules.ascent.engine import ascent_deck, deal_ascent
from pnp.rules.simulation import play_out
from pnp.rules.state.model import Share
from pnp.rules.tranquility.bot import TranquilityBot
from pnp.rules.tranquility.engine import deal_table, tranquility_deck

TQ = game_named("tranquility")
AS = game_named("ascent", "all")
AS_PLAIN = game_named("ascent", None)
R = dataclasses.replace


# ---- legal states to start from --------------------------------------------------------------------


@lru_cache(None)
def tq_setup():
    return deal_setup(TQ, 3, 1)


@lru_cache(None)
def tq_mid():
    """Three players, a start card down for a few turns and islands in the grid."""
    table, bot = deal_table(tranquility_deck(TQ), 3, 0), TranquilityBot()
    while not (table.start >= 0 and table.turn >= table.start_record[1] + 4 and table.filled >= 8):
        p = table.turn % 3
        table.apply(p, bot.choose(table, p))
    return table.to_state()


@lru_cache(None)
def tq_end(seed: int):
    return play_out(deal_table(tranquility_deck(TQ), 3, seed), TranquilityBot()).to_state()


@lru_cache(None)
def as_setup():
    return deal_setup(AS, 3, 1)


@lru_cache(None)
def as_mid():
    table, bot = deal_ascent(ascent_deck(AS), 3, 1), AscentBot()
    for _ in range(30):
        p = table.turn % 3
        table.apply(p, bot.choose(table, p))
    return table.to_state()


@lru_cache(None)
def as_won():
    state = play_out(deal_ascent(ascent_deck(AS_PLAIN), 3, 2), AscentBot()).to_state()
    assert state.status == "won"
    return state


# ---- small editing helpers -------------------------------------------------------------------------


def take(state, card):
    """The state without `card` in hands, piles, discard, box or aside."""
    strip = lambda ids: tuple(c for c in ids if c != card)
    return R(
        state,
        hands=tuple(map(strip, state.hands)),
        piles=tuple(map(strip, state.piles)),
        discard=strip(state.discard),
        box=strip(state.box),
        aside=strip(state.aside),
    )


def sea(state, **changes):
    return R(state, sea=R(state.sea, **changes))


def mountain(state, **changes):
    return R(state, mountain=R(state.mountain, **changes))


def put_cells(state, **cells):
    """cell_7="island-10": moves the cards into the grid."""
    grid = list(state.sea.cells)
    for name, card in cells.items():
        state = take(state, card)
        grid[int(name.split("_")[1]) - 1] = card
    return sea(state, cells=tuple(grid))


def put_slots(state, slots):
    """[(row, slot, card)]: moves the cards onto the mountain."""
    rows = [list(r) for r in state.mountain.rows]
    for row, slot, card in slots:
        state = take(state, card)
        rows[row - 1][slot - 1] = card
    return mountain(state, rows=tuple(map(tuple, rows)))


def first(state, prefix):
    """The first card whose id starts with `prefix` in the piles, hands or discard."""
    lists = state.piles + state.hands + (state.discard,)
    return next(c for lst in lists for c in lst if c.startswith(prefix))


def with_goats(state, *positions):
    return mountain(state, goats=tuple((g, at) for (g, _), at in zip(state.mountain.goats, positions)))


# ---- the illegal cases -----------------------------------------------------------------------------


def _tq_illegal():
    s, m = tq_setup(), tq_mid()
    hand0 = s.hands[0]
    return {
        "state-game": (TQ, R(s, game="galateia")),
        "players": (TQ, R(s, players=6)),
        "turn-order": (TQ, R(s, current_player=2)),
        "cards-known": (TQ, R(s, discard=("island-81",))),
        "cards-once": (TQ, R(s, discard=(hand0[0],))),
        "cards-all": (TQ, R(s, piles=(s.piles[0][1:],) + s.piles[1:])),
        "cards-where": (TQ, R(take(s, "reference-1"), discard=("reference-1",))),
        "hand-limit": (
            TQ,
            R(s, hands=(hand0 + (s.piles[0][0],),) + s.hands[1:], piles=(s.piles[0][1:],) + s.piles[1:]),
        ),
        "hand-drawn": (TQ, R(s, hands=(hand0[1:],) + s.hands[1:], piles=(s.piles[0] + (hand0[0],),) + s.piles[1:])),
        "setup-deal": (TQ, R(s, piles=(s.piles[0][2:], s.piles[1] + s.piles[0][:2], s.piles[2]))),
        "tq-frame": (TQ, sea(R(s, box=s.box + (s.sea.frame[0],)), frame=s.sea.frame[1:])),
        "tq-box": (TQ, R(take(s, s.piles[1][0]), box=s.box + (s.piles[1][0],))),
        "tq-grid": (TQ, sea(s, cells=s.sea.cells[:-1])),
        "tq-ascending": (TQ, _swap_cells(m)),
        "tq-start": (TQ, sea(m, start=R(m.sea.start, shares=(Share(3), Share(3), Share(1))))),
        "tq-start-dead": (TQ, R(take(s, first(s, "start")), discard=(first(s, "start"),))),
        "tq-start-own": (TQ, _start_in_hand(s)),
        "tq-finish": (TQ, sea(take(m, first(m, "finish")), finish=first(m, "finish"))),
        "tq-won": (TQ, R(tq_end(0), status="playing")),
        "tq-lost": (TQ, R(m, status="lost")),
        "tq-setup": (TQ, put_cells(s, cell_5=s.piles[0][0])),
    }


def _swap_cells(state):
    filled = [k for k, c in enumerate(state.sea.cells) if c]
    cells = list(state.sea.cells)
    cells[filled[0]], cells[filled[1]] = cells[filled[1]], cells[filled[0]]
    return sea(state, cells=tuple(cells))


def _start_in_hand(s):
    start = next(c for c in s.piles[0] if c.startswith("start"))
    pile = tuple(s.hands[0][0] if c == start else c for c in s.piles[0])
    return R(s, hands=((start,) + s.hands[0][1:],) + s.hands[1:], piles=(pile,) + s.piles[1:])


def _as_illegal():
    s, m, w = as_setup(), as_mid(), as_won()
    greens = [c for lst in s.piles for c in lst if c.startswith("terrain-green")]
    reds = [c for lst in s.piles for c in lst if c.startswith("terrain-red")]
    one = next(c for lst in s.piles for c in lst if c.startswith("terrain-") and "-01#" in c)
    gp = game_named("ascent", ["green-path"])
    pano = game_named("ascent", ["panorama"])
    goats = game_named("ascent", ["goats"])
    base = w.mountain.base
    return {
        "as-base": (AS, mountain(R(s, box=s.box + (s.mountain.base[0],)), base=s.mountain.base[1:])),
        "as-box": (AS, mountain(R(s, box=s.box + (s.mountain.goats[0][0],)), goats=s.mountain.goats[1:])),
        "as-rows": (AS, mountain(s, rows=s.mountain.rows[:-1])),
        "as-fill": (AS, put_slots(s, [(1, 2, reds[0])])),
        "as-support": (AS, put_slots(s, [(2, 1, reds[0])])),
        "as-row-minimum": (AS, put_slots(s, [(1, 1, greens[0]), (1, 2, reds[0]), (2, 1, one)])),
        "as-colours": (AS, put_slots(s, [(1, 1, reds[0]), (1, 2, reds[1])])),
        "as-bridge-end": (AS, put_slots(s, [(1, 1, first(s, "bridge"))])),
        "as-summit": (AS, mountain(take(s, first(s, "summit")), summit=first(s, "summit"))),
        "as-won": (AS_PLAIN, R(w, status="playing")),
        "as-lost": (AS, R(m, status="lost")),
        "as-setup": (AS, put_slots(s, [(1, 1, greens[0])])),
        "green-path": (gp, R(w, modules=("green-path",), aside=w.aside + ("green-path-reference",))),
        "panorama": (
            pano,
            R(mountain(w, revealed=base[:1]), modules=("panorama",), aside=w.aside + ("panorama-reference",)),
        ),
        "goats-goal": (
            goats,
            R(
                mountain(w, goats=deal_setup(goats, 3, 1).mountain.goats),  # every goat still waiting
                modules=("goats",),
                aside=w.aside + ("goats-reference",),
            ),
        ),
        "goats-where": (AS, with_goats(put_slots(s, [(1, 1, reds[0])]), (1, 1), None, None)),
        "goats-board": (AS, put_slots(s, [(1, 1, greens[0])])),
        "goats-climb": (
            AS,
            with_goats(put_slots(s, [(1, 1, greens[0]), (1, 2, reds[0]), (2, 1, greens[1])]), (1, 1), None, None),
        ),
    }


def _count_illegal():
    from test_snapshot_bounds import mountain_with, sea_with

    AS_ = AS_PLAIN
    return {
        "tq-turns": (TQ, sea_with({1: 20, 3: 24, 5: 30}, turn=2)),
        "tq-costs-paid": (TQ, sea_with({1: 20, 2: 24}, turn=2)),
        "tq-cost-cap": (TQ, sea_with({1: 20, 2: 30}, turn=2, discard=10)),
        "as-turns": (AS_, mountain_with([(1, 1, "terrain-red-05#1"), (1, 2, "terrain-green-05#1")], turn=1)),
        "as-costs-paid": (AS_, mountain_with([(1, 1, "terrain-red-05#1"), (1, 2, "terrain-green-09#1")], turn=2)),
        "as-cost-cap": (
            AS_,
            mountain_with([(1, 1, "terrain-red-01#1"), (1, 2, "terrain-green-12#1")], turn=2, discard=11),
        ),
        "as-campfire": (AS_, mountain_with([(1, 1, "campfire-red#2")], turn=1)),
    }


ILLEGAL = {**_tq_illegal(), **_as_illegal(), **_count_illegal()}


def test_every_rule_has_an_illegal_case():
    assert set(ILLEGAL) == set(RULES)


@pytest.mark.parametrize("rule_id", sorted(ILLEGAL))
def test_illegal_case_is_reported_under_its_rule(rule_id):
    game, state = ILLEGAL[rule_id]
    found = check_state(game, state)
    assert rule_id in {v.rule for v in found}, [str(v) for v in found]
    for v in found:
        assert v.message[0].islower() or v.message[0].isdigit() or v.message[0].isupper()
        assert str(v).startswith(f"[{v.rule}] ")


# ---- the legal cases -------------------------------------------------------------------------------

UNPAID = {
    "the hands could not pay the start discard (hands only)": with_rules(
        TQ, start_discard=20, start_discard_from="hands"
    ),
    "hands and piles could not pay the start discard": with_rules(TQ, start_discard=60),
}


@lru_cache(None)
def unpaid(name: str):
    game = UNPAID[name]
    lost = (play_out(deal_table(tranquility_deck(game), 2, seed), TranquilityBot()).to_state() for seed in range(20))
    return game, next(s for s in lost if s.sea.start is not None and s.turn == s.sea.start.turn - 1)


def _legal_states():
    same_colour = with_rules(AS_PLAIN, same_colour_in_row=True)
    two_reds = put_slots(deal_setup(same_colour, 2, 1), [(1, 1, "terrain-red-05#1"), (1, 2, "terrain-red-05#2")])
    return {
        "setup": (TQ, tq_setup()),
        "mid-game, shares of the start discard not yet drawn back": (TQ, _right_after_start()),
        "mid-game": (TQ, tq_mid()),
        "won": (TQ, tq_end(0)),
        "lost": (TQ, tq_end(4)),
        **{f"lost at once: {name}": unpaid(name) for name in UNPAID},
        "ascent setup": (AS, as_setup()),
        "ascent mid-game with goats and modules": (AS, as_mid()),
        "ascent won": (AS_PLAIN, as_won()),
        "same colour side by side where the rule option allows it": (
            same_colour,
            R(two_reds, turn=2, current_player=1),
        ),
    }


def _right_after_start():
    table, bot = deal_table(tranquility_deck(TQ), 3, 0), TranquilityBot()
    while table.start < 0:
        p = table.turn % 3
        table.apply(p, bot.choose(table, p))
    state = table.to_state()
    assert any(len(h) < 5 for h, p in zip(state.hands, state.piles) if p)
    return state


LEGAL = _legal_states()


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_legal_state_breaks_no_rule(name):
    game, state = LEGAL[name]
    assert check_state(game, state) == []


@pytest.mark.parametrize("name", sorted(UNPAID))
def test_the_unpaid_start_discard_cases_are_what_they_claim(name):
    game, state = unpaid(name)
    assert state.status == "lost" and sum(share.total for share in state.sea.start.shares) == 0
    held = sum(map(len, state.hands)) + (sum(map(len, state.piles)) if "piles" in name else 0)
    assert held < game.rules["start_discard"]
