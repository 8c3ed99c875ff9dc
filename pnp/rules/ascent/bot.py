"""Bots that play The Ascent: the documented baseline bot and a uniformly random legal player.

The baseline bot (docs/rules.md, "The baseline bot") sees its own hand and the mountain:
1. It plays the summit as soon as it may.
2. It rates every legal play: the cost, plus a small charge for spending a high number low on the
   mountain, a charge for a bridge (it must be covered later), a reward for a campfire (it fills a
   slot) and for a bridge swap, and module rewards: extending the green chain, finishing or building
   a revealed panorama sequence, boarding or lifting goats (and a charge for shutting a goat in).
3. It plays the best-rated play when the rating is at most `play_limit`, paying with its worst cards;
   otherwise it discards its two worst cards (dead cards first: numbers no open row can take, extra
   summits while enough others remain). With fewer than two cards it plays any legal play.
"""

from __future__ import annotations

import random

from pnp.rules.ascent.engine import BRIDGE, CAMPFIRE, SUMMIT, TERRAIN, AscentTable, Place, Summit
from pnp.rules.ascent.modules import coloured, path_rows, sequence_found, table_grid
from pnp.rules.play_kit import Discard

DEAD = 1000.0


class AscentBot:
    def __init__(self, play_limit: float = 3.5, keep_summit: int = 2):
        self.play_limit = play_limit
        self.keep_summit = keep_summit

    def choose(self, t: AscentTable, p: int):
        hand = t.hands[p]
        plays = t.legal_plays(p)
        for play in plays:
            if play[0] == "summit":
                return Summit("summit", play[1])
        goal = _Goals(t, hand)
        scored = sorted((self.rate(t, goal, play), play) for play in plays)
        ratings = self.card_ratings(t, hand, scored)
        if scored and (scored[0][0] <= self.play_limit or len(hand) < 2):
            what, c, r, i, r2, i2, cost = scored[0][1]
            others = sorted((ratings[q], q) for q in hand if q != c)
            paid = tuple(q for _, q in reversed(others[-cost:])) if cost else ()
            return Place(what, c, r, i, r2, i2, paid)
        if len(hand) >= 2:
            worst = sorted(hand, key=lambda q: (-ratings[q], q))
            return Discard("discard", (worst[0], worst[1]))
        return None

    def rate(self, t: AscentTable, goal: _Goals, play) -> float:
        what, c, r, i, r2, i2, cost = play
        deck = t.deck
        if what == "place" and deck.kind[c] == BRIDGE:
            return 2.5
        if what == "campfire":
            moved = t.rows[r][i]
            return cost - 0.75 + goal.reward(t, moved, r2, i2)
        x = deck.number[c]
        score = cost + 0.04 * max(0, x - (r + 1) - 3)
        if what == "swap":
            score -= 0.75
        return score + goal.reward(t, c, r, i)

    def card_ratings(self, t: AscentTable, hand, scored) -> dict:
        """How little each card is worth keeping (higher: discard first)."""
        deck, rules = t.deck, t.rules
        best: dict = {}
        for score, play in scored:
            best.setdefault(play[1], score)
        lowest_open = next((r for r in range(len(t.rows)) if t.fill[r] < t.width[r]), len(t.rows))
        summits_left = deck.kind.count(SUMMIT) - sum(1 for c in t.discard if deck.kind[c] == SUMMIT)
        out, kept_summit = {}, False
        for c in hand:
            k = deck.kind[c]
            if k == SUMMIT:
                keep = not kept_summit and summits_left <= self.keep_summit
                kept_summit = kept_summit or keep
                out[c] = -DEAD if keep else DEAD
            elif k == BRIDGE:
                out[c] = DEAD - 1
            elif k == TERRAIN and rules.row_minimum and deck.number[c] < lowest_open + 1:
                out[c] = DEAD - 2
            elif c in best:
                out[c] = best[c]
            else:
                out[c] = 3.0 if k == TERRAIN else 2.0 if k == CAMPFIRE else DEAD - 3
        return out


class _Goals:
    """What the chosen modules still need, read once per turn; `reward` is negative for plays that
    bring a goal closer and positive for plays that take a chance of it away."""

    def __init__(self, t: AscentTable, hand=()):
        rules = t.rules
        self.held = {t.deck.number[c] for c in hand if t.deck.kind[c] == TERRAIN}
        self.grid = table_grid(t) if (rules.green_path or rules.panorama or rules.goats) else None
        self.path = rules.green_path.colour if rules.green_path else None
        self.frontier: set = set()
        if self.path and self.grid is not None:
            self.height = path_rows(self.grid, self.path)
            if self.height < rules.rows:
                self.frontier = self._frontier(t)
        self.sequences = []
        if rules.panorama and self.grid is not None:
            self.sequences = [
                t.deck.sequence[s] for s in t.revealed if sequence_found(self.grid, t.deck.sequence[s]) is None
            ]
        self.goat_colour = rules.goats.colour if rules.goats else None
        target = rules.goats.target_row - 1 if rules.goats else 0
        self.waiting = sum(1 for _, at in t.goats if at is None) if rules.goats else 0
        self.climbers = [at for _, at in t.goats if at is not None and at[0] < target] if rules.goats else []

    def _frontier(self, t: AscentTable) -> set:
        """Empty slots of the row above the green chain's top that rest on the chain."""
        grid, path = self.grid, self.path
        if grid is None or path is None:  # no Green Path in play
            return set()
        reach = {i for i, s in enumerate(grid[0]) if coloured(s, path)}
        for r in range(1, self.height):
            reach = {i for i, s in enumerate(grid[r]) if coloured(s, path) and (i in reach or i + 1 in reach)}
        r = self.height
        if r == 0:
            return {(0, i) for i in range(t.width[0]) if t.rows[0][i] < 0}
        return {(r, i) for i in range(t.width[r]) if t.rows[r][i] < 0 and (i in reach or i + 1 in reach)}

    def reward(self, t: AscentTable, c: int, r: int, i: int) -> float:
        if self.grid is None:
            return 0.0
        colour, number = t.deck.colour[c], t.deck.number[c]
        score = 0.0
        if self.frontier:
            if colour == self.path:
                score -= 3.0 if (r, i) in self.frontier else 0.0
            elif (r, i) in self.frontier:
                score += 4.0 if len(self.frontier) == 1 else 0.5
        for seq in self.sequences:
            score += self._sequence_reward(t, seq, number, r, i)
        if self.goat_colour:
            score += self._goat_reward(t, colour, r, i)
        return score

    def _sequence_reward(self, t: AscentTable, seq, number: int, r: int, i: int) -> float:
        return self._sequence(seq, number, *self._beside(t, r, i))

    @staticmethod
    def _beside(t: AscentTable, r: int, i: int) -> tuple:
        """The numbers of the terrain two and one slots to the left of slot (r, i) (None: none), and
        the slots from it to the row's end."""
        row, kind, num = t.rows[r], t.deck.kind, t.deck.number
        left2, left1 = (
            num[row[j]] if j >= 0 and row[j] >= 0 and kind[row[j]] == TERRAIN else None for j in (i - 2, i - 1)
        )
        return left2, left1, t.width[r] - i

    def _sequence(self, seq, number: int, left2, left1, room: int) -> float:
        """A revealed sequence's reward for `number` in a slot with these left neighbours and room."""
        if (left2, left1) == (seq[0], seq[1]):
            return -4.0 if number == seq[2] else 2.0
        if left1 == seq[0] and room >= 2:
            return (-2.5 if seq[2] in self.held else -1.5) if number == seq[1] else 1.5
        if number == seq[0] and room >= 3:
            return -1.5 if seq[1] in self.held else -0.3
        return 0.0

    def _goat_reward(self, t: AscentTable, colour, r: int, i: int) -> float:
        if colour == self.goat_colour:
            if r == 0:
                return -1.5 if self.waiting else 0.0
            return -3.0 * sum(1 for at in self.climbers if at[0] == r - 1 and at[1] in (i, i + 1))
        penalty, row = 0.0, t.rows[r]
        for at in self.climbers:
            if at[0] == r - 1 and i in (at[1] - 1, at[1]):
                other = at[1] if i == at[1] - 1 else at[1] - 1
                penalty += 0.5 if 0 <= other < t.width[r] and row[other] < 0 else 4.0
        return penalty


class RandomAscentBot:
    """Plays a uniformly random legal action (property tests)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, t: AscentTable, p: int):
        hand = t.hands[p]
        options = t.legal_plays(p) + ([("discard",)] if len(hand) >= 2 else [])
        if not options:
            return None
        play = self.rng.choice(options)
        if play[0] == "discard":
            return Discard("discard", tuple(self.rng.sample(hand, 2)))
        if play[0] == "summit":
            return Summit("summit", play[1])
        what, c, r, i, r2, i2, cost = play
        rest = [q for q in hand if q != c]
        return Place(what, c, r, i, r2, i2, tuple(self.rng.sample(rest, cost)))
