"""Text by the project: the bundled Atkinson Hyperlegible, measured and outlined (pnp/face/textset.py
wraps and fits it into boxes).

Everything is measured with the font's own metrics (advance widths plus its GPOS pair kerning) and
written as vector outlines, so a face looks the same in a browser, in the PDF and in a PNG without
any font being installed or registered. Sizes here are in mm (the em size); callers convert from pt.

Outlines: `line_outline(text, style, q)` returns one SVG path `d` for a whole line in steps of q font
units (y up, origin on the baseline at the left edge), q from `outline_quantum(size)`. Place it with
`transform="translate(x y) scale(k -k)"` where `k = size_mm * q / units_per_em`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import fontpkg_atkinson_hyperlegible as _fontpkg

from pnp.core.errors import PnpError
from pnp.face.fontdata import font_data, font_outlines

FAMILY = "Atkinson Hyperlegible"
STYLES = ("regular", "bold", "italic", "bold-italic")
_FILES = {
    "regular": "AtkinsonHyperlegible-Regular.ttf",
    "bold": "AtkinsonHyperlegible-Bold.ttf",
    "italic": "AtkinsonHyperlegible-Italic.ttf",
    "bold-italic": "AtkinsonHyperlegible-BoldItalic.ttf",
}
PT = 25.4 / 72.0  # mm per point


class TextError(PnpError):
    """Text that cannot be set: a character the font lacks, or text that does not fit its box."""


def font_path(style: str) -> Path:
    """The bundled TTF file of a style (never a system font)."""
    if style not in _FILES:
        raise TextError(f"unknown font style {style!r}: use one of {', '.join(STYLES)}.")
    return Path(_fontpkg.__file__).resolve().parent / "files" / _FILES[style]


@dataclass(frozen=True)
class Glyph:
    """One glyph's advance and outline as relative SVG commands (see `line_outline`)."""

    name: str
    advance: int
    first: tuple[int, int] | None  # first on-curve point, relative to the glyph origin
    body: str  # the outline after its first moveto, all relative commands
    last_start: tuple[int, int] | None  # start of the last contour: the point after its `z`


@dataclass(frozen=True)
class Metrics:
    units_per_em: int
    ascender: int
    descender: int  # negative
    cap_height: int
    x_height: int
    underline_position: int  # top of the underline, below the baseline when negative
    underline_thickness: int


class _Font:
    """A loaded style: cmap, metrics and pair kerning (pnp/face/fontdata.py, shipped as JSON), and
    its outlines, read when the first is drawn. One per style (cached)."""

    def __init__(self, style: str):
        self.style = style
        data = font_data(font_path(style))
        self.cmap = data.cmap
        self.advances = data.advances
        self.metrics = Metrics(**data.metrics)
        self.pairs = data.pairs
        self.classes = data.classes
        self._pen_calls: Mapping[str, list] | None = None

    def draw(self, name: str, pen: _RelativePen) -> None:
        """Draw glyph `name` into `pen`: the pen calls fontTools makes drawing it from the TTF
        (components decomposed), replayed from pnp/face/fontdata."""
        if self._pen_calls is None:
            self._pen_calls = font_outlines(font_path(self.style))
        for method, points in self._pen_calls[name]:
            getattr(pen, method)(*(None if pt is None else tuple(pt) for pt in points))


@cache
def _font(style: str) -> _Font:
    return _Font(style)


def metrics(style: str = "regular") -> Metrics:
    return _font(style).metrics


def missing_characters(text: str, style: str) -> tuple[str, ...]:
    cmap = _font(style).cmap
    return tuple(sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n"}))


def check_text(text: str, style: str, where: str = "") -> None:
    """Raise TextError naming every character of `text` the bundled font cannot draw."""
    missing = missing_characters(text, style)
    if missing:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        prefix = f"{where}: " if where else ""
        raise TextError(f"{prefix}the font {FAMILY} ({style}) has no glyph for {shown}; remove or replace it.")


@cache
def glyph(style: str, char: str, quantum: int = 1) -> Glyph:
    """The outline and advance of one character (cached: faces are rendered by the hundreds).

    Outline coordinates are in units of `quantum` font units (see `outline_quantum`)."""
    name, advance = _measure(style, char)
    pen = _RelativePen(quantum)
    _font(style).draw(name, pen)
    return Glyph(name, advance, pen.first, "".join(pen.parts), pen.last_start)


@cache
def _measure(style: str, char: str) -> tuple[str, int]:
    """A character's glyph name and advance, from the measures alone: measuring text draws no
    outline (fontTools drawing the outlines of every character measured cost each process that
    lays out text ~0.1 s, most of them for characters only measured, at sizes never drawn)."""
    font = _font(style)
    name = font.cmap.get(ord(char))
    if name is None:
        check_text(char, style)  # names the character
        raise TextError(f"the font {FAMILY} ({style}) has no glyph for {char!r}.")  # a line break
    return name, font.advances[name]


@lru_cache(maxsize=65536)
def _kern(style: str, left: str, right: str) -> int:
    font = _font(style)
    if (left, right) in font.pairs:
        return font.pairs[(left, right)]
    for sub in font.classes:
        if left in sub.covered:
            return sub.values[sub.left.get(left, 0)][sub.right.get(right, 0)]
    return 0


@lru_cache(maxsize=65536)
def width_units(text: str, style: str) -> int:
    """Advance width of a line in font units, kerning included."""
    total = 0
    previous = None
    for ch in text:
        name, advance = _measure(style, ch)
        if previous is not None:
            total += _kern(style, previous, name)
        total += advance
        previous = name
    return total


def text_width(text: str, style: str, size: float) -> float:
    """Width in mm of a line set at `size` mm."""
    return width_units(text, style) * size / _font(style).metrics.units_per_em


def underline(line, size: float) -> tuple[float, float, float, float]:
    """The font's own underline under a set line (a textset.SetLine): (x, y, width, height) in mm,
    y down."""
    m = _font(line.style).metrics
    k = size / m.units_per_em
    return (
        line.x,
        line.y - m.underline_position * k,
        text_width(line.text, line.style, size),
        m.underline_thickness * k,
    )


def outline_quantum(size: float, style: str = "regular") -> int:
    """Font units per outline coordinate step for text `size` mm high: steps of at most 0.02 mm,
    which keeps small text compact and large text exact."""
    unit = size / _font(style).metrics.units_per_em
    return max(1, int(0.02 / unit))


@lru_cache(maxsize=4096)
def line_outline(text: str, style: str, quantum: int = 1) -> str:
    """One SVG path `d` for a whole line in steps of `quantum` font units, y up, origin on the
    baseline at the left. Place it with scale(k, -k), k = size_mm * quantum / units_per_em."""
    parts = []
    cursor = (0, 0)  # the current point of the path so far, in steps
    for origin, g in _placed(text, style, quantum):
        dx, dy = origin + g.first[0] - cursor[0], g.first[1] - cursor[1]
        parts.append(f"m{dx}{'' if dy < 0 else ' '}{dy}{g.body}")
        cursor = (origin + g.last_start[0], g.last_start[1])
    return "".join(parts)


@lru_cache(maxsize=4096)
def line_glyphs(text: str, style: str, quantum: int = 1) -> tuple[tuple[int, str], ...]:
    """The same line as `line_outline`, one (origin, d) per visible glyph: `d` is the glyph alone
    (the same string wherever it stands, so painters can reuse it) and `origin` its place along the
    baseline in steps; draw it translated by (origin, 0) inside the line's scale(k, -k)."""
    return tuple((origin, _glyph_outline(style, g)) for origin, g in _placed(text, style, quantum))


def _placed(text: str, style: str, quantum: int):
    """(origin in steps, Glyph) for each glyph of a line that draws something, kerning applied."""
    x = 0
    previous = None
    for ch in text:
        g = glyph(style, ch, quantum)
        if previous is not None:
            x += _kern(style, previous, g.name)
        if g.first is not None:
            yield round(x / quantum), g
        x += g.advance
        previous = g.name


@lru_cache(maxsize=4096)
def _glyph_outline(style: str, g: Glyph) -> str:
    if g.first is None:  # a blank glyph (a space) has no outline; _placed yields none of them
        return ""
    return f"m{g.first[0]}{'' if g.first[1] < 0 else ' '}{g.first[1]}{g.body}"


class _RelativePen:
    """Records an outline as compact relative SVG commands (points rounded to whole font units),
    so a glyph can be placed anywhere by one leading `m`. It takes the calls of fontTools' pen
    protocol that the shipped outlines hold (moveTo, lineTo, qCurveTo, curveTo, closePath) and
    splits a TrueType quadratic spline into single curves at the implied on-curve midpoints, as
    fontTools' BasePen does, so the outlines are the very same."""

    def __init__(self, quantum: int = 1):
        self.quantum = quantum
        self.parts: list[str] = []
        self.first: tuple[int, int] | None = None
        self.last_start: tuple[int, int] | None = None
        self._at = (0, 0)
        self._start = (0, 0)
        self._command = ""

    def moveTo(self, pt) -> None:
        self._moveTo(pt)

    def lineTo(self, pt) -> None:
        self._lineTo(pt)

    def qCurveTo(self, *points) -> None:
        """A TrueType spline: off-curve points, then the on-curve end (a contour of off-curve
        points only, ending in None, does not occur in the bundled font and is refused)."""
        if points[-1] is None:
            raise TextError("a glyph outline of off-curve points only cannot be drawn")
        for here, there in itertools.pairwise(points[:-1]):
            self._qCurveToOne(here, (0.5 * (here[0] + there[0]), 0.5 * (here[1] + there[1])))
        self._qCurveToOne(points[-2], points[-1])

    def curveTo(self, *points) -> None:
        if len(points) != 3:
            raise TextError("a glyph outline with a cubic spline of more than one curve cannot be drawn")
        self._curveToOne(*points)

    def closePath(self) -> None:
        self._closePath()

    def endPath(self) -> None:
        self._endPath()

    def _emit(self, command: str, *points) -> None:
        numbers = []
        for x, y in points:
            numbers += [x - self._at[0], y - self._at[1]]
        if command == "l" and numbers[1] == 0:
            command, numbers = "h", numbers[:1]
        elif command == "l" and numbers[0] == 0:
            command, numbers = "v", numbers[1:]
        text = "".join((" " if i and n >= 0 else "") + str(n) for i, n in enumerate(numbers))
        if command == self._command:
            text = ("" if text.startswith("-") else " ") + text
        else:
            text = command + text
        self.parts.append(text)
        self._command = command
        self._at = points[-1]

    def _round(self, pt) -> tuple[int, int]:
        return (round(pt[0] / self.quantum), round(pt[1] / self.quantum))

    def _moveTo(self, pt):
        pt = self._round(pt)
        if self.first is None:
            self.first = pt
        else:
            self.parts.append(
                "m" + " ".join(str(v) for v in (pt[0] - self._at[0], pt[1] - self._at[1])).replace(" -", "-")
            )
        self._command = ""  # the next command always names itself (after m, bare pairs mean l)
        self._at = self._start = self.last_start = pt

    def _lineTo(self, pt):
        self._emit("l", self._round(pt))

    def _qCurveToOne(self, pt1, pt2):
        self._emit("q", self._round(pt1), self._round(pt2))

    def _curveToOne(self, pt1, pt2, pt3):
        self._emit("c", self._round(pt1), self._round(pt2), self._round(pt3))

    def _closePath(self):
        self.parts.append("z")
        self._command = ""
        self._at = self._start

    _endPath = _closePath
