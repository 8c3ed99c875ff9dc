"""Rules a snapshot proves from its counts: turns against cards down, the discard pile against the
costs the grid implies, costs no hand can pay, campfires whose replaced card went nowhere.

The turn counter counts finished turns: the winning play (finish card, summit) and a start card whose
discard could not be paid end the game inside a turn that is not counted. Every card in the discard
came from a discard turn (two cards), a paid cost, the start discard, or (The Ascent) a swapped-out
bridge, so the costs paid are the discard less everything else, and must cover the least the grid
implies (pnp/rules/costs.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.game.params import effective_cap
from pnp.rules.ascent.params import AscentRules
from pnp.rules.costs import (
    forced_pair,
    grid_cost_bound,
    most_cost,
    row_pairs_bound,
    sequence_cap_feasible,
    sequence_cost_bound,
)
from pnp.rules.facts import Facts, Rule, Violation, filled, rule, slot_label
from pnp.rules.tranquility.check import neighbours
from pnp.rules.tranquility.params import TranquilityRules

TqFacts = Facts[TranquilityRules]
AsFacts = Facts[AscentRules]


def _largest_cost(f: Facts) -> int:
    """The most any single play can cost: the cards left in a full hand after playing, and the cap."""
    return effective_cap(f.rules.cost_cap, f.rules.hand_size - 1)


def _numbers(f: TqFacts) -> dict[int, int]:
    """Island numbers by cell; none when the grid has the wrong size (tq-grid says so)."""
    out: dict[int, int] = {}
    if len(f.sea.cells) != f.rules.cells:
        return out
    for k, c in enumerate(f.sea.cells, 1):
        p = f.piece(c)
        if p is not None and p.kind == "island" and p.number is not None:
            out[k] = p.number
    return out


def _near(f: TqFacts):

    return lambda k: neighbours(f.rules, k)


def _tq_plays(f: TqFacts) -> tuple[int, int]:
    """(islands in the grid, plays that took a counted turn: islands and a start card whose turn ended)."""
    start, islands = f.sea.start, len(_numbers(f))
    return islands, islands + (start is not None and start.turn <= f.state.turn)


def _tq_bound(f: TqFacts, numbers: dict[int, int]) -> int:
    r = f.rules
    if r.cost != "nearest":
        return 0  # the gap cost: a run filled from one end costs nothing (no bound)
    if r.adjacency == "sequence":
        return sequence_cost_bound(numbers)
    return grid_cost_bound(numbers, r.rows, r.cols)


@rule("tq-turns", "No more cards went down than turns were taken: one island or start card per turn.", "tranquility")
def tq_turns(f: TqFacts) -> Iterator[Violation]:
    islands, plays = _tq_plays(f)
    if plays > f.state.turn:
        yield Violation(
            "tq-turns",
            f"{plays} cards went down ({islands} islands"
            f"{' and the start card' if plays > islands else ''}) in {f.state.turn} turns",
        )


@rule(
    "tq-costs-paid",
    "The discard holds the start discard, two cards per discard turn and every cost paid: "
    "at least the least total cost the grid implies, at most the largest cost per island.",
    "tranquility",
)
def tq_costs_paid(f: TqFacts) -> Iterator[Violation]:
    s, start = f.state, f.sea.start
    _, plays = _tq_plays(f)
    if plays > s.turn:
        return  # tq-turns says it
    given = sum(share.total for share in start.shares) if start else 0
    paid = len(s.discard) - given - 2 * (s.turn - plays)
    numbers = _numbers(f)
    least = _tq_bound(f, numbers)
    most = most_cost(numbers, _near(f), _largest_cost(f), f.rules.cost == "gap")
    what = (
        f"the discard holds {len(s.discard)} cards: {given} from the start discard and "
        f"{2 * (s.turn - plays)} from {s.turn - plays} discard turn(s) leave {paid} for costs"
    )
    if paid < least:
        yield Violation(
            "tq-costs-paid",
            f"{what}, but the islands in the grid cost at least {least} whatever the order they went down",
            tuple(c for c in f.sea.cells if c),
        )
    elif paid > most:
        yield Violation(
            "tq-costs-paid",
            f"{what}, but the islands in the grid can have cost at most {most} whatever the order they went down",
            tuple(c for c in f.sea.cells if c),
        )


@rule("tq-cost-cap", "No island in the grid can have cost more than a hand can pay, whatever the order.", "tranquility")
def tq_cost_cap(f: TqFacts) -> Iterator[Violation]:
    r, cap, numbers = f.rules, _largest_cost(f), _numbers(f)
    if r.cost != "nearest":
        return
    if r.adjacency == "sequence":
        pair = sequence_cap_feasible(numbers, cap)
    else:
        pair = forced_pair(numbers, cap, _near(f))
    if pair is not None:
        a, b = pair
        span = [k for k in range(a, b + 1) if k in numbers] if r.adjacency == "sequence" else [a, b]
        where = f"cell {a}" + (f" to cell {b}" if b != a else "")
        yield Violation(
            "tq-cost-cap",
            f"in every order the islands in {where} could have gone down, one of them "
            f"cost more than {cap}, the most a hand can pay",
            filled(f.sea.cells[k - 1] for k in span),
            tuple(f"cell {k}" for k in span),
        )


# ---- The Ascent ----------------------------------------------------------------------------------


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
    "ascent",
)
def as_turns(f: AsFacts) -> Iterator[Violation]:
    down = _as_down(f)
    if down > f.state.turn:
        yield Violation("as-turns", f"{down} cards are on the mountain after {f.state.turn} turns")


@rule(
    "as-costs-paid",
    "The discard holds two cards per discard turn, every cost paid and the swapped-out "
    "bridges: enough for the differences of the terrain cards side by side.",
    "ascent",
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


@rule("as-cost-cap", "No two terrain cards side by side differ by more than a hand can pay.", "ascent")
def as_cost_cap(f: AsFacts) -> Iterator[Violation]:
    s, cap = f.state, _largest_cost(f)
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
    "ascent",
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


TRANQUILITY_RULES: tuple[Rule, ...] = (tq_turns, tq_costs_paid, tq_cost_cap)
ASCENT_RULES: tuple[Rule, ...] = (as_turns, as_costs_paid, as_cost_cap, as_campfire)
