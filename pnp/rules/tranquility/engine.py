"""The Tranquility engine: a table in plain ints and lists, fast enough to simulate thousands of games.

Pieces are indices into the deck's piece list; cell k (1-based, reading order) is `cells[k]`, with
`cells[0]` and `cells[N+1]` as empty sentinels. `fvals`/`fcells` hold the filled cells' numbers and
cell indices in increasing order (numbers rise with cells), bracketed by sentinel values, so the
cells a card may go into are found with one bisect. Piles keep their top card at the end.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

from pnp.core.errors import PnpError
from pnp.game.model import Game
from pnp.game.params import (
    AT_ONCE,
    HANDS,
    HANDS_AND_PILES,
    LOCAL,
    ONE_PER_PLAYER,
    STUCK_OR_EMPTY,
    Piece,
    effective_cap,
    first_seat,
    physical_pieces,
)
from pnp.rules.bounds import START_OPTIONS, payments, short_of_turns
from pnp.rules.play_kit import Discard
from pnp.rules.state.model import Sea, Share, StartPlay, State
from pnp.rules.tranquility.params import TranquilityRules, tranquility_rules

ISLAND, START, FINISH, BORDER, OTHER = range(5)


class Play(NamedTuple):
    """Put an island into a cell (1-based), paying its cost with other cards of the hand."""

    what: str  # "play"
    card: int
    cell: int
    paid: Sequence[int]

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # written as the plain tuple it equals


class Start(NamedTuple):
    """Play the start card; `shares` is each player's part of the start discard, (hand cards, cards
    off the pile), or None when it cannot be paid."""

    what: str  # "start"
    card: int
    shares: Sequence[tuple[Sequence[int], int]] | None

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # written as the plain tuple it equals


class Finish(NamedTuple):
    """Play a finish card into the finish corner (the win)."""

    what: str  # "finish"
    card: int

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # written as the plain tuple it equals


Action = Play | Start | Finish | Discard  # a Tranquility action, as its table applies it
PLAYING, WON, LOST = "playing", "won", "lost"
_KINDS = {"island": ISLAND, "start": START, "finish": FINISH, "border": BORDER}


@dataclass(frozen=True)
class TranquilityDeck:
    """Everything about a game's pieces the engine needs, as flat tuples (built once per game)."""

    game: str
    rules: TranquilityRules
    pieces: tuple[Piece, ...]
    index: dict
    number: tuple[int, ...]  # island number, or -1
    kind: tuple[int, ...]
    islands: tuple[int, ...]
    starts: tuple[int, ...]
    finishes: tuple[int, ...]
    borders: tuple[int, ...]
    others: tuple[int, ...]
    low: int  # below every island number
    high: int  # above every island number
    rank: tuple[int, ...]  # rank[v - low]: distinct island numbers ≤ v (sentinels 0 and D+1)


def tranquility_deck(game: Game) -> TranquilityDeck:
    rules = tranquility_rules(game)
    pieces = physical_pieces(game)
    kind = tuple(_KINDS.get(p.kind, OTHER) for p in pieces)
    number = tuple(p.number if k == ISLAND and p.number is not None else -1 for p, k in zip(pieces, kind))
    numbers = sorted({n for n, k in zip(number, kind) if k == ISLAND})
    low = (numbers[0] - 1) if numbers else 0
    high = (numbers[-1] + 1) if numbers else 1
    rank, seen = [], 0
    present = set(numbers)
    for v in range(low, high + 1):
        seen += v in present
        rank.append(seen if v < high else seen + 1)
    by = lambda code: tuple(i for i, k in enumerate(kind) if k == code)
    return TranquilityDeck(
        game.id,
        rules,
        pieces,
        {p.id: i for i, p in enumerate(pieces)},
        number,
        kind,
        by(ISLAND),
        by(START),
        by(FINISH),
        by(BORDER),
        by(OTHER),
        low,
        high,
        tuple(rank),
    )


class TranquilityTable:
    """A Tranquility game in progress. Methods change it in place; `to_state` takes a snapshot."""

    engine = "tranquility"  # the registry's name of the engine (pnp/rules/engines.py)

    def __init__(
        self,
        deck: TranquilityDeck,
        hands,
        piles,
        discard,
        box,
        aside,
        frame,
        cells,
        start=-1,
        start_record=None,
        finish=-1,
        turn=0,
        status=PLAYING,
        seed=None,
    ):
        r = deck.rules
        self.deck, self.rules, self.seed = deck, r, seed
        self.n, self.size, self.N = len(hands), r.hand_size, r.cells
        self.hands, self.piles, self.discard = hands, piles, discard
        self.box, self.aside, self.frame = box, aside, frame
        self.cells = cells  # length N + 2, -1 for empty
        self.start, self.start_record, self.finish = start, start_record, finish
        self.turn, self.status, self.reason = turn, status, ""
        num = deck.number
        self.fcells = [0] + [k for k in range(1, self.N + 1) if cells[k] >= 0] + [self.N + 1]
        self.fvals = [deck.low] + [num[cells[k]] for k in self.fcells[1:-1]] + [deck.high]
        self.filled = len(self.fcells) - 2
        self.fast = r.adjacency == "sequence"
        self.local = r.order == LOCAL  # seed 000: only adjacent cards order a placement (`fits_here`)
        self.finish_gone = sum(1 for c in discard + box if deck.kind[c] == FINISH)  # out of play
        # per seat, the places in the discard of the cards that seat put there itself (the discard is
        # face down: all a silent player knows of it); a table made from a state has forgotten them
        self.seen: list[list[int]] = [[] for _ in range(self.n)]

    # ---- placing islands -------------------------------------------------------------------
    def gap(self, x: int):
        """(lo, hi, a, b): the filled cells and numbers around where x belongs, or None if no room."""
        fvals = self.fvals
        j = bisect_right(fvals, x)
        a = fvals[j - 1]
        if a == x:
            return None
        lo, hi = self.fcells[j - 1], self.fcells[j]
        if hi - lo < 2:
            return None
        return lo, hi, a, fvals[j]

    def cost(self, x: int, k: int) -> int:
        """Cards to discard for placing x into empty cell k (any rule option)."""
        cells, num, N = self.cells, self.deck.number, self.N
        if self.fast:
            near = [num[cells[j]] for j in (k - 1, k + 1) if cells[j] >= 0]
        else:
            cols = self.rules.cols
            col = (k - 1) % cols
            spots = [k - cols, k + cols] + ([k - 1] if col > 0 else []) + ([k + 1] if col < cols - 1 else [])
            near = [num[cells[j]] for j in spots if 1 <= j <= N and cells[j] >= 0]
        if not near:
            return 0
        if self.rules.cost == "gap":
            return max(near) - min(near) if len(near) >= 2 else 0
        return min(abs(x - v) for v in near)

    def cap(self, p: int) -> int:
        """The largest cost player p may pay when playing one card now."""
        return effective_cap(self.rules.cost_cap, len(self.hands[p]) - 1)

    def fits_here(self, x: int, k: int) -> bool:
        """`order: local` (seed 000): may x go into empty cell k? The filled cells left of and below it hold
        less, those right of and above it more; no other cell counts."""
        cells, num, cols, N = self.cells, self.deck.number, self.rules.cols, self.N
        col = (k - 1) % cols
        for j, below in ((k - 1, True), (k - cols, True), (k + 1, False), (k + cols, False)):
            if (j == k - 1 and col == 0) or (j == k + 1 and col == cols - 1) or not 1 <= j <= N or cells[j] < 0:
                continue
            if (num[cells[j]] > x) if below else (num[cells[j]] < x):
                return False
        return True

    def room_for(self, x: int) -> bool:
        """Whether island x may still go into some empty cell (never again once not)."""
        if self.local:
            return any(self.cells[k] < 0 and self.fits_here(x, k) for k in range(1, self.N + 1))
        return self.gap(x) is not None

    def legal_plays(self, p: int) -> list[tuple[int, int, int]]:
        """Every (island, cell, cost) player p may play now."""
        out, cap, num = [], self.cap(p), self.deck.number
        if self.local:
            empty = [k for k in range(1, self.N + 1) if self.cells[k] < 0]
            for c in self.hands[p]:
                if self.deck.kind[c] == ISLAND:
                    for k in empty:
                        if self.fits_here(num[c], k):
                            cost = self.cost(num[c], k)
                            if cost <= cap:
                                out.append((c, k, cost))
            return out
        for c in self.hands[p]:
            if self.deck.kind[c] != ISLAND:
                continue
            g = self.gap(num[c])
            if g is None:
                continue
            for k in range(g[0] + 1, g[1]):
                cost = self.cost(num[c], k)
                if cost <= cap:
                    out.append((c, k, cost))
        return out

    def can_start(self, p: int) -> int:
        """A start card player p must play now, or -1."""
        if self.start < 0:
            kind = self.deck.kind
            for c in self.hands[p]:
                if kind[c] == START:
                    return c
        return -1

    def can_finish(self, p: int) -> int:
        if self.start >= 0 and self.filled == self.N:
            kind = self.deck.kind
            for c in self.hands[p]:
                if kind[c] == FINISH:
                    return c
        return -1

    def has_action(self, p: int) -> bool:
        return len(self.hands[p]) >= 2 or self.can_start(p) >= 0 or self.can_finish(p) >= 0 or bool(self.legal_plays(p))

    # ---- actions ---------------------------------------------------------------------------
    def place(self, p: int, c: int, k: int, paid) -> None:
        hand = self.hands[p]
        hand.remove(c)
        kind, seen = self.deck.kind, self.seen[p]
        for q in paid:
            hand.remove(q)
            seen.append(len(self.discard))
            self.discard.append(q)
            self.finish_gone += kind[q] == FINISH
        x = self.deck.number[c]
        self.cells[k] = c
        if self.local:  # numbers need not rise along the cells: fvals/fcells are not kept
            self.filled += 1
            return
        j = bisect_right(self.fvals, x)
        self.fvals.insert(j, x)
        self.fcells.insert(j, k)
        self.filled += 1

    def play_start(self, p: int, c: int, shares) -> None:
        """Play start card c. `shares` gives each player's share of the start discard as (cards from the
        hand, how many off the top of the pile); None when hands (and piles) cannot pay it: lost."""
        self.hands[p].remove(c)
        self.start = c
        counts = [(0, 0)] * self.n
        r = self.rules
        if shares is None:
            self.status, self.reason = LOST, "start-discard"
        else:
            self._check_shares(shares)
            kind = self.deck.kind
            for q, (cards, from_pile) in enumerate(shares):
                hand, pile = self.hands[q], self.piles[q]
                for card in cards:
                    hand.remove(card)
                self.seen[q] += range(len(self.discard), len(self.discard) + len(cards))
                gone = list(cards) + [pile.pop() for _ in range(from_pile)]  # pile cards unseen, off the top
                self.discard += gone
                self.finish_gone += sum(kind[card] == FINISH for card in gone)
                counts[q] = (len(cards), from_pile)
            if r.start_discard_draw == AT_ONCE:  # two reviews: everyone draws back up at once
                for q in range(self.n):
                    self.draw_up(q)
        self.start_record = (p + 1, self.turn + 1, tuple(counts))

    def _check_shares(self, shares) -> None:
        """A bot's start discard must follow the rules (a bug in a bot, never a user error)."""
        r = self.rules
        if len(shares) != self.n or sum(len(cards) + n for cards, n in shares) != r.start_discard:
            raise ValueError(f"the start discard must take {r.start_discard} cards in {self.n} shares")
        for q, (_cards, n) in enumerate(shares):
            if n < 0 or n > len(self.piles[q]) or (n and r.start_discard_from == HANDS):
                raise ValueError(f"player {q + 1} cannot give {n} cards off their pile to the start discard")

    def play_finish(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self.finish = c
        self.status = WON

    def discard_two(self, p: int, pair) -> None:
        hand, kind, seen = self.hands[p], self.deck.kind, self.seen[p]
        for q in pair:
            hand.remove(q)
            seen.append(len(self.discard))
            self.discard.append(q)
            self.finish_gone += kind[q] == FINISH

    def draw_up(self, p: int) -> None:
        hand, pile = self.hands[p], self.piles[p]
        while len(hand) < self.size and pile:
            hand.append(pile.pop())

    def end_turn(self, p: int) -> None:
        self.draw_up(p)
        self.turn += 1

    def apply(self, p: int, action: Action) -> None:
        """Carry out one action of player p and end the turn (the engine's only entry for bots)."""
        what = action[0]
        if what == "play":
            _, card, cell, paid = cast(Play, action)
            self.place(p, card, cell, paid)
        elif what == "discard":
            self.discard_two(p, cast(Discard, action)[1])
        elif what == "start":
            _, card, shares = cast(Start, action)
            self.play_start(p, card, shares)
        elif what == "finish":
            self.play_finish(p, cast(Finish, action)[1])
        else:
            raise ValueError(f"unknown action {what!r}")
        if self.status == PLAYING:
            self.end_turn(p)
            if self.rules.loss == STUCK_OR_EMPTY and self.someone_empty():
                self.status, self.reason = LOST, "empty"  # seed 000: a player has no card left in hand or pile
            elif not self.has_action(self.turn % self.n):
                self.lose()  # the next player can neither play nor discard two: lost on their turn

    def someone_empty(self) -> bool:
        """Whether any player's hand and pile are both empty (seed 000's loss, `loss: stuck-or-empty`)."""
        return any(not hand and not pile for hand, pile in zip(self.hands, self.piles))

    def lose(self) -> None:
        self.status = LOST
        self.reason = self.loss_reason()

    # ---- what the open-hands solver reads (pnp/rules/solver.py) ------------------------------
    def clone(self) -> TranquilityTable:
        """A copy to play on without touching this table."""
        other = TranquilityTable.__new__(TranquilityTable)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other.piles = [pile[:] for pile in self.piles]
        other.discard, other.box, other.cells = self.discard[:], self.box[:], self.cells[:]
        other.fcells, other.fvals = self.fcells[:], self.fvals[:]
        other.seen = [s[:] for s in self.seen]
        return other

    def card_class(self, c: int) -> int:
        """What a card is worth from now on: its own index for a live island; −1 for a dead card (an
        island with no room left, a start card once one is down); −2 a start card still needed; −3 a
        finish card. Cards of one class are interchangeable (symmetry); a dead card is never better
        to keep than any other (dominance)."""
        k = self.deck.kind[c]
        if k == ISLAND:
            return c if self.room_for(self.deck.number[c]) else -1
        if k == START:
            return -2 if self.start < 0 else -1
        return -3 if k == FINISH else -1

    def key(self) -> tuple:
        """The position as the solver tells positions apart: piles are only ever taken off the top, so
        their sizes say what is in them; interchangeable cards are one class."""
        cls = self.card_class
        return (
            self.turn % self.n,
            self.start >= 0,
            tuple(self.cells),
            tuple(tuple(sorted(cls(c) for c in h)) for h in self.hands),
            tuple(len(pile) for pile in self.piles),
        )

    def actions(self, p: int) -> tuple[list[Action], bool]:
        """Player p's distinct actions, interchangeable and dominated ones left out (see `card_class`),
        and whether they are every action up to those (the start discard's splits may be cut short)."""
        if self.status != PLAYING:
            return [], True
        start = self.can_start(p)
        if start >= 0:
            return self._start_actions(p, start)
        finish = self.can_finish(p)
        if finish >= 0:
            return [Finish("finish", finish)], True  # it wins
        hand = self.hands[p]
        cls = {c: self.card_class(c) for c in hand}
        out: list[Action] = []
        for c, k, cost in sorted(self.legal_plays(p), key=lambda e: (e[2], e[1], e[0])):
            out += [Play("play", c, k, paid) for paid in payments([q for q in hand if q != c], cost, cls)]
        if len(hand) >= 2:
            out += [Discard("discard", pair) for pair in payments(hand, 2, cls)]
        return out, True

    def _start_actions(self, p: int, start: int) -> tuple[list[Action], bool]:
        """Every split of the start discard (hand cards by class, dead first; pile counts)."""
        need, r = self.rules.start_discard, self.rules
        hands = [[c for c in h if c != start] if q == p else h for q, h in enumerate(self.hands)]
        piles = [len(pile) if r.start_discard_from == HANDS_AND_PILES else 0 for pile in self.piles]
        if sum(map(len, hands)) + sum(piles) < need:
            return [Start("start", start, None)], True
        cls = {c: self.card_class(c) for h in hands for c in h}
        per_player = [
            [
                (paid, u)
                for h in range(min(need, len(hand)) + 1)
                for paid in payments(hand, h, cls)
                for u in range(min(need - h, pile) + 1)
            ]
            for hand, pile in zip(hands, piles)
        ]
        out: list[Action] = []

        def split(q: int, left: int, chosen: list) -> bool:
            if q == self.n:
                if left == 0:
                    out.append(Start("start", start, [(tuple(c), u) for c, u in chosen]))
                return len(out) < START_OPTIONS
            for paid, u in per_player[q]:
                if len(paid) + u <= left and not split(q + 1, left - len(paid) - u, chosen + [(paid, u)]):
                    return False
            return True

        return out, split(0, need, [])

    def doomed(self) -> bool:
        """True when no line of play can win from here (the solver's bound): no finish card left; a run
        of empty cells with fewer fitting islands left than cells; or a player out of cards before the
        turns a win still needs have gone round."""
        kind, num = self.deck.kind, self.deck.number
        left = [c for h in self.hands for c in h] + [c for pile in self.piles for c in pile]
        if not any(kind[c] == FINISH for c in left):
            return True
        values = sorted(num[c] for c in left if kind[c] == ISLAND)
        fvals, fcells = self.fvals, self.fcells
        for j in range(1, len(fcells) if not self.local else 0):
            empty = fcells[j] - fcells[j - 1] - 1
            if empty and bisect_left(values, fvals[j]) - bisect_right(values, fvals[j - 1]) < empty:
                return True
        turns = self.N - self.filled + 1 + (self.start < 0)
        cards = [len(h) + len(pile) for h, pile in zip(self.hands, self.piles)]
        return short_of_turns(cards, self.turn % self.n, turns) or self._too_deep(sum(cards))

    def _too_deep(self, total: int) -> bool:
        """A start or finish card lies so deep in its pile that, by the time its owner has played or
        given up enough cards to draw it, too few cards are left to win: before the start is played,
        at least `dig` cards go (those above it, less the room in its owner's hand), and the islands
        placed meanwhile are among them; after it, the start discard and the finish. The finish alike."""
        empty, r = self.N - self.filled, self.rules
        if self.start < 0:
            if not any(self.deck.kind[c] == START for h in self.hands for c in h):
                dig = self._dig(START)
                if total < max(dig, empty) + 2 + r.start_discard:
                    return True
            if r.start_discard_from == HANDS and self.n * self.size - 1 < r.start_discard:
                return True  # the hands can never hold the start discard
        if not any(self.deck.kind[c] == FINISH for h in self.hands for c in h):
            after = 1 + r.start_discard if self.start < 0 else 0
            if total < max(self._dig(FINISH), empty + after) + 1:
                return True
        return False

    def _dig(self, kind: int) -> int:
        """The fewest cards that must leave a hand before a card of `kind` is drawn into one."""
        kinds, size = self.deck.kind, self.size
        best = None
        for hand, pile in zip(self.hands, self.piles):
            for depth, c in enumerate(reversed(pile)):
                if kinds[c] == kind:
                    need = max(0, depth + 1 + len(hand) - size)
                    best = need if best is None else min(best, need)
                    break
        return best if best is not None else 0

    # ---- reporting -------------------------------------------------------------------------
    def loss_reason(self) -> str:
        """Why a lost game was lost, judged from the table when it ended."""
        if self.reason:
            return self.reason
        kind, num = self.deck.kind, self.deck.number
        left = [c for h in self.hands for c in h] + [c for pile in self.piles for c in pile]
        if self.filled == self.N:
            if self.start < 0:
                return "no-start"
            return "no-finish" if not any(kind[c] == FINISH for c in left) else "finish-late"
        values = sorted({num[c] for c in left if kind[c] == ISLAND})
        return "blocked" if self._blocked(values) else "out-of-cards"

    def _blocked(self, values: list[int]) -> bool:
        """True when some run of empty cells has fewer fitting numbers left than cells (runs: not local order)."""
        if self.local:
            return False
        fvals, fcells = self.fvals, self.fcells
        for j in range(1, len(fcells)):
            empty = fcells[j] - fcells[j - 1] - 1
            if empty and sum(1 for v in values if fvals[j - 1] < v < fvals[j]) < empty:
                return True
        return False

    def to_state(self) -> State:
        ids = [p.id for p in self.deck.pieces]
        names = lambda cards: tuple(ids[c] for c in cards)
        start = None
        if self.start >= 0:
            player, turn, shares = self.start_record
            start = StartPlay(ids[self.start], player, turn, tuple(Share(h, u) for h, u in shares))
        sea = Sea(
            frame=names(self.frame),
            cells=tuple(ids[c] if c >= 0 else None for c in self.cells[1:-1]),
            start=start,
            finish=ids[self.finish] if self.finish >= 0 else None,
        )
        return State(
            game=self.deck.game,
            engine="tranquility",
            modules=(),
            players=self.n,
            seed=self.seed,
            turn=self.turn,
            current_player=self.turn % self.n + 1,
            status=self.status,
            hands=tuple(names(h) for h in self.hands),
            piles=tuple(names(reversed(p)) for p in self.piles),
            discard=names(self.discard),
            box=names(self.box),
            aside=names(self.aside),
            sea=sea,
        )


def deal_table(deck: TranquilityDeck, players: int, seed: int | None) -> TranquilityTable:
    """The setup of RULES.md §1: frame, shuffled piles, opening hands, then one start card per pile."""
    r = deck.rules
    rng = random.Random(seed)
    if len(deck.borders) < r.frame:
        raise PnpError(f"{deck.game} has {len(deck.borders)} border cards; the frame needs {r.frame}")
    if len(deck.starts) < players:
        raise PnpError(f"{deck.game} has {len(deck.starts)} start cards, one short for each of {players} players")
    islands = list(deck.islands)
    removed: list[int] = []
    if r.remove_islands:
        rng.shuffle(islands)
        removed, islands = islands[: r.remove_islands], islands[r.remove_islands :]
    finishes = list(deck.finishes)
    spare_finishes = []
    if r.finish_cards == ONE_PER_PLAYER:  # the review's reading: one finish card per player, like the starts
        finishes, spare_finishes = finishes[:players], finishes[players:]
    cards = islands + finishes
    rng.shuffle(cards)
    piles = [cards[i::players] for i in range(players)]
    first = first_seat(r, [len(pile) for pile in piles])
    piles = piles[first:] + piles[:first]  # players are numbered from the one who plays first
    hands = []
    for pile in piles:
        hands.append([pile.pop() for _ in range(min(r.hand_size, len(pile)))])
    for pile, start in zip(piles, deck.starts):
        pile.insert(rng.randrange(len(pile) + 1), start)
    box = list(deck.borders[r.frame :]) + list(deck.starts[players:]) + sorted(removed) + spare_finishes
    cells = [-1] * (r.cells + 2)
    table = TranquilityTable(
        deck, hands, piles, [], box, list(deck.others), list(deck.borders[: r.frame]), cells, seed=seed
    )
    if not table.has_action(0):
        table.lose()
    return table


def table_from_state(deck: TranquilityDeck, state: State) -> TranquilityTable:
    """A table to play on from a (checked) state."""
    index = deck.index
    cards = lambda ids: [index[i] for i in ids]
    sea = state.sea
    if sea is None:
        raise ValueError(f"the {state.engine} state {state.game!r} has no Tranquility table to play on")
    cells = [-1] + [index[c] if c else -1 for c in sea.cells] + [-1]
    start, record = -1, None
    if sea.start is not None:
        start = index[sea.start.card]
        record = (sea.start.player, sea.start.turn, tuple((s.hand, s.pile) for s in sea.start.shares))
    table = TranquilityTable(
        deck,
        [cards(h) for h in state.hands],
        [cards(reversed(p)) for p in state.piles],
        cards(state.discard),
        cards(state.box),
        cards(state.aside),
        cards(sea.frame),
        cells,
        start,
        record,
        index[sea.finish] if sea.finish else -1,
        state.turn,
        state.status,
        state.seed,
    )
    return table
