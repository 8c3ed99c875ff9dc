"""Small helpers that write the svglib-safe SVG subset the Ascent art uses (see docs/ascent-faces.md).

Only flat '#rrggbb' fills and solid strokes; no opacity, gradients, text, <use> or nested <svg>:
pnp/art.py refuses anything else. Numbers are written with at most two decimals so the files are
small and the same geometry always gives the same bytes.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]  # the project checkout
SPEC = ROOT / "card_specs" / "ascent.json"

CARD = 70.0  # trim side of a card, mm
BLEED = 3.0
DIAMOND = (CARD / 2 + BLEED) * math.sqrt(2)  # half-diagonal of the bleed square, seen as a diamond


def theme() -> tuple[dict, dict]:
    """(colours, terrain) from the bundled Ascent spec: the art uses the spec's palette."""
    data = json.loads(SPEC.read_text(encoding="utf-8"))["theme"]
    return dict(data["colours"]), {k: dict(v) for k, v in data["terrain"].items()}


def f(value: float) -> str:
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def mix(a: str, b: str, t: float) -> str:
    """The colour a fraction t of the way from a to b (flat tints instead of transparency)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def _paint(fill, stroke, width, extra) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{f(width or 0.3)}"'
    for key, value in extra.items():
        out += f' {key.replace("_", "-")}="{value}"'
    return out


def path(d: str, fill, stroke=None, width=None, **extra) -> str:
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
    return (f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}"'
            f'{_paint(None, stroke, width, extra)}/>')


def pts(points) -> str:
    return " ".join(f"{f(x)},{f(y)}" for x, y in points)


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


def diamond(r: float = DIAMOND) -> list[tuple[float, float]]:
    """The card's bleed box seen as a diamond (one corner up), centred on the origin."""
    return [(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]


DIAMOND_VIEWBOX = (-DIAMOND, -DIAMOND, 2 * DIAMOND, 2 * DIAMOND)


def diamond_document(body, title: str, defs=()) -> str:
    """Art drawn upright for a card played as a diamond, clipped to the card's bleed.

    The template places it over the whole card and turns it 45° clockwise (see docs/ascent-faces.md)."""
    clip = clip_polygon("bleed", diamond())
    return document(DIAMOND_VIEWBOX, [group(body, clip="bleed")], defs=[clip, *defs], title=title)


def arc_points(cx, cy, rx, ry, start, end, steps):
    """Points on an ellipse from angle start to end (degrees, 0 = right, clockwise on screen)."""
    out = []
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out
