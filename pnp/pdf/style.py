"""SVG presentation attributes as the painter uses them: defaults, inheritance, parsed values.

`parse_property(name, text)` turns one attribute of our subset into the value pdfpaint emits
(colours as PDF "r g b", caps and joins as PDF codes, dashes as tuples) or raises ValueError with a
sentence fragment. SVG's defaults are in ROOT_STYLE (note SVG's miter limit 4, PDF's is 10).
"""

from __future__ import annotations

import math
from typing import Any

from pnp.core.svgsubset import INHERITED, SHAPES
from pnp.pdf.path import fmt, rect_ops

Style = dict[str, Any]

NS = "{http://www.w3.org/2000/svg}"
_COMMON = INHERITED | {"id", "transform"}
_ALLOWED = {
    "svg": (INHERITED | {"id", "version", "width", "height", "viewBox"}),
    "g": _COMMON | {"clip-path"},
    "defs": _COMMON,
    "clipPath": _COMMON | {"clipPathUnits"},
    "title": set(),
    "desc": set(),
    **{tag: _COMMON | {"clip-path"} | geometry for tag, geometry in SHAPES.items()},
    "image": {"id", "transform", "clip-path", "x", "y", "width", "height", "preserveAspectRatio", "href"},
}
ALLOWED_NS = {NS + tag: frozenset(attrs) for tag, attrs in _ALLOWED.items()}
_CAPS = {"butt": "0", "round": "1", "square": "2"}
_JOINS = {"miter": "0", "round": "1", "bevel": "2"}
_RULES = ("nonzero", "evenodd")
ROOT_STYLE: Style = {
    "fill": "0 0 0",
    "stroke": None,
    "stroke-width": 1.0,
    "stroke-linecap": "0",
    "stroke-linejoin": "0",
    "stroke-miterlimit": 4.0,
    "stroke-dasharray": None,
    "fill-rule": "nonzero",
    "clip-rule": "nonzero",
}
STROKE_STATE = ("stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray")


def rect_geometry(x: float, y: float, w: float, h: float, rx_text: str | None, ry_text: str | None) -> str:
    """A <rect>'s operators with SVG's radius rules (one radius given: both; clamped to half a side)."""
    if w < 0 or h < 0:
        raise ValueError("a negative width or height is an error in SVG")
    if w == 0 or h == 0:
        return ""
    rx = length(rx_text, "rx") if rx_text is not None else None
    ry = length(ry_text, "ry") if ry_text is not None else None
    if (rx is not None and rx < 0) or (ry is not None and ry < 0):
        raise ValueError("a negative corner radius is an error in SVG")
    rx = ry if rx is None else rx
    ry = rx if ry is None else ry
    return rect_ops(x, y, w, h, min(rx or 0.0, w / 2), min(ry or 0.0, h / 2))


def length(text: str | None, name: str) -> float:
    """A plain number in user units; SVG's default 0 when absent."""
    if text is None:
        return 0.0
    value = float_or_none(text)
    if value is None:
        raise ValueError(f"{name}={text!r} must be a plain number in user units")
    return value


def float_or_none(text: str) -> float | None:
    """A finite number, or None ("nan", "inf", "2mm" and the like)."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


_COLOURS: dict[str, str | None] = {"none": None}


def _colour(text: str) -> str | None:
    """'#rrggbb' or '#rgb' as PDF "r g b" (0–1), 'none' as None."""
    found = _COLOURS.get(text)
    if found is not None or text in _COLOURS:
        return found
    digits = text[1:] if text.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    try:
        if len(digits) != 6:
            raise ValueError
        rgb = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        raise ValueError("colours must be '#rrggbb', '#rgb' or 'none'") from None
    _COLOURS[text] = " ".join(fmt(round(v, 4)) for v in rgb)
    return _COLOURS[text]


def parse_property(name: str, text: str) -> Any:
    """A presentation attribute's value in the form the painter uses (ValueError if invalid)."""
    if name in ("fill", "stroke"):
        return _colour(text)
    if name in ("stroke-width", "stroke-miterlimit"):
        value = length(text, name)
        if value < (1 if name == "stroke-miterlimit" else 0):
            raise ValueError("must be at least 1" if name == "stroke-miterlimit" else "must not be negative")
        return value
    if name == "stroke-linecap":
        return _keyword(text, _CAPS)
    if name == "stroke-linejoin":
        return _keyword(text, _JOINS)
    if name in ("fill-rule", "clip-rule"):
        if text not in _RULES:
            raise ValueError("must be 'nonzero' or 'evenodd'")
        return text
    return _dashes(text)


def _keyword(text: str, table: dict[str, str]) -> str:
    if text not in table:
        raise ValueError(f"must be one of {', '.join(table)}")
    return table[text]


def _dashes(text: str) -> tuple[float, ...] | None:
    if text == "none":
        return None
    values = tuple(length(v, "stroke-dasharray") for v in text.replace(",", " ").split())
    if not values or any(v < 0 for v in values):
        raise ValueError("must be 'none' or non-negative numbers")
    if sum(values) == 0:
        return None  # all zero: SVG draws a solid line
    return values * 2 if len(values) % 2 else values
