"""The Ascent art's palette, card geometry and shapes (see docs/ascent-faces.md).

The SVG primitives both games' art uses are in art-source/artkit.py.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # art-source/: artkit.py, both games' SVG primitives

from artkit import (
    circle,
    clip_polygon,
    clip_shape,
    document,
    element,
    ellipse,
    f,
    group,
    line,
    path,
    polygon,
    polyline,
    pts,
    rect,
)

ROOT = Path(__file__).resolve().parents[2]  # the project checkout
SPEC = ROOT / "card_specs" / "ascent.json"

CARD = 70.0  # trim side of a card, mm
BLEED = 3.0
DIAMOND = (CARD / 2 + BLEED) * math.sqrt(2)  # half-diagonal of the bleed square, seen as a diamond
__all__ = [
    "circle",
    "clip_polygon",
    "clip_shape",
    "document",
    "element",
    "ellipse",
    "f",
    "group",
    "line",
    "path",
    "polygon",
    "polyline",
    "pts",
    "rect",
]


def theme() -> tuple[dict, dict]:
    """(colours, terrain) from the bundled Ascent spec: the art uses the spec's palette."""
    data = json.loads(SPEC.read_text(encoding="utf-8"))["theme"]
    return dict(data["colours"]), {k: dict(v) for k, v in data["terrain"].items()}


def mix(a: str, b: str, t: float) -> str:
    """The colour a fraction t of the way from a to b (flat tints instead of transparency)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


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
