"""The SVG primitives both games' art generators write (art-source/<game>/), on pnp.svg.writer.

Only the subset pnp/face/art.py accepts: flat '#rrggbb' fills and solid strokes; no opacity,
gradients, text, <use> or nested <svg>. Each primitive is an svgwrite element (pnp.svg.writer.Element);
`document` writes the file, with the project's one escaping. Coordinates have at most two decimals
(`f`, the writer's number format at two places), so the same geometry always gives the same bytes
(the tests regenerate the art and compare).
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import pnp  # noqa: F401  (installed, or already on the path)
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: pnp.svg.writer

from pnp.svg.writer import SVG_NS, Element, element, num, tostring
from pnp.svg.writer import document as _document
from pnp.svg.writer import points as _points
from pnp.svg.writer import title as _title


def f(value: float) -> str:
    """A coordinate with at most two decimals."""
    return num(value, 2)


def pts(points) -> str:
    return _points(points, 2)


def _paint(fill: str | None, stroke: str | None, width: float | None, extra: dict) -> dict:
    paint: dict = {"fill": fill or "none"}
    if stroke:
        paint.update(stroke=stroke, stroke_width=f(width or 0.3))
    paint.update(extra)
    return paint


def path(d: str, fill: str | None, stroke: str | None = None, width: float | None = None, **extra) -> Element:
    return element("path", d=d, **_paint(fill, stroke, width, extra))


def circle(cx, cy, r, fill, stroke=None, width=None, **extra) -> Element:
    return element("circle", cx=f(cx), cy=f(cy), r=f(r), **_paint(fill, stroke, width, extra))


def ellipse(cx, cy, rx, ry, fill, stroke=None, width=None, **extra) -> Element:
    return element("ellipse", cx=f(cx), cy=f(cy), rx=f(rx), ry=f(ry), **_paint(fill, stroke, width, extra))


def rect(x, y, w, h, fill, stroke=None, width=None, r: float = 0, **extra) -> Element:
    radius = f(r) if r else None
    return element(
        "rect", x=f(x), y=f(y), width=f(w), height=f(h), rx=radius, ry=radius, **_paint(fill, stroke, width, extra)
    )


def polygon(points, fill, stroke=None, width=None, **extra) -> Element:
    return element("polygon", points=pts(points), **_paint(fill, stroke, width, extra))


def polyline(points, stroke, width, **extra) -> Element:
    return element("polyline", points=pts(points), **_paint(None, stroke, width, extra))


def line(x1, y1, x2, y2, stroke, width, **extra) -> Element:
    return element("line", x1=f(x1), y1=f(y1), x2=f(x2), y2=f(y2), **_paint(None, stroke, width, extra))


def group(children, clip: str | None = None, transform: str | None = None) -> Element:
    return element("g", *children, clip_path=f"url(#{clip})" if clip else None, transform=transform)


def clip_shape(clip_id: str, shape: Element) -> Element:
    """A <clipPath> of one shape, in user space."""
    return element("clipPath", shape, id=clip_id, clipPathUnits="userSpaceOnUse")


def clip_polygon(clip_id: str, points) -> Element:
    return clip_shape(clip_id, element("polygon", points=pts(points)))


def document(viewbox, body, defs=(), title: str = "") -> str:
    """The art file: <svg viewBox>, its <title>, the <defs> and one body element a line."""
    heading = title
    root = element("svg", xmlns=SVG_NS, viewBox=" ".join(f(v) for v in viewbox))
    lines = [tostring(_title(heading))] if heading else []
    if defs:
        lines.append(tostring(element("defs", *defs)))
    return _document(root, lines + [tostring(part) for part in body])
