"""What a rule reads and what it reports: the `Facts` of a state, a `Violation`, and a `Rule` (an id,
a summary and a pure function of the Facts).

A rule module (pnp/rules/check.py for the rules every engine shares, pnp/rules/<engine>/check.py,
pnp/rules/<game>/counts.py) makes its rules with the `rule` decorator and lists them in a tuple; the
engine registry (pnp/rules/engines.py) says which tuples each engine checks. Nothing registers itself
on import.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic

from pnp.game.model import Game
from pnp.game.params import Piece, RulesT
from pnp.rules.state.model import Mountain, Sea, State


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

    def __call__(self, facts: Facts[Any]) -> Iterable[Violation]:
        return self.check(facts)


def rule(rule_id: str, summary: str, engine: str | None = None, module: str | None = None):
    """Make a rule function a `Rule` (ids are unique; docs/rules.md lists them all). `engine` names the
    engine whose tuple lists it (None: every engine's); the registry test holds the two together."""

    def make(fn: Callable[[Any], Iterable[Violation]]) -> Rule:
        return Rule(rule_id, engine, module, summary, fn)

    return make


@dataclass(frozen=True)
class Facts(Generic[RulesT]):
    """What every rule reads: the game's parameters and pieces, the state, and where each id lies.
    Generic in the engine's rule parameters: `Facts[TranquilityRules]` for that engine's rules."""

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


def filled(cells: Iterable[str | None]) -> tuple[str, ...]:
    """The ids in cells or slots, without the empty ones (None)."""
    return tuple(c for c in cells if c is not None)


Put = Callable[[str | None, str, str], None]  # (piece id or None, area, label)


def locate(state: State, lay_out: Callable[[State, Put], None] | None = None) -> dict[str, list[tuple[str, str]]]:
    """Every place each id is found: (area, label), e.g. ("cell", "cell 7"), ("hand", "player 2's hand");
    the places on the table are the engine's to say (`Engine.lay_out`)."""
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
    if lay_out is not None:
        lay_out(state, put)
    return places


def slot_label(row: int, slot: int) -> str:
    return f"row {row} slot {slot}"


def card_counter(ids: Iterable[str | None], facts: Facts) -> Counter:
    return Counter(facts.kind(i) for i in ids if i)
