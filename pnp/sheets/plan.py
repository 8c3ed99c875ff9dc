"""Where every printed face goes: pieces → cells → pages, as affine maps in mm (no drawing here).

Shapes and how a face's SVG maps onto its piece (the faces helper draws to these conventions):
- square (and any rectangle): the face's trim box is the card, upright.
- circle: the face's trim box is the circle's bounding square; the piece is the inscribed circle.
- triangle: the face's trim box is the triangle's bounding box with the hypotenuse along the
  bottom edge and the right-angled apex at the top centre (width = hypotenuse = 2 × height),
  the way a panorama card stands at the foot of the mountain. Two triangles share one square
  cell of side = leg = width / √2: slot 0 is the cell's lower-left half, slot 1 the upper-right
  half (slot 0 turned 180°); both hypotenuses lie on the cell's diagonal.

A back is placed where its front is, seen through the paper: back = P ∘ T ∘ F, where T places
the front, P mirrors the page about the line the sheet turns over (or the fold), and F mirrors
the face about its own vertical centre line. So every back is exactly behind its front, and
turning a piece over about its own vertical axis shows its back upright.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from pnp.core.errors import PnpError, UsageError
from pnp.game.model import Face, Game
from pnp.sheets.packing import pack_into_free_cells
from pnp.sheets.placement import (
    Affine,
    Page,
    Piece,
    Placement,
    cell_size,
    compose,
    face_mirror,
    front_transforms,
)
from pnp.sheets.spec import Grid, SheetSpec, best_grid, candidate_orientations, fit_grid

SHAPES = ("square", "triangle", "circle")


class SheetError(PnpError):
    """The faces given cannot be imposed as asked."""


@dataclass(frozen=True)
class SheetPlan:
    spec: SheetSpec  # with the orientation that was chosen
    pages: tuple[Page, ...]

    @cached_property  # asked for by every page's label: counted once, not once a page
    def sheets(self) -> int:
        return len({p.sheet for p in self.pages})

    @property
    def orientation(self) -> str:
        return self.spec.orientation


def game_pieces(game: Game, faces: tuple[Face, ...] | list[Face], sheet: SheetSpec) -> tuple[Piece, ...]:
    """Every physical piece of the game, in card order, with its faces scaled to the sheet."""
    by_id = {f.id: f for f in faces}
    scale = _scale(game, sheet)
    pieces: list[Piece] = []
    for card in game.cards:
        front = _face(by_id, card.front_face_id, card.id, card.shape)
        back = (
            None
            if sheet.duplex == "none" and not sheet.gutter_fold
            else _face(by_id, card.back_face_id, card.id, card.shape)
        )
        if back is not None and (abs(back.width - front.width) > 0.01 or abs(back.height - front.height) > 0.01):
            raise SheetError(
                f"The back {back.id!r} of card {card.id!r} is not the size of its front "
                f"({front.width:g} × {front.height:g} mm)."
            )
        front, back = _scaled(front, scale), back and _scaled(back, scale)
        pieces.extend(Piece(card.id, front, back) for _ in range(card.count))
    return tuple(pieces)


def _face(by_id: dict[str, Face], face_id: str, card_id: str, shape: str) -> Face:
    face = by_id.get(face_id)
    if face is None:
        raise SheetError(f"No face {face_id!r} was rendered for card {card_id!r}.")
    if face.shape != shape or shape not in SHAPES:
        raise SheetError(f"The face {face_id!r} is a {face.shape} but card {card_id!r} is a {shape}.")
    if shape == "triangle" and abs(face.width - 2 * face.height) > 0.01:
        raise SheetError(
            f"The triangle face {face_id!r} is {face.width:g} × {face.height:g} mm; a right isosceles "
            "triangle's box is twice as wide (the hypotenuse) as it is high."
        )
    return face


def _scale(game: Game, sheet: SheetSpec) -> float:
    if sheet.card_size is None:
        return 1.0
    w, h = sheet.card_size
    gw, gh = game.card.width, game.card.height
    if abs(w / h - gw / gh) > 0.005:  # a bad --card-size for this game: a usage error (exit 2)
        raise UsageError(
            f"A card size of {w:g} × {h:g} mm would stretch the {gw:g} × {gh:g} mm cards; "
            "give a size with the same proportions."
        )
    return w / gw


def _scaled(face: Face, scale: float) -> Face:
    if scale == 1.0:
        return face
    return replace(face, width=face.width * scale, height=face.height * scale, bleed=face.bleed * scale)


def flip_axis(spec: SheetSpec, grid: Grid) -> str:
    """'columns' when the sheet turns about a vertical line on the page, else 'rows'."""
    portrait = grid.page[0] <= grid.page[1]
    return "columns" if (spec.duplex == "long-edge") == portrait else "rows"


def back_map(spec: SheetSpec, grid: Grid) -> Affine:
    mirror = grid.mirror(flip_axis(spec, grid))
    dx, dy = spec.back_offset
    return compose((1.0, 0.0, 0.0, 1.0, dx, dy), mirror)


def _groups(pieces: tuple[Piece, ...]) -> list[list[Piece]]:
    """Pieces sharing a shape and trim size, in order of first appearance."""
    groups: dict[tuple, list[Piece]] = {}
    for piece in pieces:
        key = (piece.front.shape, round(piece.front.width, 4), round(piece.front.height, 4))
        groups.setdefault(key, []).append(piece)
    return list(groups.values())


def _cells(group: list[Piece]) -> list[list[Piece]]:
    per_cell = 2 if group[0].front.shape == "triangle" else 1
    return [group[i : i + per_cell] for i in range(0, len(group), per_cell)]


def _grid_for(spec: SheetSpec, group: list[Piece]) -> Grid:
    return best_grid(spec, cell_size(group[0].front))


def choose_orientation(spec: SheetSpec, groups: list[list[Piece]]) -> str:
    """The orientation needing the fewest pages for all groups (portrait on a tie)."""
    if spec.orientation != "auto":
        return spec.orientation
    best, best_pages = "portrait", math.inf
    for orientation in candidate_orientations(spec):
        fixed = spec.with_orientation(orientation)
        pages = 0
        for group in groups:
            folds = ("vertical", "horizontal") if spec.gutter_fold else (None,)
            capacity = max(fit_grid(fixed, cell_size(group[0].front), orientation, f).capacity for f in folds)
            pages += math.ceil(len(_cells(group)) / capacity) if capacity else 10**9
        if pages < best_pages:
            best, best_pages = orientation, pages
    return best


def plan_sheets(game: Game, faces: tuple[Face, ...] | list[Face], sheet: SheetSpec) -> SheetPlan:
    """Lay out every piece of `game` on pages; pure geometry, ready for `impose` to draw. Pieces
    smaller than a card first fill the free cells of earlier sheets (pnp/sheets/packing.py)."""
    pieces = game_pieces(game, faces, sheet)
    if not pieces:
        raise SheetError(f"The game {game.id!r} has no cards to print.")
    groups = _groups(pieces)
    spec = sheet.with_orientation(choose_orientation(sheet, groups))
    pages: list[Page] = []
    for group in groups:
        grid = _grid_for(spec, group)
        cells = pack_into_free_cells(spec, pages, _cells(group))
        for start in range(0, len(cells), grid.capacity):
            pages.extend(
                _sheet_pages(
                    spec, grid, cells[start : start + grid.capacity], sheet_no=len({p.sheet for p in pages}) + 1
                )
            )
    return SheetPlan(spec, tuple(pages))


def _sheet_pages(spec: SheetSpec, grid: Grid, cells: list[list[Piece]], sheet_no: int) -> list[Page]:
    fronts: list[Placement] = []
    backs: list[Placement] = []
    origins = []
    to_back = back_map(spec, grid)
    for index, cell in enumerate(cells):
        origin = grid.cell_origin(index)
        origins.append(origin)
        for piece, transform in zip(cell, front_transforms(cell[0].front, origin, len(cell))):
            fronts.append(Placement(piece.front, transform, "front", piece.card))
            if piece.back is not None:
                behind = compose(to_back, compose(transform, face_mirror(piece.back)))
                backs.append(Placement(piece.back, behind, "back", piece.card))
    shape = cells[0][0].front.shape
    common: dict[str, Any] = {
        "sheet": sheet_no,
        "grid": grid,
        "shape": shape,
        "cells": tuple(origins),
        "back_map": to_back,
    }
    if spec.gutter_fold:
        return [Page(side="fold", placements=tuple(fronts + backs), **common)]
    pages = [Page(side="front", placements=tuple(fronts), **common)]
    if spec.duplex != "none" and backs:
        pages.append(Page(side="back", placements=tuple(backs), **common))
    return pages
