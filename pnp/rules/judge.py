"""Judging one move against the rules before it is made: the only judge of `pnp play` and `pnp replay`.

`judge(table, p, action)` returns the first broken move rule as a `Violation` (None when the move is
legal). It asks the engine (legal plays, costs, caps) and never changes the table. The move rules'
ids are listed in MOVE_RULES and in docs/record-format.md.
"""

from __future__ import annotations

from collections import Counter

from pnp.game.params import HANDS
from pnp.rules.check import Violation

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
        return _v("move-over", f"the game is already {table.status}")
    if p != table.turn % table.n:
        return _v("move-turn", f"it is player {table.turn % table.n + 1}'s turn, not player {p + 1}'s")
    hand, ids = table.hands[p], [piece.id for piece in table.deck.pieces]
    used = _cards_used(action)
    missing = Counter(used) - Counter(hand)
    if missing:
        return _v(
            "move-hand",
            f"player {p + 1} does not hold " + ", ".join(ids[c] for c in missing),
            tuple(ids[c] for c in missing),
        )
    if hasattr(table, "cells"):
        return _judge_tranquility(table, p, action, ids)
    return _judge_ascent(table, p, action, ids)


def _cards_used(action) -> list[int]:
    what = action[0]
    if what == "discard":
        return list(action[1])
    if what in ("finish", "summit", "start"):
        return [action[1]]
    if what == "play":
        return [action[1], *action[3]]
    return [action[1], *action[6]]


def _v(rule: str, message: str, cards=(), places=()) -> Violation:
    return Violation(rule, message, tuple(cards), tuple(places))


def _discard(action, ids) -> Violation | None:
    if len(action[1]) != 2:
        return _v("move-discard", f"a discard takes two cards, not {len(action[1])}")
    return None


def _judge_tranquility(t, p: int, action, ids) -> Violation | None:
    what = action[0]
    start = t.can_start(p)
    if start >= 0 and what != "start":
        return _v("move-start-first", f"player {p + 1} holds {ids[start]} and must play it", (ids[start],))
    if what == "discard":
        return _discard(action, ids)
    if what == "start":
        return _start(t, p, action, ids)
    if what == "finish":
        if t.can_finish(p) < 0 or t.deck.kind[action[1]] != 2:
            return _v(
                "move-finish",
                f"{ids[action[1]]} cannot go down now: a finish card needs every cell filled and a start card down",
                (ids[action[1]],),
            )
        return None
    _, c, k, paid = action
    costs = {cell: cost for card, cell, cost in t.legal_plays(p) if card == c}
    if k not in costs:
        if (
            not 1 <= k <= t.N
            or t.cells[k] >= 0
            or t.deck.kind[c] != 0
            or t.gap(t.deck.number[c]) is None
            or t.cost(t.deck.number[c], k) <= t.cap(p)
        ):
            return _v("move-place", f"{ids[c]} cannot go into cell {k}", (ids[c],), (f"cell {k}",))
        return _v(
            "move-cost",
            f"{ids[c]} in cell {k} costs {t.cost(t.deck.number[c], k)}, above the cap of {t.cap(p)}",
            (ids[c],),
            (f"cell {k}",),
        )
    if len(paid) != costs[k]:
        return _v(
            "move-cost",
            f"{ids[c]} in cell {k} costs {costs[k]} card(s); {len(paid)} were discarded",
            (ids[c],),
            (f"cell {k}",),
        )
    return None


def _start(t, p: int, action, ids) -> Violation | None:
    _, c, shares = action
    if t.can_start(p) != c:
        return _v("move-start", f"{ids[c]} is not a start card player {p + 1} may play now", (ids[c],))
    need = t.rules.start_discard
    piles_allowed = t.rules.start_discard_from != HANDS
    can_pay = sum(len(h) for h in t.hands) - 1 + (sum(map(len, t.piles)) if piles_allowed else 0) >= need
    if shares is None:
        return _v("move-start", f"the start discard of {need} can be paid, so it must be") if can_pay else None
    if sum(len(cards) + k for cards, k in shares) != need:
        return _v(
            "move-start", f"the start discard takes {need} cards, not {sum(len(cards) + k for cards, k in shares)}"
        )
    for q, (cards, from_pile) in enumerate(shares):
        hand = [x for x in t.hands[q] if not (q == p and x == c)]
        missing = Counter(cards) - Counter(hand)
        if missing:
            return _v(
                "move-hand",
                f"player {q + 1} does not hold " + ", ".join(ids[x] for x in missing),
                tuple(ids[x] for x in missing),
            )
        if from_pile and not piles_allowed:
            return _v("move-start", "by the rule options the start discard comes from the hands only")
        if from_pile > len(t.piles[q]):
            return _v("move-start", f"player {q + 1}'s pile holds {len(t.piles[q])} cards, not {from_pile}")
    return None


def _judge_ascent(t, p: int, action, ids) -> Violation | None:
    what = action[0]
    if what == "discard":
        return _discard(action, ids)
    plays = t.legal_plays(p)
    c = action[1]
    if what == "summit":
        if ("summit", c, -1, -1, -1, -1, 0) not in plays:
            return _v(
                "move-finish",
                f"{ids[c]} cannot go on top now: the mountain must be complete and every chosen goal met",
                (ids[c],),
            )
        return None
    _, c, r, i, r2, i2, paid = action
    where = f"row {r + 1} slot {i + 1}" + (f" to row {r2 + 1} slot {i2 + 1}" if what == "campfire" else "")
    match = [play for play in plays if play[:6] == (what, c, r, i, r2, i2)]
    if not match:
        return _v("move-place", f"{ids[c]} cannot be played as {what} at {where}", (ids[c],), (where,))
    if len(paid) != match[0][6]:
        return _v(
            "move-cost",
            f"{ids[c]} at {where} costs {match[0][6]} card(s); {len(paid)} were discarded",
            (ids[c],),
            (where,),
        )
    return None
