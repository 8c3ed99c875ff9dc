"""The Ascent's rules a snapshot proves from its counts: turns against cards down, the discard pile against the
costs the grid implies, costs no hand can pay, campfires whose replaced card went nowhere.

The turn counter counts finished turns: the winning play (finish card, summit) and a start card whose
discard could not be paid end the game inside a turn that is not counted. Every card in the discard
came from a discard turn (two cards), a paid cost, the start discard, or (The Ascent) a swapped-out
bridge, so the costs paid are the discard less everything else, and must cover the least the grid
implies (pnp/rules/costs.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.rules.ascent.check import ENGINE
from pnp.rules.ascent.params import AscentRules
from pnp.rules.costs import largest_cost, row_pairs_bound
from pnp.rules.facts import Facts, Rule, Violation, filled, rule, slot_label

AsFacts = Facts[AscentRules]


def _as_rows(f: AsFacts) -> list[list[int | None]]:
    """Terrain numbers by row and slot (None: empty, bridge or campfire)."""
    out = []
    for row in f.mountain.rows:
        cells = []
        for c in row:
            p = f.piece(c)
            cells.append(p.number if p is not None and p.kind == "terrain" and p.number is not None else None)
        out.append(cells)
    return out


def _as_down(f: AsFacts) -> int:
    return sum(1 for row in f.mountain.rows for c in row if c is not None)


def _greater(f: AsFacts) -> bool:
    return f.rules.bridge_swap_cost == "greater"


@rule(
    "as-turns",
    "No more cards went onto the mountain than turns were taken (the summit ends the game inside its turn).",
    ENGINE,
)
def as_turns(f: AsFacts) -> Iterator[Violation]:
    down = _as_down(f)
    if down > f.state.turn:
        yield Violation("as-turns", f"{down} cards are on the mountain after {f.state.turn} turns")


@rule(
    "as-costs-paid",
    "The discard holds two cards per discard turn, every cost paid and the swapped-out "
    "bridges: enough for the differences of the terrain cards side by side.",
    ENGINE,
)
def as_costs_paid(f: AsFacts) -> Iterator[Violation]:
    s, down = f.state, _as_down(f)
    if down > s.turn:
        return  # as-turns says it
    bridges = sum(1 for c in s.discard if f.kind(c) == "bridge")
    swaps = min(bridges, s.turn - down)
    least, _ = row_pairs_bound(_as_rows(f), _greater(f), swaps)
    room = len(s.discard) - 2 * (s.turn - down) + swaps  # the most the costs can have been
    if room < least:
        yield Violation(
            "as-costs-paid",
            f"the discard holds {len(s.discard)} cards after {s.turn} turns with "
            f"{down} cards on the mountain: at most {max(room, 0)} for costs, but the "
            f"terrain cards side by side cost at least {least}",
        )


@rule("as-cost-cap", "No two terrain cards side by side differ by more than a hand can pay.", ENGINE)
def as_cost_cap(f: AsFacts) -> Iterator[Violation]:
    s, cap = f.state, largest_cost(f.rules)
    if f.rules.bridge_swap_cost != "greater" and any(f.kind(c) == "bridge" for c in s.discard):
        return  # a swap paying the smaller side may have put a wide pair down cheaply
    _, pairs = row_pairs_bound(_as_rows(f), _greater(f), 0)
    for r, i, d in pairs:
        if d > cap:
            row = f.mountain.rows[r - 1]
            yield Violation(
                "as-cost-cap",
                f"the terrain cards in row {r} slots {i - 1} and {i} differ by {d}; "
                f"the later one cost more than {cap}, the most a hand can pay",
                filled((row[i - 2], row[i - 1])),
                (slot_label(r, i - 1), slot_label(r, i)),
            )


@rule(
    "as-campfire",
    "Every campfire replaced a terrain card of its colour that moved up: each row's campfires "
    "of a colour are at most the terrain cards of that colour in higher rows.",
    ENGINE,
)
def as_campfire(f: AsFacts) -> Iterator[Violation]:
    rows = f.mountain.rows
    for r, row in enumerate(rows, 1):
        fires = [(i, c) for i, c in enumerate(row, 1) if f.kind(c) == "campfire"]
        for colour in sorted({_colour(f, c) for _, c in fires}):
            mine = [(i, c) for i, c in fires if _colour(f, c) == colour]
            above = sum(1 for row2 in rows[r:] for c in row2 if f.kind(c) == "terrain" and _colour(f, c) == colour)
            if len(mine) > above:
                where = "no higher row" if r == len(rows) else f"{above} {colour} terrain card(s) above row {r}"
                yield Violation(
                    "as-campfire",
                    f"{len(mine)} {colour} campfire(s) in row {r} replaced cards that "
                    f"must have moved up, but there is {where}",
                    filled(c for _, c in mine),
                    tuple(slot_label(r, i) for i, _ in mine),
                )


def _colour(f: Facts, piece_id: str | None) -> str:
    """A piece's colour ("" when it has none); the callers ask only about pieces of known kinds."""
    p = f.piece(piece_id)
    return (p.colour or "") if p is not None else ""


RULES: tuple[Rule, ...] = (as_turns, as_costs_paid, as_cost_cap, as_campfire)
