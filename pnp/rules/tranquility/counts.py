"""Tranquility's rules a snapshot proves from its counts: turns against cards down, the discard pile against the
costs the grid implies, costs no hand can pay, campfires whose replaced card went nowhere.

The turn counter counts finished turns: the winning play (finish card, summit) and a start card whose
discard could not be paid end the game inside a turn that is not counted. Every card in the discard
came from a discard turn (two cards), a paid cost, the start discard, or (The Ascent) a swapped-out
bridge, so the costs paid are the discard less everything else, and must cover the least the grid
implies (pnp/rules/costs.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.rules.costs import (
    forced_pair,
    grid_cost_bound,
    largest_cost,
    most_cost,
    sequence_cap_feasible,
    sequence_cost_bound,
)
from pnp.rules.facts import Facts, Rule, Violation, filled, rule
from pnp.rules.tranquility.check import ENGINE, neighbours
from pnp.rules.tranquility.params import TranquilityRules

TqFacts = Facts[TranquilityRules]


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


@rule("tq-turns", "No more cards went down than turns were taken: one island or start card per turn.", ENGINE)
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
    ENGINE,
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
    most = most_cost(numbers, _near(f), largest_cost(f.rules), f.rules.cost == "gap")
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


@rule("tq-cost-cap", "No island in the grid can have cost more than a hand can pay, whatever the order.", ENGINE)
def tq_cost_cap(f: TqFacts) -> Iterator[Violation]:
    r, cap, numbers = f.rules, largest_cost(f.rules), _numbers(f)
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


RULES: tuple[Rule, ...] = (tq_turns, tq_costs_paid, tq_cost_cap)
