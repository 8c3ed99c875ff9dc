"""Pieces, placements and pages: the affine maps (mm) the sheet plan and the packing of small pieces
share. The plan (pnp/sheets/plan.py) decides where each piece goes; pnp/sheets/packing.py puts small
pieces into free cells; both build on these."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.game.model import Face
from pnp.sheets.spec import Grid

Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(m: Affine, n: Affine) -> Affine:
    """m ∘ n: apply n first, then m."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass(frozen=True)
class Piece:
    """One physical piece to print: a card copy, a triangle or a token."""

    card: str  # Card.id
    front: Face
    back: Face | None


@dataclass(frozen=True)
class Placement:
    """One face on one page: `transform` maps face mm (y down, trim top-left at 0,0) to page mm."""

    face: Face
    transform: Affine
    side: str  # "front" | "back"
    card: str
    packed: bool = False  # a small piece put into a free cell of another group's grid (pnp/sheets/packing.py)


@dataclass(frozen=True)
class Page:
    """One PDF page: fronts, their backs, or both halves of a gutter-fold sheet."""

    sheet: int  # 1-based sheet (sheet of paper) number
    side: str  # "front" | "back" | "fold"
    grid: Grid
    shape: str
    cells: tuple[tuple[float, float], ...]  # top-left trims of the occupied front cells
    placements: tuple[Placement, ...]
    back_map: Affine  # front page → back position (mirror, then the back offset)
    packed: tuple[tuple[float, float], ...] = ()  # top-left trims of free cells now holding small pieces


def cell_size(face: Face) -> tuple[float, float]:
    if face.shape == "triangle":
        side = face.width / math.sqrt(2)
        return side, side
    return face.width, face.height


def front_transforms(face: Face, cell_origin: tuple[float, float], slots: int) -> list[Affine]:
    """Face → page maps for the pieces sharing one cell (two triangles, or one of anything else)."""
    x, y = cell_origin
    if face.shape != "triangle":
        return [(1.0, 0.0, 0.0, 1.0, x, y)]
    side = face.width / math.sqrt(2)
    r = 1 / math.sqrt(2)
    lower_left = (-r, -r, r, -r, x + side / 2, y + 1.5 * side)
    cx, cy = x + side / 2, y + side / 2
    turned = (-1.0, 0.0, 0.0, -1.0, 2 * cx, 2 * cy)
    return [lower_left, compose(turned, lower_left)][:slots]


def face_mirror(face: Face) -> Affine:
    """F: the face mirrored about its own vertical centre line (face mm)."""
    return (-1.0, 0.0, 0.0, 1.0, face.width, 0.0)
