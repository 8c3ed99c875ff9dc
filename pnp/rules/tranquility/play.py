"""Tranquility at the play page and before the judge: the move rules of its plays, where a card may
go, the sea as spots, and why a card or a cell is refused, in the player's words (pnp/rules/judge.py,
pnp/rules/table_view.py and pnp/rules/session.py ask these through the engine)."""

from __future__ import annotations

from pnp.core.i18n import Translator
from pnp.game.params import HANDS
from pnp.rules import moves
from pnp.rules.facts import Violation
from pnp.rules.moves import MoveError
from pnp.rules.play_kit import discard_violation, move_violation, not_held, spot
from pnp.rules.table_words import Names
from pnp.rules.tranquility.engine import FINISH, ISLAND, START, Action, Finish, Play, Start
from pnp.rules.tranquility.sheet import frame_positions


def move_data(action, ids: list[str]) -> dict:
    """A play, start or finish (not a discard) as a record's move fields."""
    what = action[0]
    if what == "finish":
        return {"card": ids[action[1]]}
    if what == "start":
        shares = action[2]
        return {
            "card": ids[action[1]],
            "shares": None if shares is None else [{"hand": [ids[c] for c in hand], "pile": n} for hand, n in shares],
        }
    return {"card": ids[action[1]], "cell": action[2], "paid": [ids[c] for c in action[3]]}


def read_move(table, what: str, move: dict) -> Action:
    """A record's play, start or finish (not a discard) as an action; MoveError when misshaped."""
    if what == "finish":
        return Finish("finish", moves.card(table, move, "card"))
    if what == "start":
        return Start("start", moves.card(table, move, "card"), _shares(table, move))
    return Play("play", moves.card(table, move, "card"), moves.number(move, "cell"), moves.cards(table, move, "paid"))


def cards_used(action) -> list[int]:
    """The cards of the hand a play, start or finish uses: the card, and what it pays."""
    return [action[1], *action[3]] if action[0] == "play" else [action[1]]


def _shares(table, move: dict):
    shares = move.get("shares")
    if shares is None:
        return None
    if not isinstance(shares, list) or len(shares) != table.n:
        raise MoveError(
            ["shares"], f"expected one share per player ({table.n}), or null when the start discard cannot be paid"
        )
    out = []
    for q, share in enumerate(shares):
        if not isinstance(share, dict) or not isinstance(share.get("hand"), list):
            raise MoveError(["shares", q], 'expected {"hand": [card ids], "pile": cards off the pile}')
        pile = share.get("pile", 0)
        if not isinstance(pile, int) or isinstance(pile, bool) or pile < 0:
            raise MoveError(["shares", q, "pile"], "expected a whole number of cards, 0 or more")
        hand = []
        for k, value in enumerate(share["hand"]):
            if not isinstance(value, str) or value not in table.deck.index:
                raise MoveError(["shares", q, "hand", k], f"expected a card id of {table.deck.game}")
            hand.append(table.deck.index[value])
        out.append((tuple(hand), pile))
    return out


def places(t, p: int, c: int) -> list[dict]:
    """Where player p may put card c of their hand, with the cost of each place."""
    out = [{"action": "play", "cell": k, "cost": cost} for card, k, cost in t.legal_plays(p) if card == c]
    if t.can_start(p) == c:
        out.append({"action": "start", "cost": t.rules.start_discard})
    elif t.can_start(p) >= 0:
        return []  # a start card must be played first
    if t.can_finish(p) == c:
        out.append({"action": "finish", "cost": 0})
    return out


def refusals(t, p: int, c: int, allowed: set[str], has_place: bool, names: Names, w: Translator):
    """(why card c has no place, or ""; why each other place is refused, by spot key)."""
    refused: dict[str, str] = {}
    why = "" if has_place else tranquility_card(t, p, c, names, w)
    for k in range(1, t.N + 1):
        if f"cell:{k}" not in allowed:
            refused[f"cell:{k}"] = why or tranquility_cell(t, p, c, k, names, w)
    if "finish" not in allowed:
        refused["finish"] = why or tranquility_finish(t, p, c, names, w)
    return why, refused


def judge(t, p: int, action, ids) -> Violation | None:
    what = action[0]
    start = t.can_start(p)
    if start >= 0 and what != "start":
        return move_violation("move-start-first", f"player {p + 1} holds {ids[start]} and must play it", (ids[start],))
    if what == "discard":
        return discard_violation(action)
    if what == "start":
        return _start(t, p, action, ids)
    if what == "finish":
        if t.can_finish(p) < 0 or t.deck.kind[action[1]] != 2:
            return move_violation(
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
            return move_violation("move-place", f"{ids[c]} cannot go into cell {k}", (ids[c],), (f"cell {k}",))
        return move_violation(
            "move-cost",
            f"{ids[c]} in cell {k} costs {t.cost(t.deck.number[c], k)}, above the cap of {t.cap(p)}",
            (ids[c],),
            (f"cell {k}",),
        )
    if len(paid) != costs[k]:
        return move_violation(
            "move-cost",
            f"{ids[c]} in cell {k} costs {costs[k]} card(s); {len(paid)} were discarded",
            (ids[c],),
            (f"cell {k}",),
        )
    return None


def _start(t, p: int, action, ids) -> Violation | None:
    _, c, shares = action
    if t.can_start(p) != c:
        return move_violation("move-start", f"{ids[c]} is not a start card player {p + 1} may play now", (ids[c],))
    need = t.rules.start_discard
    piles_allowed = t.rules.start_discard_from != HANDS
    can_pay = sum(len(h) for h in t.hands) - 1 + (sum(map(len, t.piles)) if piles_allowed else 0) >= need
    if shares is None:
        return (
            move_violation("move-start", f"the start discard of {need} can be paid, so it must be") if can_pay else None
        )
    if sum(len(cards) + k for cards, k in shares) != need:
        return move_violation(
            "move-start", f"the start discard takes {need} cards, not {sum(len(cards) + k for cards, k in shares)}"
        )
    for q, (cards, from_pile) in enumerate(shares):
        held = not_held(q, cards, [x for x in t.hands[q] if not (q == p and x == c)], ids)
        if held:
            return held
        if from_pile and not piles_allowed:
            return move_violation("move-start", "by the rule options the start discard comes from the hands only")
        if from_pile > len(t.piles[q]):
            return move_violation("move-start", f"player {q + 1}'s pile holds {len(t.piles[q])} cards, not {from_pile}")
    return None


def view(t, ids, face) -> dict:
    r = t.rules
    spots = []
    for i, (col, row) in enumerate(frame_positions(r.rows, r.cols)):
        piece = ids[t.frame[i]] if i < len(t.frame) else None
        spots.append(spot(f"frame:{i + 1}", col, row, piece, face, ""))
    for k in range(1, r.cells + 1):
        col, up = (k - 1) % r.cols, (k - 1) // r.cols
        piece = ids[t.cells[k]] if t.cells[k] >= 0 else None
        spots.append(spot(f"cell:{k}", col + 1, r.rows - up, piece, face, str(k)))
    corner = lambda key, col, row, c: spot(key, col, row, ids[c] if c >= 0 else None, face, key)
    spots.append(corner("start", 0, r.rows + 1, t.start))
    spots.append(corner("finish", r.cols + 1, 0, t.finish))
    p = t.turn % t.n
    need = r.start_discard
    can_pay = sum(map(len, t.hands)) - 1 + (sum(map(len, t.piles)) if r.start_discard_from != "hands" else 0) >= need
    return {
        "spots": spots,
        "size": [r.cols + 2, r.rows + 2],
        "label": "The sea",  # the table's name for a screen reader (a page word: table_view.PAGE_WORDS)
        "min_unit": 46,  # the smallest card side in px the page draws the sea at
        "must_start": t.can_start(p) >= 0 and t.status == "playing",
        "start_discard": {"need": need, "from": r.start_discard_from, "can_pay": can_pay},
    }


# ---- the player's words -----------------------------------------------------------------------


def tranquility_card(t, p: int, c: int, names: Names, w: Translator) -> str:
    """Why card c of player p's hand cannot be played now (the page asked: it has no place)."""
    name, kind = names.of(t, c), t.deck.kind[c]
    start = t.can_start(p)
    if start >= 0 and start != c:
        first = names.of(t, start)
        return w.gettext("You hold {start}: a Start card goes down before any other card.", start=first)
    if kind == FINISH:
        empty = t.N - t.filled
        if t.start < 0:
            return w.gettext("{card} goes down only after a Start card.", card=name)
        return w.ngettext(
            "{card} goes down only when every cell is filled: {n} cell is still empty.",
            "{card} goes down only when every cell is filled: {n} cells are still empty.",
            empty,
            card=name,
        )
    if kind == START:
        return w.gettext("A Start card is already down: discard {card} with another card.", card=name)
    if kind != ISLAND:
        return w.gettext("{card} is not played into the sea: discard it with another card.", card=name)
    x = t.deck.number[c]
    gap = t.gap(x)
    if gap is None:
        return w.gettext("No empty cell keeps the sea ascending for {n}.", n=x)
    cells = range(gap[0] + 1, gap[1])
    least = min(t.cost(x, k) for k in cells)
    return w.ngettext(
        "Every cell that keeps the sea ascending for {number} costs at least {least}; "
        "you can pay {n} card (the other cards of your hand).",
        "Every cell that keeps the sea ascending for {number} costs at least {least}; "
        "you can pay {n} cards (the other cards of your hand).",
        t.cap(p),
        number=x,
        least=least,
    )


def tranquility_finish(t, p: int, c: int, names: Names, w: Translator) -> str:
    """Why card c cannot go into the Finish corner."""
    if t.deck.kind[c] != FINISH:
        return w.gettext("Only a Finish card goes into the Finish corner.")
    return tranquility_card(t, p, c, names, w)


def tranquility_cell(t, p: int, c: int, k: int, names: Names, w: Translator) -> str:
    """Why card c cannot go into cell k (1-based)."""
    name = names.of(t, c)
    if t.cells[k] >= 0:
        return w.gettext("Cell {cell} already holds {card}.", cell=k, card=names.of(t, t.cells[k]))
    if t.deck.kind[c] != ISLAND:
        return w.gettext("Only islands go into the cells; {card} does not.", card=name)
    x = t.deck.number[c]
    gap = t.gap(x)
    if gap is None:
        return w.gettext("No empty cell keeps the sea ascending for {n}.", n=x)
    lo, hi = gap[0], gap[1]
    if not lo < k < hi:
        below = w.gettext("after {card} in cell {cell}", card=names.of(t, t.cells[lo]), cell=lo) if lo >= 1 else ""
        above = w.gettext("before {card} in cell {cell}", card=names.of(t, t.cells[hi]), cell=hi) if hi <= t.N else ""
        where = w.gettext(" and ").join(x for x in (below, above) if x)
        return w.gettext("Cell {cell} would break the ascending order: {n} goes {where}.", cell=k, n=x, where=where)
    return w.ngettext(
        "{card} in cell {cell} costs {cost}; you can pay {n} card.",
        "{card} in cell {cell} costs {cost}; you can pay {n} cards.",
        t.cap(p),
        card=name,
        cell=k,
        cost=t.cost(x, k),
    )
