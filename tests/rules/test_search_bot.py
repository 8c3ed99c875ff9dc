"""The search bot: legal games, the same game for the same seed, the real table left untouched."""

from __future__ import annotations

from helpers.rulekit import game_named

from pnp.rules import check_state
from pnp.rules.bots import _deck, kit, play_game
from pnp.rules.search import TranquilitySearch, clone

TQ = game_named("tranquility")


def test_a_search_game_is_legal_and_the_same_for_the_same_seed():
    k = kit(TQ)
    t = k.deal(_deck(TQ, k), 3, 11)
    bot = TranquilitySearch(seed=11, samples=2)
    while t.status == "playing" and t.turn < 40:
        p = t.turn % t.n
        before = {a: repr(v) for a, v in vars(t).items()}
        action = bot.choose(t, p)
        assert {a: repr(v) for a, v in vars(t).items()} == before  # the rollouts played on copies
        t.apply(p, action)
        assert check_state(TQ, t.to_state()) == []
    assert play_game(TQ, 2, 5, "search") == play_game(TQ, 2, 5, "search")


def test_the_redeal_keeps_what_the_player_sees_and_the_sizes():
    import random

    k = kit(TQ)
    t = k.deal(_deck(TQ, k), 3, 2)
    c = clone(t)
    TranquilitySearch().redeal(c, 0, random.Random(1))
    assert c.hands[0] == t.hands[0] and c.cells == t.cells and c.discard == t.discard
    assert [len(h) for h in c.hands] == [len(h) for h in t.hands]
    assert [len(p) for p in c.piles] == [len(p) for p in t.piles]

    def hidden(x):
        return sorted(c for lst in x.piles + x.hands[1:] for c in lst)

    def starts(x, q):
        return [card for card in x.piles[q] + (x.hands[q] if q else []) if x.deck.kind[card] == 1]

    assert hidden(c) == hidden(t) and c.piles != t.piles
    for q in range(3):  # each start card stays with its owner
        assert starts(c, q) == starts(t, q)
