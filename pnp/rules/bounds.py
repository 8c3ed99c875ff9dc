"""What the open-hands solver (pnp/rules/solver.py) shares between the engines' tables: the choice of
cards to pay with, interchangeable and dominated choices left out, and the turn-count bound."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

DEAD = -1  # the class of a card that can never be played again (`Table.card_class`)
START_OPTIONS = 4000  # splits of a start discard the solver tries; beyond, its "no win" is not a proof


def payments(cards: Sequence[int], count: int, cls: Mapping[int, int]) -> list[tuple[int, ...]]:
    """Every distinct choice of `count` of `cards` to give up: dead cards first (keeping a dead card
    instead of another is never better: it can only be given up too), and one choice per multiset of
    classes (cards of a class are interchangeable)."""
    dead = [c for c in cards if cls[c] == DEAD]
    live = [c for c in cards if cls[c] != DEAD]
    forced = tuple(dead[: min(count, len(dead))])
    out, seen = [], set()
    for combo in combinations(live, count - len(forced)):
        sig = tuple(sorted(cls[c] for c in combo))
        if sig not in seen:
            seen.add(sig)
            out.append(forced + combo)
    return out


def short_of_turns(cards: Sequence[int], current: int, turns: int) -> bool:
    """True when the next `turns` turns (from player `current`, in seat order) cannot all be taken: a
    turn costs its player at least one card (a play, a discard, a start or finish card), so a player
    with fewer cards than turns of theirs among them is stuck before a win that needs that many turns."""
    n = len(cards)
    for q, have in enumerate(cards):
        step = (q - current) % n
        theirs = 0 if step >= turns else (turns - 1 - step) // n + 1
        if have < theirs:
            return True
    return False
