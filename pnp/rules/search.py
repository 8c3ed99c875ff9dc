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
from pnp.rules.ascent.engine import CAMPFIRE, TERRAIN
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


class _Trial:
    """The rollouts of one searched turn, played only when their result can change the choice.

    `choice(count)` is `_Search.best` of the candidates' scores summed over the first `count` deals (a
    score is the sum of its rollouts, in deal order). The baseline's candidate (0) is played on every
    deal; another candidate stops as soon as it can no longer be chosen even if it won every deal left
    (a rollout scores at most `top`): when it cannot beat the best so far (ties go to the earlier
    candidate) or gain `margin` over the baseline's. The deals are the same as playing everything:
    deal d is dealt from the d-th number of the bot's generator, drawn in order whether or not it is
    played, and a rollout depends only on its deal and its candidate, so each is played at most once.
    """

    def __init__(self, bot: _Search, t, p: int, options: list) -> None:
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
        if len(hand) < 2 or t.local:  # local order (seed 000): the baseline's ratings are not read here
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


_COLOURED: dict[tuple[int, str], tuple[object, frozenset[int]]] = {}


def coloured_cards(deck, colour: str) -> frozenset[int]:
    """The cards that count as a card of `colour` on the mountain (`modules.coloured`), once per deck."""
    hit = _COLOURED.get((id(deck), colour))
    if hit is None or hit[0] is not deck:
        kind = deck.kind
        cards = frozenset(
            c for c, k in enumerate(kind) if k in (TERRAIN, CAMPFIRE) and (deck.colour[c] or "") == colour
        )
        hit = _COLOURED[(id(deck), colour)] = (deck, cards)
    return hit[1]


def path_frontier(t, colour: str) -> tuple[int, set]:
    """`path_rows` and `_Goals._frontier` of the table, read off its rows (no grid): how many rows the
    chain of `colour` cards reaches, and the empty slots above its top that rest on it."""
    rows, width = t.rows, t.width
    green = coloured_cards(t.deck, colour)
    reach = {i for i, c in enumerate(rows[0]) if c in green}
    height = 1 if reach else 0
    if reach:
        for r in range(1, len(rows)):
            above = {i for i, c in enumerate(rows[r]) if c in green and (i in reach or i + 1 in reach)}
            if not above:
                break
            reach, height = above, r + 1
    if height >= t.rules.rows:
        return height, set()
    if height == 0:
        return height, {(0, i) for i in range(width[0]) if rows[0][i] < 0}
    row = rows[height]
    return height, {(height, i) for i in range(width[height]) if row[i] < 0 and (i in reach or i + 1 in reach)}


class _QuickGoals(_Goals):
    """The baseline's `_Goals`, read faster: the same fields but the grid (`reward` asks only whether
    there is one), the green chain read off the rows, the revealed sequences looked up in one set of
    every three cards side by side."""

    def __init__(self, t, hand=()):
        rules, deck = t.rules, t.deck
        kind, number = deck.kind, deck.number
        self.held = {number[c] for c in hand if kind[c] == TERRAIN}
        self.path = rules.green_path.colour if rules.green_path else None
        modules = rules.green_path or rules.panorama or rules.goats
        self.grid = [] if modules else None
        self.frontier = set()
        if self.path and modules:
            self.height, self.frontier = path_frontier(t, self.path)
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
        self.beside: dict[tuple[int, int], tuple] = {}  # slot → (number 2 left, number 1 left, room)

    def reward(self, t, c: int, r: int, i: int) -> float:
        """`_Goals.reward`, the same sums in the same order, what a slot's left neighbours are read once."""
        if self.grid is None:
            return 0.0
        deck = t.deck
        colour, number = deck.colour[c], deck.number[c]
        score = 0.0
        frontier = self.frontier
        if frontier:
            if colour == self.path:
                score -= 3.0 if (r, i) in frontier else 0.0
            elif (r, i) in frontier:
                score += 4.0 if len(frontier) == 1 else 0.5
        if self.sequences:
            beside = self.beside.get((r, i))
            if beside is None:
                beside = self.beside[(r, i)] = self._beside(t, r, i)
            left2, left1, room = beside
            for seq in self.sequences:
                score += self._sequence(seq, number, left2, left1, room)
        if self.goat_colour:
            score += self._goat_reward(t, colour, r, i)
        return score

    @staticmethod
    def _beside(t, r: int, i: int) -> tuple:
        row, kind, num = t.rows[r], t.deck.kind, t.deck.number
        left2, left1 = (
            num[row[j]] if j >= 0 and row[j] >= 0 and kind[row[j]] == TERRAIN else None for j in (i - 2, i - 1)
        )
        return left2, left1, t.width[r] - i

    def _sequence(self, seq, number: int, left2, left1, room: int) -> float:
        """`_Goals._sequence_reward` with the slot's neighbours read."""
        if left2 == seq[0] and left1 == seq[1]:
            return -4.0 if number == seq[2] else 2.0
        if left1 == seq[0] and room >= 2:
            return (-2.5 if seq[2] in self.held else -1.5) if number == seq[1] else 1.5
        if number == seq[0] and room >= 3:
            return -1.5 if seq[1] in self.held else -0.3
        return 0.0


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
