"""Faces as pixels: the rectangle of a face an export draws (its region), the bleed extended past the
face's own, and PNG bytes with DPI metadata. PDFium draws the pixels (pnp/export/pixels.py)."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image

from pnp.game.model import Face

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Region:
    """A rectangle of a face in face mm (trim top-left is 0,0) and the pixels it becomes."""

    x: float
    y: float
    width: float
    height: float
    px_width: int
    px_height: int


def trim_region(face: Face, dpi: float, bleed: float = 0.0) -> Region:
    """The face's trim, grown by `bleed` mm on every side, at `dpi`."""
    w, h = face.width + 2 * bleed, face.height + 2 * bleed
    return Region(-bleed, -bleed, w, h, round(w / MM_PER_INCH * dpi), round(h / MM_PER_INCH * dpi))


def short_bleed(face: Face, region: Region) -> float:
    """How far (mm) the region reaches past the face's drawn bleed, on its worst side."""
    b = face.bleed
    return max(
        0.0,
        -b - region.x,
        -b - region.y,
        region.x + region.width - face.width - b,
        region.y + region.height - face.height - b,
    )


def drawn_edges(face: Face, region: Region) -> tuple[int, int, int, int] | None:
    """The pixels of the region the face's bleed covers: (left, top, right, bottom), right and
    bottom exclusive; None when it covers the whole region (within 0.01 mm)."""
    if short_bleed(face, region) < 0.01:
        return None
    sx, sy = region.px_width / region.width, region.px_height / region.height
    b = face.bleed
    left = max(0, math.ceil((-b - region.x) * sx))
    top = max(0, math.ceil((-b - region.y) * sy))
    right = min(region.px_width, math.floor((face.width + b - region.x) * sx))
    bottom = min(region.px_height, math.floor((face.height + b - region.y) * sy))
    return left, top, right, bottom


def extend_edges(image: Image.Image, face: Face, region: Region) -> Image.Image:
    """Where the region reaches past the face's bleed, repeat the outermost drawn pixels
    outwards (a printer's usual bleed extension) instead of leaving a white band. `image` is
    changed in place."""
    edges = drawn_edges(face, region)
    if edges is None:
        return image
    left, top, right, bottom = edges
    width, height = region.px_width, region.px_height
    h = bottom - top
    out = image  # changed in place: only the strips outside the drawn bleed are written
    if left:
        out.paste(out.crop((left, top, left + 1, bottom)).resize((left, h), Image.Resampling.NEAREST), (0, top))
    if right < width:
        out.paste(
            out.crop((right - 1, top, right, bottom)).resize((width - right, h), Image.Resampling.NEAREST), (right, top)
        )
    if top:
        out.paste(out.crop((0, top, width, top + 1)).resize((width, top), Image.Resampling.NEAREST), (0, 0))
    if bottom < height:
        out.paste(
            out.crop((0, bottom - 1, width, bottom)).resize((width, height - bottom), Image.Resampling.NEAREST),
            (0, bottom),
        )
    return out


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """PNG with its resolution recorded (pHYs), so print shops read the intended size."""
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()
