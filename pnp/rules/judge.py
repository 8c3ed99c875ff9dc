"""Judging one move against the rules before it is made: the only judge of `pnp play` and `pnp replay`.

`judge(table, p, action)` returns the first broken move rule as a `Violation` (None when the move is
legal). The rules every game shares are judged here, the rest by the table's engine (`Engine.judge`,
pnp/rules/<game>/play.py); it never changes the table. The move rules'
ids are listed in MOVE_RULES and in docs/record-format.md.
"""

from __future__ import annotations

from pnp.rules.engines import engine_named
from pnp.rules.facts import Violation
from pnp.rules.play_kit import move_violation, not_held

MOVE_RULES = {
    "move-over": "No move is made once the game is won or lost.",
    "move-turn": "Players move in turn: the player whose turn it is makes the next move.",
    "move-hand": "A player plays, pays and discards only cards from their own hand, each once.",
    "move-start-first": "A player holding a start card while none is down must play it.",
    "move-discard": "Discarding instead of playing takes exactly two cards from the hand.",
    "move-place": "A card goes only where the engine allows it (an island where its number fits, a terrain "
    "card in an open slot it fits).",
    "move-cost": "The cost is paid by discarding exactly that many other cards from the hand, within the cap.",
    "move-start": "The start discard takes its number of cards in one share per player; cards off a pile only "
    "when the rule option allows; null only when it cannot be paid.",
    "move-finish": "A finish (summit) card goes down only when the rules allow it.",
}


def judge(table, p: int, action) -> Violation | None:
    """The first move rule the action of player p (0-based) breaks, or None."""
    if table.status != "playing":
        return move_violation("move-over", f"the game is already {table.status}")
    if p != table.turn % table.n:
        return move_violation("move-turn", f"it is player {table.turn % table.n + 1}'s turn, not player {p + 1}'s")
    hand, ids = table.hands[p], [piece.id for piece in table.deck.pieces]
    return not_held(p, _cards_used(table, action), hand, ids) or engine_named(table.engine).judge(table, p, action, ids)


def _cards_used(table, action) -> list[int]:
    """The cards of the hand an action uses: a discard's two, else what its engine says."""
    return list(action[1]) if action[0] == "discard" else engine_named(table.engine).cards_used(action)
