"""Full-bleed art (viewBox -3 -3 76 76 = the 70 mm card plus 3 mm bleed): sky, start, finish,
border boat, backs and the reference ornament."""

from __future__ import annotations

import math
import random

from svgkit import circle, clip_polygon, clip_shape, document, element, f, group, line, path, polygon, rect, star, wave

BLEED_BOX = (-3, -3, 76, 76)
DAY_CLIP = [(-3, -3), (73, -3), (-3, 73)]  # the day half: above the diagonal x + y = 70
NIGHT_CLIP = [(73, -3), (73, 73), (-3, 73)]


def crescent(cx: float, cy: float, r: float, fill: str, thickness: float = 0.45) -> str:
    """A crescent moon lit on the right: an outer arc of radius r and an inner arc, both through
    the horns at cx, cy ± 0.9 r."""
    half = 0.9 * r
    inner = half / math.sin(math.radians(90 * (1 - thickness * 0.9)))
    top, bottom = f"{f(cx)} {f(cy - half)}", f"{f(cx)} {f(cy + half)}"
    return path(f"M{top}A{f(r)} {f(r)} 0 1 1 {bottom}A{f(inner)} {f(inner)} 0 0 0 {top}Z", fill)


def cloud(x: float, y: float, s: float, fill: str) -> list[str]:
    return [
        circle(x, y, 2.6 * s, fill),
        circle(x + 3 * s, y - 1.2 * s, 3.2 * s, fill),
        circle(x + 6.4 * s, y, 2.4 * s, fill),
        rect(x, y - 0.2 * s, 6.4 * s, 2.6 * s, fill, r=1.2 * s),
    ]


def waves(rows, colour: str, width: float = 0.45, avoid=()) -> list[str]:
    out = []
    for x, y, length in rows:
        if any(ax <= x + length and x <= ax + aw and ay <= y <= ay + ah for ax, ay, aw, ah in avoid):
            continue
        out.append(path(wave(x, y, length, 0.6, 2), None, colour, width, stroke_linecap="round"))
    return out


SEA_ROWS = [
    (-2, 48, 7),
    (9, 50.5, 8),
    (22, 48.6, 7),
    (33, 52, 8),
    (45, 49.2, 7),
    (60, 51.6, 8),
    (1, 55, 8),
    (14, 58, 7),
    (28, 56.4, 8),
    (41, 59.6, 7),
    (55, 57.2, 7),
    (-1, 63, 7),
    (11, 66.4, 8),
    (24, 63.4, 7),
    (37, 67, 8),
    (50, 64.4, 7),
    (63, 68, 7),
    (3, 70.4, 7),
]
NUMBER_CORNER = (45.5, 50.5, 25, 22)  # keep the night sea calm under the bottom-right number


def stars(
    rng: random.Random, region, count: int, colours: tuple[str, str], spacing: float = 4.5, avoid=()
) -> list[str]:
    placed: list[tuple[float, float]] = []
    out = []
    x0, y0, x1, y1, inside = region
    while len(placed) < count:
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        if not inside(x, y) or any(math.hypot(x - px, y - py) < spacing for px, py in placed):
            continue
        if any(math.hypot(x - ax, y - ay) < ar for ax, ay, ar in avoid):
            continue
        placed.append((x, y))
        if len(placed) % 3 == 0:
            out.append(star(x, y, rng.uniform(0.9, 1.4), colours[1], 4, 0.3))
        else:
            out.append(circle(x, y, rng.uniform(0.25, 0.45), colours[0]))
    return out


def sky() -> str:
    day = [
        rect(-3, -3, 76, 17, "#f8d795"),
        rect(-3, 14, 76, 16, "#fae2ad"),
        rect(-3, 30, 76, 14.2, "#fcecc9"),
        circle(50, 9.5, 7.2, "#f9dd9c"),
        circle(50, 9.5, 5.2, "#f2b544"),
        *cloud(9, 33, 1.0, "#fff8ea"),
        *cloud(27, 5.8, 0.75, "#fff8ea"),
        rect(-3, 44, 76, 29, "#74acc9"),
        rect(-3, 53, 76, 20, "#67a1c0"),
        *waves(SEA_ROWS, "#a9d1e3"),
        line(-3, 44.1, 73, 44.1, "#a9d1e3", 0.35),
    ]
    rng = random.Random(11)
    night_sky = (30, -2.5, 72.5, 41, lambda x, y: x + y > 73 and y < 41)
    night = [
        rect(-3, -3, 76, 25, "#17203c"),
        rect(-3, 22, 76, 22.2, "#1e2a4d"),
        *stars(rng, night_sky, 16, ("#f7f1e3", "#f4d58a"), avoid=[(60, 27, 7)]),
        crescent(60, 27, 4.6, "#f3e6b8"),
        rect(-3, 44, 76, 29, "#1d3858"),
        rect(-3, 53, 76, 20, "#1a3150"),
        *waves(SEA_ROWS, "#30598a", avoid=[NUMBER_CORNER]),
        *(
            line(60 - w / 2, y, 60 + w / 2, y, "#e8dcae", 0.5, stroke_linecap="round")
            for y, w in ((46.2, 7), (48, 5), (49.8, 3))
        ),
        line(-3, 44.1, 73, 44.1, "#30598a", 0.35),
    ]
    defs = [clip_polygon("day", DAY_CLIP), clip_polygon("night", NIGHT_CLIP)]
    return document(
        BLEED_BOX, [group(day, clip="day"), group(night, clip="night")], defs, "Sky and sea, half day, half night"
    )


def sailboat(x: float, y: float, s: float, hull: str, sails: tuple[str, str], mast: str, trim: str) -> list[str]:
    """A sailboat with its waterline centred at (x, y); s = scale (1 ≈ 20 mm long)."""

    def p(px: float, py: float) -> str:
        return f"{f(x + px * s)} {f(y + py * s)}"

    return [
        path(f"M{p(0.3, -13.2)}L{p(0.3, -1.6)}L{p(8.6, -1.6)}Z", sails[1]),
        path(f"M{p(-0.5, -15)}Q{p(-5, -8)} {p(-8.2, -2.4)}L{p(-0.5, -2.4)}Z", sails[0]),
        rect(x - 0.65 * s, y - 15.6 * s, 0.7 * s, 14.4 * s, mast),
        path(f"M{p(-0.3, -15.6)}L{p(3.2, -14.7)}L{p(-0.3, -13.8)}Z", hull),
        path(
            f"M{p(-10.4, -2)}L{p(10.4, -2)}Q{p(9, 1.4)} {p(6.4, 1.6)}L{p(-7, 1.6)}Q{p(-9.4, 1.2)} {p(-10.4, -2)}Z", hull
        ),
        path(f"M{p(-10.1, -1.2)}L{p(10.1, -1.2)}L{p(9.7, -0.3)}L{p(-9.8, -0.3)}Z", trim),
    ]


def start() -> str:
    body = [
        rect(-3, -3, 76, 15, "#f4bf8c"),
        rect(-3, 12, 76, 14, "#f7cf9f"),
        rect(-3, 26, 76, 12, "#fadfb8"),
        rect(-3, 38, 76, 6.2, "#fcebd0"),
        circle(52, 44, 11, "#f8c98c"),
        circle(52, 44, 7.5, "#f39a55"),
        *cloud(34, 22, 0.9, "#fdf0dc"),
        *cloud(56, 14, 0.7, "#fdf0dc"),
        rect(-3, 44, 76, 29, "#5f9dbd"),
        rect(-3, 56, 76, 17, "#528fb1"),
        *(
            line(52 - w / 2, y, 52 + w / 2, y, "#f6c08a", 0.55, stroke_linecap="round")
            for y, w in ((46, 13), (48.2, 10), (50.4, 7), (52.6, 4.5))
        ),
        *waves([(r[0], r[1] + 2, r[2]) for r in SEA_ROWS if r[1] > 52], "#8fc0d8"),
        # the harbour: a small lighthouse on the breakwater and the pier the boat leaves from
        path("M-3 44.2L-3 38.6L6 37.4L13 38.8L15 44.2Z", "#8f8373"),
        polygon([(3, 37.8), (7, 37.8), (6.2, 25.5), (3.8, 25.5)], "#f4ecdc"),
        polygon([(3.3, 33.6), (6.7, 33.6), (6.45, 30.2), (3.55, 30.2)], "#c8553d"),
        rect(3.6, 22.6, 2.8, 2.9, "#f4c66b"),
        rect(3.2, 25.1, 3.6, 0.9, "#5a3b26"),
        polygon([(3.2, 22.7), (6.8, 22.7), (5, 20.4)], "#c8553d"),
        rect(8, 41.6, 24, 1.5, "#8a5a3b"),
        *(rect(px, 43.1, 0.9, 4.4, "#5f3d27") for px in (9, 14, 19, 24, 29.6)),
        rect(28.6, 40, 1.2, 1.6, "#1f2a38"),
        *(
            path(wave(px, py, 5, 0.45, 1), None, "#e3f1f6", 0.5, stroke_linecap="round")
            for px, py in ((31.5, 48.4), (28, 50.2), (33, 51.6))
        ),
        *sailboat(43, 46.8, 1.0, "#c8553d", ("#fbf7ee", "#f4d58a"), "#5a3b26", "#1f2a38"),
        path("M20 14q1 -1.1 2 0q1 -1.1 2 0", None, "#6b4a3a", 0.35, stroke_linecap="round"),
        path("M25 17.5q0.8 -0.9 1.6 0q0.8 -0.9 1.6 0", None, "#6b4a3a", 0.3, stroke_linecap="round"),
    ]
    return document(BLEED_BOX, body, title="Start: a boat sets out from the harbour at dawn")


def finish() -> str:
    rng = random.Random(5)
    sky_region = (-2.5, -2.5, 72.5, 22, lambda x, y: not (2 <= x <= 68 and 2 <= y <= 17))
    body = [
        rect(-3, -3, 76, 13, "#27325f"),
        rect(-3, 10, 76, 10, "#3f467c"),
        rect(-3, 20, 76, 9, "#6f5f93"),
        rect(-3, 29, 76, 8, "#b7798e"),
        rect(-3, 37, 76, 7.2, "#eba582"),
        *stars(rng, sky_region, 12, ("#f7f1e3", "#f4d58a"), spacing=5),
        circle(35, 44, 14, "#f3bd86"),
        circle(35, 44, 10, "#f8d98c"),
        rect(-3, 44, 76, 29, "#41628f"),
        rect(-3, 55, 76, 18, "#36557f"),
        *(
            line(35 - w / 2, y, 35 + w / 2, y, c, 0.6, stroke_linecap="round")
            for y, w, c in (
                (46.2, 26, "#f2c27e"),
                (48.6, 20, "#e9b27e"),
                (51, 14, "#d9a07f"),
                (53.4, 9, "#c48f82"),
                (55.8, 5, "#a98186"),
            )
        ),
        *waves([(r[0], r[1] + 3, r[2]) for r in SEA_ROWS if r[1] > 53], "#5a7eab"),
        # the tranquil island: a great tree and a small pavilion, dark against the low sun
        path("M16 45Q20 40.4 27 39.4L44 39.2Q51 40.2 55 45Z", "#263149"),
        rect(24.6, 30, 1.6, 9.6, "#263149"),
        path("M25.4 31Q22 29 19.5 30.6L19 30Q22 27.8 25.4 29.6Z", "#263149"),
        *(
            circle(x, y, r, "#263149")
            for x, y, r in ((25.4, 26, 6), (20.6, 28.4, 3.8), (30.4, 27.8, 4.2), (23.2, 22.6, 3.8), (28.4, 22.8, 3.6))
        ),
        path("M37.6 30.4Q43 27 48.4 30.4L47 30.6L47 31.2L39 31.2L39 30.6Z", "#263149"),
        rect(39.6, 31.2, 1, 8.2, "#263149"),
        rect(45.4, 31.2, 1, 8.2, "#263149"),
        rect(38.4, 36.2, 9.2, 0.8, "#263149"),
        path("M-3 44.4L10 44.4", None, "#f2c27e", 0.4),
        path("M60 44.4L73 44.4", None, "#f2c27e", 0.4),
    ]
    return document(BLEED_BOX, body, title="Finish: the tranquil island at dusk")


def border() -> str:
    rows = []
    for i, y in enumerate(range(-1, 74, 5)):
        rows.append(path(wave(-4 + (i % 2) * 2.5, y, 80, 0.9, 8), None, "#356b8c", 0.6, stroke_linecap="round"))
    window = [
        circle(35, 35, 18.6, "#cfe3ec"),
        circle(47, 25, 3.2, "#f4d58a"),
        rect(10, 40.2, 50, 20, "#5f9dbd"),
        rect(10, 46.5, 50, 14, "#4f8fb0"),
        *sailboat(35, 41.5, 1.15, "#c8553d", ("#fbf7ee", "#f4c66b"), "#5a3b26", "#1f2a38"),
        *(
            path(wave(x, y, w, 0.5, 2), None, "#e8f3f8", 0.5, stroke_linecap="round")
            for x, y, w in ((19, 44.6, 8), (42, 44.8, 9), (27, 49, 10), (40, 51.5, 7))
        ),
    ]
    body = [
        rect(-3, -3, 76, 76, "#2c5d7c"),
        *rows,
        circle(35, 35, 21, "#27526e"),
        circle(35, 35, 20, "#e9eef0"),
        group(window, clip="porthole"),
        rect(4.5, 4.5, 61, 61, None, "#e9eef0", 0.5, r=2.5),
    ]
    defs = [clip_shape("porthole", element("circle", cx=f(35), cy=f(35), r=f(18.6)))]
    return document(BLEED_BOX, body, defs, title="Border: a sailing boat (both sides)")


def compass(cx: float, cy: float, r: float, light: str, shade: str, gold: str) -> list[str]:
    out = []
    for i in range(8):
        a = math.radians(45 * i - 90)
        length = r if i % 2 == 0 else r * 0.58
        side = r * (0.16 if i % 2 == 0 else 0.12)
        tip = (cx + length * math.cos(a), cy + length * math.sin(a))
        left = (cx + side * math.cos(a - math.pi / 2), cy + side * math.sin(a - math.pi / 2))
        right = (cx + side * math.cos(a + math.pi / 2), cy + side * math.sin(a + math.pi / 2))
        colours = (light, shade) if i % 2 == 0 else (gold, "#c99a3e")
        out.insert(0 if i % 2 else len(out), polygon([(cx, cy), left, tip], colours[0]))
        out.insert(0 if i % 2 else len(out), polygon([(cx, cy), tip, right], colours[1]))
    return out


def back() -> str:
    body = [
        rect(-3, -3, 76, 76, "#2a4a63"),
        *(
            path(wave(-4 + (i % 2) * 3, y, 80, 0.8, 8), None, "#335873", 0.55, stroke_linecap="round")
            for i, y in enumerate((-1, 3, 67, 71))
        ),
        circle(35, 35, 25.5, None, "#f4c66b", 0.7),
        circle(35, 35, 23.4, None, "#f7f1e3", 0.35),
        *(
            circle(35 + 24.45 * math.cos(math.radians(a)), 35 + 24.45 * math.sin(math.radians(a)), 0.55, "#f4c66b")
            for a in range(0, 360, 30)
        ),
        circle(35, 35, 16, "#23405a"),
        *compass(35, 35, 21, "#f7f1e3", "#d9ccb4", "#f4c66b"),
        circle(35, 35, 2.2, "#2a4a63", "#f4c66b", 0.5),
    ]
    return document(BLEED_BOX, body, title="Back of island, start and finish cards")


def reference_back() -> str:
    body = [
        rect(-3, -3, 76, 76, "#f7f1e3"),
        rect(-3, 40, 76, 33, "#4f8fb0"),
        rect(-3, 50, 76, 23, "#2c5d7c"),
        *(
            path(wave(-4 + (i % 2) * 3, y, 80, 0.8, 8), None, c, 0.55, stroke_linecap="round")
            for i, (y, c) in enumerate(
                ((44, "#8fc0d8"), (47.5, "#8fc0d8"), (55, "#4f8fb0"), (60, "#4f8fb0"), (65, "#4f8fb0"), (70, "#4f8fb0"))
            )
        ),
        *sailboat(35, 40.6, 0.8, "#c8553d", ("#ffffff", "#f4c66b"), "#5a3b26", "#1f2a38"),
        *(circle(x, 4.5, 0.5, "#4f8fb0") for x in range(11, 60, 4)),
    ]
    return document(BLEED_BOX, body, title="Back of the reference cards")


def ornament() -> str:
    """A small wave rule (30 × 4) for headings."""
    body = [path(wave(0.5, 2, 29, 1.2, 4), None, "#4f8fb0", 0.7, stroke_linecap="round"), circle(15, 2, 0.9, "#c8553d")]
    return document((0, 0, 30, 4), body, title="Wave rule")
