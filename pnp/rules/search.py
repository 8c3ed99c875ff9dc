"""The search bot (`--bot search`): Monte-Carlo over the hidden cards, with the baseline as the convention.

At each turn it takes the baseline's choice and the baseline's next-best plays (and its discard) as
candidates. It deals the cards it cannot see (the other hands and every pile) again at random,
`samples` times, keeping what it knows (its own hand, the table, the discard; each player's start
card stays with its owner), plays each candidate on each of those deals and lets every player go on
with the baseline bot for `horizon` turns. Players cannot talk, but they can know each other's
convention: that is how the search bot cooperates, expecting its partners to play as the baseline
does. The candidate with the best mean outcome (a win far above all, a loss far below, otherwise the
cards down) is played; ties keep the baseline's choice. Every candidate is tried on the same deals,
so the comparison is not blurred by luck, and the bot's random numbers come from the game's seed.
"""

from __future__ import annotations

import random
from typing import Generic, TypeVar

from pnp.rules.ascent.bot import AscentBot, _Goals
from pnp.rules.tranquility.bot import TranquilityBot, _badness_key
from pnp.rules.tranquility.engine import START

WIN, LOSS = 1000.0, -1000.0


def _copy(value):
    """Lists one or two levels deep (hands, piles, rows, goats) are copied; the rest is shared or immutable."""
    if isinstance(value, list):
        return [v[:] if isinstance(v, list) else v for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


def clone(table):
    """A copy of a table that can be played on without touching the original."""
    other = table.__class__.__new__(table.__class__)
    other.__dict__.update({k: _copy(v) for k, v in table.__dict__.items()})
    return other


Bot = TypeVar("Bot", TranquilityBot, AscentBot)  # the engine's baseline bot


class _Search(Generic[Bot]):
    baseline_class: type[Bot]  # each engine's search names its own

    def __init__(self, seed: int = 0, samples: int = 6, horizon: int = 400, width: int = 2, margin: float = 2.0):
        self.rng = random.Random(seed ^ 0x5EA5C4)
        self.samples, self.horizon, self.width, self.margin = samples, horizon, width, margin
        self.baseline: Bot = self.baseline_class()

    def choose(self, t, p: int):
        first = self.baseline.choose(t, p)
        if first is None or first[0] in ("start", "finish", "summit"):
            return first
        options = [first] + [a for a in self.candidates(t, p) if a != first]
        if len(options) == 1:
            return first
        scores = [0.0] * len(options)
        for _ in range(self.samples):
            dealt = clone(t)
            self.redeal(dealt, p, random.Random(self.rng.getrandbits(32)))
            for n, action in enumerate(options):
                scores[n] += self.outcome(clone(dealt), p, action)
        best = max(range(len(options)), key=lambda n: (scores[n], -n))
        # a few samples are noisy: leave the baseline's choice only for a clear gain (`margin` wins)
        return options[best] if scores[best] - scores[0] >= self.margin * (WIN - LOSS) else first

    def outcome(self, table, p: int, action) -> float:
        table.apply(p, action)
        bot = self.baseline_class()
        for _ in range(self.horizon):
            if table.status != "playing":
                break
            q = table.turn % table.n
            step = bot.choose(table, q)
            if step is None:
                table.lose()
                break
            table.apply(q, step)
        if table.status == "won":
            return WIN
        # cards down less cards discarded: a play keeps the slack between cards left and places left,
        # a cost or a discard spends it
        return (LOSS if table.status == "lost" else 0.0) + self.progress(table) - len(table.discard)

    def redeal(self, table, p: int, rng: random.Random) -> None:
        """Deal the cards player p cannot see again: the other hands and every pile, sizes kept. A card
        that `stays` with its owner (a start card) goes to a random place among its owner's cards."""
        spots = [(table.hands[q], i, q) for q in range(table.n) if q != p for i in range(len(table.hands[q]))]
        spots += [(table.piles[q], i, q) for q in range(table.n) for i in range(len(table.piles[q]))]
        cards = [lst[i] for lst, i, _ in spots]
        fixed = [self.stays(table, c) for c in cards]
        free = [c for c, f in zip(cards, fixed) if not f]
        rng.shuffle(free)
        it = iter(free)
        for (lst, i, _), c, f in zip(spots, cards, fixed):
            lst[i] = c if f else next(it)
        for (lst, i, q), _c, f in zip(spots, cards, fixed):
            if f:
                mine = [(l2, j) for l2, j, q2 in spots if q2 == q]
                l2, j = mine[rng.randrange(len(mine))]
                lst[i], l2[j] = l2[j], lst[i]

    def stays(self, table, card) -> bool:
        return False

    def progress(self, table) -> float:
        raise NotImplementedError

    def candidates(self, t, p: int) -> list:
        raise NotImplementedError


class TranquilitySearch(_Search[TranquilityBot]):
    baseline_class = TranquilityBot

    def stays(self, table, card) -> bool:
        return table.deck.kind[card] == START  # each player's start card stays in their own cards

    def progress(self, table) -> float:
        return float(table.filled)

    def candidates(self, t, p: int) -> list:
        hand, bot = t.hands[p], self.baseline
        rated = bot.rate_hand(t, hand)
        cap = t.cap(p)
        plays = sorted((e for e in rated if e[2] >= 0 and e[3] <= cap), key=lambda e: (e[0], e[1], e[2]))
        out = [bot._play(rated, e) for e in plays[: self.width]]
        if len(hand) >= 2:
            worst = sorted(rated, key=_badness_key)
            out.append(("discard", (worst[0][1], worst[1][1])))
        return out


class AscentSearch(_Search[AscentBot]):
    baseline_class = AscentBot

    def progress(self, table) -> float:
        return float(sum(table.fill)) - 4.0 * len(table.goals_missing()) * (sum(table.fill) == sum(table.width))

    def candidates(self, t, p: int) -> list:

        hand, bot = t.hands[p], self.baseline
        plays = t.legal_plays(p)
        goal = _Goals(t, hand)
        scored = sorted((bot.rate(t, goal, play), play) for play in plays)
        ratings = bot.card_ratings(t, hand, scored)
        out: list[tuple] = []
        for _, (what, c, r, i, r2, i2, cost) in scored[: self.width]:
            others = sorted((ratings[q], q) for q in hand if q != c)
            paid = tuple(q for _, q in reversed(others[-cost:])) if cost else ()
            out.append((what, c, r, i, r2, i2, paid))
        if len(hand) >= 2:
            worst = sorted(hand, key=lambda q: (-ratings[q], q))
            out.append(("discard", (worst[0], worst[1])))
        return out
