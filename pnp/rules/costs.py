"""What a snapshot's grid implies about the costs paid to build it (docs/rules.md, "What a snapshot proves").

A snapshot does not show the order the cards went down, so these are bounds over every order the
rules allow. Tranquility: a card placed beside filled cells paid the smallest difference to one of
them, so it paid at least its smallest difference to any neighbour it has now (cards never leave the
grid); the cards that paid nothing had no filled neighbour when they went down, so no two of them
are neighbours. The least total is therefore the sum of those smallest differences minus the heaviest
set of non-neighbouring cards (a maximum-weight independent set: exact on the reading-order path by
dynamic programming, on the orthogonal grid by a row-by-row search over small widths).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from pnp.game.params import effective_cap

Numbers = dict[int, int]  # cell (1-based) -> island number


def largest_cost(rules) -> int:
    """The most any single play can cost: the cards left in a full hand after playing, and the cap."""
    return effective_cap(rules.cost_cap, rules.hand_size - 1)


def sequence_blocks(numbers: Numbers) -> list[list[int]]:
    """Runs of consecutive filled cells in reading order (the row wrap joins cell 6 and cell 7)."""
    blocks: list[list[int]] = []
    for k in sorted(numbers):
        if blocks and blocks[-1][-1] == k - 1:
            blocks[-1].append(k)
        else:
            blocks.append([k])
    return blocks


def _path_independent_max(weights: list[int]) -> int:
    """The heaviest total of non-neighbouring items along a path."""
    take, skip = 0, 0
    for w in weights:
        take, skip = skip + w, max(take, skip)
    return max(take, skip)


def nearest_weights(numbers: Numbers, near: Callable[[int], Iterable[int]]) -> dict[int, int]:
    """Each filled cell's smallest difference to a filled neighbour (cells with none are left out)."""
    out = {}
    for k, x in numbers.items():
        diffs = [abs(x - numbers[j]) for j in near(k) if j in numbers]
        if diffs:
            out[k] = min(diffs)
    return out


def sequence_cost_bound(numbers: Numbers) -> int:
    """Least total cost of building these cells under the published cost, neighbours k - 1 and k + 1."""
    total = 0
    for block in sequence_blocks(numbers):
        w = nearest_weights({k: numbers[k] for k in block}, lambda k: (k - 1, k + 1))
        weights = [w.get(k, 0) for k in block]
        total += sum(weights) - _path_independent_max(weights)
    return total


def grid_cost_bound(numbers: Numbers, rows: int, cols: int, max_cols: int = 10) -> int:
    """The same bound with the four orthogonal neighbours (seed 001); 0 (no bound) past `max_cols`."""
    if cols > max_cols:
        return 0

    def near(k: int):
        c = (k - 1) % cols
        return [k - cols, k + cols] + ([k - 1] if c else []) + ([k + 1] if c < cols - 1 else [])

    w = nearest_weights(numbers, near)
    best = {0: 0}  # mask of seeds chosen in the previous row -> heaviest total so far
    for r in range(rows):
        cells = [r * cols + c + 1 for c in range(cols)]
        masks = [
            m
            for m in range(1 << cols)
            if not m & (m >> 1) and all(cells[c] in numbers for c in range(cols) if m >> c & 1)
        ]
        gain = {m: sum(w.get(cells[c], 0) for c in range(cols) if m >> c & 1) for m in masks}
        best = {m: gain[m] + max(v for p, v in best.items() if not p & m) for m in masks}
    return sum(w.values()) - max(best.values())


def sequence_cap_feasible(numbers: Numbers, cap: int) -> tuple[int, int] | None:
    """None when some order builds every run with no cost above `cap`; else two cells that cannot
    both be placed cheaply. A run splits into stretches joined by differences within the cap; each
    stretch needs a first card placed with no filled neighbour, and those first cards are never
    neighbours (exact for the reading-order path)."""
    for block in sequence_blocks(numbers):
        stretches: list[list[int]] = [[block[0]]]
        for a, b in itertools.pairwise(block):
            if abs(numbers[a] - numbers[b]) <= cap:
                stretches[-1].append(b)
            else:
                stretches.append([b])
        # states: (last cell chosen as a first card, current stretch has one); reachable set
        reach = {(False, True)}
        for stretch in stretches:
            reach = {(chosen, False) for chosen, done in reach if done}
            for _ in stretch:
                nxt = set()
                for chosen, done in reach:
                    nxt.add((False, done))
                    if not chosen:
                        nxt.add((True, True))
                reach = nxt
            if not any(done for _, done in reach):
                return block[0], stretch[-1]
    return None


def most_cost(numbers: Numbers, near: Callable[[int], Iterable[int]], cap: int, gap: bool) -> int:
    """The most the cells can have cost in all: each card's neighbours when it went down were some of
    its neighbours now, so it paid at most its widest difference to them (the gap cost: the widest
    gap between them), and never more than the cap; a card without neighbours paid nothing."""
    total = 0
    for k, x in numbers.items():
        near_now = [numbers[j] for j in near(k) if j in numbers]
        if gap:
            widest = max(near_now) - min(near_now) if len(near_now) >= 2 else 0
        else:
            widest = max((abs(x - v) for v in near_now), default=0)
        total += min(cap, widest)
    return total


def forced_pair(numbers: Numbers, cap: int, near: Callable[[int], Iterable[int]]) -> tuple[int, int] | None:
    """Two neighbouring cells neither of which has a neighbour within `cap`: whichever went down
    second paid more than the cap (sound for any adjacency; the orthogonal grid uses only this)."""
    alone = {k for k, x in numbers.items() if all(abs(x - numbers[j]) > cap for j in near(k) if j in numbers)}
    for k in sorted(alone):
        for j in near(k):
            if j in alone and j > k:
                return k, j
    return None


def row_pairs_bound(rows: list[list[int | None]], greater: bool, swaps: int) -> tuple[int, list[tuple[int, int, int]]]:
    """The Ascent: the least total cost the terrain pairs side by side imply, and the pairs.

    Each pair (y, x) of terrain cards side by side was paid for by the later of the two, at least
    |x - y|. A bridge swap pays for both of its sides at once, so up to `swaps` interior cards may
    save: with the published swap cost (the greater difference) the smaller of their two sides; with
    the smaller difference both sides (a side it paid may since have been replaced by a campfire).
    """
    pairs: list[tuple[int, int, int]] = []
    savings: list[int] = []
    for r, row in enumerate(rows, 1):
        for i in range(1, len(row)):
            before, here = row[i - 1], row[i]
            if before is not None and here is not None:
                pairs.append((r, i + 1, abs(here - before)))
        for i in range(1, len(row) - 1):
            before, here, after = row[i - 1], row[i], row[i + 1]
            if here is None:
                continue
            left = abs(here - before) if before is not None else 0
            right = abs(after - here) if after is not None else 0
            savings.append(left + right - (max(left, right) if greater else 0))
    savings.sort(reverse=True)
    return sum(d for _, _, d in pairs) - sum(savings[: max(swaps, 0)]), pairs
