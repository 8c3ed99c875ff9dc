"""Tiny helpers that write the svglib-safe SVG subset the art uses (see docs/templates.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass


def f(value: float) -> str:
    """A coordinate with at most two decimals."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: str | None, width: float | None, extra: dict) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{f(width or 0.3)}"'
    for key, value in extra.items():
        out += f' {key.replace("_", "-")}="{value}"'
    return out


def path(d: str, fill: str | None, stroke: str | None = None, width: float | None = None, **extra) -> str:
    return f'<path d="{d}"{_paint(fill, stroke, width, extra)}/>'


def circle(cx: float, cy: float, r: float, fill: str | None, stroke: str | None = None, width=None, **extra) -> str:
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}"{_paint(fill, stroke, width, extra)}/>'


def ellipse(cx, cy, rx, ry, fill, stroke=None, width=None, **extra) -> str:
    return f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}"{_paint(fill, stroke, width, extra)}/>'


def rect(x, y, w, h, fill, stroke=None, width=None, r: float = 0, **extra) -> str:
    radius = f' rx="{f(r)}" ry="{f(r)}"' if r else ""
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}"{radius}{_paint(fill, stroke, width, extra)}/>'


def polygon(points, fill, stroke=None, width=None, **extra) -> str:
    pts = " ".join(f"{f(x)},{f(y)}" for x, y in points)
    return f'<polygon points="{pts}"{_paint(fill, stroke, width, extra)}/>'


def line(x1, y1, x2, y2, stroke, width, **extra) -> str:
    return (f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" fill="none" stroke="{stroke}" '
            f'stroke-width="{f(width)}"' + "".join(f' {k.replace("_", "-")}="{v}"' for k, v in extra.items()) + "/>")


def group(children: list[str], clip: str | None = None, transform: str | None = None) -> str:
    attrs = (f' clip-path="url(#{clip})"' if clip else "") + (f' transform="{transform}"' if transform else "")
    return f"<g{attrs}>" + "".join(children) + "</g>"


def document(viewbox: tuple[float, float, float, float], body: list[str], defs: list[str] = (), title: str = "") -> str:
    vb = " ".join(f(v) for v in viewbox)
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">\n'
    if title:
        head += f"<title>{title}</title>\n"
    if defs:
        head += "<defs>" + "".join(defs) + "</defs>\n"
    return head + "\n".join(body) + "\n</svg>\n"


def clip_polygon(clip_id: str, points) -> str:
    pts = " ".join(f"{f(x)},{f(y)}" for x, y in points)
    return f'<clipPath id="{clip_id}" clipPathUnits="userSpaceOnUse"><polygon points="{pts}"/></clipPath>'


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
        f"M{f(x)} {f(y)}Q{f(mx + nx)} {f(my + ny)} {f(tx)} {f(ty)}Q{f(mx - nx * 0.4)} {f(my - ny * 0.4)} {f(x)} {f(y)}Z",
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
    land="#6f9a54", land_dark="#4e7a3c", land_light="#94bb6c", sand="#e6cf95", rock="#a8998a",
    rock_dark="#7b6d62", snow="#ffffff", trunk="#8a5a3b", leaf="#3f7d4a", leaf_dark="#2d5e37",
    wall="#f4ecdc", wall_shade="#d9ccb4", roof="#c8553d", window="#4a5f78", lava="#d9693a",
    smoke="#e9e4dc", gold="#e0a93a", foam="#f4fbfd", reflection="#5d97b6", stripe="#c8553d", ink="#1f2a38",
)

NIGHT = Palette(
    land="#2f5050", land_dark="#223d40", land_light="#3e6460", sand="#6a6f86", rock="#4d5470",
    rock_dark="#383e58", snow="#aab8d8", trunk="#3e3448", leaf="#1f4040", leaf_dark="#173133",
    wall="#7a84a6", wall_shade="#5f6889", roof="#5b3c58", window="#ffd46b", lava="#ff8c3a",
    smoke="#46506e", gold="#f4c66b", foam="#8fa6c8", reflection="#284a72", stripe="#6b3f5c", ink="#0e1424",
)
