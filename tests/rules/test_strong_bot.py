"""The strong bot: it sees only what its player sees, it plays the same game for the same seed, and it
wins at least as often as the baseline."""

from __future__ import annotations

import random

import pytest
from helpers.rulekit import game_named

from pnp.rules import check_state
from pnp.rules.bots import _deck, kit, make_bot, play_game
from pnp.rules.strong import StrongBot, redeal
from pnp.rules.tranquility.engine import START

TQ = game_named("tranquility")


def _played(players: int, seed: int, turns: int):
    """A Tranquility table `turns` turns into a baseline game."""
    k = kit(TQ)
    t = k.deal(_deck(TQ, k), players, seed)
    bot = k.baseline()
    while t.status == "playing" and t.turn < turns:
        p = t.turn % t.n
        t.apply(p, bot.choose(t, p))
    return t


def _hidden_moved(t, p: int):
    """The same table but two cards player p cannot see (another hand's and a pile's) trade places."""
    other = t.clone()
    q = (p + 1) % t.n
    live = [i for i, c in enumerate(other.hands[q]) if t.deck.kind[c] != START]
    deep = [i for i, c in enumerate(other.piles[p]) if t.deck.kind[c] != START]
    i, j = live[0], deep[-1]
    other.hands[q][i], other.piles[p][j] = other.piles[p][j], other.hands[q][i]
    assert other.hands != t.hands or other.piles != t.piles
    return other


def test_a_redeal_depends_only_on_which_cards_are_hidden():
    t = _played(3, 2, 6)
    other = _hidden_moved(t, 0)
    search = kit(TQ).search(seed=2)
    a, b = t.clone(), other.clone()
    redeal(search, a, 0, random.Random(5))
    redeal(search, b, 0, random.Random(5))
    assert (a.hands, a.piles, a.discard) == (b.hands, b.piles, b.discard)
    assert a.hands[0] == t.hands[0] and a.cells == t.cells  # what player 0 sees stays
    assert sorted(c for lst in a.hands[1:] + a.piles for c in lst) == sorted(
        c for lst in t.hands[1:] + t.piles for c in lst
    )


def test_it_chooses_the_same_on_tables_that_differ_only_in_hidden_cards():
    searched = 0
    for seed in (3, 7, 12):
        for turns in (2, 5, 9):
            t = _played(2, seed, turns)
            if t.status != "playing":
                continue
            p = t.turn % t.n
            bots = [make_bot(TQ, "strong", seed) for _ in range(2)]
            assert isinstance(bots[0], StrongBot)
            assert bots[0].choose(t, p) == bots[1].choose(_hidden_moved(t, p), p)
            searched += bots[0].searched
    assert searched  # some of those turns were close ones, searched on sampled hidden cards


def test_a_strong_game_is_legal_and_the_same_for_the_same_seed():
    k = kit(TQ)
    t = k.deal(_deck(TQ, k), 2, 11)
    bot = make_bot(TQ, "strong", 11)
    while t.status == "playing":
        p = t.turn % t.n
        before = {a: repr(v) for a, v in vars(t).items()}
        action = bot.choose(t, p)
        assert {a: repr(v) for a, v in vars(t).items()} == before  # the search played on copies
        t.apply(p, action)
        assert check_state(TQ, t.to_state()) == []
    assert play_game(TQ, 2, 5, "strong") == play_game(TQ, 2, 5, "strong")


@pytest.mark.slow  # 12 strong games: ~20 s CPU
def test_it_wins_at_least_as_often_as_the_baseline():
    seeds = range(1, 13)
    baseline = sum(play_game(TQ, 2, seed, "baseline")[0] for seed in seeds)
    strong = sum(play_game(TQ, 2, seed, "strong")[0] for seed in seeds)
    assert strong >= baseline


def test_a_turn_whose_baseline_game_wins_every_sample_is_played_as_the_baseline_plays_it():
    """The screen: before any solver runs, the baseline's own game is played out on each sample; when
    it wins them all, the baseline's choice is played without a search."""
    k = kit(TQ)
    screened = StrongBot(k.search(seed=4), k.filled, 4)
    t = k.deal(_deck(TQ, k), 2, 4)
    turns = 0
    while t.status == "playing" and t.turn < 20:
        p = t.turn % t.n
        before = screened.screened
        first = screened.baseline.choose(t, p)
        action = screened.choose(t, p)
        if screened.screened > before:
            assert action == first
            turns += 1
        t.apply(p, action)
    assert turns  # some turns were screened
