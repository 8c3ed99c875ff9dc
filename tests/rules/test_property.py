"""Random legal play never makes a state the checker rejects; single mutations of legal states are caught."""

from __future__ import annotations

import dataclasses

from helpers.rulekit import game_named, with_rules
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pnp.rules import check_state
from pnp.rules.ascent.bot import AscentBot, RandomAscentBot
from pnp.rules.ascent.engine import ascent_deck, deal_ascent
from pnp.rules.tranquility.bot import RandomBot, TranquilityBot
from pnp.rules.tranquility.engine import deal_table, tranquility_deck

TRANQUILITY = game_named("tranquility")
TRANQUILITY_HANDS_ONLY = with_rules(TRANQUILITY, start_discard_from="hands")
ASCENT = game_named("ascent", "all")
ASCENT_PLAIN = game_named("ascent", None)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_states(table, bot, every: int = 1):
    """Every `every`-th snapshot of a game played to its end (and the last one)."""
    states = [table.to_state()]
    while table.status == "playing":
        p = table.turn % table.n
        action = bot.choose(table, p)
        assert action is not None, "a stuck player must already have lost the game"
        table.apply(p, action)
        if table.turn % every == 0 or table.status != "playing":
            states.append(table.to_state())
    return states


@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), smart=st.booleans(), hands_only=st.booleans())
def test_tranquility_play_stays_legal(seed, players, smart, hands_only):
    game = TRANQUILITY_HANDS_ONLY if hands_only else TRANQUILITY
    bot = TranquilityBot() if smart else RandomBot(seed)
    for state in play_states(deal_table(tranquility_deck(game), players, seed), bot, every=3):
        assert check_state(game, state) == []


@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), modules=st.booleans(), smart=st.booleans())
def test_ascent_play_stays_legal(seed, players, modules, smart):
    game = ASCENT if modules else ASCENT_PLAIN
    deck = ascent_deck(game)
    bot = AscentBot() if smart else RandomAscentBot(seed)
    for state in play_states(deal_ascent(deck, players, seed), bot, every=4):
        assert check_state(game, state) == []


def test_the_explored_games_reach_every_special_card():
    """The property tests are not vacuous: these seeds reach starts, finishes, campfires, bridge swaps,
    climbing goats and summits, and every state on the way is legal."""
    seen = set()
    deck = tranquility_deck(TRANQUILITY)
    for seed in range(6):
        for state in play_states(deal_table(deck, 3, seed), TranquilityBot(), every=1):
            seen.add("start" if state.sea.start else "")
            seen.add("won" if state.status == "won" else "")
    deck = ascent_deck(ASCENT)
    for seed in range(12):
        table = deal_ascent(deck, 3, seed)
        bot = AscentBot()
        while table.status == "playing":
            p = table.turn % table.n
            action = bot.choose(table, p)
            seen.add(action[0] if action[0] != "place" else "bridge" if action[1] in deck.of(2) else "place")
            table.apply(p, action)
            if any(at and at[0] >= 1 for _, at in table.goats):
                seen.add("goat climbed")
        assert check_state(ASCENT, table.to_state()) == []
    assert {"start", "won", "campfire", "bridge", "swap", "goat climbed"} <= seen, seen


# ---- single mutations -----------------------------------------------------------------------------


def _lists(state):
    """(name, getter, setter) of every list of ids in a state, for moving cards about."""
    out = []
    for q in range(len(state.hands)):
        out.append(
            (
                f"hand{q}",
                lambda s, q=q: s.hands[q],
                lambda s, v, q=q: dataclasses.replace(s, hands=s.hands[:q] + (v,) + s.hands[q + 1 :]),
            )
        )
        out.append(
            (
                f"pile{q}",
                lambda s, q=q: s.piles[q],
                lambda s, v, q=q: dataclasses.replace(s, piles=s.piles[:q] + (v,) + s.piles[q + 1 :]),
            )
        )
    for name in ("discard", "box", "aside"):
        out.append((name, lambda s, n=name: getattr(s, n), lambda s, v, n=name: dataclasses.replace(s, **{n: v})))
    return [entry for entry in out if entry[1](state)]


def mutate(state, kind: str, data):
    """One change that no legal play can make (each kind is explained in docs/rules.md, "Testing")."""
    lists = _lists(state)
    if kind == "duplicate":  # a card in two places
        _, get, _ = data.draw(st.sampled_from(lists))
        card = data.draw(st.sampled_from(get(state)))
        _name, get2, set2 = data.draw(st.sampled_from(_lists(state)))
        return set2(state, get2(state) + (card,))
    if kind == "lose":  # a card vanishes
        _, get, put = data.draw(st.sampled_from(lists))
        i = data.draw(st.integers(0, len(get(state)) - 1))
        return put(state, get(state)[:i] + get(state)[i + 1 :])
    if kind == "forge":  # an id that is no piece of the game
        _, get, put = data.draw(st.sampled_from(lists))
        return put(state, get(state) + ("island-999",))
    if kind == "overfill":  # a card moves from a pile into a full hand
        full = [q for q in range(state.players) if len(state.hands[q]) == 5 and any(state.piles)]
        assume(full)
        q = data.draw(st.sampled_from(full))
        p = data.draw(st.sampled_from([i for i, pile in enumerate(state.piles) if pile]))
        piles = list(state.piles)
        card, piles[p] = piles[p][0], piles[p][1:]
        hands = list(state.hands)
        hands[q] = hands[q] + (card,)
        return dataclasses.replace(state, hands=tuple(hands), piles=tuple(piles))
    if kind == "swap":  # two filled cells (or slots) trade places out of order
        return _swap(state, data)
    if kind == "early":  # a finish card (or the summit) goes down while cells (or slots) are empty
        return _early(state, data)
    if kind == "turn":  # whose turn it is does not follow the turn count
        return (
            dataclasses.replace(state, current_player=state.current_player % state.players + 1)
            if state.players > 1
            else dataclasses.replace(state, current_player=2)
        )
    if kind == "status":  # won without the finish or summit
        return dataclasses.replace(state, status="won" if state.status != "won" else "playing")
    raise AssertionError(kind)


def _swap(state, data):
    if state.sea is not None:
        filled = [k for k, c in enumerate(state.sea.cells) if c]
        assume(len(filled) >= 2)
        a, b = sorted(data.draw(st.lists(st.sampled_from(filled), min_size=2, max_size=2, unique=True)))
        cells = list(state.sea.cells)
        cells[a], cells[b] = cells[b], cells[a]
        return dataclasses.replace(state, sea=dataclasses.replace(state.sea, cells=tuple(cells)))
    rows = [list(r) for r in state.mountain.rows]
    # a card of row 1 trades places with an empty slot higher up: it now floats without support
    filled = [i for i, c in enumerate(rows[0]) if c]
    assume(filled and rows[1].count(None) > 0)
    i = data.draw(st.sampled_from(filled))
    j = max(k for k, c in enumerate(rows[-2]) if c is None) if None in rows[-2] else None
    assume(j is not None)
    rows[-2][j], rows[0][i] = rows[0][i], None
    return dataclasses.replace(state, mountain=dataclasses.replace(state.mountain, rows=tuple(map(tuple, rows))))


def _early(state, data):
    kind = "finish" if state.sea is not None else "summit"
    held = [
        (where, q, c)
        for where, lists in (("hands", state.hands), ("piles", state.piles))
        for q, lst in enumerate(lists)
        for c in lst
        if c.startswith(kind)
    ]
    assume(held)
    if state.sea is not None:
        assume(None in state.sea.cells or state.sea.start is None)
    else:
        assume(any(c is None for row in state.mountain.rows for c in row))
    where, q, card = data.draw(st.sampled_from(held))
    lists = list(getattr(state, where))
    lists[q] = tuple(c for c in lists[q] if c != card)
    state = dataclasses.replace(state, **{where: tuple(lists)})
    if state.sea is not None:
        return dataclasses.replace(state, sea=dataclasses.replace(state.sea, finish=card))
    return dataclasses.replace(state, mountain=dataclasses.replace(state.mountain, summit=card))


KINDS = ("duplicate", "lose", "forge", "overfill", "turn", "status", "swap", "early")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    steps=st.integers(0, 60),
    kind=st.sampled_from(KINDS),
    engine=st.sampled_from(("tranquility", "ascent")),
    data=st.data(),
)
def test_single_mutations_are_caught(seed, players, steps, kind, engine, data):
    if engine == "tranquility":
        game, table, bot = TRANQUILITY, deal_table(tranquility_deck(TRANQUILITY), players, seed), RandomBot(seed)
    else:
        game, table, bot = ASCENT, deal_ascent(ascent_deck(ASCENT), players, seed), RandomAscentBot(seed)
    for _ in range(steps):
        if table.status != "playing":
            break
        p = table.turn % table.n
        table.apply(p, bot.choose(table, p))
    state = table.to_state()
    assert check_state(game, state) == []
    assert check_state(game, mutate(state, kind, data)) != []
