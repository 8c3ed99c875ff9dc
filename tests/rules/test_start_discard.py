"""The start discard under both rule options: `hands-and-piles` (the project decision, default) and
`hands` (the earlier reading): engine, baseline bot, checker (legal and illegal cases) and warnings."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import pytest
from helpers.rulekit import game_named, table_with, with_rules

from pnp.game.model import frozen_map
from pnp.rules import check_state, rule_problems, rule_warnings
from pnp.rules.params import rule_params
from pnp.rules.state.model import Share
from pnp.rules.tranquility.bot import DEAD, TranquilityBot
from pnp.rules.tranquility.engine import START, deal_table, tranquility_deck

TQ = game_named("tranquility")
HANDS_ONLY = with_rules(TQ, start_discard_from="hands")
R = dataclasses.replace


def test_the_option_defaults_to_hands_and_piles():
    assert rule_params(TQ).start_discard_from == "hands-and-piles"  # set so in the bundled spec
    bare = dataclasses.replace(TQ, rules=frozen_map({k: v for k, v in TQ.rules.items() if k != "start_discard_from"}))
    assert rule_params(bare).start_discard_from == "hands-and-piles"
    assert rule_params(HANDS_ONLY).start_discard_from == "hands"


# ---- the engine ------------------------------------------------------------------------------------


def start_table(game, hands: list[tuple[int, ...]], cells=None):
    """Three players after three turns (an island, two discards); player 1 holds a start card and the
    numbers of hands[0], the others hands[1:]."""
    t = table_with(game, cells or {1: 40}, players=3)
    deck, by_number = t.deck, {t.deck.number[i]: i for i in t.deck.islands}
    wanted = {by_number[x] for hand in hands for x in hand}
    start = next(c for pile in t.piles for c in pile if deck.kind[c] == START)
    for lst in t.hands + t.piles:
        lst[:] = [c for c in lst if c not in wanted and c != start]
    for q, hand in enumerate(hands):
        t.piles[q] += t.hands[q]  # back on top of the pile, in order
        t.hands[q] = [by_number[x] for x in hand]
    t.hands[0].insert(0, start)
    for q in (1, 2):  # players 2 and 3 discarded two cards each and drew two off their piles
        t.discard += t.piles[q][:2]
        del t.piles[q][:2]
    t.turn = 3
    return t, start


def test_a_pile_share_discards_the_top_cards_unseen():
    t, start = start_table(TQ, [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])
    tops = [t.piles[1][-1], t.piles[1][-2], t.piles[2][-1]]
    three = t.hands[0][1]
    t.apply(0, ("start", start, [((three,), 0), ((), 2), (tuple(t.hands[2][:4]), 1)]))
    assert t.start_record == (1, 4, ((1, 0), (0, 2), (4, 1)))
    assert set(tops) <= set(t.discard) and three in t.discard and len(t.discard) == 4 + 8
    assert len(t.hands[1]) == 5 and len(t.hands[2]) == 1 and len(t.hands[0]) == 5  # player 1 drew back up
    assert check_state(TQ, t.to_state()) == []


def test_the_engine_refuses_a_pile_share_under_hands_only():
    t, start = start_table(HANDS_ONLY, [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])
    with pytest.raises(ValueError, match="off their pile"):
        t.apply(0, ("start", start, [((), 0), ((), 4), (tuple(t.hands[2][:4]), 0)]))


def test_the_game_is_lost_only_when_hands_and_piles_together_cannot_pay():
    t, _start = start_table(TQ, [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])
    held = sum(map(len, t.hands)) - 1 + sum(map(len, t.piles))
    exactly = with_rules(TQ, start_discard=held)
    t = start_table(exactly, [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])[0]
    t.apply(0, TranquilityBot().choose(t, 0))  # paid with every card: the next player is stuck at once
    assert not any(t.piles) and sum(h + u for h, u in t.start_record[2]) == held
    assert t.status == "lost" and t.loss_reason() != "start-discard"
    t = start_table(with_rules(TQ, start_discard=held + 1), [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])[
        0
    ]
    t.apply(0, TranquilityBot().choose(t, 0))
    assert t.status == "lost" and t.loss_reason() == "start-discard"  # (checked in real games: test_rule_catalogue)


# ---- the baseline bot ------------------------------------------------------------------------------


def test_the_bot_gives_its_dead_cards_and_takes_the_rest_off_the_largest_piles():
    # 40 in cell 1: every island below 40 is dead (no cell before cell 1 is left)
    t, _start = start_table(TQ, [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])
    num = t.deck.number
    rated = {num[e[1]]: e[0] for e in TranquilityBot().rate_hand(t, t.hands[1])}
    assert rated[7] >= DEAD - 1 and rated[61] < 3
    piles = [len(p) for p in t.piles]
    action = TranquilityBot().choose(t, 0)
    shares = [(sorted(num[c] for c in cards), n) for cards, n in action[2]]
    assert [cards for cards, _ in shares] == [[3, 5], [7, 8, 9], []]  # the others keep at least two cards
    assert piles == [26, 22, 20] and [n for _, n in shares] == [3, 0, 0]  # 26 → 23: never below another pile
    t.piles[1] += [t.piles[0].pop() for _ in range(2)]
    t.piles[2] += [t.piles[0].pop() for _ in range(4)]  # now 20, 24, 24: ties go in turn order from player 1
    assert [n for _, n in TranquilityBot().choose(t, 0)[2]] == [0, 2, 1]


def test_the_bot_pays_from_the_hands_only_under_hands_only():
    t, _start = start_table(HANDS_ONLY, [(3, 5, 60, 70), (7, 8, 9, 61, 62), (50, 55, 65, 66, 67)])
    action = TranquilityBot().choose(t, 0)
    assert all(n == 0 for _, n in action[2]) and sum(len(cards) for cards, _ in action[2]) == 8
    num = t.deck.number
    assert {3, 5, 7, 8, 9} <= {num[c] for cards, _ in action[2] for c in cards}  # the dead cards go first
    assert min(len(t.hands[q]) - len(cards) for q, (cards, _) in enumerate(action[2]) if q) == 2
    t.apply(0, action)
    assert check_state(HANDS_ONLY, t.to_state()) == []


# ---- the checker: legal and illegal start discards -------------------------------------------------


@lru_cache(None)
def right_after_start(option: str):
    """Three players, the start card just played (shares not yet drawn back), by the baseline bot."""
    game = TQ if option == "hands-and-piles" else HANDS_ONLY
    for seed in range(40):
        t, bot = deal_table(tranquility_deck(game), 3, seed), TranquilityBot()
        while t.status == "playing" and t.start < 0:
            t.apply(t.turn % 3, bot.choose(t, t.turn % 3))
        shares = t.start_record[2] if t.start >= 0 else ()
        if t.status == "playing" and any(h for h, _ in shares[1:]) and (option == "hands" or any(u for _, u in shares)):
            return game, t.to_state()
    raise AssertionError("no seed gives a start discard from hands (and piles)")


def with_shares(state, *shares):
    return R(state, sea=R(state.sea, start=R(state.sea.start, shares=tuple(shares))))


@pytest.mark.parametrize("option", ["hands-and-piles", "hands"])
def test_a_start_discard_by_the_rules_is_legal(option):
    game, state = right_after_start(option)
    assert check_state(game, state) == []
    assert all(share.pile == 0 for share in state.sea.start.shares) == (option == "hands")


def _violations(game, state, rule="tq-start"):
    return [v.message for v in check_state(game, state) if v.rule == rule]


def test_a_pile_share_is_illegal_under_hands_only():
    game, state = right_after_start("hands")
    shares = list(state.sea.start.shares)
    q = next(i for i, s in enumerate(shares) if s.hand)
    shares[q] = Share(shares[q].hand - 1, 1)  # same total, one card off the pile
    moved = with_shares(state, *shares)
    assert any(
        f"player {q + 1} gave 1 cards from their pile" in m and "from the hands only" in m
        for m in _violations(game, moved)
    )
    assert _violations(TQ, moved) == []  # the default option allows it


def test_a_hand_share_larger_than_a_hand_is_illegal():
    game, state = right_after_start("hands-and-piles")
    a, b, c = state.sea.start.shares
    too_big = with_shares(state, a, Share(6, b.total - 6 if b.total >= 6 else 0), c)
    assert any("held at most 5" in m for m in _violations(game, too_big))
    shares = [a, b, c]
    shares[state.sea.start.player - 1] = Share(5)
    assert any(
        "the player of the start card held at most 4" in m for m in _violations(game, with_shares(state, *shares))
    )


def test_shares_must_add_up_to_the_start_discard():
    game, state = right_after_start("hands-and-piles")
    a, b, c = state.sea.start.shares
    assert any(
        "took 9 cards; the rules ask for 8" in m
        for m in _violations(game, with_shares(state, a, b, Share(c.hand, c.pile + 1)))
    )


def test_an_unpaid_start_discard_is_illegal_while_the_piles_could_pay():
    game, state = right_after_start("hands-and-piles")
    unpaid = R(with_shares(state, Share(0), Share(0), Share(0)), status="lost")
    assert any("took 0 cards" in m for m in _violations(game, unpaid))


def test_the_hand_part_of_a_share_is_what_a_hand_is_short_until_its_turn_ends():
    game, state = right_after_start("hands-and-piles")
    a, b, c = state.sea.start.shares
    q = next(i for i, s in enumerate((b, c), 2) if s.hand)
    shares = [a, b, c]
    shares[q - 1] = Share(shares[q - 1].hand - 1, shares[q - 1].pile + 1)  # same total, one fewer from the hand
    found = _violations(game, with_shares(state, *shares), "hand-drawn")
    assert found and f"player {q} holds" in found[0]


def test_more_hands_than_players_after_a_start_discard_is_a_violation_not_a_crash():
    """Found by tests/rules/test_state_fuzz.py: a hand beyond the player count has no start share;
    the "players" rule names the mismatch and the other rules go on."""
    game, state = right_after_start("hands-and-piles")
    extra = R(state, hands=(*state.hands, state.hands[0]), piles=(*state.piles, state.piles[0]))
    found = [v.message for v in check_state(game, extra) if v.rule == "players"]
    assert found == ["there are 4 hands for 3 players", "there are 4 piles for 3 players"]


# ---- warnings and problems -------------------------------------------------------------------------


def test_solo_is_flagged_under_hands_only_and_not_by_default():
    assert rule_warnings(TQ) == []
    assert rule_warnings(HANDS_ONLY) == [
        "with 1 player(s) the hands hold at most 4 cards when the start card is "
        "played (1 × 5 − the start card), fewer than the start discard of 8: such a game is always lost"
    ]


def test_a_start_discard_larger_than_the_deck_is_flagged_for_every_player_count():
    warnings = rule_warnings(with_rules(TQ, start_discard=85))
    assert len(warnings) == 5 and warnings[-1] == (
        "with 5 player(s) a win needs 36 islands in the grid, at least 18 cards paid for placing them, the start "
        "card, a finish card and the start discard of 85: 141 different cards, but only 90 are dealt (80 islands, "
        "5 finish cards, 5 start cards): such a game is always lost"
    )
    assert [w[:18] for w in rule_warnings(with_rules(TQ, start_discard=32))] == [
        "with 1 player(s) a",
        "with 2 player(s) a",
    ]
    assert rule_warnings(with_rules(TQ, start_discard=30)) == []


def test_an_unknown_source_of_the_start_discard_is_a_problem():
    assert rule_problems(with_rules(TQ, start_discard_from="boxes")) == [
        "start_discard_from 'boxes' is not one of: hands-and-piles, hands"
    ]


def test_a_start_discard_the_discard_pile_does_not_hold_is_caught():
    """Review finding: shares claimed while the discard does not hold the discarded cards."""
    game, state = right_after_start("hands-and-piles")
    emptied = R(state, discard=(), box=state.box + state.discard)  # every card still in one place
    assert any("but the discard holds only 0" in m for m in _violations(game, emptied))
