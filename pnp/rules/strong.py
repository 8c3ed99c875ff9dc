"""The strong bot (`--bot strong`): the open-hands solver on sampled hidden cards, one vote per sample.

At a close turn (more than one of the search bot's `candidates`: the baseline's choice and the plays
near it in the baseline's rating) the bot deals the cards its player cannot see again, `samples`
times, consistent with what that player knows (its own hand, the table, the discard cards it saw go:
the search bot's memory, pnp/rules/search.py, on a canonical order so the sample depends only on which
cards are hidden, never on where they really are). On each sample it plays each candidate and runs the
open-hands solver (pnp/rules/solver.py) with a small node budget; it plays the candidate won on most
samples, the baseline's unless another wins `margin` samples more. The solver tries the baseline's
line first, so the bot leaves the baseline's choice only where the baseline's own game loses on a
sample and another line wins.

The screen (`screen=True`): before any solver runs, the baseline's own game is played out on every
sample; when it wins them all, no candidate can win more samples than the baseline's choice, which is
played at once. The moves are those of the unscreened bot (bench/strong_games.py checks them game by
game); only the solver's work on those turns is saved.

Its random numbers come from the game's seed and the turn, so a game is the same on any worker.
"""

from __future__ import annotations

import random

from pnp.rules.playout import play_out
from pnp.rules.search import clone
from pnp.rules.solver import WON, solve

STRONG_NAME = "strong"  # its `--bot` name
SAMPLES = 6  # hidden-card samples per searched turn
SAMPLE_BUDGET = 300  # solver positions per sample


def redeal(search, table, p: int, rng: random.Random) -> None:
    """Deal the cards player p cannot see again (the other hands, the piles, the discard cards p did not
    see go), sizes kept, a start card among its owner's cards. Only which cards are hidden is read: they
    are sorted before the shuffle, so two tables that differ only in hidden places give the same deal."""
    spots = search.hidden(table, p)
    cards = [lst[i] for lst, i, _ in spots]
    owner = {c: q for (_lst, _i, q), c in zip(spots, cards) if search.stays(table, c)}
    free = sorted(c for c in cards if c not in owner)
    rng.shuffle(free)
    places = list(range(len(spots)))
    taken: set[int] = set()
    for c in sorted(owner):  # each start card to a random place among its owner's cards (or the discard)
        mine = [n for n in places if spots[n][2] == owner[c] and n not in taken]
        n = mine[rng.randrange(len(mine))]
        taken.add(n)
        lst, i, _ = spots[n]
        lst[i] = c
    it = iter(free)
    for n in places:
        if n not in taken:
            lst, i, _ = spots[n]
            lst[i] = next(it)
    search.after_redeal(table)


class StrongBot:
    """Determinised open-hands search. `search` is the engine's search bot: its baseline, its memory of
    the discards each seat saw (`remember`) and what a redeal keeps in place (`stays`, `after_redeal`)."""

    def __init__(
        self,
        search,
        filled,
        seed: int = 0,
        samples: int = SAMPLES,
        budget: int = SAMPLE_BUDGET,
        margin: int = 1,
        screen: bool = True,
    ) -> None:
        self.search, self.filled, self.seed = search, filled, seed
        self.samples, self.budget = samples, budget
        self.margin = margin  # samples more than the baseline's choice another candidate must win
        self.baseline = search.baseline
        self.screen = screen  # play the baseline's choice at once when its own game wins every sample
        self.searched = 0  # turns searched
        self.screened = 0  # close turns the baseline's game won on every sample

    def choose(self, t, p: int):
        """The search bot's turn (its candidates, what it remembers), the candidates picked by the solver."""
        return self.search.turn(t, p, self.search.first(t, p), self.pick)

    def pick(self, t, p: int, options: list):
        """The candidate the solver wins most samples with after it; the first (the baseline's) unless
        another wins `margin` samples more."""
        self.searched += 1
        rng = random.Random((self.seed * 1_000_003 + t.turn) ^ 0x57E0)
        deals = []
        for _ in range(self.samples):
            dealt = clone(t)
            redeal(self.search, dealt, p, random.Random(rng.getrandbits(32)))
            deals.append(dealt)
        # the screen: the solver tries the baseline's line first, so a sample the baseline's own game wins
        # is won by the baseline's choice; won on every sample, no other candidate can beat it by `margin`
        if self.screen and self.margin >= 1 and all(self.rollout(dealt, p, options[0]) for dealt in deals):
            self.screened += 1
            return options[0]
        best, high = 0, -1
        for n, action in enumerate(options):
            wins = 0
            for d, dealt in enumerate(deals):
                if wins + self.samples - d <= high:
                    break  # it cannot beat the best so far
                child = dealt.clone()
                child.apply(p, action)
                wins += solve(child, self.baseline.choose, self.filled, self.budget).verdict == WON
            if wins > high:
                best, high = n, wins + (self.margin - 1 if n == 0 else 0)
        return options[best]

    def rollout(self, dealt, p: int, action) -> bool:
        """Whether the baseline's own game wins the sample after `action` (every seat the baseline)."""
        child = dealt.clone()
        child.apply(p, action)
        return play_out(child, self.search.baseline_class()).status == WON
