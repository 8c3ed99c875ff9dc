"""The open-hands solver against brute force on small games, and its verdicts in simulate's report.

Brute force here tries every legal action (every choice of cards to pay with, every pair to discard,
every split of the start discard), remembers only exact positions, and knows no bound, symmetry or
dominance: what the solver leaves out must never change whether a deal can be won."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from helpers.rulekit import game_named, with_count, with_rules, without_cards

from pnp.game.params import HANDS_AND_PILES
from pnp.rules import rule_warnings
from pnp.rules.bots import play_game
from pnp.rules.engines import engine_of
from pnp.rules.simulation import simulate
from pnp.rules.solver import GAVE_UP, UNWINNABLE, WON, solve


def _small_tranquility(**rules):
    game = game_named("tranquility")
    game = without_cards(game, "island", rules.pop("islands", 12))
    game = with_count(game, "finish", rules.pop("finishes", 2))
    base = {"grid": {"rows": 2, "cols": 3}, "hand_size": 3, "start_discard": 2}
    return with_rules(game, **{**base, **rules})


def _all_actions(t, p):
    """Every legal action of the Tranquility table, nothing merged or left out."""
    hand = t.hands[p]
    start = t.can_start(p)
    if start >= 0:
        return _start_splits(t, p, start)
    finish = t.can_finish(p)
    out = [("finish", finish)] if finish >= 0 else []
    for c, k, cost in t.legal_plays(p):
        out += [("play", c, k, paid) for paid in combinations([q for q in hand if q != c], cost)]
    if len(hand) >= 2:
        out += [("discard", pair) for pair in combinations(hand, 2)]
    return out


def _start_splits(t, p, start):
    need = t.rules.start_discard
    hands = [[c for c in h if c != start] if q == p else h for q, h in enumerate(t.hands)]
    piles = [len(x) if t.rules.start_discard_from == HANDS_AND_PILES else 0 for x in t.piles]
    if sum(map(len, hands)) + sum(piles) < need:
        return [("start", start, None)]
    per = [
        [(paid, u) for h in range(len(hand) + 1) for paid in combinations(hand, h) for u in range(pile + 1)]
        for hand, pile in zip(hands, piles)
    ]
    return [
        ("start", start, [(tuple(paid), u) for paid, u in split])
        for split in product(*per)
        if sum(len(paid) + u for paid, u in split) == need
    ]


def _brute(t, seen) -> bool:
    if t.status == "won":
        return True
    if t.status == "lost":
        return False
    key = (t.turn % t.n, t.start >= 0, tuple(t.cells), tuple(tuple(sorted(h)) for h in t.hands))
    key += (tuple(len(x) for x in t.piles),)
    if key in seen:
        return False
    p = t.turn % t.n
    for action in _all_actions(t, p):
        child = t.clone()
        child.apply(p, action)
        if _brute(child, seen):
            return True
    seen.add(key)
    return False


def _verdicts(game, players, seeds):
    engine = engine_of(game)
    deck = engine.deck(game)
    out = []
    for seed in seeds:
        table = engine.deal(deck, players, seed)
        solution = solve(table, engine.baseline().choose, engine.filled, budget=10**7)
        out.append((seed, solution.verdict, _brute(table.clone(), set())))
        if solution.verdict == WON:  # the line it found wins when played
            replay = table.clone()
            for p, action in solution.line:
                replay.apply(p, action)
            assert replay.status == "won"
    return out


TRANQUILITY_CASES = [  # (rules, players): small deals, some winnable and some not
    ({"grid": {"rows": 2, "cols": 2}, "islands": 8}, 1),
    ({"grid": {"rows": 2, "cols": 2}, "islands": 7}, 1),
    ({"grid": {"rows": 2, "cols": 2}, "islands": 9, "start_discard": 3}, 1),
    ({"grid": {"rows": 2, "cols": 2}, "islands": 8, "start_discard_from": "hands"}, 1),
    ({"grid": {"rows": 2, "cols": 2}, "islands": 8, "cost": "gap"}, 1),
    ({"grid": {"rows": 2, "cols": 2}, "islands": 7}, 2),
]


@pytest.mark.parametrize(("rules", "players"), TRANQUILITY_CASES, ids=lambda v: str(v))
def test_tranquility_solver_agrees_with_brute_force(rules, players):
    results = _verdicts(_small_tranquility(**rules), players, range(20))
    for seed, verdict, winnable in results:
        assert verdict != GAVE_UP, seed
        assert (verdict == WON) == winnable, (seed, verdict, winnable)


def test_the_small_tranquility_cases_hold_both_answers():
    rules, players = TRANQUILITY_CASES[3]
    assert {v for _, v, _ in _verdicts(_small_tranquility(**rules), players, range(20))} == {WON, UNWINNABLE}


def test_open_hands_counts_won_unwinnable_and_gave_up_apart(tranquility):
    report = simulate(tranquility, 1, 30, seed=1, bot="open-hands")
    data = report.to_data()
    assert data["solver"]["won"] == report.wins
    assert data["solver"]["won"] + data["solver"]["unwinnable"] + data["solver"]["gave_up"] == 30
    assert data["solver"]["unwinnable"] > 0
    assert "proved unwinnable" in report.text()


def test_open_hands_wins_every_deal_the_baseline_wins(tranquility):
    for seed in range(20):
        if play_game(tranquility, 3, seed)[0]:
            assert play_game(tranquility, 3, seed, "open-hands")[0]


def _small_ascent(top: int = 3, modules=None, **rules):
    """The Ascent on a mountain of base 3 and 2 rows, terrain numbered up to `top` (one of each)."""
    import dataclasses

    game = game_named("ascent", modules)
    kinds = []
    for k in game.kinds:
        if k.id == "terrain":
            k = dataclasses.replace(k, cards=tuple(c for c in k.cards if c.fields["number"] <= top))
        kinds.append(k)
    game = dataclasses.replace(game, kinds=tuple(kinds))
    for kind, count in (("terrain", 1), ("campfire", 1), ("summit", 2), ("bridge", 1)):
        game = with_count(game, kind, count)
    return with_rules(game, **{"mountain": {"base": 3, "rows": 2}, "hand_size": 3, **rules})


def _ascent_actions(t, p):
    hand = t.hands[p]
    out = []
    for what, c, r, i, r2, i2, cost in t.legal_plays(p):
        if what == "summit":
            out.append(("summit", c))
        else:
            out += [(what, c, r, i, r2, i2, paid) for paid in combinations([q for q in hand if q != c], cost)]
    if len(hand) >= 2:
        out += [("discard", pair) for pair in combinations(hand, 2)]
    return out


def _brute_ascent(t, seen) -> bool:
    if t.status != "playing":
        return t.status == "won"
    key = (t.turn % t.n, tuple(c for row in t.rows for c in row), tuple(tuple(sorted(h)) for h in t.hands))
    key += (tuple(len(x) for x in t.piles), tuple(sorted(at or (-1, -1) for _, at in t.goats)))
    if key in seen:
        return False
    p = t.turn % t.n
    for action in _ascent_actions(t, p):
        child = t.clone()
        child.apply(p, action)
        if _brute_ascent(child, seen):
            return True
    seen.add(key)
    return False


ASCENT_CASES = [  # (terrain numbered up to, modules, hand size, players)
    (4, None, 2, 1),
    (3, None, 2, 2),
    (4, "green-path", 2, 1),
    (4, "green-path", 2, 2),
]


@pytest.mark.parametrize(("top", "modules", "hand", "players"), ASCENT_CASES)
def test_ascent_solver_agrees_with_brute_force(top, modules, hand, players):
    game = _small_ascent(top, modules, hand_size=hand)
    engine = engine_of(game)
    deck = engine.deck(game)
    verdicts = set()
    for seed in range(20):
        table = engine.deal(deck, players, seed)
        solution = solve(table, engine.baseline().choose, engine.filled, budget=10**7)
        assert solution.verdict != GAVE_UP, seed
        assert (solution.verdict == WON) == _brute_ascent(table.clone(), set()), seed
        verdicts.add(solution.verdict)
    assert verdicts == {WON, UNWINNABLE}


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_start_discard_warning_is_exactly_where_the_solver_finds_no_win(players):
    """A 2×2 grid of 8 islands with 2 finish cards: the warning's arithmetic (4 islands, 2 paid, start,
    finish, discard among 8 + 2 + players cards) flags a start discard of players + 3 and above; the
    solver proves every deal lost there and wins some deals at players + 2."""

    def game(discard):
        return _small_tranquility(grid={"rows": 2, "cols": 2}, islands=8, finishes=2, start_discard=discard)

    def flagged(discard):
        return any(w.startswith(f"with {players} player(s)") for w in rule_warnings(game(discard)))

    def verdicts(discard):
        g = game(discard)
        engine = engine_of(g)
        deck = engine.deck(g)
        return {
            solve(engine.deal(deck, players, s), engine.baseline().choose, engine.filled).verdict for s in range(30)
        }

    assert not flagged(players + 2) and WON in verdicts(players + 2)
    assert flagged(players + 3) and verdicts(players + 3) == {UNWINNABLE}
