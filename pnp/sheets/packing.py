"""Small pieces into free space: tokens (and any piece smaller than a card) go into the empty
cells of sheets already planned before they get sheets of their own.

A free cell of an earlier sheet's grid is divided into a small grid of the piece's own trim
size, with the sheet's gutter between pieces and centred in the cell. Each small front is placed
with its sheet's own back map, so its back lies exactly behind it (back = P ∘ T ∘ F, as for every
piece). Pieces placed this way are marked `packed`: their trims are always outlined for cutting,
since the crop marks around the grid only follow the card cells.
"""

from __future__ import annotations

import math
from dataclasses import replace

from pnp.sheets.placement import (
    Page,
    Piece,
    Placement,
    cell_size,
    compose,
    face_mirror,
    front_transforms,
)
from pnp.sheets.spec import EPSILON, SheetSpec


def pack_into_free_cells(spec: SheetSpec, pages: list[Page], cells: list[list[Piece]]) -> list[list[Piece]]:
    """Place as many of `cells` (one piece each, or two triangles) as fit into the free cells of
    `pages` (changed in place, in order); returns the cells still to place."""
    if not cells:
        return cells
    small = cell_size(cells[0][0].front)
    left = list(cells)
    for index, page in enumerate(pages):
        if page.side == "back" or not left:
            continue
        sub = _sub_grid(spec, page.grid.cell, small)
        free = _free_origins(page)
        if sub is None or not free:
            continue
        back_index = (
            index + 1
            if index + 1 < len(pages) and pages[index + 1].side == "back" and pages[index + 1].sheet == page.sheet
            else None
        )
        used, fronts, backs = [], [], []
        for origin in free:
            if not left:
                break
            used.append(origin)
            for spot in _spots(origin, page.grid.cell, small, sub, spec.spacing):
                if not left:
                    break
                front, back = _place(left.pop(0), spot, page)
                fronts += front
                backs += back
        if page.side == "fold":
            pages[index] = replace(
                page, placements=page.placements + tuple(fronts + backs), packed=page.packed + tuple(used)
            )
            continue
        pages[index] = replace(page, placements=page.placements + tuple(fronts), packed=page.packed + tuple(used))
        if back_index is not None:
            back_page = pages[back_index]
            pages[back_index] = replace(
                back_page, placements=back_page.placements + tuple(backs), packed=back_page.packed + tuple(used)
            )
    return left


def _sub_grid(spec: SheetSpec, cell: tuple[float, float], small: tuple[float, float]) -> tuple[int, int] | None:
    """(cols, rows) of `small` trims in one `cell`, or None when the piece is no smaller than a
    cell or none fits."""
    if small[0] > 0.99 * cell[0] and small[1] > 0.99 * cell[1]:
        return None  # a card-sized piece (a triangle pair's square, say) keeps its own sheets
    g = spec.spacing
    cols = math.floor((cell[0] + g + EPSILON) / (small[0] + g))
    rows = math.floor((cell[1] + g + EPSILON) / (small[1] + g))
    return (cols, rows) if cols and rows else None


def _free_origins(page: Page) -> list[tuple[float, float]]:
    """Top-left trims of the page's grid cells holding nothing yet, in reading order."""
    taken = {(round(x, 6), round(y, 6)) for x, y in page.cells + page.packed}
    origins = (page.grid.cell_origin(i) for i in range(page.grid.capacity))
    return [o for o in origins if (round(o[0], 6), round(o[1], 6)) not in taken]


def _spots(origin, cell, small, sub, gap) -> list[tuple[float, float]]:
    """Top-left trims of the small pieces' places in one free cell, centred, in reading order."""
    cols, rows = sub
    x0 = origin[0] + (cell[0] - (cols * small[0] + (cols - 1) * gap)) / 2
    y0 = origin[1] + (cell[1] - (rows * small[1] + (rows - 1) * gap)) / 2
    return [(x0 + c * (small[0] + gap), y0 + r * (small[1] + gap)) for r in range(rows) for c in range(cols)]


def _place(cell: list[Piece], spot: tuple[float, float], page: Page) -> tuple[list[Placement], list[Placement]]:
    fronts, backs = [], []
    for piece, transform in zip(cell, front_transforms(cell[0].front, spot, len(cell))):
        fronts.append(Placement(piece.front, transform, "front", piece.card, packed=True))
        if piece.back is not None:
            behind = compose(page.back_map, compose(transform, face_mirror(piece.back)))
            backs.append(Placement(piece.back, behind, "back", piece.card, packed=True))
    return fronts, backs
