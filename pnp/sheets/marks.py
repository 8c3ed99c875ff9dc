"""What is drawn around the faces, as geometry in page mm (y down): crop marks, cut outlines,
registration marks and where the sheet label goes. Shared by the PDF sheets and the cut files."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.sheets.placement import Page, Placement, apply
from pnp.sheets.spec import EPSILON, MARK_GAP, MARK_MAX, REGISTRATION_SIZE, SheetSpec

Segment = tuple[tuple[float, float], tuple[float, float]]
LABEL_MIN_BAND = 3.5  # mm of free margin needed for the label at its normal size


@dataclass(frozen=True)
class Outline:
    """The trim of one piece on the page: a closed polygon or a circle (page mm)."""

    card: str
    shape: str  # "polygon" | "circle"
    points: tuple[tuple[float, float], ...] = ()
    centre: tuple[float, float] = (0.0, 0.0)
    radius: float = 0.0


@dataclass(frozen=True)
class LabelSpot:
    """Where the sheet label goes: its centre, whether it reads upwards (90°), and its room."""

    centre: tuple[float, float]
    rotated: bool
    length: float  # the longest the text may be, mm
    band: float  # the free band's thickness, mm


def outline(placement: Placement) -> Outline:
    """The piece's trim outline on the page, following the face conventions in sheetplan."""
    face, t = placement.face, placement.transform
    w, h = face.width, face.height
    if face.shape == "circle":
        centre = apply(t, w / 2, h / 2)
        scale = math.hypot(t[0], t[1])
        return Outline(placement.card, "circle", centre=centre, radius=w / 2 * scale)
    corners = [(w / 2, 0.0), (w, h), (0.0, h)] if face.shape == "triangle" else [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    return Outline(placement.card, "polygon", points=tuple(apply(t, x, y) for x, y in corners))


def outlines(page: Page, side: str = "front") -> list[Outline]:
    return [outline(p) for p in page.placements if p.side == side]


def _bounds(items: list[Outline]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for item in items:
        if item.shape == "circle":
            xs += [item.centre[0] - item.radius, item.centre[0] + item.radius]
            ys += [item.centre[1] - item.radius, item.centre[1] + item.radius]
        else:
            xs += [p[0] for p in item.points]
            ys += [p[1] for p in item.points]
    return min(xs), min(ys), max(xs), max(ys)


def _unique(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > EPSILON:
            out.append(v)
    return out


def crop_marks(spec: SheetSpec, page: Page) -> list[Segment]:
    """Short lines continuing every trim line of the front cells, outside the grid only."""
    if not spec.crop_marks or page.side == "back":
        return []
    cw, ch = page.grid.cell
    xs = _unique([x for x, _ in page.cells] + [x + cw for x, _ in page.cells])
    ys = _unique([y for _, y in page.cells] + [y + ch for _, y in page.cells])
    left, top, right, bottom = xs[0], ys[0], xs[-1], ys[-1]
    lim_left, lim_top, lim_right, lim_bottom = _limits(spec, page)
    start = spec.bleed + MARK_GAP
    marks: list[Segment] = []
    for x in xs:
        marks.append(((x, top - start), (x, max(top - start - MARK_MAX, lim_top))))
        marks.append(((x, bottom + start), (x, min(bottom + start + MARK_MAX, lim_bottom))))
    for y in ys:
        marks.append(((left - start, y), (max(left - start - MARK_MAX, lim_left), y)))
        marks.append(((right + start, y), (min(right + start + MARK_MAX, lim_right), y)))
    return marks


def _limits(spec: SheetSpec, page: Page) -> tuple[float, float, float, float]:
    """How far marks may reach on each side: the margin, or the fold on a gutter-fold page."""
    width, height = page.grid.page
    left, top, right, bottom = spec.edge, spec.edge, width - spec.edge, height - spec.edge
    if page.grid.fold is not None:
        axis, at = page.grid.fold
        if axis == "vertical":
            right = at
        else:
            bottom = at
    return left, top, right, bottom


def registration_marks(spec: SheetSpec, page_size: tuple[float, float]) -> list[tuple[str, tuple]]:
    """Print-and-cut marks inside the margin: a filled square top-left, corner brackets
    top-right and bottom-left (the layout Silhouette and Cricut-style cutters look for)."""
    if not spec.registration_marks:
        return []
    width, height = page_size
    m, s = spec.margin, REGISTRATION_SIZE
    return [
        ("square", (m, m, s)),
        ("corner", ((width - m - s, m), (width - m, m), (width - m, m + s))),
        ("corner", ((m, height - m - s), (m, height - m), (m + s, height - m))),
    ]


def label_spot(spec: SheetSpec, page: Page) -> LabelSpot | None:
    """The free margin band for the label: below the cards if there is room, else above,
    else beside them (reading upwards); None when no band is wide enough."""
    side = "back" if page.side == "back" else "front"
    items = outlines(page, side) if page.side != "fold" else outlines(page, "front") + outlines(page, "back")
    left, top, right, bottom = _bounds(items)
    reach = spec.bleed + (MARK_GAP + MARK_MAX if spec.crop_marks and side == "front" else 0.0)
    width, height = page.grid.page
    e = spec.edge
    bands = {
        "bottom": (height - e) - (bottom + reach),
        "top": (top - reach) - e,
        "left": (left - reach) - e,
        "right": (width - e) - (right + reach),
    }
    for name in ("bottom", "top", "left", "right"):
        if bands[name] >= LABEL_MIN_BAND:
            return _spot(name, bands[name], (left, top, right, bottom), reach, page.grid.page, e)
    return None


def _spot(name: str, band: float, box: tuple, reach: float, page_size: tuple, e: float) -> LabelSpot:
    """The label sits along the outer edge of its band, just inside the margin."""
    left, top, right, bottom = box
    width, height = page_size
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    inset = e + LABEL_MIN_BAND / 2
    if name == "bottom":
        return LabelSpot((mid_x, height - inset), False, width - 2 * e, band)
    if name == "top":
        return LabelSpot((mid_x, inset), False, width - 2 * e, band)
    if name == "left":
        return LabelSpot((inset, mid_y), True, height - 2 * e, band)
    return LabelSpot((width - inset, mid_y), True, height - 2 * e, band)
