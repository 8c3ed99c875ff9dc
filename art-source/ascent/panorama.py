"""The panorama: one landscape at the foot of the mountain, cut into ten triangles.

A triangle face is drawn upright (docs/ascent-faces.md, pnp/sheetplan.py): its trim box is W × H with
the long side along the bottom and the right angle at the top centre. Laid long side down in a row,
landscape 1 to 10 from left to right, piece k covers X = (k-1)·W … k·W of one panorama whose ridges,
forests, lake, village and path are functions of X, so the slices continue from piece to piece.
"""

from __future__ import annotations

import math
import random

from kit import BLEED, CARD, circle, clip_polygon, document, group, mix, path, polygon, polyline, rect

W = CARD * math.sqrt(2)  # the long side
H = W / 2
PIECES = 10
SEED = 2024


def triangle(grow: float = BLEED) -> list[tuple[float, float]]:
    """The piece grown by `grow` mm on every side (its legs and its long side)."""
    return _inset_triangle(-grow)


def _peaks(rng: random.Random, top: tuple[float, float], gap: tuple[float, float]):
    out, x = [], -80.0
    while x < PIECES * W + 80:
        out.append((x, rng.uniform(*top), rng.uniform(0.5, 0.95), rng.uniform(0.5, 0.95)))
        x += rng.uniform(*gap)
    return out


def _ridge(peaks, X: float, floor: float) -> float:
    return _ridge_and_peak(peaks, X, floor)[0]


def _ridge_and_peak(peaks, X: float, floor: float) -> tuple[float, float]:
    """The ridge's height at X and the top of the peak that makes it there."""
    y, peak = floor, floor
    for px, top, left, right in peaks:
        slope = left if px > X else right
        if top + slope * abs(X - px) < y:
            y, peak = top + slope * abs(X - px), top
    return y, peak


class Panorama:
    """The whole landscape, drawn slice by slice; all randomness is fixed by SEED."""

    def __init__(self, colours: dict, terrain: dict):
        rng = random.Random(SEED)
        self.c, self.t = colours, terrain
        self.far = _peaks(rng, (8.0, 19.0), (24.0, 44.0))
        self.near = _peaks(rng, (21.0, 28.0), (18.0, 34.0))
        self.phases = [rng.uniform(0, 2 * math.pi) for _ in range(8)]
        self.trees = []
        X = -10.0
        while X < PIECES * W + 10:
            self.trees.append((X, rng.uniform(4.0, 7.5), rng.random()))
            X += rng.uniform(1.9, 3.2)
        self.houses = [(7.3 * W + dx, rng.uniform(2.6, 3.4)) for dx in (-9.0, -3.5, 2.5, 8.0)]

    def wave(self, X: float, i: int, period: float, amp: float) -> float:
        return amp * math.sin(X / period + self.phases[i])

    def hills(self, X: float) -> float:
        return 32.5 + self.wave(X, 0, 37, 2.6) + self.wave(X, 1, 13, 1.1)

    def forest(self, X: float) -> float:
        return 38.0 + self.wave(X, 2, 23, 1.2)

    def meadow(self, X: float) -> float:
        return 40.5 + self.wave(X, 3, 29, 1.3)

    def trail(self, X: float) -> float:
        return 45.2 + self.wave(X, 4, 41, 1.6)

    def slice(self, k: int) -> str:
        x0 = (k - 1) * W
        xs = [x / 2 for x in range(-12, int(W * 2) + 13)]
        band = lambda fn: [(x, fn(x0 + x)) for x in xs]
        bottom = [(xs[-1], H + 4), (xs[0], H + 4)]
        c, green = self.c, self.t["green"]
        body = [
            rect(-6, -6, W + 12, H + 12, c["sky"]),
            rect(-6, -6, W + 12, 13, c["sky-high"]),
            rect(-6, 7, W + 12, 6, mix(c["sky-high"], c["sky"], 0.5)),
        ]
        body += self.clouds(x0)
        far = band(lambda X: _ridge(self.far, X, 30.0))
        body.append(polygon(far + bottom, mix(c["rock"], c["sky"], 0.5)))
        snow = []
        for x, y in far:
            top = _ridge_and_peak(self.far, x0 + x, 30.0)[1]
            snow.append((x, max(y, top + 3.2 + 0.8 * abs(math.sin((x0 + x) * 1.4)))))
        body.append(polygon(far + list(reversed(snow)), c["snow"]))
        near = band(lambda X: _ridge(self.near, X, 34.0))
        body.append(polygon(near + bottom, mix(c["rock-dark"], c["sky"], 0.35)))
        body.append(polygon(band(self.hills) + bottom, mix(green["fill"], c["sky"], 0.45)))
        body += self.lake(x0)
        body.append(polygon(band(self.forest) + bottom, mix(green["fill"], green["dark"], 0.3)))
        body += self.pines(x0)
        body.append(polygon(band(self.meadow) + bottom, green["fill"]))
        body += self.flowers(x0)
        body += self.village(x0)
        body.append(polyline(band(self.trail), mix(c["paper"], c["wood"], 0.25), 1.1, stroke_linecap="round"))
        defs = [clip_polygon("piece", triangle())]
        return document(
            (-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED),
            [group(body, clip="piece")],
            defs=defs,
            title=f"Panorama, landscape {k} of {PIECES}",
        )

    def clouds(self, x0: float) -> list[str]:
        out = []
        for X, y, s in (
            (60, 9, 1.0),
            (170, 5, 0.8),
            (260, 11, 1.1),
            (390, 7, 0.9),
            (520, 10, 1.0),
            (600, 4, 0.7),
            (720, 8, 1.1),
            (850, 6, 0.9),
            (930, 10, 0.8),
        ):
            x = X - x0
            if -20 < x < W + 20:
                out.append(
                    path(
                        f"M{x - 7 * s:.2f},{y:.2f} h{14 * s:.2f} c0,-2 -2,-3 -4,-2.4 "
                        f"c-0.6,-2.4 -4.4,-2.8 -5.6,-0.6 "
                        f"c-1.6,-1 -4.4,0.2 -4.4,3 Z",
                        self.c["paper"],
                    )
                )
        return out

    def pines(self, x0: float) -> list[str]:
        dark, mid = self.t["green"]["dark"], mix(self.t["green"]["dark"], self.t["green"]["fill"], 0.35)
        shapes = {dark: [], mid: []}
        for X, h, pick in self.trees:
            x = X - x0
            if not -6 < x < W + 6 or math.sin(X / 47 + self.phases[5]) > 0.55 or self.in_lake(X):
                continue
            base = self.forest(X) + 2.2
            w = h * 0.42
            shapes[dark if pick < 0.6 else mid].append(
                f"M{x - w:.2f},{base:.2f} L{x:.2f},{base - h:.2f} L{x + w:.2f},{base:.2f} Z"
            )
        return [path(" ".join(d), colour) for colour, d in shapes.items() if d]

    def flowers(self, x0: float) -> list[str]:
        """Grass tufts and flowers in the foreground, placed by X so they never jump at a join."""
        grass, bloom = mix(self.t["green"]["fill"], self.t["green"]["light"], 0.35), self.c["snow"]
        tufts, dots = [], []
        for X, _h, pick in self.trees:
            x = X - x0
            if not -4 < x < W + 4:
                continue
            y = self.meadow(X) + 2.5 + pick * (H - self.meadow(X) - 3.0)
            if abs(y - self.trail(X)) < 1.2:
                continue
            if pick < 0.55:
                tufts.append(
                    f"M{x - 0.5:.2f},{y:.2f} L{x - 1.1:.2f},{y - 1.6:.2f} L{x:.2f},{y - 0.5:.2f} "
                    f"L{x + 0.3:.2f},{y - 2.0:.2f} L{x + 0.6:.2f},{y:.2f} Z"
                )
            elif pick < 0.75:
                dots.append(circle(x, y - 0.6, 0.45, bloom if pick < 0.68 else self.c["summit"]))
        return [path(" ".join(tufts), grass)] + dots

    def in_lake(self, X: float) -> bool:
        return abs(X - 2.55 * W) < 34

    def lake(self, x0: float) -> list[str]:
        cx = 2.55 * W - x0
        if not -40 < cx < W + 40:
            return []
        shore = [(cx + 34 * math.cos(a / 20 * math.pi), 38.6 + 3.2 * math.sin(a / 20 * math.pi)) for a in range(40)]
        glint = mix(self.c["sky"], self.c["snow"], 0.6)
        return [
            polygon(shore, mix(self.c["sky-high"], self.t["blue"]["fill"], 0.25)),
            polyline([(cx - 14, 38.2), (cx - 4, 38.2)], glint, 0.5),
            polyline([(cx + 6, 39.6), (cx + 18, 39.6)], glint, 0.5),
        ]

    def village(self, x0: float) -> list[str]:
        out = []
        wall, roof = mix(self.c["paper"], self.c["snow"], 0.5), self.t["red"]["fill"]
        for X, s in self.houses:
            x = X - x0
            if not -10 < x < W + 10:
                continue
            y = self.meadow(X) + 1.2
            out.append(rect(x - 1.6 * s / 3, y - 2.0 * s / 3, 3.2 * s / 3, 2.0 * s / 3, wall, self.c["ink"], 0.25))
            k = s / 3
            out.append(
                polygon(
                    [(x - 2.1 * k, y - 1.9 * k), (x, y - 3.6 * k), (x + 2.1 * k, y - 1.9 * k)],
                    roof,
                    self.c["ink"],
                    0.25,
                    stroke_linejoin="round",
                )
            )
        return out


def slices(colours: dict, terrain: dict) -> dict[str, str]:
    view = Panorama(colours, terrain)
    return {f"panorama-{k}": view.slice(k) for k in range(1, PIECES + 1)}


def numbered(colours: dict) -> str:
    """The numbered side's ground: paper, a border inside the cut, a small peak, a left-to-right arrow."""
    c = colours
    m = W / 2
    arrow_y = H - 6.2
    body = [
        rect(-6, -6, W + 12, H + 12, c["paper"]),
        polygon(_inset_triangle(4.0), "none", c["accent"], 0.6, stroke_linejoin="round"),
        polygon([(m - 8.5, 18.2), (m - 3.5, 13.2), (m - 2, 14.7), (m + 1.5, 10.8), (m + 8.5, 18.2)], c["rock"]),
        polygon([(m + 1.5, 10.8), (m + 8.5, 18.2), (m + 3.5, 18.2), (m + 2.2, 14.5)], c["rock-dark"]),
        polygon([(m + 1.5, 10.8), (m + 3.2, 12.6), (m + 2.1, 12.3), (m + 1.2, 13.2), (m + 0.3, 12.2)], c["snow"]),
        polyline([(m - 18, arrow_y), (m + 16, arrow_y)], c["rock-dark"], 0.9, stroke_linecap="round"),
        polygon([(m + 15, arrow_y - 2), (m + 19.5, arrow_y), (m + 15, arrow_y + 2)], c["rock-dark"]),
    ]
    defs = [clip_polygon("piece", triangle())]
    return document(
        (-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED),
        [group(body, clip="piece")],
        defs=defs,
        title="Panorama, numbered side",
    )


def _inset_triangle(d: float) -> list[tuple[float, float]]:
    """The trim triangle moved d mm inwards on every side (negative: outwards)."""
    g = d * math.sqrt(2)
    return [(d + g, H - d), (W - d - g, H - d), (W / 2, g)]
