"""The virtual table in the player's words: pieces named as printed, why a card or a place is refused,
the Ascent's module goals, the prompt for the next step, the log. Every sentence is in the table's
language (the message catalogues, docs/languages.md).

Names come from the game as printed: "Island 48", "Meadow 7" (the spec's terrain names, never its
colour ids), "Finish". The reasons ask the engine (`gap`, `cost`, `cap`, `open_slots`, `terrain_fits`,
`terrain_cost`, `goals_missing`) and never change the table; the page shows them when a card or a
place is refused (pnp/server/play.html). The move rules' own messages stay pnp/rules/judge.py's.
"""

from __future__ import annotations

from pnp.core.i18n import N_, Translator
from pnp.game.model import Game
from pnp.game.params import Piece, effective_cap
from pnp.rules.ascent.kinds import BRIDGE, CAMPFIRE, SUMMIT, TERRAIN
from pnp.rules.ascent.modules import goats_below_target, path_rows, sequence_found, table_grid

ISLAND, START, FINISH = 0, 1, 2  # the Tranquility engine's kind codes (pnp/rules/tranquility/engine.py)

LOSS_WORDS = {
    "start-discard": N_("the hands could not pay the start discard"),
    "blocked": N_("a run of empty cells could no longer be filled: too few fitting numbers were left"),
    "out-of-cards": N_("a player could neither play nor discard two"),
    "empty": N_("a player's hand and pile were both empty"),
    "no-finish": N_("the sea was full but no Finish card was left"),
    "finish-late": N_("the sea was full but a Finish card did not reach a hand in time"),
    "no-start": N_("the sea was full but no Start card had been played"),
    "no-summit": N_("the mountain was finished but no Summit card was left"),
    "bridge": N_("the mountain was full but a bridge could not be covered"),
    "goal:green-path": N_("the mountain was finished without the Green Path"),
    "goal:panorama": N_("the mountain was finished without every revealed Panorama sequence"),
    "goal:goats": N_("the mountain was finished with goats below their target row"),
}


class Names:
    """Pieces named as printed, in the table's language."""

    def __init__(self, game: Game, pieces: tuple[Piece, ...], t: Translator):
        self.game, self.t = game, t
        kinds = {kind.id: kind.name for kind in game.kinds}
        self.by_id = {piece.id: self._name(piece, kinds) for piece in pieces}

    def _name(self, piece: Piece, kinds: dict[str, str]) -> str:
        t, kind = self.t, piece.kind
        if kind == "island" and piece.number is not None:
            return t.gettext("Island {n}", n=piece.number)
        if kind == "terrain" and piece.colour:
            terrain = self.game.theme.terrain_name(piece.colour, self.t.lang)
            return f"{terrain} {piece.number}" if piece.number is not None else terrain
        if kind == "campfire" and piece.colour:
            return t.gettext("{terrain} campfire", terrain=self.game.theme.terrain_name(piece.colour, self.t.lang))
        if kind == "panorama":
            seq = next((c.fields.get("sequence") for c in self.game.cards if c.id == piece.card), None)
            if isinstance(seq, (list, tuple)):
                return t.gettext("Panorama {sequence}", sequence="-".join(map(str, seq)))
        name = t.gettext(str(kinds.get(kind, kind)))
        return f"{name} {piece.number}" if piece.number is not None else name

    def __call__(self, piece_id: str) -> str:
        return self.by_id.get(piece_id, piece_id)

    def of(self, table, c: int) -> str:
        return self(table.deck.pieces[c].id)


# ---- Tranquility -------------------------------------------------------------------------------


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


# ---- The Ascent --------------------------------------------------------------------------------


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


# ---- prompts, the end and the log --------------------------------------------------------------


def prompt(table, player: int, seat: str, must_start: str | None, w: Translator) -> str:
    """What to do now, from turn 1 on."""
    if table.status == "won":
        return w.gettext("The game is won. Deal for a new table.")
    if table.status == "lost":
        return w.gettext("The game is lost. Deal for a new table, or try the same seed again.")
    if seat != "person":
        return w.gettext("Player {p} is the bot.", p=player)
    if must_start:
        return w.gettext("Player {p}: you hold {card}; choose it and play it first.", p=player, card=must_start)
    return w.gettext("Player {p}: choose a card of your hand to play it, or discard two cards.", p=player)


def end_sentence(table, w: Translator, sea: bool) -> str:
    if table.status == "won":
        return w.gettext("Won: the Finish card is down.") if sea else w.gettext("Won: the summit is reached.")
    if table.status == "lost":
        reason = table.loss_reason()
        return w.gettext("Lost: {why}.", why=w.gettext(LOSS_WORDS[reason]) if reason in LOSS_WORDS else reason)
    return ""


def describe(move: dict, names: Names, w: Translator) -> str:
    """One move of the record in the player's words."""
    who, what = w.gettext("Player {p}", p=move["player"]), move["action"]
    card = names(move["card"]) if "card" in move else ""
    paid = w.gettext(", paying {cards}", cards=", ".join(names(x) for x in move["paid"])) if move.get("paid") else ""
    if what == "discard":
        return w.gettext("{who} discarded {cards}", who=who, cards=", ".join(names(x) for x in move["cards"]))
    if what == "play":
        return w.gettext("{who} played {card} into cell {cell}", who=who, card=card, cell=move["cell"]) + paid
    where = {"row": move.get("row"), "slot": move.get("slot")}
    if what == "place":
        return w.gettext("{who} placed {card} at row {row} slot {slot}", who=who, card=card, **where) + paid
    if what == "swap":
        return w.gettext("{who} swapped {card} in at row {row} slot {slot}", who=who, card=card, **where) + paid
    if what == "campfire":
        return (
            w.gettext(
                "{who} lit {card} at row {row} slot {slot}, moving the card there to row {to_row} slot {to_slot}",
                who=who,
                card=card,
                to_row=move["to_row"],
                to_slot=move["to_slot"],
                **where,
            )
            + paid
        )
    if what == "start":
        if move.get("shares") is None:
            return w.gettext("{who} played {card}; the start discard could not be paid", who=who, card=card)
        total = sum(len(s["hand"]) + s["pile"] for s in move["shares"])
        return w.gettext("{who} played {card}; the team discarded {n} cards", who=who, card=card, n=total)
    return w.gettext("{who} played {card}", who=who, card=card)
