"""The search bot (`--bot search`): determinised Monte-Carlo over the hidden cards, the baseline as the convention.

At each turn it asks the baseline bot what it would do and which other plays are close to that in the
baseline's own rating (`window`): the next-best plays, the discard when the best play is near the
baseline's limit, the best play when the baseline would discard. A clear turn (one candidate) is
played at once, at the baseline's speed. At a close turn it deals the cards it cannot see again at
random, `samples` times, consistent with what the player knows: its own hand, the table, and the
cards it put into the discard itself; everything else (the other hands, every pile and the rest of
the face-down discard) is shuffled together, sizes kept, each start card still among its owner's
cards. It plays every candidate on every deal and lets every player go on with the baseline bot to
the end of the game; a rollout scores 1 for a win, else `progress` × the share of cells or slots
filled. It plays the candidate with the best total, the baseline's choice on ties or (`margin`,
`confirm`: Tranquility) unless another gains a win, again on more deals. Every candidate is tried on
the same deals, so luck does not blur the comparison.

Players cannot talk, but they can know each other's convention: that is how the search bot
cooperates, expecting its partners to play as the baseline does. Its random numbers come from the
game's seed, so a game is the same on any worker.

This module is the search common to every game; each engine's search (its candidates, what its
actions put into the discard, how far a lost game got) is in its own package:
pnp/rules/tranquility/search.py, pnp/rules/ascent/search.py.
"""

from __future__ import annotations

import random

from pnp.rules.playout import play_out

FORCED = ("start", "finish", "summit")


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


class Search:
    """The search common to every engine; a subclass names its baseline and says what is its own."""

    baseline_class: type  # the engine's baseline bot, the convention every player is expected to follow
    default_progress = 0.5  # a lost rollout scores this times the share of cells or slots filled
    default_margin = 0.0
    default_confirm = 0

    def __init__(
        self,
        seed: int = 0,
        samples: int = 4,
        width: int = 2,
        window: float = 1.0,
        progress: float | None = None,
        margin: float | None = None,
        confirm: int | None = None,
    ) -> None:
        self.rng = random.Random(seed ^ 0x5EA5C4)
        self.samples, self.width, self.window = samples, width, window
        self.weight = self.default_progress if progress is None else progress
        self.margin = self.default_margin if margin is None else margin
        self.confirm = self.default_confirm if confirm is None else confirm
        self.baseline = self.baseline_class()
        self.own: dict[int, set] = {}  # per seat: the cards that seat put into the discard itself
        self.public: set = set()  # cards every player saw go into the discard
        self.searched = 0  # close turns searched (for the docs' figures)

    # ---- the turn ---------------------------------------------------------------------------
    def choose(self, t, p: int):
        return self.turn(t, p, self.first(t, p))

    def first(self, t, p: int):
        """The baseline's choice, the first candidate (an engine's search may keep what the baseline
        worked out on the way, for `candidates`)."""
        return self.baseline.choose(t, p)

    def turn(self, t, p: int, first, pick=None):
        """The turn from the baseline's `first` choice: the candidates searched by `pick` (this bot's
        `search`, or another bot's on the same candidates), and the play remembered."""
        action = first
        if first is not None and first[0] not in FORCED:
            options = self.candidates(t, p, first)
            if len(options) > 1:
                action = (pick or self.search)(t, p, options)
        if action is not None:
            self.remember(t, p, action)
        return action

    def search(self, t, p: int, options: list):
        self.searched += 1
        trial = _Trial(self, t, p, options)
        best = trial.choice(self.samples)
        if best and self.confirm:  # a few deals are noisy: confirm a change on more deals first
            best = trial.choice(self.samples + self.confirm)
        return options[best]

    def best(self, scores: list) -> int:
        """The best candidate; the baseline's (0) unless another gains `margin` (in wins over the deals).
        `_Trial.choice` makes this choice without the rollouts that cannot change it."""
        best = max(range(len(scores)), key=lambda n: (scores[n], -n))
        return best if scores[best] - scores[0] >= self.margin else 0

    def rollout(self, table, p: int, action) -> float:
        table.apply(p, action)
        play_out(table, self.baseline_class())
        if table.status == "won":
            return 1.0
        return self.weight * self.progress(table)

    # ---- what a player knows ------------------------------------------------------------------
    def remember(self, t, p: int, action) -> None:
        """The cards seat p puts into the discard with `action`: it knows them from now on."""
        if action[0] == "discard":
            self.own.setdefault(p, set()).update(action[1])
        else:
            self.remember_play(t, p, action)

    def remember_play(self, t, p: int, action) -> None:
        """What a play (not a discard) of the engine's puts into the discard, as `remember`."""
        raise NotImplementedError

    def redeal(self, table, p: int, rng: random.Random) -> None:
        """Deal the cards player p cannot see again: the other hands, every pile and the discard cards p
        did not see go, sizes kept. A start card stays among its owner's cards (random place)."""
        spots = self.hidden(table, p)
        cards = [lst[i] for lst, i, _ in spots]
        fixed = [self.stays(table, c) for c in cards]
        free = [c for c, f in zip(cards, fixed) if not f]
        rng.shuffle(free)
        it = iter(free)
        for (lst, i, _), c, f in zip(spots, cards, fixed):
            lst[i] = c if f else next(it)
        for (lst, i, q), _c, f in zip(spots, cards, fixed):
            if f and q >= 0:  # a start card in the discard stays there
                mine = [(l2, j) for l2, j, q2 in spots if q2 == q]
                l2, j = mine[rng.randrange(len(mine))]
                lst[i], l2[j] = l2[j], lst[i]
        self.after_redeal(table)

    def hidden(self, table, p: int) -> list[tuple[list, int, int]]:
        """The places of the cards player p cannot see, as (list, index, owner; -1 for the discard):
        the other hands, every pile, and the discard cards p did not see go."""
        known = self.own.get(p, set()) | self.public
        spots = [(table.hands[q], i, q) for q in range(table.n) if q != p for i in range(len(table.hands[q]))]
        spots += [(table.piles[q], i, q) for q in range(table.n) for i in range(len(table.piles[q]))]
        spots += [(table.discard, i, -1) for i, c in enumerate(table.discard) if c not in known]
        return spots

    def after_redeal(self, table) -> None:
        """Recount what the engine derives from the cards' places (the finish cards gone)."""

    def stays(self, table, card) -> bool:
        return False

    def progress(self, table) -> float:
        raise NotImplementedError

    def candidates(self, t, p: int, first) -> list:
        raise NotImplementedError


class _Trial:
    """The rollouts of one searched turn, played only when their result can change the choice.

    `choice(count)` is `Search.best` of the candidates' scores summed over the first `count` deals (a
    score is the sum of its rollouts, in deal order). The baseline's candidate (0) is played on every
    deal; another candidate stops as soon as it can no longer be chosen even if it won every deal left
    (a rollout scores at most `top`): when it cannot beat the best so far (ties go to the earlier
    candidate) or gain `margin` over the baseline's. The deals are the same as playing everything:
    deal d is dealt from the d-th number of the bot's generator, drawn in order whether or not it is
    played, and a rollout depends only on its deal and its candidate, so each is played at most once.
    """

    def __init__(self, bot: Search, t, p: int, options: list) -> None:
        self.bot, self.t, self.p, self.options = bot, t, p, options
        self.seeds: list[int] = []
        self.dealt: dict[int, object] = {}
        self.values: dict[tuple[int, int], float] = {}
        self.top = max(1.0, bot.weight)  # a win scores 1, a loss `weight` × a share of at most 1

    def choice(self, count: int) -> int:
        while len(self.seeds) < count:
            self.seeds.append(self.bot.rng.getrandbits(32))
        margin = self.bot.margin
        first = self.score(0, count)
        assert first is not None  # the baseline's candidate is never cut short
        best, high = 0, first
        for n in range(1, len(self.options)):
            score = self.score(n, count, lambda bound, high=high: bound - first < margin or bound <= high)
            if score is not None and score > high:
                best, high = n, score
        return best if high - first >= margin else 0

    def score(self, n: int, count: int, hopeless=None) -> float | None:
        """Candidate n's score over `count` deals; None once `hopeless(the most it can still reach)`.
        A candidate that may be cut short is tried first on the deals the baseline's did worst on (where
        it most likely does badly too); its score is still summed in deal order."""
        deals = list(range(count))
        if hopeless is not None:
            deals.sort(key=lambda d: (self.values[(0, d)], d))
        reached, left = 0.0, count
        for d in deals:
            # the sum in another order differs from `reached` by far less than the slack of 1e-9
            if hopeless is not None and hopeless(reached + left * self.top + 1e-9):
                return None
            value = self.values.get((n, d))
            if value is None:
                value = self.values[(n, d)] = self.bot.rollout(clone(self.deal(d)), self.p, self.options[n])
            reached, left = reached + value, left - 1
        total = 0.0
        for d in range(count):
            total += self.values[(n, d)]
        return total

    def deal(self, d: int):
        dealt = self.dealt.get(d)
        if dealt is None:
            dealt = self.dealt[d] = clone(self.t)
            self.bot.redeal(dealt, self.p, random.Random(self.seeds[d]))
        return dealt
