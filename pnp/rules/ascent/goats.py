"""The Mountain Goats rules (a reconstruction; see pnp/rules/ascent/modules.py and docs/rules.md)."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.rules.ascent.check import ENGINE, AsFacts, grid
from pnp.rules.ascent.modules import coloured
from pnp.rules.facts import Rule, Violation, rule, slot_label

MODULE = "goats"


@rule("goats-where", "Every goat in play waits at the foot or stands on a card of the goat colour.", ENGINE, MODULE)
def goats_where(f: AsFacts) -> Iterator[Violation]:
    rule_ = f.rules.goats
    if rule_ is None:
        return  # the module is not chosen
    goats = f.mountain.goats
    if len(goats) != rule_.goats:
        yield Violation(
            "goats-where", f"{len(goats)} goats are in play; the module uses {rule_.goats}", tuple(g for g, _ in goats)
        )
    view = grid(f)
    for goat, at in goats:
        if at is None:
            continue
        r, i = at
        if not (r <= len(view) and i <= len(view[r - 1])):
            yield Violation("goats-where", f"{goat} stands off the mountain", (goat,), (slot_label(r, i),))
        elif not coloured(view[r - 1][i - 1], rule_.colour):
            yield Violation(
                "goats-where", f"{goat} stands on a slot without a {rule_.colour} card", (goat,), (slot_label(r, i),)
            )


@rule(
    "goats-board",
    "Each card of the goat colour placed in row 1 took one waiting goat aboard while any waited.",
    ENGINE,
    MODULE,
)
def goats_board(f: AsFacts) -> Iterator[Violation]:
    rule_ = f.rules.goats
    if rule_ is None:
        return  # the module is not chosen
    view = grid(f)
    boarded = sum(1 for s in (view[0] if view else []) if coloured(s, rule_.colour))
    waiting = tuple(g for g, at in f.mountain.goats if at is None)
    expected = max(0, len(f.mountain.goats) - boarded)
    if len(waiting) != expected:
        yield Violation(
            "goats-board",
            f"{len(waiting)} goats wait at the foot, but with {boarded} {rule_.colour} "
            f"card(s) in row 1 {expected} should",
            waiting,
        )


@rule(
    "goats-climb",
    "A goat never stays under a card of the goat colour resting on its card: it climbs onto it.",
    ENGINE,
    MODULE,
)
def goats_climb(f: AsFacts) -> Iterator[Violation]:
    if f.rules.goats is None:
        return  # the module is not chosen
    colour = f.rules.goats.colour
    view = grid(f)
    for goat, at in f.mountain.goats:
        if at is None or at[0] >= len(view):
            continue
        r, i = at
        above = view[r]
        for j in (i - 1, i):
            if 1 <= j <= len(above) and coloured(above[j - 1], colour):
                yield Violation(
                    "goats-climb",
                    f"{goat} should have climbed onto the {colour} card above it",
                    (goat,),
                    (slot_label(r, i), slot_label(r + 1, j)),
                )
                break


@rule(
    "goats-goal",
    "The Mountain Goats: the summit goes down only when every goat stands in the target row or higher.",
    ENGINE,
    MODULE,
)
def goats_goal(f: AsFacts) -> Iterator[Violation]:
    if f.rules.goats is None:
        return  # the module is not chosen
    target = f.rules.goats.target_row
    if f.mountain.summit is None:
        return
    low = tuple(g for g, at in f.mountain.goats if at is None or at[0] < target)
    if low:
        yield Violation("goats-goal", f"the summit is down but {len(low)} goat(s) are below row {target}", low)


RULES: tuple[Rule, ...] = (goats_where, goats_board, goats_climb, goats_goal)
