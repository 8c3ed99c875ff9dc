"""What an engine's play part (pnp/rules/<game>/play.py) builds with: the discard every engine has,
a broken move rule, the discard's check, a spot of the play page. Shared by every engine; it asks none of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from pnp.rules.facts import Violation


class Discard(NamedTuple):
    """Discard two cards of the hand instead of playing: every engine's action ("discard", cards)."""

    what: str  # "discard"
    cards: Sequence[int]

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # written as the plain tuple it equals


def move_violation(rule: str, message: str, cards=(), places=()) -> Violation:
    """A broken move rule (pnp/rules/judge.py's MOVE_RULES) with the cards and places it names."""
    return Violation(rule, message, tuple(cards), tuple(places))


def not_held(player: int, cards: Sequence[int], hand: Sequence[int], ids: Sequence[str]) -> Violation | None:
    """The move-hand rule: `cards` all in `hand` (player 0-based), each as often as it is used."""
    missing = Counter(cards) - Counter(hand)
    if not missing:
        return None
    names = tuple(ids[c] for c in missing)
    return move_violation("move-hand", f"player {player + 1} does not hold " + ", ".join(names), names)


def discard_violation(action) -> Violation | None:
    """Discarding instead of playing takes exactly two cards (every engine's discard action)."""
    if len(action[1]) != 2:
        return move_violation("move-discard", f"a discard takes two cards, not {len(action[1])}")
    return None


def spot(key: str, x: float, y: float, piece: str | None, face, label: str) -> dict:
    """A place on the play page's table (card units, x right, y down) with the piece on it or None."""
    return {
        "key": key,
        "x": round(x, 4),
        "y": round(y, 4),
        "w": 1,
        "h": 1,
        "rot": 0,
        "piece": piece,
        "face": face(piece),
        "label": label,
    }
