"""Checking a state against the rules: one pure function per rule, each with an id.

`check_state(game, state)` runs every rule that applies to the game (shared rules, the engine's
rules, the chosen modules' rules) and returns the violations in rule order. A rule function takes
the `Facts` of a state and yields `Violation`s; it never changes anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pnp.game.model import Game
from pnp.game.params import Piece, RulesT, physical_pieces, rule_params
from pnp.rules.state.model import Mountain, Sea, State

RuleFn = TypeVar("RuleFn", bound=Callable[..., Iterable["Violation"]])


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id, a sentence, and the cards and cells (or slots) involved."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()
    places: tuple[str, ...] = ()

    def __str__(self) -> str:
        extra = []
        if self.cards:
            extra.append("cards: " + ", ".join(self.cards))
        if self.places:
            extra.append("at: " + ", ".join(self.places))
        return f"[{self.rule}] {self.message}" + (f" ({'; '.join(extra)})" if extra else "")

    def to_data(self) -> dict:
        return {"rule": self.rule, "message": self.message, "cards": list(self.cards), "at": list(self.places)}


@dataclass(frozen=True)
class Rule:
    id: str
    engine: str | None  # None: every engine
    module: str | None  # a module id: only when the module is chosen
    summary: str
    check: Callable[[Any], Iterable[Violation]]  # takes the Facts of its engine's states (check_state pairs them)


RULES: dict[str, Rule] = {}


def rule(rule_id: str, summary: str, engine: str | None = None, module: str | None = None):
    """Register a rule function under its id (ids are unique; docs/rules.md lists them all)."""

    def register(fn: RuleFn) -> RuleFn:
        if rule_id in RULES:
            raise ValueError(f"duplicate rule id {rule_id}")
        RULES[rule_id] = Rule(rule_id, engine, module, summary, fn)
        return fn

    return register


@dataclass(frozen=True)
class Facts(Generic[RulesT]):
    """What every rule reads: the game's parameters and pieces, the state, and where each id lies."""

    game: Game
    rules: RulesT
    state: State
    pieces: dict[str, Piece]
    places: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # id → [(area, label)]

    def piece(self, piece_id: str | None) -> Piece | None:
        return self.pieces.get(piece_id) if piece_id else None

    def kind(self, piece_id: str | None) -> str | None:
        p = self.piece(piece_id)
        return p.kind if p else None

    def count(self, kind: str) -> int:
        return sum(1 for p in self.pieces.values() if p.kind == kind)

    @property
    def n(self) -> int:
        return self.state.players

    @property
    def sea(self) -> Sea:
        """The Tranquility table (its rules run only on states of that engine, which have one)."""
        if self.state.sea is None:
            raise ValueError(f"the {self.state.engine} state {self.state.game!r} has no Tranquility table")
        return self.state.sea

    @property
    def mountain(self) -> Mountain:
        """The Ascent table (its rules run only on states of that engine, which have one)."""
        if self.state.mountain is None:
            raise ValueError(f"the {self.state.engine} state {self.state.game!r} has no Ascent table")
        return self.state.mountain

    @property
    def ended(self) -> bool:
        return self.state.status != "playing"


def check_state(game: Game, state: State) -> list[Violation]:
    """Every violation of the rules in `state`, for `game` (with its chosen modules); [] when legal."""
    from pnp.rules.tranquility import check as check_tranquility  # noqa: F401  (registers their rules)

    if state.engine != game.engine:
        return [
            Violation(
                "state-game", f"the state is a {state.engine} game but {game.id} is played by the {game.engine} rules"
            )
        ]
    facts = Facts(game, rule_params(game), state, {p.id: p for p in physical_pieces(game)}, locate(state))
    chosen = {m.id for m in game.modules}
    out: list[Violation] = []
    for r in RULES.values():
        if r.engine in (None, game.engine) and (r.module is None or r.module in chosen):
            out.extend(r.check(facts))
    return out


def locate(state: State) -> dict[str, list[tuple[str, str]]]:
    """Every place each id is found: (area, label), e.g. ("cell", "cell 7"), ("hand", "player 2's hand")."""
    places: dict[str, list[tuple[str, str]]] = {}

    def put(piece_id: str | None, area: str, label: str) -> None:
        if piece_id:
            places.setdefault(piece_id, []).append((area, label))

    c: str | None  # an id, or None for an empty cell or slot
    for q, hand in enumerate(state.hands, 1):
        for c in hand:
            put(c, "hand", f"player {q}'s hand")
    for q, pile in enumerate(state.piles, 1):
        for c in pile:
            put(c, "pile", f"player {q}'s pile")
    for area in ("discard", "box", "aside"):
        for c in getattr(state, area):
            put(c, area, f"the {area}" if area != "aside" else "aside")
    if state.sea is not None:
        for c in state.sea.frame:
            put(c, "frame", "the frame")
        for k, c in enumerate(state.sea.cells, 1):
            put(c, "cell", f"cell {k}")
        put(state.sea.start.card if state.sea.start else None, "start", "the start corner")
        put(state.sea.finish, "finish", "the finish corner")
    if state.mountain is not None:
        m = state.mountain
        for i, c in enumerate(m.base, 1):
            put(c, "base", f"base {i}")
        for r, row in enumerate(m.rows, 1):
            for i, c in enumerate(row, 1):
                put(c, "slot", slot_label(r, i))
        put(m.summit, "summit", "the summit")
        for goat, _ in m.goats:
            put(goat, "goats", "the goats")
    return places


def slot_label(row: int, slot: int) -> str:
    return f"row {row} slot {slot}"


def filled(cells: Iterable[str | None]) -> tuple[str, ...]:
    """The ids in cells or slots, without the empty ones (None)."""
    return tuple(c for c in cells if c is not None)


# ---- rules every engine shares -------------------------------------------------------------------

WHERE = {
    "tranquility": {
        "island": {"hand", "pile", "discard", "cell", "box"},
        "start": {"hand", "pile", "discard", "start", "box"},
        "finish": {"hand", "pile", "discard", "finish"},
        "border": {"frame", "box"},
    },
    "ascent": {
        "terrain": {"hand", "pile", "discard", "slot"},
        "bridge": {"hand", "pile", "discard", "slot"},
        "campfire": {"hand", "pile", "discard", "slot"},
        "summit": {"hand", "pile", "discard", "summit"},
        "panorama": {"base", "box"},
        "goat": {"goats", "box"},
    },
}
OUT_OF_PLAY = {"aside", "box"}  # where kinds the engine does not play with (reference cards) may lie


@rule("state-game", "The state belongs to the game it is checked against, with the same modules.")
def state_game(f: Facts) -> Iterator[Violation]:
    if f.state.game != f.game.id:
        yield Violation("state-game", f"the state says game {f.state.game!r} but is checked as {f.game.id!r}")
    chosen = sorted(m.id for m in f.game.modules)
    if sorted(f.state.modules) != chosen:
        yield Violation(
            "state-game",
            f"the state's modules ({', '.join(sorted(f.state.modules)) or 'none'}) are "
            f"not the game's ({', '.join(chosen) or 'none'})",
        )


@rule("players", "The number of players is within the game's range, with one hand and one pile each.")
def players(f: Facts) -> Iterator[Violation]:
    r, s = f.rules, f.state
    if not r.min_players <= s.players <= r.max_players:
        yield Violation(
            "players", f"{s.players} players is outside the game's range of {r.min_players}–{r.max_players}"
        )
    for name, lists in (("hands", s.hands), ("piles", s.piles)):
        if len(lists) != s.players:
            yield Violation("players", f"there are {len(lists)} {name} for {s.players} players")


@rule("turn-order", "Players take turns in order from player 1; current_player is the next to play.")
def turn_order(f: Facts) -> Iterator[Violation]:
    s = f.state
    expected = s.turn % max(s.players, 1) + 1
    if s.current_player != expected:
        yield Violation(
            "turn-order", f"after {s.turn} turns it is player {expected}'s turn, not player {s.current_player}'s"
        )


@rule("cards-known", "Every id in the state names a piece of this game.")
def cards_known(f: Facts) -> Iterator[Violation]:
    unknown = sorted(i for i in f.places if i not in f.pieces)
    if unknown:
        yield Violation("cards-known", f"{len(unknown)} id(s) are not pieces of {f.game.id}", tuple(unknown))


@rule("cards-once", "No piece is in two places at once.")
def cards_once(f: Facts) -> Iterator[Violation]:
    for piece_id, where in sorted(f.places.items()):
        if len(where) > 1:
            yield Violation(
                "cards-once",
                f"{piece_id} is in {len(where)} places at once",
                (piece_id,),
                tuple(label for _, label in where),
            )


@rule("cards-all", "Every piece of the game is somewhere: in play, in the box, or aside.")
def cards_all(f: Facts) -> Iterator[Violation]:
    missing = [p for p in f.pieces if p not in f.places]
    if missing:
        yield Violation(
            "cards-all", f"{len(missing)} piece(s) of {f.game.id} are missing from the state", tuple(missing)
        )


@rule("cards-where", "Each kind of piece lies only where the rules put it (islands never in the frame, …).")
def cards_where(f: Facts) -> Iterator[Violation]:
    allowed = WHERE.get(f.game.engine, {})
    for piece_id, where in sorted(f.places.items()):
        piece = f.pieces.get(piece_id)
        if piece is None:
            continue
        ok = allowed.get(piece.kind, OUT_OF_PLAY)
        for area, label in where:
            if area not in ok:
                yield Violation("cards-where", f"a {piece.kind} card cannot be in {label}", (piece_id,), (label,))


@rule("hand-limit", "No hand holds more cards than the hand size.")
def hand_limit(f: Facts) -> Iterator[Violation]:
    for q, hand in enumerate(f.state.hands, 1):
        if len(hand) > f.rules.hand_size:
            yield Violation(
                "hand-limit", f"player {q} holds {len(hand)} cards; the hand size is {f.rules.hand_size}", hand
            )


@rule(
    "hand-drawn",
    "Each player drew back up at the end of their turn: a short hand means an empty pile "
    "(or, in Tranquility, a start-discard share not yet drawn back).",
)
def hand_drawn(f: Facts) -> Iterator[Violation]:
    from pnp.rules.tranquility.check import start_shortfall

    s = f.state
    for q, (hand, pile) in enumerate(zip(s.hands, s.piles), 1):
        if f.ended and q == s.current_player:
            continue  # the game ended during this player's turn: no draw followed
        short = start_shortfall(f, q) if s.engine == "tranquility" else 0
        expected = f.rules.hand_size - short
        if pile and len(hand) != expected:
            yield Violation(
                "hand-drawn",
                f"player {q} holds {len(hand)} cards with cards left in their pile; they should hold {expected}",
                hand,
            )


@rule("setup-deal", "At setup the piles (with the opening hands) are dealt as evenly as possible.")
def setup_deal(f: Facts) -> Iterator[Violation]:
    s = f.state
    if s.turn != 0:
        return
    if s.status == "won":
        yield Violation("setup-deal", "a game cannot be won before the first turn")
    if s.discard:
        yield Violation("setup-deal", "nothing is discarded before the first turn", s.discard)
    dealt = [sum(1 for c in h + p if f.kind(c) not in ("start",)) for h, p in zip(s.hands, s.piles)]
    if dealt and max(dealt) - min(dealt) > 1:
        sizes = ", ".join(str(d) for d in dealt)
        yield Violation("setup-deal", f"the deal is uneven: players were dealt {sizes} cards")


def card_counter(ids: Iterable[str | None], facts: Facts) -> Counter:
    return Counter(facts.kind(i) for i in ids if i)
