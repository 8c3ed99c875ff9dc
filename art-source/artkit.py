"""The SVG primitives both games' art generators write (templates/*/art-source/).

Only the subset pnp/art.py accepts: flat '#rrggbb' fills and solid strokes; no opacity, gradients,
text, <use> or nested <svg>. Numbers have at most two decimals, so the same geometry always gives
the same bytes (the tests regenerate the art and compare).
"""

from __future__ import annotations


def f(value: float) -> str:
    """A coordinate with at most two decimals."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pts(points) -> str:
    return " ".join(f"{f(x)},{f(y)}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: float | None, extra: dict) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{f(width or 0.3)}"'
    for key, value in extra.items():
        out += f' {key.replace("_", "-")}="{value}"'
    return out


def path(d: str, fill: str | None, stroke: str | None = None, width: float | None = None, **extra) -> str:
    return f'<path d="{d}"{_paint(fill, stroke, width, extra)}/>'


def circle(cx, cy, r, fill, stroke=None, width=None, **extra) -> str:
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}"{_paint(fill, stroke, width, extra)}/>'


def ellipse(cx, cy, rx, ry, fill, stroke=None, width=None, **extra) -> str:
    return f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}"{_paint(fill, stroke, width, extra)}/>'


def rect(x, y, w, h, fill, stroke=None, width=None, r: float = 0, **extra) -> str:
    radius = f' rx="{f(r)}" ry="{f(r)}"' if r else ""
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}"{radius}{_paint(fill, stroke, width, extra)}/>'


def polygon(points, fill, stroke=None, width=None, **extra) -> str:
    return f'<polygon points="{pts(points)}"{_paint(fill, stroke, width, extra)}/>'


def polyline(points, stroke, width, **extra) -> str:
    return f'<polyline points="{pts(points)}"{_paint(None, stroke, width, extra)}/>'


def line(x1, y1, x2, y2, stroke, width, **extra) -> str:
    return f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}"{_paint(None, stroke, width, extra)}/>'


def group(children, clip: str | None = None, transform: str | None = None) -> str:
    attrs = (f' clip-path="url(#{clip})"' if clip else "") + (f' transform="{transform}"' if transform else "")
    return f"<g{attrs}>" + "".join(children) + "</g>"


def clip_polygon(clip_id: str, points) -> str:
    return f'<clipPath id="{clip_id}" clipPathUnits="userSpaceOnUse"><polygon points="{pts(points)}"/></clipPath>'


def document(viewbox, body, defs=(), title: str = "") -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{" ".join(f(v) for v in viewbox)}">\n'
    if title:
        head += f"<title>{title}</title>\n"
    if defs:
        head += "<defs>" + "".join(defs) + "</defs>\n"
    return head + "\n".join(body) + "\n</svg>\n"
