"""The three terrain symbols (meadow, canyon, glacier), the campfire and the goat head.

Each terrain symbol has its own silhouette so that the terrains differ in greyscale and for
colour-blind players, not by hue alone: meadow = grass tufts and a round flower on a mound,
canyon = a flat-topped, banded mesa, glacier = a six-armed ice crystal.
"""

from __future__ import annotations

import math

from kit import circle, clip_polygon, document, ellipse, group, line, mix, path, polygon, rect

SYMBOL_VIEWBOX = (0, 0, 40, 32)


def blade(bx: float, by: float, dx: float, h: float, w: float = 1.1) -> str:
    """The d of one grass blade rooted at (bx, by), leaning dx, h tall."""
    tx, ty = bx + dx, by - h
    return (
        f"M{bx - w:.2f},{by:.2f} Q{bx - w * 0.2 + dx * 0.25:.2f},{by - h * 0.55:.2f} {tx:.2f},{ty:.2f} "
        f"Q{bx + w * 0.4 + dx * 0.45:.2f},{by - h * 0.5:.2f} {bx + w:.2f},{by:.2f} Z"
    )


def tuft(bx: float, by: float, blades, colour: str, w: float = 1.1) -> str:
    return path(" ".join(blade(bx + i * 0.6, by, dx, h, w) for i, (dx, h) in enumerate(blades)), colour)


def meadow(t: dict, c: dict) -> str:
    fill, dark, light = t["fill"], t["dark"], t["light"]
    body = [
        path("M0.5,31.5 C7,22.5 33,22.5 39.5,31.5 Z", dark),
        tuft(6.5, 27.5, [(-5, 9), (-2.5, 14), (0.5, 17), (3, 13), (5, 8)], fill),
        tuft(30.5, 27.5, [(-4, 8), (-1.5, 12.5), (1, 15), (3.5, 11), (5.5, 7)], fill),
        tuft(17.5, 28.5, [(-2.5, 6), (0, 8), (2.5, 5.5)], mix(fill, light, 0.35)),
        path("M20.6,27 C20.2,21 21.4,16 20.8,11", None, dark, 1.3, stroke_linecap="round"),
        path("M20.9,21 C23.5,18.5 26,19 27,20 C25,21.5 22.5,22 20.9,21 Z", fill, dark, 0.5),
    ]
    cx, cy = 20.8, 9.5
    for i in range(5):
        a = math.radians(-90 + i * 72)
        body.append(circle(cx + 3.1 * math.cos(a), cy + 3.1 * math.sin(a), 2.7, c["snow"], dark, 0.6))
    body.append(circle(cx, cy, 2.0, c["summit"], dark, 0.6))
    return document(SYMBOL_VIEWBOX, body, title="Meadow: grass tufts and a flower on a green mound")


def canyon(t: dict, c: dict) -> str:
    fill, dark, light = t["fill"], t["dark"], t["light"]
    mesa = [(6, 6.5), (25, 6.5), (25.8, 17), (32, 30), (0.5, 30), (5, 17)]
    butte = [(25, 13), (34.5, 13), (35, 17.5), (39.5, 30), (21, 30), (24.5, 17.5)]
    bands = [
        (6.5, 10.5, fill),
        (10.5, 12.3, dark),
        (12.3, 15.2, fill),
        (15.2, 17, dark),
        (17, 21.5, mix(fill, dark, 0.35)),
        (21.5, 23, dark),
        (23, 30, mix(fill, dark, 0.2)),
    ]
    body = [
        polygon(butte, mix(fill, light, 0.45), dark, 0.7, stroke_linejoin="round"),
        rect(24.6, 17.5, 10.6, 1.4, mix(fill, light, 0.15)),
        group([rect(0, y0, 40, y1 - y0, colour) for y0, y1, colour in bands], clip="mesa"),
        polygon(mesa, "none", dark, 0.9, stroke_linejoin="round"),
        rect(0, 29.6, 40, 2.2, dark, r=0.6),
    ]
    return document(SYMBOL_VIEWBOX, body, defs=[clip_polygon("mesa", mesa)], title="Canyon: a banded, flat-topped mesa")


def glacier(t: dict, c: dict) -> str:
    fill, dark, light = t["fill"], t["dark"], t["light"]
    cx, cy, arm = 20.0, 16.0, 14.2
    strokes = []
    for i in range(6):
        a = math.radians(-90 + i * 60)
        ux, uy = math.cos(a), math.sin(a)
        strokes.append(line(cx, cy, cx + arm * ux, cy + arm * uy, dark, 2.6, stroke_linecap="round"))
        for at, length in ((0.52, 4.6), (0.8, 2.8)):
            bx, by = cx + arm * at * ux, cy + arm * at * uy
            for side in (-1, 1):
                b = a + side * math.radians(50)
                strokes.append(
                    line(
                        bx, by, bx + length * math.cos(b), by + length * math.sin(b), dark, 1.6, stroke_linecap="round"
                    )
                )
    hexagon = [
        (cx + 4.4 * math.cos(math.radians(-90 + i * 60)), cy + 4.4 * math.sin(math.radians(-90 + i * 60)))
        for i in range(6)
    ]
    body = strokes + [polygon(hexagon, light, fill, 1.2, stroke_linejoin="round"), circle(cx, cy, 1.3, fill)]
    return document(SYMBOL_VIEWBOX, body, title="Glacier: a six-armed ice crystal")


def campfire(c: dict) -> str:
    """Flames over crossed logs in a ring of stones (viewBox 0 0 40 40)."""
    fire, gold, wood, ink = c["fire"], c["summit"], c["wood"], c["ink"]
    log_end = mix(wood, c["paper"], 0.55)
    stones = [(6, 35.2, 3.2), (12.5, 36.6, 3.0), (20, 37.1, 3.1), (27.5, 36.6, 3.0), (34, 35.2, 3.2)]
    body = [ellipse(x, y, r, r * 0.72, c["rock"], c["rock-dark"], 0.6) for x, y, r in stones]
    for angle in (-22, 22):
        body.append(
            group(
                [rect(5, 28.6, 30, 5, wood, ink, 0.6, r=2.5), ellipse(33, 31.1, 1.6, 2.2, log_end, ink, 0.5)],
                transform=f"rotate({angle} 20 31.1)",
            )
        )
    body += [
        path(
            "M20,2.5 C23,8 31,12 29,21 C28,26 24,29 20,29 C15.5,29 11.5,26 11,21 C10.5,16 14,13.5 15,9.5 "
            "C16.5,12.5 17,14 18,15 C18.5,10 19,6 20,2.5 Z",
            fire,
            ink,
            0.7,
            stroke_linejoin="round",
        ),
        path(
            "M20.5,11 C22.5,15 26.5,18 25,23 C24.2,26 22.2,27.5 20,27.5 C17.2,27.5 15,25.5 15,22.5 "
            "C15,19.5 17,18 17.6,16.5 C18.5,18 19,19 19.6,19.5 C19.8,16 20,13.5 20.5,11 Z",
            gold,
        ),
        path(
            "M20.2,18.5 C21.5,21 22.6,22.5 22,24.6 C21.6,26 20.8,26.6 20,26.6 C18.7,26.6 17.8,25.6 17.9,24.3 "
            "C18,22.6 19.6,21.2 20.2,18.5 Z",
            c["snow"],
        ),
        circle(29.5, 6.5, 0.9, gold),
        circle(10.5, 9.5, 0.7, fire),
        circle(32, 12.5, 0.6, fire),
    ]
    return document((0, 0, 40, 40), body, title="Campfire: flames on crossed logs in a ring of stones")


def goat(c: dict, t: dict) -> str:
    """A mountain goat's head, front view (viewBox 0 0 40 40)."""
    ink, coat, horn = c["ink"], c["snow"], mix(c["wood"], c["ink"], 0.25)
    inner_ear = mix(c["paper"], c["fire"], 0.3)
    shade = mix(coat, c["rock"], 0.28)
    body = [
        path("M15.2,12.5 C13,7 9,4 4.5,4.8 C8.5,6 11.5,9.5 12.4,14 Z", horn, ink, 0.6, stroke_linejoin="round"),
        path("M24.8,12.5 C27,7 31,4 35.5,4.8 C31.5,6 28.5,9.5 27.6,14 Z", horn, ink, 0.6, stroke_linejoin="round"),
        group(
            [ellipse(8.2, 16.8, 5.6, 2.3, coat, ink, 0.6), ellipse(8.6, 16.8, 3.6, 1.1, inner_ear)],
            transform="rotate(-18 8.2 16.8)",
        ),
        group(
            [ellipse(31.8, 16.8, 5.6, 2.3, coat, ink, 0.6), ellipse(31.4, 16.8, 3.6, 1.1, inner_ear)],
            transform="rotate(18 31.8 16.8)",
        ),
        path(
            "M20,10.5 C25.5,10.5 27.5,13.5 27,18.5 C26.6,22.5 25,27 24.2,30.5 C23.5,33.2 21.9,34.3 20,34.3 "
            "C18.1,34.3 16.5,33.2 15.8,30.5 C15,27 13.4,22.5 13,18.5 C12.5,13.5 14.5,10.5 20,10.5 Z",
            coat,
            ink,
            0.7,
            stroke_linejoin="round",
        ),
        path("M17,12.3 C18.5,11.5 21.5,11.5 23,12.3 C21.8,13.4 18.2,13.4 17,12.3 Z", shade),
        path(
            "M18.5,33.8 C18.6,36 19.2,38 20,39.2 C20.8,38 21.4,36 21.5,33.8 Z", coat, ink, 0.6, stroke_linejoin="round"
        ),
        ellipse(16.6, 19.6, 1.55, 1.35, ink),
        ellipse(23.4, 19.6, 1.55, 1.35, ink),
        rect(15.9, 19.3, 1.4, 0.6, c["summit"], r=0.3),
        rect(22.7, 19.3, 1.4, 0.6, c["summit"], r=0.3),
        path(
            "M17.3,29.2 C18.5,28.2 21.5,28.2 22.7,29.2 C22.5,31.3 21.4,32.3 20,32.3 C18.6,32.3 17.5,31.3 17.3,29.2 Z",
            shade,
        ),
        ellipse(18.6, 29.3, 0.6, 0.45, ink),
        ellipse(21.4, 29.3, 0.6, 0.45, ink),
        path("M18.8,31.2 C19.4,31.7 20.6,31.7 21.2,31.2", None, ink, 0.5, stroke_linecap="round"),
    ]
    return document((0, 0, 40, 40), body, title="A mountain goat's head")
