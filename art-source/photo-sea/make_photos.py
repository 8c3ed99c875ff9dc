"""Draw the photo-sea example's pictures: eight "photographs" of islands, one a decade, from dawn
(1–10) through day and dusk to night (71–80), and its spreadsheet of 80 island cards.

Run from the repository root: python art-source/photo-sea/make_photos.py
Writes card_specs/examples/photo-sea/photos/*.jpg and islands.csv. The pictures are drawn here
with Pillow from fixed seeds, so they are the project's own work (licensed as the project) and the
same every time with the same Pillow. They are raster on purpose: the example shows a card whose
art is a photo, its name in a spreadsheet column.
"""

from __future__ import annotations

import csv
import io
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "card_specs" / "examples" / "photo-sea"
SIZE = (960, 640)  # 3:2, as a camera; printed 62 × 41 mm it is ~390 dpi

# decade: (place, sky top, sky horizon, sea top, sea bottom, sun colour, sun height 0–1 or None)
SCENES = [
    ("Dawn Cove", (64, 70, 120), (246, 178, 122), (92, 110, 140), (30, 52, 82), (255, 214, 150), 0.82),
    ("Morning Reef", (110, 160, 214), (236, 226, 200), (70, 140, 170), (24, 78, 110), (255, 244, 210), 0.45),
    ("Noon Atoll", (58, 130, 210), (180, 214, 240), (40, 150, 180), (14, 82, 118), (255, 255, 236), 0.12),
    ("Calm Bay", (84, 150, 204), (214, 230, 236), (56, 128, 160), (22, 70, 104), (255, 250, 226), 0.3),
    ("Evening Isle", (70, 90, 150), (250, 160, 96), (86, 96, 130), (30, 40, 70), (255, 186, 110), 0.7),
    ("Dusk Sound", (44, 50, 100), (214, 108, 98), (60, 62, 100), (22, 26, 56), (250, 140, 100), 0.92),
    ("Twilight Key", (24, 30, 70), (110, 90, 140), (34, 42, 80), (12, 18, 42), (230, 220, 250), None),
    ("Night Harbour", (8, 12, 34), (36, 44, 86), (16, 24, 52), (4, 8, 24), (240, 240, 220), None),
]


def main(example: Path = EXAMPLE) -> None:
    photos = example / "photos"
    photos.mkdir(parents=True, exist_ok=True)
    for decade, scene in enumerate(SCENES, 1):
        picture = draw(decade, *scene[1:])
        out = io.BytesIO()
        picture.save(out, "JPEG", quality=86, optimize=True, progressive=False)
        (photos / f"{slug(scene[0])}.jpg").write_bytes(out.getvalue())
    write_sheet(example / "islands.csv")


def slug(place: str) -> str:
    return place.lower().replace(" ", "-")


def draw(decade: int, sky_top, horizon_sky, sea_top, sea_bottom, sun, sun_height) -> Image.Image:
    w, h = SIZE
    horizon = int(h * 0.56)
    rng = random.Random(28_000 + decade)
    picture = Image.new("RGB", SIZE)
    pen = ImageDraw.Draw(picture)
    for y in range(horizon):  # the sky, lighter at the horizon
        pen.line([(0, y), (w, y)], fill=mix(sky_top, horizon_sky, (y / horizon) ** 1.6))
    if sun_height is None:  # stars and a moon
        for _ in range(140):
            x, y = rng.randrange(w), rng.randrange(horizon - 40)
            shade = rng.randrange(150, 255)
            pen.point((x, y), fill=(shade, shade, shade))
        pen.ellipse([w * 0.54, h * 0.12, w * 0.54 + 46, h * 0.12 + 46], fill=sun)
    else:
        cx, cy, r = w * 0.58, horizon - 24 - (horizon - 90) * (1 - sun_height), 38
        glow = Image.new("L", SIZE, 0)
        ImageDraw.Draw(glow).ellipse([cx - 3 * r, cy - 3 * r, cx + 3 * r, cy + 3 * r], fill=120)
        picture.paste(Image.new("RGB", SIZE, sun), mask=glow.filter(ImageFilter.GaussianBlur(60)))
        pen.ellipse([cx - r, cy - r, cx + r, cy + r], fill=sun)
    for y in range(horizon, h):  # the sea, darker towards us
        pen.line([(0, y), (w, y)], fill=mix(sea_top, sea_bottom, ((y - horizon) / (h - horizon)) ** 0.8))
    island(pen, rng, decade, horizon, w)
    for _ in range(900):  # glints and wave crests
        y = rng.randrange(horizon + 4, h)
        x = rng.randrange(w)
        length = 6 + (y - horizon) // 8
        light = mix(sea_top, sun, 0.35 + 0.4 * rng.random())
        pen.line([(x, y), (x + length, y)], fill=light, width=1 + (y - horizon) // 120)
    picture = picture.filter(ImageFilter.GaussianBlur(1.2))
    return grain(picture, rng)


def island(pen: ImageDraw.ImageDraw, rng: random.Random, decade: int, horizon: int, w: int) -> None:
    """A hill of an island on the horizon, its size and place set by the decade, with a few palms."""
    left, width = w * (0.08 + 0.05 * (decade % 3)), w * (0.34 + 0.04 * (decade % 4))
    height = 60 + 14 * (decade % 5)
    land = mix((40, 70, 44), (8, 12, 18), (decade - 1) / 7)
    points = [(left, horizon + 2)]
    for k in range(41):
        x = left + width * k / 40
        bump = math.sin(math.pi * k / 40) ** 1.4 * height
        points.append((x, horizon - bump - rng.uniform(0, 6)))
    points.append((left + width, horizon + 2))
    pen.polygon(points, fill=land)
    pen.rectangle([left - 10, horizon, left + width + 10, horizon + 6], fill=mix((226, 206, 150), land, 0.5))
    for _ in range(3 + decade % 3):
        x = left + width * rng.uniform(0.25, 0.75)
        base = horizon - math.sin(math.pi * (x - left) / width) ** 1.4 * height + 4
        pen.line([(x, base), (x + 8, base - 46)], fill=land, width=5)
        for angle in range(-150, 40, 38):
            rad = math.radians(angle)
            tip = (x + 8 + 30 * math.cos(rad), base - 46 + 18 * math.sin(rad) + 10)
            pen.line([(x + 8, base - 46), tip], fill=land, width=4)


def grain(picture: Image.Image, rng: random.Random) -> Image.Image:
    """A little film grain, from the seed: the pictures read as photographs, not flat drawings."""
    noise = Image.frombytes("L", SIZE, bytes(rng.randrange(96, 160) for _ in range(SIZE[0] * SIZE[1])))
    return Image.blend(picture, Image.merge("RGB", (noise, noise, noise)), 0.06)


def mix(a, b, t: float) -> tuple[int, int, int]:
    t = min(1.0, max(0.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def write_sheet(path: Path) -> None:
    """The island cards as a designer keeps them: one row a card, the photo named in a column."""
    rows = [["number", "decade", "place", "photo"]]
    for number in range(1, 81):
        decade = (number - 1) // 10 + 1
        place = SCENES[decade - 1][0]
        rows.append([str(number), str(decade), place, f"photos/{slug(place)}.jpg"])
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    path.write_bytes(out.getvalue().encode("utf-8"))


if __name__ == "__main__":
    main()
