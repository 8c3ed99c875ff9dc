"""The Ascent engine (RULES.md §2): the mountain in lists of piece indices, with legal plays and actions.

Rows and slots are 0-based inside (`rows[0]` is row 1); states and messages use 1-based numbers.
A row fills left to right, so `fill[r]` (the filled prefix) is the next slot of row r.
Project decisions for what no source settles are marked "decision" and listed in docs/rules.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

from pnp.core.errors import PnpError
from pnp.game.model import Game
from pnp.game.params import Piece, effective_cap, first_seat, physical_pieces
from pnp.rules.ascent.kinds import BRIDGE, CAMPFIRE, GOAT, OTHER, PANORAMA, SUMMIT, TERRAIN
from pnp.rules.ascent.modules import goals_missing, goats_follow
from pnp.rules.ascent.params import AscentRules, ascent_rules
from pnp.rules.bounds import DEAD, payments, short_of_turns
from pnp.rules.play_kit import Discard
from pnp.rules.state.model import Mountain, State


class Place(NamedTuple):
    """Put a card into slot `slot` of row `row` (0-based), paying its cost with other cards of the hand:
    `what` "place", "swap" (a terrain card over a bridge) or "campfire" (the card there moves to
    `to_row`, `to_slot`; -1 for the others)."""

    what: str
    card: int
    row: int
    slot: int
    to_row: int
    to_slot: int
    paid: Sequence[int]

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # written as the plain tuple it equals


class Summit(NamedTuple):
    """Put the summit card on top (the win)."""

    what: str  # "summit"
    card: int

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # written as the plain tuple it equals


Action = Place | Summit | Discard  # an Ascent action, as its table applies it

PLAYING, WON, LOST = "playing", "won", "lost"
_KINDS = {
    "terrain": TERRAIN,
    "summit": SUMMIT,
    "bridge": BRIDGE,
    "campfire": CAMPFIRE,
    "panorama": PANORAMA,
    "goat": GOAT,
}


@dataclass(frozen=True)
class AscentDeck:
    game: str
    rules: AscentRules
    modules: tuple[str, ...]
    pieces: tuple[Piece, ...]
    index: dict
    kind: tuple[int, ...]
    number: tuple[int, ...]  # terrain number or -1
    colour: tuple[str | None, ...]
    sequence: dict  # panorama piece → its three numbers (numbered side)
    same: tuple[int, ...]  # the first piece of each piece's kind, number and colour (copies are interchangeable)

    def of(self, code: int) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kind) if k == code)


def ascent_deck(game: Game) -> AscentDeck:
    rules = ascent_rules(game)
    pieces = physical_pieces(game)
    kind = tuple(_KINDS.get(p.kind, OTHER) for p in pieces)
    fields = {card.id: card.fields for card in game.cards}
    sequence = {}
    for i, p in enumerate(pieces):
        seq = fields[p.card].get("sequence")
        if kind[i] == PANORAMA and isinstance(seq, (list, tuple)):
            sequence[i] = tuple(seq)
    return AscentDeck(
        game.id,
        rules,
        tuple(m.id for m in game.modules),
        pieces,
        {p.id: i for i, p in enumerate(pieces)},
        kind,
        tuple(p.number if p.number is not None else -1 for p in pieces),
        tuple(p.colour for p in pieces),
        sequence,
        _copies(kind, pieces),
    )


def _copies(kind: tuple[int, ...], pieces: tuple[Piece, ...]) -> tuple[int, ...]:
    first: dict[tuple, int] = {}
    return tuple(
        first.setdefault((k, p.number if k == TERRAIN else None, p.colour if k in (TERRAIN, CAMPFIRE) else None), i)
        for i, (k, p) in enumerate(zip(kind, pieces))
    )


class AscentTable:
    """An Ascent game in progress; `legal_plays` lists what a player may do, `apply` does it."""

    engine = "ascent"  # the registry's name of the engine (pnp/rules/engines.py)

    def __init__(
        self,
        deck: AscentDeck,
        hands,
        piles,
        discard,
        box,
        aside,
        base,
        revealed,
        rows,
        summit=-1,
        goats=None,
        turn=0,
        status=PLAYING,
        seed=None,
    ):
        self.deck, self.rules, self.seed = deck, deck.rules, seed
        self.n, self.size = len(hands), deck.rules.hand_size
        self.hands, self.piles, self.discard, self.box, self.aside = hands, piles, discard, box, aside
        self.base, self.revealed, self.rows, self.summit = base, revealed, rows, summit
        self.goats = goats or []  # [[goat piece, (r, i) or None]]
        self.turn, self.status, self.reason = turn, status, ""
        self.width = [len(row) for row in rows]
        self.fill = [sum(1 for c in row if c >= 0) for row in rows]

    # ---- reading the mountain --------------------------------------------------------------
    def complete(self) -> bool:
        kind = self.deck.kind
        return all(f == w for f, w in zip(self.fill, self.width)) and not any(
            kind[c] == BRIDGE for row in self.rows for c in row
        )

    def colour_at(self, r: int, i: int):
        if 0 <= i < self.width[r]:
            c = self.rows[r][i]
            if c >= 0 and self.deck.kind[c] in (TERRAIN, CAMPFIRE):
                return self.deck.colour[c]
        return None

    def value_beside(self, r: int, i: int, step: int) -> int:
        """The number that counts for cost beside slot i: campfires are skipped, bridges count as blank."""
        row, kind = self.rows[r], self.deck.kind
        j = i + step
        while 0 <= j < self.width[r] and row[j] >= 0 and kind[row[j]] == CAMPFIRE:
            j += step
        if 0 <= j < self.width[r] and row[j] >= 0 and kind[row[j]] == TERRAIN:
            return self.deck.number[row[j]]
        return -1

    def terrain_cost(self, x: int, r: int, i: int, swap: bool) -> int:
        diffs = [abs(x - v) for v in (self.value_beside(r, i, -1), self.value_beside(r, i, 1)) if v >= 0]
        if not diffs:
            return 0
        if swap:
            return max(diffs) if self.rules.bridge_swap_cost == "greater" else min(diffs)
        return min(diffs)

    def open_slots(self):
        """(r, i) of every next slot that rests on two filled slots (a row's first two for a new row)."""
        out = []
        for r in range(len(self.rows)):
            i = self.fill[r]
            if i < self.width[r] and (r == 0 or self.fill[r - 1] >= i + 2):
                out.append((r, i))
        return out

    def terrain_fits(self, c: int, r: int, i: int) -> bool:
        """Row minimum and colours: may terrain card c stand in slot i of row r (cost aside)?"""
        deck, rules = self.deck, self.rules
        if rules.row_minimum and deck.number[c] < r + 1:
            return False
        if rules.same_colour_in_row:
            return True
        colour = deck.colour[c]
        return self.colour_at(r, i - 1) != colour and self.colour_at(r, i + 1) != colour

    # ---- legal plays -----------------------------------------------------------------------
    def legal_plays(self, p: int) -> list[tuple]:
        """Every play of player p: (what, card, r, i, r2, i2, cost); r2/i2 only for campfires.

        The search bot's hot path: what a slot offers (its neighbours' colours and numbers) is read once
        per slot, not once per card; the plays and their order are those of `terrain_fits` and
        `terrain_cost` tried card by card."""
        hand, deck = self.hands[p], self.deck
        kind = deck.kind
        cap = effective_cap(self.rules.cost_cap, len(hand) - 1)
        out: list[tuple] = []
        slots = self.open_slots()
        spots = bridges = None
        for c in dict.fromkeys(hand):
            k = kind[c]
            if k == TERRAIN:
                if spots is None or bridges is None:
                    spots = [self._spot(r, i) for r, i in slots]
                    bridges = [
                        self._spot(r, i)
                        for r, row in enumerate(self.rows)
                        if self.fill[r]  # an empty row holds no bridge
                        for i, b in enumerate(row)
                        if b >= 0 and kind[b] == BRIDGE
                    ]
                self._terrain_plays(c, spots, cap, "place", out)
                self._terrain_plays(c, bridges, cap, "swap", out)
            elif k == BRIDGE:
                out.extend(("place", c, r, i, -1, -1, 0) for r, i in slots if 0 < i < self.width[r] - 1)
            elif k == CAMPFIRE:
                if spots is None:
                    spots = [self._spot(r, i) for r, i in slots]
                out.extend(self._campfire_plays(c, cap, spots))
            elif k == SUMMIT and self.summit < 0 and self.complete() and not self.goals_missing():
                out.append(("summit", c, -1, -1, -1, -1, 0))
        return out

    def _spot(self, r: int, i: int) -> tuple:
        """(r, i, colour left, colour right, number left, number right) of slot i of row r: what
        `terrain_fits` (`colour_at`) and `terrain_cost` (`value_beside`) read around it, in one pass."""
        row, width, deck = self.rows[r], self.width[r], self.deck
        kind, colour, number = deck.kind, deck.colour, deck.number
        out: list = [r, i]
        for j in (i - 1, i + 1):
            c = row[j] if 0 <= j < width else -1
            out.append(colour[c] if c >= 0 and kind[c] in (TERRAIN, CAMPFIRE) else None)
        for step in (-1, 1):
            j = i + step
            while 0 <= j < width and row[j] >= 0 and kind[row[j]] == CAMPFIRE:
                j += step
            out.append(number[row[j]] if 0 <= j < width and row[j] >= 0 and kind[row[j]] == TERRAIN else -1)
        return tuple(out)

    def _terrain_plays(self, c: int, spots: list, cap: int, what: str, out: list) -> None:
        """`terrain_fits` and `terrain_cost` of terrain card c at every spot, the plays costing at most cap."""
        deck, rules = self.deck, self.rules
        x, colour = deck.number[c], deck.colour[c]
        least = x - 1 if rules.row_minimum else len(self.rows)  # rows r with r + 1 > x refuse it
        any_colour, greater = rules.same_colour_in_row, what == "swap" and rules.bridge_swap_cost == "greater"
        for r, i, left, right, a, b in spots:
            if r > least or not (any_colour or (left != colour and right != colour)):
                continue
            if a >= 0:
                cost = abs(x - a)
                if b >= 0:
                    other = abs(x - b)
                    cost = (other if other > cost else cost) if greater else (other if other < cost else cost)
            else:
                cost = abs(x - b) if b >= 0 else 0
            if cost <= cap:
                out.append((what, c, r, i, -1, -1, cost))

    def _campfire_plays(self, c: int, cap: int, spots: list) -> list[tuple]:
        out: list[tuple] = []
        deck = self.deck
        colour, kind, colours = deck.colour[c], deck.kind, deck.colour
        for r, row in enumerate(self.rows):
            for i, t in enumerate(row):
                if t < 0 or kind[t] != TERRAIN or colours[t] != colour:
                    continue
                moved: list[tuple] = []
                self._terrain_plays(t, [s for s in spots if s[0] > r], cap, "campfire", moved)
                out.extend(("campfire", c, r, i, r2, i2, cost) for _w, _t, r2, i2, _a, _b, cost in moved)
        return out

    def has_action(self, p: int) -> bool:
        return len(self.hands[p]) >= 2 or bool(self.legal_plays(p))

    # ---- what the open-hands solver reads (pnp/rules/solver.py) ------------------------------
    def clone(self) -> AscentTable:
        """A copy to play on without touching this table."""
        other = AscentTable.__new__(AscentTable)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other.piles = [pile[:] for pile in self.piles]
        other.discard, other.fill = self.discard[:], self.fill[:]
        other.rows = [row[:] for row in self.rows]
        other.goats = [g[:] for g in self.goats]
        return other

    def card_class(self, c: int) -> int:
        """Copies of a card (kind, number, colour) are one class; a card that can never be played again
        is dead (−1): a number no row with room or a bridge will take, a bridge no row has an inner slot
        left for, a campfire with no empty slot above row 1 left."""
        deck = self.deck
        k = deck.kind[c]
        if k == TERRAIN and self.rules.row_minimum:
            x = deck.number[c]
            if not any(self.fill[r] < self.width[r] or BRIDGE in self._kinds(r) for r in range(min(x, len(self.rows)))):
                return DEAD
        elif k == BRIDGE:
            if not any(1 <= max(self.fill[r], 1) <= self.width[r] - 2 for r in range(len(self.rows))):
                return DEAD
        elif k == CAMPFIRE and all(self.fill[r] == self.width[r] for r in range(1, len(self.rows))):
            return DEAD
        return deck.same[c]

    def _kinds(self, r: int) -> set[int]:
        kind = self.deck.kind
        return {kind[c] for c in self.rows[r] if c >= 0}

    def key(self) -> tuple:
        """The position as the solver tells positions apart (piles by size: they are only drawn from)."""
        same, cls = self.deck.same, self.card_class
        return (
            self.turn % self.n,
            tuple(same[c] if c >= 0 else -2 for row in self.rows for c in row),
            tuple(tuple(sorted(cls(c) for c in h)) for h in self.hands),
            tuple(len(pile) for pile in self.piles),
            tuple(sorted(at or (-1, -1) for _, at in self.goats)),
        )

    def actions(self, p: int) -> tuple[list[Action], bool]:
        """Player p's distinct actions, copies and dominated payments left out; always every action."""
        if self.status != PLAYING:
            return [], True
        plays = self.legal_plays(p)
        for play in plays:
            if play[0] == "summit":
                return [Summit("summit", play[1])], True  # it wins
        hand = self.hands[p]
        cls = {c: self.card_class(c) for c in hand}
        same = self.deck.same
        out: list[Action] = []
        seen = set()
        for what, c, r, i, r2, i2, cost in sorted(plays, key=lambda e: (e[6], -e[2], e[3])):
            sig = (what, same[c], r, i, r2, i2)
            if sig in seen:
                continue
            seen.add(sig)
            out += [Place(what, c, r, i, r2, i2, paid) for paid in payments([q for q in hand if q != c], cost, cls)]
        if len(hand) >= 2:
            out += [Discard("discard", pair) for pair in payments(hand, 2, cls)]
        return out, True

    def doomed(self) -> bool:
        """True when no line of play can win from here (the solver's bound): no summit left; too few
        cards left for the rows' minimum numbers; a module goal the filled slots already rule out; or a
        player out of cards before the turns a win still needs have gone round."""
        deck = self.deck
        kind, number = deck.kind, deck.number
        left = [c for h in self.hands for c in h] + [c for pile in self.piles for c in pile]
        if not any(kind[c] == SUMMIT for c in left):
            return True
        rows = self.rows
        open_ = [sum(1 for c in row if c < 0 or kind[c] == BRIDGE) for row in rows]
        fires = 2 * sum(1 for c in left if kind[c] == CAMPFIRE)  # a campfire fills a slot and lifts a card
        if self.rules.row_minimum:
            need = 0
            for r in range(len(rows) - 1, -1, -1):
                need += open_[r]
                if need > fires + sum(1 for c in left if kind[c] == TERRAIN and number[c] >= r + 1):
                    return True
        if self._goal_ruled_out():
            return True
        bridges = sum(1 for row in rows for c in row if c >= 0 and kind[c] == BRIDGE)
        turns = sum(w - f for w, f in zip(self.width, self.fill)) + bridges + 1
        cards = [len(h) + len(pile) for h, pile in zip(self.hands, self.piles)]
        return short_of_turns(cards, self.turn % self.n, turns)

    def _open_or(self, colour) -> list[list[bool]]:
        """Per slot: may it still end up holding a card of `colour`? (Empty, a bridge, or such a card:
        a campfire keeps the colour of the card it replaces.)"""
        kind, colours = self.deck.kind, self.deck.colour
        return [
            [c < 0 or kind[c] == BRIDGE or (kind[c] in (TERRAIN, CAMPFIRE) and colours[c] == colour) for c in row]
            for row in self.rows
        ]

    def _goal_ruled_out(self) -> bool:
        rules = self.rules
        if rules.green_path:
            ok = self._open_or(rules.green_path.colour)
            reach = {i for i, v in enumerate(ok[0]) if v}
            for r in range(1, len(ok)):
                reach = {i for i, v in enumerate(ok[r]) if v and (i in reach or i + 1 in reach)}
            if not reach:
                return True
        if rules.panorama:
            for s in self.revealed:
                if not self._sequence_possible(self.deck.sequence.get(s, ())):
                    return True
        if rules.goats:
            return self._goats_stuck(rules.goats.colour, rules.goats.target_row - 1)
        return False

    def _sequence_possible(self, seq) -> bool:
        kind, number = self.deck.kind, self.deck.number
        size = len(seq)
        for r, row in enumerate(self.rows):
            if self.rules.row_minimum and any(v < r + 1 for v in seq):
                continue
            for i in range(len(row) - size + 1):
                if all(
                    c < 0 or kind[c] == BRIDGE or (kind[c] == TERRAIN and number[c] == v)
                    for c, v in zip(row[i : i + size], seq)
                ):
                    return True
        return False

    def _goats_stuck(self, colour, target: int) -> bool:
        """A goat below the target row with no chain of slots that may still be its colour up to it; or
        more goats waiting than row-1 slots that may still take them up."""
        ok = self._open_or(colour)
        rows = len(ok)
        if target >= rows:
            return bool(self.goats)
        up = [[False] * len(row) for row in ok]  # can a goat standing here still reach the target row?
        for r in range(rows - 1, -1, -1):
            for i in range(len(ok[r])):
                up[r][i] = r >= target or (
                    r + 1 < rows and any(0 <= j < len(ok[r + 1]) and ok[r + 1][j] and up[r + 1][j] for j in (i - 1, i))
                )
        waiting = 0
        for _, at in self.goats:
            if at is None:
                waiting += 1
            elif not up[at[0]][at[1]]:
                return True
        if waiting:
            free = sum(1 for i, c in enumerate(self.rows[0]) if (c < 0 or self.deck.kind[c] == BRIDGE) and up[0][i])
            return free < waiting
        return False

    # ---- module goals ----------------------------------------------------------------------
    def goals_missing(self) -> list[str]:
        """The chosen modules whose goal the mountain does not meet yet (checked before the summit)."""
        return goals_missing(self)

    # ---- actions ---------------------------------------------------------------------------
    def apply(self, p: int, action: Action) -> None:
        """Carry out ("place"|"swap"|"campfire", card, r, i, r2, i2, paid), ("summit", card) or
        ("discard", (a, b)) for player p, then end the turn."""
        what, hand = action[0], self.hands[p]
        if what == "discard":
            for q in cast(Discard, action)[1]:
                hand.remove(q)
                self.discard.append(q)
        elif what == "summit":
            hand.remove(action[1])
            self.summit = cast(Summit, action)[1]
            self.status = WON
        else:
            _, c, r, i, r2, i2, paid = cast(Place, action)
            hand.remove(c)
            for q in paid:
                hand.remove(q)
                self.discard.append(q)
            if what == "place":
                self._put(c, r, i)
            elif what == "swap":
                self.discard.append(self.rows[r][i])
                self.rows[r][i] = -1
                self._put(c, r, i, swap=True)
            elif what == "campfire":
                moved = self.rows[r][i]
                self.rows[r][i] = c
                self._put(moved, r2, i2)
            else:
                raise ValueError(f"unknown action {what!r}")
        if self.status == PLAYING:
            while len(hand) < self.size and self.piles[p]:
                hand.append(self.piles[p].pop())
            self.turn += 1
            if not self.has_action(self.turn % self.n):
                self.lose()  # the next player can neither play nor discard two: lost on their turn

    def _put(self, c: int, r: int, i: int, swap: bool = False) -> None:
        self.rows[r][i] = c
        if not swap:
            self.fill[r] += 1
        goats_follow(self, c, r, i)

    def lose(self) -> None:
        self.status = LOST
        self.reason = self.loss_reason()

    def loss_reason(self) -> str:
        if self.reason:
            return self.reason
        if self.complete():
            left = [c for h in self.hands for c in h] + [c for pile in self.piles for c in pile]
            if not any(self.deck.kind[c] == SUMMIT for c in left):
                return "no-summit"
            missing = self.goals_missing()
            if missing:
                return "goal:" + missing[0]
        elif all(f == w for f, w in zip(self.fill, self.width)):
            return "bridge"
        return "out-of-cards"

    def to_state(self) -> State:
        ids = [p.id for p in self.deck.pieces]
        names = lambda cards: tuple(ids[c] for c in cards)
        mountain = Mountain(
            base=names(self.base),
            revealed=names(self.revealed),
            rows=tuple(tuple(ids[c] if c >= 0 else None for c in row) for row in self.rows),
            summit=ids[self.summit] if self.summit >= 0 else None,
            goats=tuple((ids[g], (at[0] + 1, at[1] + 1) if at else None) for g, at in self.goats),
        )
        return State(
            game=self.deck.game,
            engine="ascent",
            modules=self.deck.modules,
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
            mountain=mountain,
        )


def deal_ascent(deck: AscentDeck, players: int, seed: int | None) -> AscentTable:
    """Panorama base in a row (k revealed with the Panorama module), the deck dealt evenly into piles,
    opening hands drawn, goats waiting at the foot (decision: RULES.md §2 "Turn and setup")."""
    r = deck.rules
    rng = random.Random(seed)
    triangles = list(deck.of(PANORAMA))
    if len(triangles) < r.base_pieces:
        raise PnpError(f"{deck.game} has {len(triangles)} panorama triangles; the base needs {r.base_pieces}")
    rng.shuffle(triangles)
    base, spare = triangles[: r.base_pieces], triangles[r.base_pieces :]
    revealed = []
    if r.panorama:
        if r.panorama.revealed > len(base):
            raise PnpError(f"the Panorama module reveals {r.panorama.revealed} triangles but the base has {len(base)}")
        chosen = set(rng.sample(base, r.panorama.revealed))
        revealed = [t for t in base if t in chosen]
    given = r.bridges_given(players)
    bridges = list(deck.of(BRIDGE))
    if sum(given) > len(bridges):
        raise PnpError(f"bridges_at_setup gives {sum(given)} bridges to {players} players; the game has {len(bridges)}")
    held = set(bridges[: sum(given)])  # the bridges handed out at setup (the preview's reading)
    cards = [i for i, k in enumerate(deck.kind) if k in (TERRAIN, SUMMIT, BRIDGE, CAMPFIRE) and i not in held]
    rng.shuffle(cards)
    piles = [cards[q::players] for q in range(players)]
    first = first_seat(r, [len(pile) for pile in piles])
    piles = piles[first:] + piles[:first]  # players are numbered from the one who plays first
    out = iter(sorted(held))
    hands = [[next(out) for _ in range(n)] for n in given]  # by turn order from player 1
    for hand, pile in zip(hands, piles):
        hand += [pile.pop() for _ in range(min(r.hand_size - len(hand), len(pile)))]
    goat_pieces = list(deck.of(GOAT))
    wanted = r.goats.goats if r.goats else 0
    if len(goat_pieces) < wanted:
        raise PnpError(f"the Mountain Goats module needs {wanted} goats but the game has {len(goat_pieces)}")
    goats = [[g, None] for g in goat_pieces[:wanted]]
    box = sorted(spare) + goat_pieces[wanted:]
    rows = [[-1] * r.width(row) for row in range(1, r.rows + 1)]
    table = AscentTable(deck, hands, piles, [], box, list(deck.of(OTHER)), base, revealed, rows, goats=goats, seed=seed)
    if not table.has_action(0):
        table.lose()
    return table


def table_from_state(deck: AscentDeck, state: State) -> AscentTable:
    index = deck.index
    cards = lambda ids: [index[i] for i in ids]
    m = state.mountain
    if m is None:
        raise ValueError(f"the {state.engine} state {state.game!r} has no Ascent table to play on")
    rows = [[index[c] if c else -1 for c in row] for row in m.rows]
    goats = [[index[g], (at[0] - 1, at[1] - 1) if at else None] for g, at in m.goats]
    return AscentTable(
        deck,
        [cards(h) for h in state.hands],
        [cards(reversed(p)) for p in state.piles],
        cards(state.discard),
        cards(state.box),
        cards(state.aside),
        cards(m.base),
        cards(m.revealed),
        rows,
        index[m.summit] if m.summit else -1,
        goats,
        state.turn,
        state.status,
        state.seed,
    )
