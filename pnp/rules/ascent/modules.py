"""The three Ascent mini-expansion modules, as documented reconstructions (RULES.md §2, docs/rules.md).

- The Green Path: before the summit, a chain of cards of the path colour climbs from row 1 to the top
  terrain row, each resting on the one before.
- The Panorama: k panorama triangles show their numbered side; before the summit each revealed
  sequence of three numbers stands as three terrain cards side by side, left to right, in one row.
- The Mountain Goats: goats wait at the foot; a card of the goat colour placed in row 1 takes one
  waiting goat aboard; a goat climbs onto a card of its colour resting on its card (at once, and on
  as long as there is one; the left one when both are); before the summit every goat stands in the
  target row or higher.

A "card of a colour" is a terrain card or a campfire of that colour (decision). The goal functions
read a plain mountain: rows of slots, each None or (kind, number, colour); the engine and the
checker both use them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.rules.ascent.kinds import BRIDGE, CAMPFIRE, TERRAIN

Slot = tuple[str, int, str] | None  # (kind, number or -1, colour or "")
Grid = Sequence[Sequence[Slot]]


def coloured(slot: Slot, colour: str) -> bool:
    return slot is not None and slot[0] in ("terrain", "campfire") and slot[2] == colour


def path_rows(grid: Grid, colour: str) -> int:
    """How many rows, from row 1 up, a chain of `colour` cards reaches (each resting on the one before)."""
    reach = [coloured(s, colour) for s in grid[0]] if grid else []
    height = 1 if any(reach) else 0
    for r in range(1, len(grid)):
        reach = [coloured(s, colour) and (reach[i] or reach[i + 1]) for i, s in enumerate(grid[r])]
        if not any(reach):
            break
        height = r + 1
    return height


def sequence_found(grid: Grid, sequence: Sequence[int]) -> tuple[int, int] | None:
    """(row, slot) 1-based of the first terrain card of `sequence` standing side by side in one row."""
    size = len(sequence)
    for r, row in enumerate(grid):
        for i in range(len(row) - size + 1):
            window = row[i : i + size]
            if all(s is not None and s[0] == "terrain" and s[1] == v for s, v in zip(window, sequence)):
                return r + 1, i + 1
    return None


def goats_below_target(goats: Sequence[tuple[int, int] | None], target_row: int) -> int:
    """Goats (1-based positions, None when waiting) not yet in the target row or higher."""
    return sum(1 for at in goats if at is None or at[0] < target_row)


def settle_goats(widths: Sequence[int], goats: list, on: Callable[[int, int], bool]) -> None:
    """Let every goat (positions 0-based, None when waiting) climb while a card of its colour rests on it;
    `widths` are the rows' slot counts, `on(r, i)` says whether slot i of row r holds a card of its colour."""
    for g, at in enumerate(goats):
        while at is not None and at[0] + 1 < len(widths):
            r, i = at
            above = [j for j in (i - 1, i) if 0 <= j < widths[r + 1] and on(r + 1, j)]
            if not above:
                break
            at = (r + 1, above[0])
        goats[g] = at


# ---- the engine's use ---------------------------------------------------------------------------


def table_grid(table) -> list[list[Slot]]:
    deck = table.deck
    kinds = {TERRAIN: "terrain", BRIDGE: "bridge", CAMPFIRE: "campfire"}
    return [
        [(kinds.get(deck.kind[c], "other"), deck.number[c], deck.colour[c] or "") if c >= 0 else None for c in row]
        for row in table.rows
    ]


def goals_missing(table) -> list[str]:
    """Module ids whose goal the table's mountain does not meet."""
    rules = table.rules
    missing: list[str] = []
    if not (rules.green_path or rules.panorama or rules.goats):
        return missing
    grid = table_grid(table)
    if rules.green_path and path_rows(grid, rules.green_path.colour) < rules.rows:
        missing.append("green-path")
    if rules.panorama and any(sequence_found(grid, table.deck.sequence.get(p, ())) is None for p in table.revealed):
        missing.append("panorama")
    if rules.goats and goats_below_target(
        [(at[0] + 1, at[1] + 1) if at else None for _, at in table.goats], rules.goats.target_row
    ):
        missing.append("goats")
    return missing


def goats_follow(table, c: int, r: int, i: int) -> None:
    """After card c went into slot (r, i): a goat may board (row 1) and goats climb."""
    goats_rule = table.rules.goats
    if goats_rule is None or not table.goats:
        return
    colour = goats_rule.colour
    deck = table.deck
    kind, colours, rows = deck.kind, deck.colour, table.rows
    if r == 0 and colours[c] == colour and kind[c] in (TERRAIN, CAMPFIRE):
        for entry in table.goats:
            if entry[1] is None:
                entry[1] = (0, i)
                break
    positions = [at for _, at in table.goats]
    if not any(positions):
        return  # every goat still waits at the foot: none can climb

    def on(row: int, j: int) -> bool:  # `coloured` read off the table's rows, without building the grid
        s = rows[row][j]
        return s >= 0 and kind[s] in (TERRAIN, CAMPFIRE) and (colours[s] or "") == colour

    settle_goats(table.width, positions, on)
    for entry, at in zip(table.goats, positions):
        entry[1] = at
