"""Line's deck, table and deal: the `Table` protocol (pnp/rules/engine.py) on a row of cells."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from pnp.game.model import Game
from pnp.game.params import Piece, physical_pieces
from pnp.rules.params import rule_params
from pnp.rules.state.model import State


@dataclass(frozen=True)
class LineRules:
    """Line's rule parameters (what the shared rules read, and the line's length)."""

    min_players: int
    max_players: int
    hand_size: int
    length: int
    first_player: str = "first"
    cost_cap: int | None = None


def read_rules(game: Game) -> LineRules:
    players = game.rules.get("players", {})
    return LineRules(int(players["min"]), int(players["max"]), int(game.rules["hand_size"]), int(game.rules["length"]))


class Play(NamedTuple):
    what: str  # "play"
    card: int
    cell: int  # 1-based
    paid: tuple[int, ...] = ()  # nothing: a card of the line costs nothing


class Discard(NamedTuple):
    what: str  # "discard"
    cards: tuple[int, int]


Action = Play | Discard


@dataclass(frozen=True)
class LineDeck:
    game: str
    rules: LineRules
    pieces: tuple[Piece, ...]
    number: tuple[int, ...]
    index: dict[str, int]


def line_deck(game: Game) -> LineDeck:
    pieces = physical_pieces(game)
    rules = rule_params(game)
    assert isinstance(rules, LineRules)
    return LineDeck(
        game.id, rules, pieces, tuple(p.number or 0 for p in pieces), {p.id: i for i, p in enumerate(pieces)}
    )


class LineTable:
    engine = "line"

    def __init__(self, deck: LineDeck, hands: list[list[int]], piles: list[list[int]], seed: int | None):
        self.deck, self.rules, self.hands, self.piles, self.seed = deck, deck.rules, hands, piles, seed
        self.n = len(hands)
        self.line: list[int] = []
        self.discard: list[int] = []
        self.turn, self.status, self._reason = 0, "playing", ""

    # ---- playing --------------------------------------------------------------------------
    def legal_plays(self, p: int) -> list[tuple[int, int, int]]:
        if len(self.line) >= self.rules.length:
            return []
        last = self.deck.number[self.line[-1]] if self.line else 0
        return [(c, len(self.line) + 1, 0) for c in self.hands[p] if self.deck.number[c] > last]

    def has_action(self, p: int) -> bool:
        return bool(self.legal_plays(p)) or len(self.hands[p]) >= 2

    def apply(self, p: int, action: Action) -> None:
        hand = self.hands[p]
        if action[0] == "play":
            hand.remove(action[1])
            self.line.append(action[1])
        else:
            for c in action[1]:
                hand.remove(c)
                self.discard.append(c)
        while len(hand) < self.rules.hand_size and self.piles[p]:
            hand.append(self.piles[p].pop(0))
        if len(self.line) == self.rules.length:
            self.status = "won"
            return
        self.turn += 1
        if not self.has_action(self.turn % self.n):
            self.lose()

    def lose(self) -> None:
        self.status, self._reason = "lost", "out-of-cards"

    def loss_reason(self) -> str:
        return self._reason

    def to_state(self) -> State:
        ids = [p.id for p in self.deck.pieces]
        cells = [ids[c] for c in self.line] + [None] * (self.rules.length - len(self.line))
        return State(
            game=self.deck.game,
            engine="line",
            modules=(),
            players=self.n,
            seed=self.seed,
            turn=self.turn,
            current_player=self.turn % self.n + 1,
            status=self.status,
            hands=tuple(tuple(ids[c] for c in h) for h in self.hands),
            piles=tuple(tuple(ids[c] for c in pile) for pile in self.piles),
            discard=tuple(ids[c] for c in self.discard),
            box=(),
            aside=(),
            table={"line": cells},
        )

    # ---- what the open-hands solver reads ----------------------------------------------------
    def clone(self) -> LineTable:
        other = LineTable(self.deck, [h[:] for h in self.hands], [p[:] for p in self.piles], self.seed)
        other.line, other.discard = self.line[:], self.discard[:]
        other.turn, other.status, other._reason = self.turn, self.status, self._reason
        return other

    def key(self) -> tuple:
        return (tuple(map(tuple, self.hands)), tuple(map(tuple, self.piles)), tuple(self.line), self.turn % self.n)

    def actions(self, p: int) -> tuple[list[Action], bool]:
        plays: list[Action] = [Play("play", c, k) for c, k, _ in self.legal_plays(p)]
        hand = self.hands[p]
        if len(hand) >= 2:
            plays.append(Discard("discard", (hand[0], hand[1])))
        return plays, len(hand) < 3  # with three or more cards, only one pair of discards is listed

    def doomed(self) -> bool:
        last = self.deck.number[self.line[-1]] if self.line else 0
        higher = sum(1 for hand in self.hands for c in hand if self.deck.number[c] > last)
        higher += sum(1 for pile in self.piles for c in pile if self.deck.number[c] > last)
        return higher < self.rules.length - len(self.line)


def deal(deck: LineDeck, players: int, seed: int | None) -> LineTable:
    cards = list(range(len(deck.pieces)))
    random.Random(seed).shuffle(cards)
    each = len(cards) // players
    piles = [cards[q * each : (q + 1) * each] for q in range(players)]
    hands = [pile[: deck.rules.hand_size] for pile in piles]
    piles = [pile[deck.rules.hand_size :] for pile in piles]
    return LineTable(deck, hands, piles, seed)


def table_from_state(deck: LineDeck, state: State) -> LineTable:
    index = deck.index
    table = LineTable(
        deck, [[index[c] for c in h] for h in state.hands], [[index[c] for c in p] for p in state.piles], state.seed
    )
    line = (state.table or {}).get("line", [])
    table.line = [index[c] for c in line if c is not None]
    table.discard = [index[c] for c in state.discard]
    table.turn, table.status = state.turn, state.status
    return table


class LineBot:
    """Plays its lowest card that fits, else discards its two highest."""

    def choose(self, t: LineTable, p: int) -> Action | None:
        plays = sorted(t.legal_plays(p), key=lambda play: t.deck.number[play[0]])
        if plays:
            return Play("play", plays[0][0], plays[0][1])
        hand = sorted(t.hands[p], key=lambda c: -t.deck.number[c])
        return Discard("discard", (hand[0], hand[1])) if len(hand) >= 2 else None
