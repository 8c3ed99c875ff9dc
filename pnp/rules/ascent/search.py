"""The Ascent's search bot (`--bot search`) and its faster baseline (`AscentRollout`): the common
search of pnp/rules/search.py with The Ascent's candidates and its goals read off the rows."""

from __future__ import annotations

from pnp.rules.ascent.bot import AscentBot, _Goals
from pnp.rules.ascent.engine import CAMPFIRE, TERRAIN, Place, Summit
from pnp.rules.play_kit import Discard
from pnp.rules.search import Search

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
                return Summit("summit", play[1]), [], {}
        goal = _QuickGoals(t, hand)
        scored = sorted((self.rate(t, goal, play), play) for play in plays)
        ratings = self.card_ratings(t, hand, scored)
        if scored and (scored[0][0] <= self.play_limit or len(hand) < 2):
            return self.paying(hand, scored[0][1], ratings), scored, ratings
        if len(hand) >= 2:
            worst = sorted(hand, key=lambda q: (-ratings[q], q))
            return Discard("discard", (worst[0], worst[1])), scored, ratings
        return None, scored, ratings

    @staticmethod
    def paying(hand, play, ratings):
        what, c, r, i, r2, i2, cost = play
        others = sorted((ratings[q], q) for q in hand if q != c)
        paid = tuple(q for _, q in reversed(others[-cost:])) if cost else ()
        return Place(what, c, r, i, r2, i2, paid)


class AscentSearch(Search):
    baseline_class = AscentRollout

    def progress(self, table) -> float:
        filled = sum(table.fill)
        total = sum(table.width)
        missing = len(table.goals_missing()) if filled == total else 0
        return (filled - 4.0 * missing) / total

    def remember_play(self, t, p: int, action) -> None:
        mine = self.own.setdefault(p, set())
        what = action[0]
        if what in ("place", "swap", "campfire"):
            mine.update(action[6])
            if what == "swap":
                self.public.add(t.rows[action[2]][action[3]])  # the bridge leaves the mountain in sight

    def first(self, t, p: int):
        first, self._scored, self._ratings = self.baseline.decide(t, p)  # the ratings give the candidates
        return first

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
            out.append(Discard("discard", (worst[0], worst[1])))
        return out
