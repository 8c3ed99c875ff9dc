"""Bots that play Tranquility: the documented baseline bot and a uniformly random legal player.

The baseline bot (docs/rules.md, "The baseline bots") plays silently, seeing only its own hand, the
table, the size of the face-down discard and the cards it put there itself (`TranquilityTable.seen`):
1. A start card it must play, it plays. The team agrees how many cards each gives to the start
   discard (counts only). With `start_discard_from: hands-and-piles` each player first gives its hand
   cards rated `useless` (2) or worse (dead cards, islands costing 2 or more where they belong; 3,
   `useless_others`, for a player who waits two turns or more for its next turn), keeping two cards
   if it is not the player of the start card; the rest come unseen off the top of the largest piles;
   only if the piles run short do more hand cards go. With `hands` the hands pay it all, worst cards
   first, leaving every other player two cards when it can (else one).
2. A finish card it plays as soon as it may.
3. Otherwise it rates each island in hand: the cell where the island "belongs" (its place between
   the filled neighbours, proportional to the distinct numbers between them), moved as little as
   needed so that every run of empty cells keeps at least as many possible numbers as cells; the
   rating is the cost there plus a penalty for each cell it had to be moved.
4. It plays its best-rated island when the rating is at most `play_limit`, paying with its worst
   cards; otherwise it discards its two worst cards (dead cards first: islands with no room left,
   spare start cards, finish cards while enough others remain). One finish card in hand is kept once
   few are left (`keep_finish`; by default one more than half the players) or once `keep_from` (24)
   cells are filled. The worst cards spare an island whose run of empty cells may run short of
   numbers (`worst_first`). With fewer than two cards it plays any legal card.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right

from pnp.game.params import HANDS_AND_PILES
from pnp.rules.play_kit import Discard
from pnp.rules.tranquility.engine import FINISH, ISLAND, START, Finish, Play, Start, TranquilityTable

DEAD = 1000.0


class TranquilityBot:
    """The baseline bot. Parameters are the documented defaults; the simulator never changes them."""

    def __init__(
        self,
        play_limit: float = 3.5,
        shift_penalty: float = 0.75,
        keep_finish: int | None = None,
        useless: float = 2.0,
        keep_from: int | None = 24,
        short_weight: float = 2.0,
        short_room: float = 2.0,
        useless_others: float | None = 3.0,
        thrift: int | None = None,
    ):
        self.play_limit = play_limit
        # start discard: hand cards rated this high go before unseen pile cards, from the player of the
        # start card and the next; `useless_others` from those who stay short two turns or more
        self.useless = useless
        self.useless_others = useless if useless_others is None else useless_others
        self.shift_penalty = shift_penalty
        self.keep_finish = keep_finish
        self.keep_from = keep_from  # cells filled from which a finish card in hand is kept whatever is left
        # discards and payments spare an island whose run of empty cells may run short of numbers:
        # `short_weight` per number its run has fewer than `short_room` more than it has cells
        self.short_weight, self.short_room = short_weight, short_room
        # once a player's cards (hand and pile) exceed its turns left by `thrift` or fewer, it takes a
        # play that costs it fewer cards than its choice (`_thrifty`); off by default (docs/rules.md)
        self.thrift = thrift
        self._table: TranquilityTable | None = None
        self._cache: dict[int, tuple[int, int, tuple[float, int, int, int]]] = {}  # card → (lo, hi, its rating)

    def choose(self, t: TranquilityTable, p: int):
        hand, kind = t.hands[p], t.deck.kind
        if t.start < 0:
            for c in hand:
                if kind[c] == START:
                    return Start("start", c, self.start_shares(t, p, c))
        elif t.filled == t.N:
            for c in hand:
                if kind[c] == FINISH:
                    return Finish("finish", c)
        if t.local:
            return self._choose_local(t, p)
        rated = self.rate_hand(t, hand)
        cap = t.cap(p)
        best = None
        for entry in rated:
            if entry[2] >= 0 and entry[3] <= cap and (best is None or entry[0] < best[0]):
                best = entry
        if best is not None and (best[0] <= self.play_limit or len(hand) < 2):
            return self._thrifty(t, p, rated, self._play(rated, best, t, p), best[3])
        if len(hand) >= 2:
            worst = self.worst_first(t, p, rated)
            return self._thrifty(t, p, rated, Discard("discard", (worst[0][1], worst[1][1])), 1)
        legal = t.legal_plays(p)
        if legal:
            c, k, _cost = min(legal, key=lambda e: (e[2], e[1]))
            return Play("play", c, k, ())
        return None

    def _choose_local(self, t: TranquilityTable, p: int):
        """`order: local` (seed 000): the legal play of least cost plus `shift_penalty` per cell away from
        where its number would stand in an even spread; else discard the two cards fitting nowhere, or
        the two farthest from any cell they fit."""
        hand, deck = t.hands[p], t.deck
        span = max(1, deck.high - deck.low)

        def rating(c: int, k: int, cost: int) -> float:
            ideal = 1 + (deck.number[c] - deck.low) * (t.N - 1) / span
            return cost + self.shift_penalty * abs(k - ideal)

        plays = sorted((rating(c, k, cost), c, k, cost) for c, k, cost in t.legal_plays(p))
        worth = {c: DEAD if deck.kind[c] != ISLAND or not t.room_for(deck.number[c]) else 0.0 for c in hand}
        for r, c, _k, _cost in reversed(plays):
            worth[c] = r  # each card by its best play (unaffordable ones stay at 0: kept)
        keep = len(deck.finishes) - t.finish_gone <= self.finishes_kept(t.n)
        for c in hand:
            if deck.kind[c] == FINISH and keep:
                worth[c], keep = -DEAD, False
        if plays and (plays[0][0] <= self.play_limit or len(hand) < 2):
            _r, c, k, cost = plays[0]
            paid = tuple(sorted((q for q in hand if q != c), key=lambda q: (-worth[q], q))[:cost])
            return Play("play", c, k, paid)
        if len(hand) >= 2:
            worst = sorted(hand, key=lambda q: (-worth[q], q))
            return Discard("discard", (worst[0], worst[1]))
        return None

    def _thrifty(self, t: TranquilityTable, p: int, rated, action, spend: int):
        """`action`, or a cheaper play once player p's cards run short of its turns left (`thrift`).

        `spend`: the cards the action costs beyond the one a turn must use (a play's cost; 1 for a
        discard). Each legal play that costs fewer cards than the action and leaves every run of empty
        cells as many possible numbers as cells is scored 2 per card it costs plus 0.5 per cell away from
        where its island belongs (3 for an island rated nowhere); the best of them is played."""
        if self.thrift is None or not spend or t.start < 0 or t.local:
            return action
        turns = -(-(t.N - t.filled + 1) // t.n)  # p's turns until every cell is filled and the finish played
        if len(t.hands[p]) + len(t.piles[p]) - turns > self.thrift:
            return action
        deck, fvals, fcells = t.deck, t.fvals, t.fcells
        num, rank, low = deck.number, deck.rank, deck.low
        belongs = {e[1]: e[2] for e in rated}
        best = None
        for c, k, cost in t.legal_plays(p):
            if cost >= spend:
                continue
            x = num[c]
            j = bisect_right(fvals, x)
            rx = rank[x - low]
            if k - fcells[j - 1] > rx - rank[fvals[j - 1] - low] or fcells[j] - k > rank[fvals[j] - low] - rx:
                continue  # it would leave a run with fewer possible numbers than cells
            cell = belongs.get(c, -1)
            score = (2 * cost + 0.5 * (abs(k - cell) if cell >= 0 else 3), c, k, cost)
            if best is None or score < best:
                best = score
        if best is None:
            return action
        _score, c, k, cost = best
        paid = self.worst_first(t, p, [e for e in rated if e[1] != c])[:cost]
        return Play("play", c, k, tuple(e[1] for e in paid))

    def finishes_kept(self, players: int) -> int:
        """A finish card is kept (one per hand) once this many or fewer are left in play; `keep_finish`
        None: one more than half the players, rounded up (2 for 1-2 players, 3 for 3-4, 4 for 5)."""
        return (players + 1) // 2 + 1 if self.keep_finish is None else self.keep_finish

    def _play(self, rated, best, t: TranquilityTable, p: int):
        cost = best[3]
        paid = ()
        if cost:
            others = self.worst_first(t, p, [e for e in rated if e[1] != best[1]])
            paid = tuple(e[1] for e in others[:cost])
        return Play("play", best[1], best[2], paid)

    def worst_first(self, t: TranquilityTable, p: int, rated) -> list:
        """Player p's rated cards, the first to give up first: the highest rating, less `short_weight`
        for each number an island's run of empty cells may lack below `short_room` (`room_left`)."""
        if not self.short_weight or t.local:
            return sorted(rated, key=_badness_key)
        room, weight = self.short_room, self.short_weight
        known = self.known(t, p)
        out = []
        for e in rated:
            r = e[0]
            if e[2] >= 0:
                short = room - self.room_left(t, known, e[1])
                if short > 0:
                    r -= weight * short
            out.append((-r, e[1], e))
        out.sort()
        return [e for _r, _c, e in out]

    @staticmethod
    def known(t: TranquilityTable, p: int) -> tuple[list[int], list[int], float]:
        """What player p knows of the cards not on the table: the numbers in its hand and those it put
        into the discard itself (each sorted), and the chance that a card it has not seen is not in the
        discard (the discard is face down; only its size is known)."""
        num, seen, discard = t.deck.number, t.seen[p], t.discard
        unseen = sum(map(len, t.hands)) - len(t.hands[p]) + sum(map(len, t.piles))
        hidden_gone = len(discard) - len(seen)
        stays = unseen / (unseen + hidden_gone) if unseen + hidden_gone else 0.0
        return sorted(num[c] for c in t.hands[p]), sorted(num[discard[i]] for i in seen), stays

    @staticmethod
    def room_left(t: TranquilityTable, known: tuple[list[int], list[int], float], card: int) -> float:
        """How many numbers more than cells the run of empty cells around island `card` may still get, as
        its player `known`s it: a number in its hand counts 1, a number it discarded 0, every other
        number not on the table the chance that an unseen card is not in the discard."""
        deck, fvals = t.deck, t.fvals
        j = bisect_right(fvals, deck.number[card])
        a, b = fvals[j - 1], fvals[j]
        numbers = deck.rank[b - 1 - deck.low] - deck.rank[a - deck.low]  # the deck's numbers in the run
        hand, gone, stays = known
        mine = bisect_left(hand, b) - bisect_right(hand, a)
        lost = bisect_left(gone, b) - bisect_right(gone, a)
        return mine + (numbers - mine - lost) * stays - (t.fcells[j] - t.fcells[j - 1] - 1)

    def rate_hand(self, t: TranquilityTable, hand) -> list:
        """[(rating, card, cell, cost)] for each card; cell −1 and rating ≥ DEAD for cards to drop.

        The simulator's hot path: kept as one loop over plain ints (no calls per card) on purpose."""
        deck = t.deck
        kind, num, rank, low = deck.kind, deck.number, deck.rank, deck.low
        fvals, fcells, N = t.fvals, t.fcells, t.N
        fast, gap_cost = t.fast, t.rules.cost == "gap"
        shift = self.shift_penalty
        most = t.rules.hand_size - 1 if t.rules.cost_cap is None else min(t.rules.cost_cap, t.rules.hand_size - 1)
        if t is not self._table:  # ratings depend only on the card and the filled cells around it
            self._table, self._cache = t, {}
        cache = self._cache
        out = []
        keep = len(deck.finishes) - t.finish_gone <= self.finishes_kept(t.n) or (
            self.keep_from is not None and t.filled >= self.keep_from
        )
        for c in hand:
            if kind[c] != ISLAND:
                if keep and kind[c] == FINISH:
                    keep = False
                    out.append((-DEAD, c, -1, 0))
                else:
                    out.append((DEAD + (kind[c] == START), c, -1, 0))
                continue
            x = num[c]
            j = bisect_right(fvals, x)
            a = fvals[j - 1]
            lo = fcells[j - 1]
            hi = fcells[j]
            if a == x or hi - lo < 2:
                out.append((DEAD, c, -1, 0))
                continue
            hit = cache.get(c)
            if fast and hit is not None and hit[0] == lo and hit[1] == hi:
                out.append(hit[2])  # the gap around this card is unchanged since it was last rated (a
                # card above or below, orthogonal adjacency, changes the cost without touching the gap)
                continue
            b = fvals[j]
            ra = rank[a - low]
            rx = rank[x - low]
            rb = rank[b - low]
            kmin = hi - rb + rx
            if kmin <= lo:
                kmin = lo + 1
            kmax = lo + rx - ra
            if kmax >= hi:
                kmax = hi - 1
            if kmin > kmax:
                entry = (DEAD - 1, c, -1, 0)
                cache[c] = (lo, hi, entry)
                out.append(entry)
                continue
            ideal = lo + (rx - ra) * (hi - lo) / (rb - ra)
            k = int(ideal + 0.5)
            if k < kmin:
                k = kmin
            elif k > kmax:
                k = kmax
            if gap_cost:  # never leave a one-cell hole that would cost more than a hand can pay to close
                if k - lo == 2 and lo >= 1 and x - a > most and kmin <= lo + 1:
                    k = lo + 1
                elif hi - k == 2 and hi <= N and b - x > most and kmax >= hi - 1:
                    k = hi - 1
            if fast:
                left = k - 1 == lo and lo >= 1
                right = k + 1 == hi and hi <= N
                if gap_cost:
                    cost = b - a if left and right else 0
                elif left:
                    cost = x - a if not right or x - a < b - x else b - x
                else:
                    cost = b - x if right else 0
            else:
                cost = t.cost(x, k)
            d = k - ideal
            entry = (cost + shift * (d if d > 0 else -d), c, k, cost)
            cache[c] = (lo, hi, entry)
            out.append(entry)
        return out

    def start_shares(self, t: TranquilityTable, p: int, start: int):
        """The team's start discard as [(cards from the hand, cards off the pile top)] per player, or None
        when it cannot be paid. Players agree only on counts; each picks its own cards by its own rating."""
        need, n = t.rules.start_discard, t.n
        hands = [[c for c in h if c != start] if q == p else list(h) for q, h in enumerate(t.hands)]
        piles = [len(pile) for pile in t.piles] if t.rules.start_discard_from == HANDS_AND_PILES else [0] * n
        if sum(map(len, hands)) + sum(piles) < need:
            return None
        ranked = sorted((-e[0], q, e[1]) for q, h in enumerate(hands) for e in self.rate_hand(t, h))
        chosen: list[list[int]] = [[] for _ in hands]
        from_pile = [0] * n
        if any(piles):
            # 1. dead or nearly useless hand cards, worst first, leaving every other player two cards
            left = [len(h) - (0 if q == p else 2) for q, h in enumerate(hands)]
            taken = 0
            for bad, q, c in ranked:
                if taken < need and -bad >= (self.useless if (q - p) % n <= 1 else self.useless_others) and left[q] > 0:
                    chosen[q].append(c)
                    left[q] -= 1
                    taken += 1
            # 2. the rest off the top of the piles, one at a time from the largest pile left (unseen cards)
            for _ in range(need - taken):
                q = max(range(n), key=lambda q: (piles[q] - from_pile[q], -((q - p) % n)))
                if piles[q] == from_pile[q]:
                    break
                from_pile[q] += 1
        # 3. the rest from the hands, worst first, leaving the others two cards if possible, else one, else none
        short = need - sum(map(len, chosen)) - sum(from_pile)
        rest = [e for e in ranked if e[2] not in chosen[e[1]]]
        more = self._worst_hand_cards(p, [len(h) - len(chosen[q]) for q, h in enumerate(hands)], rest, short)
        if more is None:
            return None
        return [(tuple(chosen[q] + more[q]), from_pile[q]) for q in range(n)]

    @staticmethod
    def _worst_hand_cards(p: int, sizes, ranked, need: int):
        """`need` hand cards, worst first, leaving every other player two cards if possible (else one, else none)."""
        for floor in (2, 1, 0):
            shares: list[list[int]] = [[] for _ in sizes]
            left = [size - (0 if q == p else floor) for q, size in enumerate(sizes)]
            taken = 0
            for _, q, c in ranked:
                if taken < need and left[q] > 0:
                    shares[q].append(c)
                    left[q] -= 1
                    taken += 1
            if taken == need:
                return shares
        return None


def _badness_key(entry):
    return (-entry[0], entry[1])


class RandomBot:
    """Plays a uniformly random legal action (used by the property tests to explore states)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, t: TranquilityTable, p: int):
        rng, hand = self.rng, t.hands[p]
        start = t.can_start(p)
        if start >= 0:
            return Start("start", start, self._shares(t, p, start))
        finish = t.can_finish(p)
        options: list = [("finish", finish)] if finish >= 0 else []
        for c, k, cost in t.legal_plays(p):
            options.append(("play", c, k, cost))
        if len(hand) >= 2:
            options.append(("discard",))
        if not options:
            return None
        action = rng.choice(options)
        if action[0] == "discard":
            return Discard("discard", tuple(rng.sample(hand, 2)))
        if action[0] == "play":
            c, k, cost = action[1:]
            rest = [q for q in hand if q != c]
            return Play("play", c, k, tuple(rng.sample(rest, cost)))
        return action

    def _shares(self, t: TranquilityTable, p: int, start: int):
        """A random split: a random number of random hand cards, the rest off random piles."""
        rng, need = self.rng, t.rules.start_discard
        cards = [(q, c) for q, h in enumerate(t.hands) for c in h if c != start]
        tops = (
            [q for q, pile in enumerate(t.piles) for _ in pile] if t.rules.start_discard_from == HANDS_AND_PILES else []
        )
        if len(cards) + len(tops) < need:
            return None
        from_hand = rng.randint(max(0, need - len(tops)), min(need, len(cards)))
        chosen = rng.sample(cards, from_hand)
        off = rng.sample(tops, need - from_hand)
        return [(tuple(c for q2, c in chosen if q2 == q), off.count(q)) for q in range(t.n)]
