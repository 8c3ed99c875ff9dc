"""The eight island motifs (one per decade), each drawn once per palette: day and night."""

from __future__ import annotations

from svgkit import Palette, circle, ellipse, leaf, line, path, polygon, rect


def shore(p: Palette, cx: float = 35, rx: float = 21) -> list[str]:
    """Reflection under the island and the ring of foam where it meets the sea."""
    return [
        ellipse(cx, 48.2, rx - 3, 2.4, p.reflection),
        ellipse(cx, 46.4, rx + 1.2, 1.5, p.foam),
    ]


def palm(p: Palette, base: tuple[float, float], crown: tuple[float, float], size: float, lean: float) -> list[str]:
    bx, by = base
    cx, cy = crown
    trunk = path(
        f"M{bx - 0.9} {by}Q{bx - 0.9 + lean} {(by + cy) / 2} {cx - 0.7} {cy}L{cx + 0.7} {cy + 0.2}"
        f"Q{bx + 0.9 + lean} {(by + cy) / 2} {bx + 0.9} {by}Z",
        p.trunk,
    )
    back = [leaf(cx, cy, size * 0.9, a, size * 0.17, d, p.leaf_dark) for a, d in ((-140, 2.4), (-60, 1.6), (170, 3.4))]
    front = [
        leaf(cx, cy, size, a, size * 0.19, d, p.leaf) for a, d in ((-165, 3.6), (-105, 1.2), (-25, 2.6), (10, 4.0))
    ]
    nuts = [circle(cx - 0.6, cy + 1.1, 0.75, p.trunk), circle(cx + 0.7, cy + 1.2, 0.7, p.rock_dark)]
    return [trunk, *back, *front, *nuts]


def palm_atoll(p: Palette) -> list[str]:
    return [
        *shore(p, 35, 21),
        path("M14 46.6Q22 39 35 38.6Q48 39 56 46.6Z", p.sand),
        path("M19 43Q27 38.6 35 38.9Q44 39.2 51 43.5Q43 41.4 35 41.3Q26 41.3 19 43Z", p.land),
        ellipse(52, 45.6, 2, 1.2, p.rock),
        ellipse(17.5, 45.8, 1.5, 0.9, p.rock_dark),
        *palm(p, (40.8, 40.2), (44.6, 25.4), 7.2, 1.0),
        *palm(p, (30.8, 40.4), (26.3, 19.6), 9.6, -0.6),
        path("M46.5 40.6L52 40.6L49.25 37.8Z", p.roof),
        rect(47.2, 40.6, 4.1, 2.6, p.wall),
        rect(48.7, 41.5, 1.1, 1.7, p.window),
    ]


def lighthouse(p: Palette, night: bool) -> list[str]:
    def side(y: float, left: bool) -> float:  # the tapered tower's edge at height y
        t = (36 - y) / (36 - 17.5)
        return 32 + t * 1.4 if left else 38 - t * 1.4

    def band(y0: float, y1: float) -> str:
        return polygon(
            [(side(y1, True), y1), (side(y1, False), y1), (side(y0, False), y0), (side(y0, True), y0)], p.stripe
        )

    beam = (
        [
            polygon([(36.6, 13.6), (72, 8.2), (72, 19.8), (36.6, 15.4)], "#3b456f"),
            polygon([(36.6, 14.1), (72, 11.6), (72, 16.6), (36.6, 14.9)], "#4d5784"),
        ]
        if night
        else []
    )
    return [
        *beam,
        *shore(p, 35, 20),
        path("M15 46.6L18 42L22 40.5L25 37.5L30 35.8L40 35.6L44 37.8L48 39.2L52 42.5L55.5 46.6Z", p.rock),
        path("M22 40.5L25 37.5L27.2 41.2L24.4 46.6L18.6 46.6Z", p.rock_dark),
        path("M44 37.8L48 39.2L52 42.5L55.5 46.6L49.2 46.6L46.4 41.2Z", p.rock_dark),
        path("M25.5 37.6Q35 33.6 44.6 38Q35 36.4 25.5 37.6Z", p.land),
        rect(21.6, 34.8, 6.4, 4.2, p.wall),
        polygon([(20.9, 35), (28.7, 35), (24.8, 31.8)], p.roof),
        rect(23.2, 36, 1.5, 1.5, p.window),
        rect(25.6, 36.4, 1.4, 2.6, p.rock_dark),
        polygon([(32, 36), (38, 36), (36.6, 17.5), (33.4, 17.5)], p.wall),
        band(20.2, 23.6),
        band(26.8, 30.2),
        band(33.2, 36),
        rect(34.5, 24.6, 1, 1.6, p.window),
        rect(34.2, 32.6, 1.6, 3.4, p.rock_dark),
        rect(32.3, 16.2, 5.4, 1.4, p.rock_dark),
        rect(33.3, 12.3, 3.4, 3.9, p.window),
        line(35, 12.3, 35, 16.2, p.ink, 0.25),
        polygon([(32.7, 12.4), (37.3, 12.4), (35, 9.3)], p.roof),
        circle(35, 9.1, 0.5, p.ink),
    ]


def volcano(p: Palette, night: bool) -> list[str]:
    smoke = [
        circle(36.4, 16.8, 2.3, p.smoke),
        circle(38.2, 13.2, 2.8, p.smoke),
        circle(37.4, 9.2, 3.1, p.smoke),
        circle(40, 5.6, 3.2, p.smoke),
    ]
    sparks = (
        [
            circle(x, y, r, p.lava)
            for x, y, r in (
                (33.2, 18.4, 0.45),
                (37.6, 17.2, 0.4),
                (35.4, 15.6, 0.35),
                (31.6, 16.2, 0.3),
                (39.2, 15.4, 0.3),
            )
        ]
        if night
        else []
    )
    return [
        *shore(p, 35, 22),
        *smoke,
        path(
            "M12.5 46.6Q20 38 25 30L29.5 21.5Q31 20.6 32.5 21.2L35 22L37.6 21Q39.2 20.5 40.6 21.5L45 30Q50 38 "
            "57.5 46.6Z",
            p.rock,
        ),
        path("M40.6 21.5L45 30Q50 38 57.5 46.6L47 46.6Q44 36 39 23Z", p.rock_dark),
        ellipse(35, 21.6, 5.2, 1.1, p.rock_dark),
        ellipse(35, 21.5, 3.6, 0.6, p.lava),
        path("M33.5 22Q32.5 26 30.5 29Q29.5 31 30.2 33.5Q31.6 30.5 33.2 28Q34.6 25 34.4 22Z", p.lava),
        path("M37 22Q38.5 25.5 39.2 28Q39.6 30 38.9 31.5Q40.9 29.8 40.6 27.6Q40 24.6 38.1 21.8Z", p.lava),
        *sparks,
        path("M12.5 46.6Q17 41.5 22 40Q28 41.5 35 40.6Q42 39.5 48 40.8Q53 42 57.5 46.6Z", p.land),
        *(
            circle(x, y, r, p.land_dark)
            for x, y, r in (
                (18, 42.6, 1.6),
                (21.6, 41.6, 1.4),
                (25, 42.4, 1.2),
                (45.6, 41.6, 1.3),
                (49.2, 42, 1.5),
                (52.4, 43.6, 1.3),
            )
        ),
    ]


def twin_peaks(p: Palette) -> list[str]:
    return [
        *shore(p, 35, 22),
        path("M30 46.6L38 31L44 21.5L46 22.5L49 28L56.5 46.6Z", p.rock_dark),
        path("M13.5 46.6L21 33L27.5 17.5L29.5 18.5L35 30L41 46.6Z", p.rock),
        path("M27.5 17.5L29.5 18.5L35 30L41 46.6L34 46.6L31.5 30Z", p.rock_dark),
        path("M25.4 22.5L27.5 17.5L29.5 18.5L31.4 22.6L29.8 21.6L28.6 23.4L27.3 21.8Z", p.snow),
        path("M42.3 24.3L44 21.5L46 22.5L47.7 25.6L46.4 24.9L45.2 26.1L44 24.6Z", p.snow),
        path("M38.3 31.4L39.4 31.6L39.9 41L38.5 41Z", p.foam),
        ellipse(39.2, 41.2, 1.8, 0.55, p.foam),
        path("M13.5 46.6Q19 40 24 39.5Q30 40.6 35 41.6Q38 42.2 41 41.4Q46 38.6 51 40.2Q54.5 42 56.5 46.6Z", p.land),
        path("M17 43.4Q21 41.2 25 41.2Q28 41.6 30 42.8Q24 42.2 17 43.4Z", p.land_light),
        *(
            circle(x, y, r, p.land_dark)
            for x, y, r in ((20.4, 41.4, 1.3), (46.4, 40.6, 1.4), (49.6, 41, 1.2), (52.8, 43, 1.1), (43.2, 42.2, 1.1))
        ),
    ]


def conifer(p: Palette, x: float, base: float, height: float, fill: str) -> list[str]:
    w = height * 0.42
    tiers = []
    for i in range(3):
        top = base - height + i * height * 0.26
        bottom = base - height * 0.12 - (2 - i) * height * 0.2
        half = w * (0.55 + 0.22 * i)
        tiers.append(polygon([(x - half, bottom), (x + half, bottom), (x, top)], fill))
    return [rect(x - 0.35, base - height * 0.14, 0.7, height * 0.14, p.trunk), *tiers]


def forest(p: Palette) -> list[str]:
    back = (
        (22, 36, 9),
        (28, 34, 11),
        (34, 33.2, 12.5),
        (40, 33.6, 11),
        (46, 35.2, 9.5),
        (51.5, 39, 7.5),
        (17.8, 40, 7),
    )
    front = ((24.6, 42.2, 8), (31, 42.4, 9), (37.6, 42.6, 8.5), (44, 43, 8), (49.4, 44, 6.5), (19.6, 44.6, 6))
    trees = []
    for i, (x, b, h) in enumerate(back):
        trees += conifer(p, x, b, h, p.leaf_dark if i % 2 else p.leaf)
    for i, (x, b, h) in enumerate(front):
        trees += conifer(p, x, b, h, p.leaf if i % 2 else p.land)
    return [
        *shore(p, 35, 21),
        path("M13.5 46.6Q15 36 25 32.5Q35 29 45 32Q55 36 56.5 46.6Z", p.land_dark),
        *trees,
        path("M13.5 46.6Q17 44.6 22 44.8Q35 45.6 48 44.8Q53 44.6 56.5 46.6Z", p.sand),
    ]


def house(p: Palette, x: float, base: float, w: float, h: float, roof: float, window_rows: int = 1) -> list[str]:
    parts = [
        rect(x, base - h, w, h, p.wall),
        polygon([(x - 0.5, base - h + 0.1), (x + w + 0.5, base - h + 0.1), (x + w / 2, base - h - roof)], p.roof),
        rect(x + w * 0.4, base - 2.2, w * 0.2, 2.2, p.wall_shade),
    ]
    for row in range(window_rows):
        y = base - h + 1.2 + row * 2.6
        parts += [rect(x + w * 0.16, y, w * 0.2, 1.3, p.window), rect(x + w * 0.64, y, w * 0.2, 1.3, p.window)]
    return parts


def harbour_village(p: Palette) -> list[str]:
    return [
        *shore(p, 34, 21),
        path("M13 46.6Q14.5 40.8 21 39.6L47 39.2Q53.5 40.4 55 46.6Z", p.land),
        *house(p, 17.5, 43.6, 6, 5.8, 3),
        *house(p, 24.2, 43.6, 5, 7.6, 2.8, 2),
        rect(30.2, 28, 4.6, 15.6, p.wall),
        polygon([(29.7, 28.1), (35.3, 28.1), (32.5, 22.2)], p.roof),
        rect(31.6, 30, 1.8, 2.4, p.window),
        rect(31.9, 36, 1.2, 1.6, p.window),
        *house(p, 35.6, 43.6, 6.4, 6.2, 3.2),
        *house(p, 42.6, 43.6, 5.2, 8.4, 2.6, 2),
        *house(p, 48.4, 43.6, 4.8, 5.2, 2.4),
        path("M13 46.6L13.6 43.6L55 43.6L55.4 46.6Z", p.rock),
        line(13.6, 45.1, 55.2, 45.1, p.rock_dark, 0.3),
        rect(54.6, 43.2, 10.4, 1, p.trunk),
        *(rect(x, 44.2, 0.7, 2.8, p.trunk) for x in (57, 60.4, 63.8)),
    ]


def stone_arch(p: Palette) -> list[str]:
    arch = (
        "M13 46.6L14.5 38Q15.5 31 20 27.5Q26 23.5 33 24Q40 24.5 45 27.5L50 30Q55 33.5 57 46.6Z"
        "M22.4 46.6Q22.8 37.6 27.8 34.6Q33 32 37 35.6Q40.6 39.2 41 46.6Z"
    )
    bird = "M{x} {y}q1 -1.1 2 0q1 -1.1 2 0"
    return [
        *shore(p, 35, 22),
        path(arch, p.rock, fill_rule="evenodd"),
        path("M45 27.5L50 30Q55 33.5 57 46.6L49.5 46.6Q48.4 36 44 29Z", p.rock_dark),
        path("M22.4 46.6Q22.8 37.6 27.8 34.6L26.4 33.8Q20.6 37.4 20.4 46.6Z", p.rock_dark),
        path("M17.4 30.4Q25 24 33 24.3Q41 24.6 47.4 28.6Q40 26.6 33 26.4Q25 26.2 17.4 30.4Z", p.land),
        rect(29.6, 21.6, 0.9, 3, p.trunk),
        circle(30, 20.2, 2.6, p.leaf),
        circle(28.2, 21.4, 1.7, p.leaf_dark),
        circle(38.6, 24.1, 1.4, p.leaf_dark),
        path("M51.5 46.6L52.4 38.8Q53.6 37.6 54.8 38.8L55.6 46.6Z", p.rock),
        path(bird.format(x=44, y=16), None, p.ink, 0.35, stroke_linecap="round", stroke_linejoin="round"),
        path(bird.format(x=48.5, y=14), None, p.ink, 0.35, stroke_linecap="round", stroke_linejoin="round"),
    ]


def moon_temple(p: Palette) -> list[str]:
    crescent = "M35.9 8.2A2.6 2.6 0 1 0 35.9 12.8A2.4 2.4 0 0 1 35.9 8.2Z"
    return [
        *shore(p, 35, 20),
        path("M15 46.6Q17 40 24 38.6L46 38.6Q53 40 55 46.6Z", p.rock),
        path("M15 46.6Q17 40 24 38.6L30 38.6Q22 41 20 46.6Z", p.rock_dark),
        rect(24, 36.2, 22, 2.6, p.wall_shade),
        rect(26.2, 34, 17.6, 2.3, p.wall_shade),
        rect(27, 32.2, 16, 1.9, p.wall),
        rect(29.6, 24.4, 10.8, 7.8, p.window),
        *(rect(x, 24, 1.6, 8.2, p.wall) for x in (28.2, 32.1, 36.3, 40.2)),
        rect(27, 22.3, 16, 1.8, p.wall),
        path("M28.6 22.4Q29 14.6 35 14.1Q41 14.6 41.4 22.4Z", p.gold),
        path("M31 22.4Q31.4 16.4 35 15.9Q33 17.6 32.8 22.4Z", p.wall_shade),
        line(35, 14.2, 35, 12.9, p.gold, 0.4),
        path(crescent, p.gold),
        *(
            circle(x, y, r, p.land_dark)
            for x, y, r in ((20.4, 38.6, 2.2), (23.2, 37.4, 1.7), (48.6, 38.4, 2.1), (46.2, 37.2, 1.6))
        ),
        *(circle(x, y, r, p.land) for x, y, r in ((21.8, 39.6, 1.5), (47.4, 39.6, 1.4))),
    ]


ISLANDS = {
    1: ("palm atoll", lambda p, night: palm_atoll(p)),
    2: ("lighthouse isle", lighthouse),
    3: ("volcano", volcano),
    4: ("twin peaks", lambda p, night: twin_peaks(p)),
    5: ("forest isle", lambda p, night: forest(p)),
    6: ("harbour village", lambda p, night: harbour_village(p)),
    7: ("stone arch", lambda p, night: stone_arch(p)),
    8: ("moon temple", lambda p, night: moon_temple(p)),
}
