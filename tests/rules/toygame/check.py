"""Line's own rules, after the shared ones (pnp/rules/check.py): the line's cells, in order."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.rules.facts import Facts, Put, Rule, Violation, rule
from pnp.rules.state.model import State

ENGINE = "line"


def cells(state: State) -> list[str | None]:
    return list((state.table or {}).get("line", []))


@rule("ln-length", "The line has as many cells as the rules say.", ENGINE)
def ln_length(f: Facts) -> Iterator[Violation]:
    if len(cells(f.state)) != f.rules.length:
        yield Violation("ln-length", f"the line has {len(cells(f.state))} cells, not {f.rules.length}")


@rule("ln-ascending", "The line fills from the left, each card higher than the one before it.", ENGINE)
def ln_ascending(f: Facts) -> Iterator[Violation]:
    last, gap = 0, False
    for k, c in enumerate(cells(f.state), 1):
        if c is None:
            gap = True
            continue
        piece = f.piece(c)
        number = piece.number if piece is not None and piece.number is not None else 0
        if gap:
            yield Violation("ln-ascending", f"cell {k} holds {c} after an empty cell", (c,), (f"cell {k}",))
        elif number <= last:
            yield Violation("ln-ascending", f"{c} in cell {k} is not higher than {last}", (c,), (f"cell {k}",))
        last = max(last, number)


def lay_out(state: State, put: Put) -> None:
    for k, c in enumerate(cells(state), 1):
        put(c, "cell", f"cell {k}")


RULES: tuple[Rule, ...] = (ln_length, ln_ascending)
