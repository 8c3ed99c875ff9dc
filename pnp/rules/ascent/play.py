"""The Ascent at the play page and before the judge: the move rules of its plays, where a card may
go, the mountain as spots, its module goals, and why a card or a slot is refused, in the player's
words (pnp/rules/judge.py, pnp/rules/table_view.py and pnp/rules/session.py ask these through the
engine)."""

from __future__ import annotations

import math

from pnp.core.i18n import Translator
from pnp.game.params import effective_cap
from pnp.rules import moves
from pnp.rules.ascent.engine import Action, Place, Summit
from pnp.rules.ascent.kinds import BRIDGE, CAMPFIRE, SUMMIT, TERRAIN
from pnp.rules.ascent.modules import goats_below_target, path_rows, sequence_found, table_grid
from pnp.rules.facts import Violation
from pnp.rules.play_kit import discard_violation, move_violation
from pnp.rules.play_kit import spot as new_spot
from pnp.rules.table_words import Names


def move_data(action, ids: list[str]) -> dict:
    """A place, swap, campfire or summit (not a discard) as a record's move fields."""
    if action[0] == "summit":
        return {"card": ids[action[1]]}
    what, c, r, i, r2, i2, paid = action
    move = {"card": ids[c], "row": r + 1, "slot": i + 1}
    if what == "campfire":
        move.update(to_row=r2 + 1, to_slot=i2 + 1)
    move["paid"] = [ids[q] for q in paid]
    return move


def read_move(table, what: str, move: dict) -> Action:
    """A record's place, swap, campfire or summit (not a discard) as an action; MoveError when misshaped."""
    if what == "summit":
        return Summit("summit", moves.card(table, move, "card"))
    r, i = moves.number(move, "row") - 1, moves.number(move, "slot") - 1
    r2, i2 = (moves.number(move, "to_row") - 1, moves.number(move, "to_slot") - 1) if what == "campfire" else (-1, -1)
    return Place(what, moves.card(table, move, "card"), r, i, r2, i2, moves.cards(table, move, "paid"))


def cards_used(action) -> list[int]:
    """The cards of the hand a play uses: the card, and what it pays."""
    return [action[1]] if action[0] == "summit" else [action[1], *action[6]]


def places(t, p: int, c: int) -> list[dict]:
    """Where player p may put card c of their hand, with the cost of each place."""
    out = []
    for what, card, r, i, r2, i2, cost in t.legal_plays(p):
        if card == c:
            place = {"action": what, "row": r + 1, "slot": i + 1, "cost": cost}
            if what == "campfire":
                place.update(to_row=r2 + 1, to_slot=i2 + 1)
            out.append(place)
    return out


def refusals(t, p: int, c: int, allowed: set[str], has_place: bool, names: Names, w: Translator):
    """(why card c has no place, or ""; why each other place is refused, by spot key)."""
    refused: dict[str, str] = {}
    why = "" if has_place else ascent_card(t, p, c, names, w)
    for r, row in enumerate(t.rows):
        for i in range(len(row)):
            if f"slot:{r + 1}.{i + 1}" not in allowed:
                refused[f"slot:{r + 1}.{i + 1}"] = why or ascent_place(t, p, c, r, i, names, w)
    if "summit" not in allowed:
        refused["summit"] = why or ascent_summit(t, c, names, w)
    return why, refused


def judge(t, p: int, action, ids) -> Violation | None:
    what = action[0]
    if what == "discard":
        return discard_violation(action)
    plays = t.legal_plays(p)
    c = action[1]
    if what == "summit":
        if ("summit", c, -1, -1, -1, -1, 0) not in plays:
            return move_violation(
                "move-finish",
                f"{ids[c]} cannot go on top now: the mountain must be complete and every chosen goal met",
                (ids[c],),
            )
        return None
    _, c, r, i, r2, i2, paid = action
    where = f"row {r + 1} slot {i + 1}" + (f" to row {r2 + 1} slot {i2 + 1}" if what == "campfire" else "")
    match = [play for play in plays if play[:6] == (what, c, r, i, r2, i2)]
    if not match:
        return move_violation("move-place", f"{ids[c]} cannot be played as {what} at {where}", (ids[c],), (where,))
    if len(paid) != match[0][6]:
        return move_violation(
            "move-cost",
            f"{ids[c]} at {where} costs {match[0][6]} card(s); {len(paid)} were discarded",
            (ids[c],),
            (where,),
        )
    return None


def view(t, ids, face) -> dict:
    r = t.rules
    side = 1 / math.sqrt(2)
    spots = []
    top = (r.rows + 2) / 2  # y of the base's bottom edge, counted from the top of the table
    for j, c in enumerate(t.base):
        spot = new_spot(f"base:{j + 1}", j, top - 0.5, ids[c], face, "")
        spot.update(h=0.5, revealed=c in t.revealed)
        spots.append(spot)
    for row in range(1, r.rows + 2):
        slots = range(1, r.width(row) + 1) if row <= r.rows else [1 + max(0, r.width(r.rows) - 2) / 2]
        for slot in slots:
            cx, cy = slot + (row - 1) / 2, top - 0.5 - (row - 1) / 2
            if row <= r.rows:
                c = t.rows[row - 1][slot - 1]
                key, label = f"slot:{row}.{slot}", f"{row}.{slot}"
            else:
                c, key, label = t.summit, "summit", "summit"
            spot = new_spot(key, cx - side / 2, cy - side / 2, ids[c] if c >= 0 else None, face, label)
            spot.update(w=side, h=side, rot=45)
            spots.append(spot)
    goats = []
    for g, at in t.goats:
        if at is None:
            goats.append({"piece": ids[g], "face": face(ids[g]), "at": None})
        else:
            goats.append({"piece": ids[g], "face": face(ids[g]), "at": f"slot:{at[0] + 1}.{at[1] + 1}"})
    return {
        "spots": spots,
        "size": [r.base_pieces, top + 0.2],
        "label": "The mountain",  # the table's name for a screen reader (a page word: table_view.PAGE_WORDS)
        "min_unit": 63,  # the smallest card side in px the page draws the mountain at (its labels stay readable)
        "goats": goats,
        "must_start": False,
    }


# ---- the player's words -----------------------------------------------------------------------


def ascent_card(t, p: int, c: int, names: Names, w: Translator) -> str:
    """Why card c of player p's hand has no place now."""
    name, kind = names.of(t, c), t.deck.kind[c]
    if kind == SUMMIT:
        return summit_words(t, name, names, w)
    if kind == BRIDGE:
        return w.gettext("{card} goes only into an open slot that is not at either end of its row.", card=name)
    if kind == CAMPFIRE:
        return w.gettext(
            "{card} replaces a terrain card of its colour, which must then fit an open slot in a higher row.",
            card=name,
        )
    if kind != TERRAIN:
        return w.gettext("{card} is not played onto the mountain: discard it with another card.", card=name)
    slots = t.open_slots()
    if not slots:
        return w.gettext("No slot is open.")
    reasons = [ascent_slot_reason(t, p, c, r, i, names, w) for r, i in slots]
    return w.gettext("No open slot takes {card}: {reasons}", card=name, reasons="; ".join(reasons))


def ascent_summit(t, c: int, names: Names, w: Translator) -> str:
    """Why card c cannot go on top of the mountain."""
    if t.deck.kind[c] != SUMMIT:
        return w.gettext("Only a Summit card goes on top of the mountain.")
    return summit_words(t, names.of(t, c), names, w)


def summit_words(t, name: str, names: Names, w: Translator) -> str:
    empty = sum(width - fill for width, fill in zip(t.width, t.fill))
    if empty:
        return w.ngettext(
            "{card} goes on top only when the mountain is complete: {n} slot is still empty.",
            "{card} goes on top only when the mountain is complete: {n} slots are still empty.",
            empty,
            card=name,
        )
    if not t.complete():
        return w.gettext("{card} goes on top only when no bridge is left uncovered.", card=name)
    missing = t.goals_missing()
    titles = {m.id: w.gettext(m.title) for m in names.game.modules}
    return w.gettext(
        "{card} goes on top only when every goal is met; still open: {goals}.",
        card=name,
        goals=", ".join(titles.get(m, m) for m in missing),
    )


def ascent_slot_reason(t, p: int, c: int, r: int, i: int, names: Names, w: Translator) -> str:
    """Why terrain card c cannot go into open slot i of row r (0-based), in a few words."""
    where = w.gettext("row {row} slot {slot}", row=r + 1, slot=i + 1)
    x, rules = t.deck.number[c], t.rules
    if rules.row_minimum and x < r + 1:
        return w.gettext("{where} needs {row} or more", where=where, row=r + 1)
    if not t.terrain_fits(c, r, i):
        terrain = names.game.theme.terrain_name(t.deck.colour[c] or "", w.lang)
        return w.gettext("{where} is beside another {terrain}", where=where, terrain=terrain)
    cost = t.terrain_cost(x, r, i, False)
    cap = effective_cap(rules.cost_cap, len(t.hands[p]) - 1)
    return w.gettext("{where} costs {cost}, you can pay {cap}", where=where, cost=cost, cap=cap)


def ascent_place(t, p: int, c: int, r: int, i: int, names: Names, w: Translator) -> str:
    """Why card c cannot go into slot i of row r (0-based)."""
    name, kind = names.of(t, c), t.deck.kind[c]
    where = w.gettext("row {row} slot {slot}", row=r + 1, slot=i + 1)
    if kind == SUMMIT:
        return summit_words(t, name, names, w)
    held = t.rows[r][i]
    if held >= 0 and not (t.deck.kind[held] == BRIDGE and kind == TERRAIN):
        return w.gettext("{where} already holds {card}.", where=where, card=names.of(t, held))
    if held < 0 and (r, i) not in t.open_slots():
        if i != t.fill[r]:
            return w.gettext("A row fills from left to right: {where} is not next.", where=where)
        return w.gettext("{where} is not open yet: a card rests on the two cards below it.", where=where)
    if kind == BRIDGE:
        return w.gettext("A bridge never goes at either end of a row.")
    if kind == CAMPFIRE:
        return ascent_card(t, p, c, names, w)
    if kind != TERRAIN:
        return w.gettext("{card} is not played onto the mountain: discard it with another card.", card=name)
    return w.gettext("{card} cannot go there: {reason}.", card=name, reason=ascent_slot_reason(t, p, c, r, i, names, w))


def ascent_goals(t, names: Names, w: Translator) -> list[dict]:
    """The chosen modules' goals and how far the mountain is: one line per goal, met or not."""
    rules, grid, out = t.rules, table_grid(t), []
    if rules.green_path:
        height = path_rows(grid, rules.green_path.colour)
        terrain = names.game.theme.terrain_name(rules.green_path.colour, w.lang)
        out.append(
            {
                "module": "green-path",
                "met": height >= rules.rows,
                "text": w.gettext(
                    "The Green Path: a chain of {terrain} cards reaches row {height} of {rows}.",
                    terrain=terrain,
                    height=height,
                    rows=rules.rows,
                ),
            }
        )
    if rules.panorama:
        for c in t.revealed:
            seq = t.deck.sequence.get(c, ())
            found = sequence_found(grid, seq)
            text = "-".join(map(str, seq))
            words = (
                w.gettext(
                    "Panorama {sequence}: found in row {row} from slot {slot}.",
                    sequence=text,
                    row=found[0],
                    slot=found[1],
                )
                if found
                else w.gettext("Panorama {sequence}: not yet side by side in one row.", sequence=text)
            )
            out.append({"module": "panorama", "met": found is not None, "text": words})
    if rules.goats:
        target = rules.goats.target_row
        spots = [(at[0] + 1, at[1] + 1) if at else None for _, at in t.goats]
        rows = ", ".join(w.gettext("row {row}", row=at[0]) if at else w.gettext("waiting") for at in spots)
        low = goats_below_target(spots, target)
        out.append(
            {
                "module": "goats",
                "met": not low,
                "text": w.ngettext(
                    "The Mountain Goats: the goat must reach row {target}; it stands at: {rows}.",
                    "The Mountain Goats: every goat must reach row {target}; the goats stand at: {rows}.",
                    len(spots),
                    target=target,
                    rows=rows or "-",
                ),
            }
        )
    return out
