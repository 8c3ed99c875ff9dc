"""A project in the working folder whose island cards carry raster art: a JPEG sky behind every card
and a PNG per decade (a transparent cut-out), for the raster-art tests (issue 28)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image, ImageDraw

import pnp.export

TEMPLATE = {
    "size": [70, 70],
    "background": {"fill": "sea", "art": "sky.jpg"},
    "elements": [
        {
            "type": "art",
            "id": "island",
            "name": "island-{decade}.png",
            "box": [5, 10, 60, 50],
            "fit": "cover",
            "anchor": "top",
        },
        {
            "type": "text",
            "id": "number",
            "text": "{number}",
            "box": [4.5, 4, 24, 13],
            "size_pt": 30,
            "weight": "bold",
            "fill": "paper",
        },
    ],
}


def sky_jpeg(width: int = 1000, height: int = 750) -> bytes:
    """A blue-to-orange gradient with a sun: a photo-like JPEG (no EXIF, no profile)."""
    image = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    image = Image.merge(
        "RGB", (image.getchannel(0), Image.new("L", image.size, 90), image.getchannel(0).point(lambda v: 255 - v))
    )
    ImageDraw.Draw(image).ellipse((width * 0.6, height * 0.1, width * 0.8, height * 0.37), fill=(250, 220, 90))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


def island_png(decade: int, size: tuple[int, int] = (600, 400)) -> bytes:
    """An opaque green island on a transparent ground, a different shade per decade."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    w, h = size
    ImageDraw.Draw(image).ellipse((w * 0.1, h * 0.2, w * 0.9, h * 0.9), fill=(40 + 20 * decade, 150, 60, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def photo_project(root: Path, template: dict | None = None, spec: dict | None = None) -> Path:
    """templates/photo/ (the template and its art) and card_specs/photo.json under `root`."""
    art = root / "templates" / "photo" / "art"
    art.mkdir(parents=True, exist_ok=True)
    (root / "templates" / "photo" / "island.json").write_text(json.dumps(template or TEMPLATE), encoding="utf-8")
    (art / "sky.jpg").write_bytes(sky_jpeg())
    for decade in range(1, 9):
        (art / f"island-{decade}.png").write_bytes(island_png(decade))
    (root / "card_specs").mkdir(exist_ok=True)
    path = root / "card_specs" / "photo.json"
    data = {"id": "photo", "extends": "tranquility", "title": "Photo", "templates": "photo", **(spec or {})}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def cmyk_sky_jpeg(profile: bytes, width: int = 1000, height: int = 750) -> bytes:
    """The sky as a print designer's Photoshop export gives it: a CMYK JPEG (Adobe, inverted CMYK)
    separated by littleCMS for `profile` and carrying it."""
    from PIL import ImageCms

    rgb = Image.open(io.BytesIO(sky_jpeg(width, height)))
    separation = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile)), "RGB", "CMYK"
    )
    out = io.BytesIO()
    ImageCms.applyTransform(rgb, separation).save(out, "JPEG", quality=90, icc_profile=profile)
    return out.getvalue()


FOGRA = (Path(pnp.export.__file__).parent / "icc" / "FOGRA39L-240.icc").read_bytes()  # installed or checkout alike


def cmyk_deck(root: Path, sky: bytes | None, template: dict | None = None) -> tuple:
    """The photo project (in `root`, the working folder) cut to three islands and their back,
    with `sky` as the background art (None: the sRGB sky): the game, its faces, its
    DriveThruCards PDF and the export's warnings (but the custom size's)."""
    from dataclasses import replace

    from pnp.export import export
    from pnp.pipeline.load import load_game
    from pnp.svg.faces import render_faces

    photo_project(root, template)
    if sky is not None:
        (root / "templates/photo/art/sky.jpg").write_bytes(sky)
    game = load_game("photo")
    kept = ("island-01", "island-12", "island-23")
    kinds = tuple(replace(k, cards=tuple(c for c in k.cards if c.front_face_id in kept)) for k in game.kinds)
    game = replace(game, kinds=tuple(k for k in kinds if k.cards))
    faces = render_faces(game, jobs=1)
    warnings: list[str] = []
    (pdf,) = export(game, faces, "drivethru", warn=warnings.append, jobs=1).values()
    return game, faces, pdf, [w for w in warnings if "custom size" not in w]
