"""Sheet options (paper, margins, bleed, duplex, …) parsed once, and the card grid that fits a sheet.

All lengths are mm. Page coordinates in this module have their origin at the page's top-left
corner with y growing downwards, like the SVG faces; the PDF stage converts to points once.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from pnp.core.errors import UsageError
from pnp.core.sleeves import preset_names, preset_size
from pnp.core.units import parse_length

DUPLEX_MODES = ("long-edge", "short-edge", "none")
ORIENTATIONS = ("auto", "portrait", "landscape")
MAX_BLEED = 10.0  # mm: a spec's faces have at most this much bleed, so no sheet prints more
MARK_GAP = 1.0  # mm between a card's bleed edge and the start of its crop mark
MARK_MIN = 2.0  # shortest crop mark the grid leaves room for, mm
MARK_MAX = 5.0  # longest crop mark, mm
REGISTRATION_SIZE = 5.0  # mm: the registration squares for print-and-cut machines
EPSILON = 1e-6


@dataclass(frozen=True)
class Paper:
    """A paper size, named, with width ≤ height (portrait)."""

    name: str  # "a4", "letter", or e.g. "200x300mm" for a custom size
    width: float
    height: float

    @property
    def title(self) -> str:
        """The name as people write it: 'A4', 'Letter', '200x300mm'."""
        if self.name in ("a3", "a4", "a5"):
            return self.name.upper()
        return self.name.capitalize() if self.name.isalpha() else self.name

    def oriented(self, orientation: str) -> tuple[float, float]:
        if orientation == "landscape":
            return self.height, self.width
        return self.width, self.height


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
    "a3": Paper("a3", 297.0, 420.0),
    "a5": Paper("a5", 148.0, 210.0),
    "legal": Paper("legal", 215.9, 355.6),
    "tabloid": Paper("tabloid", 279.4, 431.8),
}
A4 = PAPERS["a4"]
LETTER = PAPERS["letter"]
_CUSTOM = re.compile(r"^\s*([0-9.]+\s*[a-z]*)\s*[x×]\s*([0-9.]+\s*[a-z]*)\s*$", re.IGNORECASE)


def parse_paper(text: str) -> Paper:
    """'a4', 'Letter', '200x300mm', '8.5x11in' or '210mm x 297mm' → Paper (portrait)."""
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    if not _CUSTOM.match(key):
        known = ", ".join(PAPERS)
        raise UsageError(f"Unknown paper {text!r}: give one of {known}, or a size such as '200x300mm'.")
    width, height = sorted(_two_lengths("paper size", key))
    _within(
        "paper size", text, (width, height), 50.0, 5080.0, _inches_hint(key, 50.0, 5080.0)
    )  # 5,080 mm: a PDF's largest page
    return Paper(f"{_num(width)}x{_num(height)}mm", width, height)


def _within(what: str, text: str, values: tuple[float, ...], low: float, high: float, hint: str = "") -> None:
    """Each value's size must lie in [low, high] mm (a signed offset: low is 0)."""
    if not all(low <= abs(v) <= high for v in values):
        wanted = f"at most {_num(high)} mm either way" if low == 0 else f"{_num(low)} to {_num(high)} mm"
        raise UsageError(f"The {what} {text!r} is out of range: give {wanted}.{hint}")


def _inches_hint(text: str, low: float, high: float) -> str:
    """' Did you mean '8.5x11in'?' when a size without a unit (read as mm) fits once read as inches."""
    match = _CUSTOM.match(text)
    if not match or re.search(r"[a-z]", match.group(1) + match.group(2)):
        return ""
    try:
        inches = [float(match.group(i)) * 25.4 for i in (1, 2)]
    except ValueError:
        return ""
    if all(low <= v <= high for v in inches):
        return f" Did you mean '{match.group(1).strip()}x{match.group(2).strip()}in'?"
    return ""


def _two_lengths(what: str, text: str) -> tuple[float, float]:
    """'200x300mm', '8.5x11in', '210mm x 297mm' → two positive lengths in mm."""
    match = _CUSTOM.match(text.strip().lower())
    if not match:
        raise UsageError(f"The {what} {text!r} is not two lengths such as '63.5x88mm'.")
    first, second = match.group(1).replace(" ", ""), match.group(2).replace(" ", "")
    unit = re.sub(r"[0-9.]", "", second) or re.sub(r"[0-9.]", "", first) or "mm"
    a = _length(what, first if re.search(r"[a-z]", first) else first + unit)
    b = _length(what, second if re.search(r"[a-z]", second) else second + unit)
    if a <= 0 or b <= 0:
        raise UsageError(f"The {what} {text!r} must be two positive lengths.")
    return a, b


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class SheetSpec:
    """How cards go onto paper. Build it with `SheetSpec.from_options` from command-line strings."""

    paper: Paper = A4
    orientation: str = "auto"  # auto: whichever fits the most cards (portrait on a tie)
    margin: float = 5.0  # nothing is printed closer than this to the paper's edge
    gutter: float | None = None  # space between neighbouring cards; None: twice the bleed
    bleed: float = 0.0  # background printed past each card's trim
    crop_marks: bool = True
    cut_lines: bool = False  # dashed outlines along every trim
    label: bool = True  # game, page and side in the margin
    duplex: str = "long-edge"  # which paper edge the sheet turns over: long-edge, short-edge, none
    back_offset: tuple[float, float] = (0.0, 0.0)  # (dx right, dy down) mm, applied to backs only
    gutter_fold: bool = False  # fronts and backs side by side on one page, fold between them
    card_size: tuple[float, float] | None = None  # scale faces so the game's card has this trim
    registration_marks: bool = False  # print-and-cut marks matching the cut-line SVG
    image_dpi: float = 300.0  # pictures are downsampled to this at their printed size

    def __post_init__(self):
        problems = []
        if self.orientation not in ORIENTATIONS:
            problems.append(f"orientation must be one of {', '.join(ORIENTATIONS)}, not {self.orientation!r}")
        if self.duplex not in DUPLEX_MODES:
            problems.append(f"duplex must be one of {', '.join(DUPLEX_MODES)}, not {self.duplex!r}")
        for name in ("margin", "bleed"):
            if getattr(self, name) < 0:
                problems.append(f"{name} must not be negative")
        if self.gutter is not None and self.gutter < 0:
            problems.append("gutter must not be negative")
        if self.gutter is not None and self.gutter + EPSILON < 2 * self.bleed:
            problems.append(
                f"a gutter of {_num(self.gutter)} mm is less than twice the bleed ({_num(self.bleed)} mm), "
                f"so neighbouring cards would overlap; give --gutter {_num(2 * self.bleed)}mm or more"
            )
        if self.card_size is not None and min(self.card_size) <= 0:
            problems.append("card size must be positive")
        if self.gutter_fold and self.duplex != "none":
            problems.append("gutter-fold sheets are printed on one side: use duplex 'none' with gutter-fold")
        if problems:
            raise UsageError("Sheet options: " + "; ".join(problems) + ".")

    @property
    def spacing(self) -> float:
        """The gutter actually used between cards."""
        return 2 * self.bleed if self.gutter is None else self.gutter

    @property
    def mark_reserve(self) -> float:
        """Room kept between the card grid's trim and the margin (or the fold) on every side."""
        return self.bleed + (MARK_GAP + MARK_MIN if self.crop_marks else 0.0)

    @property
    def edge(self) -> float:
        """Distance from the paper edge within which no card, mark or label is printed."""
        extra = REGISTRATION_SIZE + MARK_GAP if self.registration_marks else 0.0
        return self.margin + extra

    @property
    def name(self) -> str:
        """The paper and the fold: 'a4', 'letter-fold' (file names carry every option: pnp/sheets/names.py)."""
        return self.paper.name + ("-fold" if self.gutter_fold else "")

    def with_orientation(self, orientation: str) -> SheetSpec:
        return replace(self, orientation=orientation)

    @classmethod
    def from_options(
        cls,
        paper: str = "a4",
        orientation: str = "auto",
        margin: str = "5mm",
        gutter: str | None = None,
        bleed: str = "0mm",
        crop_marks: bool = True,
        cut_lines: bool = False,
        label: bool = True,
        duplex: str | None = None,
        back_offset: str = "0,0",
        gutter_fold: bool = False,
        card_size: str | None = None,
        registration_marks: bool = False,
        image_dpi: str = "300",
    ) -> SheetSpec:
        """Parse command-line strings once (lengths such as '3mm', '0.125in'; a bare number is mm)."""
        return cls(
            paper=parse_paper(paper),
            orientation=orientation.strip().lower(),
            margin=_length("margin", margin),
            gutter=None if gutter in (None, "") else _length("gutter", gutter),
            bleed=_bleed(bleed),
            crop_marks=crop_marks,
            cut_lines=cut_lines,
            label=label,
            duplex=(duplex or ("none" if gutter_fold else "long-edge")).strip().lower(),
            back_offset=_pair("back offset", back_offset),
            gutter_fold=gutter_fold,
            card_size=None if not card_size else _size(card_size),
            registration_marks=registration_marks,
            image_dpi=_dpi(image_dpi),
        )


def _dpi(text: str) -> float:
    """--image-dpi: 72 to 1200."""
    try:
        value = float(str(text).strip().lower().removesuffix("dpi"))
    except ValueError:
        raise UsageError(f"The image resolution {text!r} is not a number: give dots per inch, such as 300.") from None
    if not 72 <= value <= 1200:  # NaN fails this too
        raise UsageError(f"The image resolution {text!r} is out of range: give 72 to 1200 dpi.")
    return value


def _length(what: str, text: str) -> float:
    if isinstance(text, str) and re.fullmatch(r"\s*-?[0-9]+(\.[0-9]+)?\s*", text):
        text = text.strip() + "mm"  # a bare number is millimetres
    try:
        return parse_length(text)
    except ValueError as exc:
        raise UsageError(f"The {what} is not a length: {exc}.") from None


def _bleed(text: str) -> float:
    """--bleed: at most MAX_BLEED mm, the most bleed a spec's face may have (pnp/pipeline/semantics.py)."""
    bleed = _length("bleed", text)
    if bleed > MAX_BLEED:
        raise UsageError(f"The bleed {text!r} is out of range: give 0 to {_num(MAX_BLEED)} mm, a face's largest bleed.")
    return bleed


def parse_back_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' → (1.5, -0.5): a back offset as --back-offset and the printer profile give it."""
    return _pair("back offset", text)


def _pair(what: str, text: str) -> tuple[float, float]:
    """'1.5,-0.5' or '1.5mm,-0.5mm' → (1.5, -0.5); printers misregister by millimetres, so at most 25 mm."""
    parts = [p for p in re.split(r"[,;]", text.strip()) if p.strip()]
    if len(parts) != 2:
        raise UsageError(f"The {what} needs two lengths, dx,dy (for example '1.5,-0.5' in mm), not {text!r}.")
    pair = _length(what, parts[0]), _length(what, parts[1])
    _within(what, text, pair, 0.0, 25.0)
    return pair


def _size(text: str) -> tuple[float, float]:
    """'63.5x88mm', '2.5x3.5in', '70mm' (a square) or a named size such as 'square-70' or
    'poker' (pnp/core/sleeves.py) → (width, height)."""
    named = preset_size(text)
    if named is not None:
        return named
    if re.fullmatch(r"\s*[a-z][a-z0-9.\-]*\s*", text, re.IGNORECASE):
        raise UsageError(
            f"The card size {text!r} is not a length or a known size: "
            f"give e.g. 63.5mm, 2.5x3.5in or one of {preset_names()}."
        )
    if re.fullmatch(r"\s*[0-9.]+\s*[a-z]*\s*", text, re.IGNORECASE):
        side = _length("card size", text)
        size = side, side
    else:
        size = _two_lengths("card size", text)
    _within("card size", text, size, 10.0, 300.0, _inches_hint(text.strip().lower(), 10.0, 300.0))  # a spec's limits
    return size


@dataclass(frozen=True)
class Grid:
    """Equal cells in rows and columns on one (oriented) page, plus the fold for gutter-fold."""

    page: tuple[float, float]  # (width, height) as laid out, mm
    orientation: str  # "portrait" | "landscape"
    cols: int
    rows: int
    cell: tuple[float, float]  # trim size of one cell, mm
    gutter: float
    origin: tuple[float, float]  # top-left trim corner of cell (0, 0), mm from the page's top-left
    fold: tuple[str, float] | None = None  # ("vertical", x) or ("horizontal", y) for gutter-fold

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    def cell_origin(self, index: int) -> tuple[float, float]:
        """Top-left trim corner of the cell at `index`, filling rows left to right, top to bottom."""
        row, col = divmod(index, self.cols)
        return (
            self.origin[0] + col * (self.cell[0] + self.gutter),
            self.origin[1] + row * (self.cell[1] + self.gutter),
        )

    def mirror(self, flip: str) -> tuple[float, float, float, float, float, float]:
        """The page-to-page affine map (a, b, c, d, e, f) that puts a back behind its front.

        `flip` is "columns" (the sheet turns about a vertical line) or "rows" (about a horizontal
        one); on gutter-fold pages the line is the fold, otherwise the page's centre line.
        """
        width, height = self.page
        if self.fold is not None:
            axis, at = self.fold
            return (-1, 0, 0, 1, 2 * at, 0) if axis == "vertical" else (1, 0, 0, -1, 0, 2 * at)
        return (-1, 0, 0, 1, width, 0) if flip == "columns" else (1, 0, 0, -1, 0, height)


def _count(length: float, cell: float, gutter: float) -> int:
    if length + EPSILON < cell:
        return 0
    return math.floor((length + gutter) / (cell + gutter) + EPSILON)


def _span(n: int, cell: float, gutter: float) -> float:
    return n * cell + (n - 1) * gutter


def fit_grid(spec: SheetSpec, cell: tuple[float, float], orientation: str, fold: str | None = None) -> Grid:
    """The largest grid of `cell`-sized trims on the page in one orientation (may hold 0 cells).

    For gutter-fold sheets `fold` ("vertical" or "horizontal") is the fold line through the page's
    centre; the fronts fill the left (or top) half and the backs mirror them across the fold.
    """
    page_w, page_h = spec.paper.oriented(orientation)
    keep, reserve, gutter = spec.edge + spec.mark_reserve, spec.mark_reserve, spec.spacing
    if fold is None:
        cols = _count(page_w - 2 * keep, cell[0], gutter)
        rows = _count(page_h - 2 * keep, cell[1], gutter)
        origin = ((page_w - _span(cols, cell[0], gutter)) / 2, (page_h - _span(rows, cell[1], gutter)) / 2)
        return Grid((page_w, page_h), orientation, cols, rows, cell, gutter, origin)
    if fold == "vertical":
        cols = _count(page_w / 2 - keep - reserve, cell[0], gutter)
        rows = _count(page_h - 2 * keep, cell[1], gutter)
        origin = (page_w / 2 - reserve - _span(cols, cell[0], gutter), (page_h - _span(rows, cell[1], gutter)) / 2)
        return Grid((page_w, page_h), orientation, cols, rows, cell, gutter, origin, ("vertical", page_w / 2))
    cols = _count(page_w - 2 * keep, cell[0], gutter)
    rows = _count(page_h / 2 - keep - reserve, cell[1], gutter)
    origin = ((page_w - _span(cols, cell[0], gutter)) / 2, page_h / 2 - reserve - _span(rows, cell[1], gutter))
    return Grid((page_w, page_h), orientation, cols, rows, cell, gutter, origin, ("horizontal", page_h / 2))


def candidate_orientations(spec: SheetSpec) -> tuple[str, ...]:
    return ("portrait", "landscape") if spec.orientation == "auto" else (spec.orientation,)


def best_grid(spec: SheetSpec, cell: tuple[float, float]) -> Grid:
    """The grid holding the most cells over the allowed orientations (portrait wins a tie)."""
    folds = ("vertical", "horizontal") if spec.gutter_fold else (None,)
    grids = [fit_grid(spec, cell, o, f) for o in candidate_orientations(spec) for f in folds]
    best = max(grids, key=lambda g: g.capacity)
    if best.capacity == 0:
        raise UsageError(
            f"A {_num(cell[0])} × {_num(cell[1])} mm card does not fit on {spec.paper.name} paper "
            f"with {_num(spec.margin)} mm margins and {_num(spec.bleed)} mm bleed; choose larger paper, "
            "smaller margins or a smaller card size."
        )
    return best
