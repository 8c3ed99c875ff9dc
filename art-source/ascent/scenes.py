"""Card-sized scenes drawn upright for a card played as a diamond (ground textures, summit,
bridge), the shared back and the small mountain emblem.

Diamond art is centred on the origin with one corner up and clipped to the card's bleed; the
templates lay it over the whole card turned 45° clockwise, so it stands upright when the card is
turned 45° anticlockwise, top-right corner up (see docs/ascent-faces.md).
"""

from __future__ import annotations

import math
import random

from kit import (
    DIAMOND,
    circle,
    clip_polygon,
    diamond_document,
    document,
    group,
    line,
    mix,
    path,
    polygon,
    polyline,
    rect,
)

D = DIAMOND
SEEDS = {"meadow": 11, "canyon": 23, "glacier": 37}


def ground(t: dict, c: dict) -> str:
    """A quiet texture in the terrain's light colour: tufts, strata or ice facets."""
    kind = t["symbol"]
    rng = random.Random(SEEDS[kind])
    body = [polygon([(-D, -D), (D, -D), (D, D), (-D, D)], t["light"])]
    body += {"meadow": _meadow_ground, "canyon": _canyon_ground, "glacier": _glacier_ground}[kind](t, c, rng)
    return diamond_document(body, title=f"{t['name']} ground")


def _jittered(rng: random.Random, step: float, jitter: float):
    n = int(D // step) + 1
    for row in range(-n, n + 1):
        for col in range(-n, n + 1):
            x = col * step + (step / 2 if row % 2 else 0) + rng.uniform(-jitter, jitter)
            y = row * step * 0.87 + rng.uniform(-jitter, jitter)
            if abs(x) + abs(y) < D + 3:
                yield x, y


def _meadow_ground(t, c, rng):
    grass, bloom = mix(t["light"], t["fill"], 0.3), mix(t["light"], c["snow"], 0.55)
    tufts, flowers = [], []
    for x, y in _jittered(rng, 8.0, 2.4):
        h = rng.uniform(2.2, 3.4)
        d = " ".join(
            f"M{x + dx - 0.45:.2f},{y:.2f} L{x + dx * 2.2:.2f},{y - h * k:.2f} L{x + dx + 0.45:.2f},{y:.2f} Z"
            for dx, k in ((-0.9, 0.75), (0, 1.0), (0.9, 0.8))
        )
        tufts.append(d)
        if rng.random() < 0.22:
            flowers.append(circle(x + rng.uniform(2, 3.5), y - rng.uniform(1, 2.5), 0.7, bloom))
    return [path(" ".join(tufts), grass)] + flowers


def _canyon_ground(t, c, rng):
    band, line_colour = mix(t["light"], t["fill"], 0.2), mix(t["light"], t["fill"], 0.38)
    out = []
    y = -D - 2
    while y < D:
        thick = rng.uniform(2.0, 4.2)
        phase, amp, wave = rng.uniform(0, 6.3), rng.uniform(0.4, 1.2), rng.uniform(14, 26)
        top = [(x, y + amp * math.sin(x / wave * 6.28 + phase)) for x in range(-56, 57, 4)]
        bottom = [(x, yy + thick + 0.5 * math.sin(x / 9 + phase)) for x, yy in reversed(top)]
        out.append(polygon(top + bottom, band))
        if rng.random() < 0.5:
            out.append(polyline([(x, yy + thick + 1.4) for x, yy in top], line_colour, 0.35))
        y += thick + rng.uniform(3.5, 6.5)
    return out


def _glacier_ground(t, c, rng):
    tints = [mix(t["light"], t["fill"], k) for k in (0.1, 0.18)]
    shine = mix(t["light"], c["snow"], 0.6)
    out = []
    side, h = 11.0, 11.0 * math.sqrt(3) / 2
    rows = int(D // h) + 2
    for row in range(-rows, rows + 1):
        for col in range(-rows - 2, rows + 3):
            x0, y0 = col * side + (side / 2 if row % 2 else 0), row * h
            for tri in (
                ((x0, y0), (x0 + side, y0), (x0 + side / 2, y0 + h)),
                ((x0 + side / 2, y0 + h), (x0 + side, y0), (x0 + 1.5 * side, y0 + h)),
            ):
                pick = rng.random()
                if pick < 0.45 and all(abs(px) + abs(py) < D + 12 for px, py in tri):
                    out.append(polygon(tri, tints[0] if pick < 0.3 else tints[1]))
    for x, y in _jittered(rng, 13.0, 4.0):
        if rng.random() < 0.35:
            r = rng.uniform(1.2, 1.8)
            out.append(
                polygon(
                    [
                        (x, y - r),
                        (x + r * 0.25, y - r * 0.25),
                        (x + r, y),
                        (x + r * 0.25, y + r * 0.25),
                        (x, y + r),
                        (x - r * 0.25, y + r * 0.25),
                        (x - r, y),
                        (x - r * 0.25, y - r * 0.25),
                    ],
                    shine,
                )
            )
    return out


def _sky(c: dict) -> list[str]:
    high, low = c["sky-high"], c["sky"]
    return [
        rect(-D, -D, 2 * D, 2 * D, low),
        rect(-D, -D, 2 * D, 22, high),
        rect(-D, -D + 22, 2 * D, 9, mix(high, low, 0.5)),
    ]


def _cloud(x: float, y: float, s: float, colour: str) -> str:
    def p(dx: float, dy: float) -> str:
        return f"{x + dx * s:.2f},{y + dy * s:.2f}"

    return path(
        f"M{p(-6, 0)} C{p(-6, -2.5)} {p(-3, -3)} {p(-1.8, -2)} C{p(-1, -4.6)} {p(3, -4.6)} {p(3.4, -2)} "
        f"C{p(5.5, -2.6)} {p(7, -1)} {p(6.5, 0)} Z",
        colour,
    )


def summit(c: dict) -> str:
    rock, shadow, snow = c["rock"], c["rock-dark"], c["snow"]
    snow_shade = mix(snow, c["sky-high"], 0.45)
    far = mix(rock, c["sky"], 0.55)
    left = [(-6, -22), (-10, -16.5), (-15, -13), (-23, -4), (-33, 2), (-45, 9), (-D - 1, 13)]
    right = [(5, -21), (9, -17), (15, -10), (23, -5), (33, 2), (45, 8), (D + 1, 11)]
    apex = (0, -28)
    body = _sky(c) + [
        circle(-20, -18, 5.5, mix(c["summit"], c["paper"], 0.45)),
        _cloud(23, -10, 1.0, c["paper"]),
        _cloud(-30, -1, 0.8, c["paper"]),
    ]
    body.append(
        group(
            [
                polygon(
                    [
                        (-D, 0),
                        (-42, -9),
                        (-35, -5),
                        (-27, -13),
                        (-18, -6),
                        (18, -7),
                        (27, -14),
                        (36, -6),
                        (44, -10),
                        (D, 0),
                        (D, D),
                        (-D, D),
                    ],
                    far,
                ),
                polygon([apex] + right + [(D, D), (-D, D)] + list(reversed(left)), rock),
                polygon([apex] + right + [(D, D), (9, D), (7, 22), (3, 6), (4, -9), (1.5, -19)], shadow),
                polyline(
                    [(-15, -13), (-11, -5), (-13, 6), (-8, 18)], mix(rock, shadow, 0.5), 0.6, stroke_linejoin="round"
                ),
                polygon(
                    [
                        apex,
                        (5, -21),
                        (9, -17),
                        (6.5, -16),
                        (4, -18),
                        (2, -14.5),
                        (-1, -18),
                        (-4, -15.5),
                        (-7, -18),
                        (-10, -16.5),
                        (-6, -22),
                    ],
                    snow,
                ),
                polygon(
                    [apex, (5, -21), (9, -17), (6.5, -16), (4, -18), (2, -14.5), (1.2, -17), (1.4, -24)], snow_shade
                ),
                polygon(
                    [(-D, 26), (-30, 20), (-18, 24), (-6, 19), (8, 23), (22, 18), (36, 23), (D, 20), (D, D), (-D, D)],
                    mix(shadow, c["ink"], 0.25),
                ),
                line(0, -28.2, 0, -39.5, c["ink"], 0.8, stroke_linecap="round"),
                polygon(
                    [(0.4, -39.3), (8.2, -36.9), (0.4, -34.4)], c["summit"], c["ink"], 0.5, stroke_linejoin="round"
                ),
            ],
            transform="translate(0 5)",
        )
    )
    return diamond_document(body, title="Summit: a snow peak with a flag")


def _parabola(u: float, y_end: float, sag: float, half: float) -> float:
    return y_end + sag * (1 - (u / half) ** 2)


def bridge(c: dict) -> str:
    rock, shadow, _wood, ink = c["rock"], c["rock-dark"], c["wood"], c["ink"]
    deep = mix(shadow, ink, 0.45)
    half, deck_y, rail_y = 19.5, -6.0, -14.0
    body = _sky(c) + [
        _cloud(-24, -19, 0.9, c["paper"]),
        _cloud(26, -24, 0.7, c["paper"]),
        polygon(
            [
                (-D, 2),
                (-38, -12),
                (-28, -4),
                (-16, -16),
                (-5, -6),
                (6, -13),
                (16, -4),
                (30, -15),
                (41, -6),
                (D, 1),
                (D, D),
                (-D, D),
            ],
            mix(rock, c["sky"], 0.55),
        ),
    ]
    near = [
        polygon([(-22, -6), (22, -6), (10, D), (-10, D)], deep),
        polygon(
            [(-D, -6), (-20, -6), (-18.5, -3), (-19.8, 3), (-16.5, 10), (-17.5, 20), (-12, 31), (-9, D), (-D, D)], rock
        ),
        polygon([(20, -6), (D, -6), (D, D), (9, D), (13, 30), (17, 19), (16.5, 9), (19.8, 1), (18.6, -3)], shadow),
        polyline([(-D, 4), (-30, 3), (-24, 6), (-19, 5)], mix(rock, shadow, 0.5), 0.6),
        polyline([(-D, 17), (-34, 15), (-25, 18), (-17, 17)], mix(rock, shadow, 0.5), 0.6),
        polyline([(20, 8), (28, 10), (40, 7), (D, 9)], mix(shadow, ink, 0.3), 0.6),
        rect(-D, -7.2, D - 19.6, 1.6, mix(rock, c["paper"], 0.3)),
        rect(19.8, -7.2, D - 19.6, 1.6, mix(shadow, c["paper"], 0.3)),
    ]
    larger = "translate(0 -6) scale(1.18) translate(0 6)"  # the chasm and bridge, 18% larger about the deck line
    body = body + [group(near + _rope_bridge(c, half, deck_y, rail_y), transform=larger)]
    return diamond_document(body, title="Bridge: a rope bridge over a chasm")


def _rope_bridge(c: dict, half: float, deck_y: float, rail_y: float) -> list[str]:
    wood, ink = c["wood"], c["ink"]
    body = []
    deck = [(u / 4, _parabola(u / 4, deck_y, 6.5, half)) for u in range(int(-half * 4), int(half * 4) + 1, 2)]
    rail = [(u / 4, _parabola(u / 4, rail_y, 5.0, half)) for u in range(int(-half * 4), int(half * 4) + 1, 2)]
    for u in [x * 3.0 for x in range(-6, 7)]:
        body.append(line(u, _parabola(u, rail_y, 5.0, half), u, _parabola(u, deck_y, 6.5, half), wood, 0.45))
    planks = []
    for i in range(-8, 9):
        u = i * 2.25
        y = _parabola(u, deck_y, 6.5, half)
        slope = math.degrees(math.atan(-2 * 6.5 * u / half**2))
        planks.append(
            rect(
                u - 0.9,
                y - 0.4,
                1.8,
                2.6,
                mix(wood, c["summit"], 0.3),
                ink,
                0.3,
                transform=f"rotate({slope:.2f} {u:.2f} {y:.2f})",
            )
        )
    body += planks
    body.append(polyline(deck, ink, 0.6))
    body.append(polyline(rail, mix(wood, ink, 0.4), 0.7))
    for side in (-1, 1):
        x = side * (half + 0.6) - 0.8
        body.append(rect(x, rail_y - 1.5, 1.6, 9.8, wood, ink, 0.4))
        body.append(circle(x + 0.8, rail_y - 1.6, 1.0, mix(wood, c["paper"], 0.4), ink, 0.3))
    return body


def back(c: dict) -> str:
    """The shared back of terrain, summit, bridge and campfire cards (face coordinates, with bleed)."""
    base = c["back"]
    lattice = mix(base, c["paper"], 0.09)
    body = [rect(-3, -3, 76, 76, base)]
    d = " ".join(f"M{x:.2f},-3 V73" for x in [i * 7.0 for i in range(0, 11)])
    d += " " + " ".join(f"M-3,{y:.2f} H73" for y in [i * 7.0 for i in range(0, 11)])
    body.append(path(d, None, lattice, 0.35))
    body += [
        rect(4, 4, 62, 62, "none", c["accent"], 0.7, r=2),
        rect(5.6, 5.6, 58.8, 58.8, "none", mix(base, c["paper"], 0.25), 0.3, r=1.2),
        rect(20, 20, 30, 30, mix(base, c["ink"], 0.45), c["accent"], 0.6, r=1.2),
    ]
    for x, y in ((4, 4), (66, 4), (66, 66), (4, 66)):
        body.append(polygon([(x, y - 2.2), (x + 2.2, y), (x, y + 2.2), (x - 2.2, y)], c["accent"]))
    return document((-3, -3, 76, 76), body, title="The Ascent: card back")


def emblem(c: dict, t: dict) -> str:
    """A small diamond badge with snow peaks and a sun (viewBox 0 0 40 40, one corner up)."""
    frame = [(20, 1), (39, 20), (20, 39), (1, 20)]
    rock, snow = c["rock"], c["snow"]
    peaks = [(0, 30), (9, 20), (13, 24), (21, 11), (29, 23), (32, 20), (40, 30), (40, 40), (0, 40)]
    body = [
        polygon(frame, c["sky-high"]),
        group(
            [
                rect(0, 0, 40, 40, c["sky-high"]),
                circle(27.5, 12.5, 3.6, c["accent"]),
                polygon(peaks, rock),
                polygon(
                    [(21, 11), (29, 23), (32, 20), (40, 30), (40, 40), (24, 40), (22, 26), (23, 18)], c["rock-dark"]
                ),
                polygon([(21, 11), (24.6, 16.4), (22.5, 15.6), (20.5, 17.5), (18.5, 15.3), (16.8, 16)], snow),
                polygon([(9, 20), (11, 22.2), (9.6, 21.6), (8.2, 22.6), (7.4, 21.6)], snow),
                polygon([(0, 33), (12, 29), (22, 33), (31, 28), (40, 32), (40, 40), (0, 40)], t["green"]["fill"]),
            ],
            clip="frame",
        ),
        polygon(frame, "none", c["accent"], 1.4, stroke_linejoin="round"),
    ]
    return document((0, 0, 40, 40), body, defs=[clip_polygon("frame", frame)], title="The Ascent emblem")
