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
"""

from __future__ import annotations

import random

from pnp.rules.ascent.bot import AscentBot, _Goals
from pnp.rules.ascent.engine import TERRAIN
from pnp.rules.ascent.modules import path_rows, table_grid
from pnp.rules.playout import play_out
from pnp.rules.tranquility.bot import TranquilityBot, _badness_key
from pnp.rules.tranquility.engine import FINISH, START

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


class _Search:
    baseline_class: type = TranquilityBot
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
        return self.turn(t, p, self.baseline.choose(t, p))

    def turn(self, t, p: int, first):
        action = first
        if first is not None and first[0] not in FORCED:
            options = self.candidates(t, p, first)
            if len(options) > 1:
                action = self.search(t, p, options)
        if action is not None:
            self.remember(t, p, action)
        return action

    def search(self, t, p: int, options: list):
        self.searched += 1
        scores = [0.0] * len(options)
        self.deals(t, p, options, scores, self.samples)
        best = self.best(scores)
        if best and self.confirm:  # a few deals are noisy: confirm a change on more deals first
            self.deals(t, p, options, scores, self.confirm)
            best = self.best(scores)
        return options[best]

    def deals(self, t, p: int, options: list, scores: list, count: int) -> None:
        for _ in range(count):
            dealt = clone(t)
            self.redeal(dealt, p, random.Random(self.rng.getrandbits(32)))
            for n, action in enumerate(options):
                scores[n] += self.rollout(clone(dealt), p, action)

    def best(self, scores: list) -> int:
        """The best candidate; the baseline's (0) unless another gains `margin` (in wins over the deals)."""
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
        mine = self.own.setdefault(p, set())
        what = action[0]
        if what == "discard":
            mine.update(action[1])
        elif what == "start" and action[2] is not None:
            for q, (cards, _pile) in enumerate(action[2]):
                self.own.setdefault(q, set()).update(cards)
        elif what in ("play",):
            mine.update(action[3])
        elif what in ("place", "swap", "campfire"):
            mine.update(action[6])
            if what == "swap":
                self.public.add(t.rows[action[2]][action[3]])  # the bridge leaves the mountain in sight

    def redeal(self, table, p: int, rng: random.Random) -> None:
        """Deal the cards player p cannot see again: the other hands, every pile and the discard cards p
        did not see go, sizes kept. A start card stays among its owner's cards (random place)."""
        known = self.own.get(p, set()) | self.public
        spots = [(table.hands[q], i, q) for q in range(table.n) if q != p for i in range(len(table.hands[q]))]
        spots += [(table.piles[q], i, q) for q in range(table.n) for i in range(len(table.piles[q]))]
        spots += [(table.discard, i, -1) for i, c in enumerate(table.discard) if c not in known]
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

    def after_redeal(self, table) -> None:
        """Recount what the engine derives from the cards' places (the finish cards gone)."""

    def stays(self, table, card) -> bool:
        return False

    def progress(self, table) -> float:
        raise NotImplementedError

    def candidates(self, t, p: int, first) -> list:
        raise NotImplementedError


class TranquilitySearch(_Search):
    """Tranquility's baseline wins most games: a lost rollout scores 0 (filling cells that do not win
    drew the search to greedy plays), and a change needs one more win than the baseline's choice on
    4 deals, then again on 12 more (docs/rules.md)."""

    baseline_class = TranquilityBot
    default_progress = 0.0
    default_margin = 1.0
    default_confirm = 12

    def stays(self, table, card) -> bool:
        return table.deck.kind[card] == START  # each player's start card stays in their own cards

    def after_redeal(self, table) -> None:
        kind = table.deck.kind
        table.finish_gone = sum(1 for c in table.discard if kind[c] == FINISH)

    def progress(self, table) -> float:
        return table.filled / table.N

    def candidates(self, t, p: int, first) -> list:
        hand, bot = t.hands[p], self.baseline
        if len(hand) < 2:
            return [first]
        rated = bot.rate_hand(t, hand)
        cap = t.cap(p)
        plays = sorted((e for e in rated if e[2] >= 0 and e[3] <= cap), key=lambda e: (e[0], e[1], e[2]))
        out = [first]
        if plays:
            top = plays[0][0]
            near_limit = abs(top - bot.play_limit) <= self.window
            for e in plays[: self.width]:
                if e[0] <= top + self.window / 2 and (first[0] == "play" or near_limit):
                    action = bot._play(rated, e)
                    if action not in out:
                        out.append(action)
            if first[0] == "play" and near_limit:
                worst = sorted(rated, key=_badness_key)
                out.append(("discard", (worst[0][1], worst[1][1])))
        return out


class _QuickGoals(_Goals):
    """The baseline's `_Goals`, read faster: the same fields, the revealed sequences looked up in one
    set of every three cards side by side, the grid built only for the Green Path (the only reader)."""

    def __init__(self, t, hand=()):
        rules, deck = t.rules, t.deck
        kind, number = deck.kind, deck.number
        self.held = {number[c] for c in hand if kind[c] == TERRAIN}
        self.path = rules.green_path.colour if rules.green_path else None
        modules = rules.green_path or rules.panorama or rules.goats
        self.grid = (table_grid(t) if self.path else []) if modules else None
        self.frontier = set()
        if self.path and self.grid is not None:
            self.height = path_rows(self.grid, self.path)
            if self.height < rules.rows:
                self.frontier = self._frontier(t)
        self.sequences = []
        if rules.panorama:
            seen: set[tuple[int, int, int]] = set()
            for row in t.rows:
                nums = [number[c] if c >= 0 and kind[c] == TERRAIN else -1 for c in row]
                seen.update(zip(nums, nums[1:], nums[2:]))
            self.sequences = [deck.sequence[s] for s in t.revealed if tuple(deck.sequence[s]) not in seen]
        self.goat_colour = rules.goats.colour if rules.goats else None
        target = rules.goats.target_row - 1 if rules.goats else 0
        self.waiting = sum(1 for _, at in t.goats if at is None) if rules.goats else 0
        self.climbers = [at for _, at in t.goats if at is not None and at[0] < target] if rules.goats else []


class AscentRollout(AscentBot):
    """The baseline Ascent bot, move for move (tests/rules/test_search_bot.py), with its goals read faster;
    `decide` also returns the rated plays and card ratings the search reuses."""

    def choose(self, t, p: int):
        return self.decide(t, p)[0]

    def decide(self, t, p: int):
        hand = t.hands[p]
        plays = t.legal_plays(p)
        for play in plays:
            if play[0] == "summit":
                return ("summit", play[1]), [], {}
        goal = _QuickGoals(t, hand)
        scored = sorted((self.rate(t, goal, play), play) for play in plays)
        ratings = self.card_ratings(t, hand, scored)
        if scored and (scored[0][0] <= self.play_limit or len(hand) < 2):
            return self.paying(hand, scored[0][1], ratings), scored, ratings
        if len(hand) >= 2:
            worst = sorted(hand, key=lambda q: (-ratings[q], q))
            return ("discard", (worst[0], worst[1])), scored, ratings
        return None, scored, ratings

    @staticmethod
    def paying(hand, play, ratings):
        what, c, r, i, r2, i2, cost = play
        others = sorted((ratings[q], q) for q in hand if q != c)
        paid = tuple(q for _, q in reversed(others[-cost:])) if cost else ()
        return (what, c, r, i, r2, i2, paid)


class AscentSearch(_Search):
    baseline_class = AscentRollout

    def progress(self, table) -> float:
        filled = sum(table.fill)
        total = sum(table.width)
        missing = len(table.goals_missing()) if filled == total else 0
        return (filled - 4.0 * missing) / total

    def choose(self, t, p: int):
        first, self._scored, self._ratings = self.baseline.decide(t, p)
        return self.turn(t, p, first)

    def candidates(self, t, p: int, first) -> list:
        hand, bot = t.hands[p], self.baseline
        scored, ratings = self._scored, self._ratings
        if len(hand) < 2 or not scored:
            return [first]
        top = scored[0][0]
        near_limit = abs(top - bot.play_limit) <= self.window
        out = [first]
        for rating, (what, c, r, i, r2, i2, cost) in scored[: self.width]:
            if rating <= top + self.window / 2 and (first[0] != "discard" or near_limit):
                action = bot.paying(hand, (what, c, r, i, r2, i2, cost), ratings)
                if action not in out:
                    out.append(action)
        if first[0] != "discard" and near_limit:
            worst = sorted(hand, key=lambda q: (-ratings[q], q))
            out.append(("discard", (worst[0], worst[1])))
        return out
