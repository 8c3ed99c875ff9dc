"""The Tranquility art's palettes and shapes (see docs/templates.md); the SVG primitives are art-source/artkit.py."""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
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


def star(cx: float, cy: float, r: float, fill: str, points: int = 4, inner: float = 0.35, turn: float = 0) -> str:
    """A sparkle (4 points) or a star (5+ points)."""
    pts = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi * i / points + math.radians(turn) - math.pi / 2
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return polygon(pts, fill)


def leaf(x: float, y: float, length: float, angle: float, width: float, droop: float, fill: str) -> str:
    """A palm frond: a curved lens from (x, y) along `angle` degrees, bending down by `droop`."""
    a = math.radians(angle)
    tx, ty = x + length * math.cos(a), y + length * math.sin(a) + droop
    mx, my = (x + tx) / 2, (y + ty) / 2 - droop * 0.35
    nx, ny = -(ty - y), tx - x
    norm = math.hypot(nx, ny) or 1
    nx, ny = nx / norm * width, ny / norm * width
    return path(
        f"M{f(x)} {f(y)}Q{f(mx + nx)} {f(my + ny)} {f(tx)} {f(ty)}"
        f"Q{f(mx - nx * 0.4)} {f(my - ny * 0.4)} {f(x)} {f(y)}Z",
        fill,
    )


def wave(x: float, y: float, length: float, amplitude: float, periods: int) -> str:
    """Path data of a gentle wave line starting at (x, y)."""
    step = length / periods
    d = f"M{f(x)} {f(y)}"
    for i in range(periods):
        x0 = x + i * step
        d += f"Q{f(x0 + step / 4)} {f(y - amplitude)} {f(x0 + step / 2)} {f(y)}"
        d += f"Q{f(x0 + 3 * step / 4)} {f(y + amplitude)} {f(x0 + step)} {f(y)}"
    return d


@dataclass(frozen=True)
class Palette:
    """Colour roles of the island art; one palette for the day half, one for the night half."""

    land: str
    land_dark: str
    land_light: str
    sand: str
    rock: str
    rock_dark: str
    snow: str
    trunk: str
    leaf: str
    leaf_dark: str
    wall: str
    wall_shade: str
    roof: str
    window: str
    lava: str
    smoke: str
    gold: str
    foam: str
    reflection: str
    stripe: str
    ink: str


DAY = Palette(
    land="#6f9a54",
    land_dark="#4e7a3c",
    land_light="#94bb6c",
    sand="#e6cf95",
    rock="#a8998a",
    rock_dark="#7b6d62",
    snow="#ffffff",
    trunk="#8a5a3b",
    leaf="#3f7d4a",
    leaf_dark="#2d5e37",
    wall="#f4ecdc",
    wall_shade="#d9ccb4",
    roof="#c8553d",
    window="#4a5f78",
    lava="#d9693a",
    smoke="#e9e4dc",
    gold="#e0a93a",
    foam="#f4fbfd",
    reflection="#5d97b6",
    stripe="#c8553d",
    ink="#1f2a38",
)

NIGHT = Palette(
    land="#2f5050",
    land_dark="#223d40",
    land_light="#3e6460",
    sand="#6a6f86",
    rock="#4d5470",
    rock_dark="#383e58",
    snow="#aab8d8",
    trunk="#3e3448",
    leaf="#1f4040",
    leaf_dark="#173133",
    wall="#7a84a6",
    wall_shade="#5f6889",
    roof="#5b3c58",
    window="#ffd46b",
    lava="#ff8c3a",
    smoke="#46506e",
    gold="#f4c66b",
    foam="#8fa6c8",
    reflection="#284a72",
    stripe="#6b3f5c",
    ink="#0e1424",
)
