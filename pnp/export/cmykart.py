"""CMYK pictures kept CMYK in the DriveThruCards file.

A CMYK JPEG (a print designer's export, with its ICC profile) is drawn in faces, sheets and PNG
exports in sRGB (pnp/face/raster.py); its own bytes travel in the face beside the sRGB picture
(`data-cmyk`, pnp/svg/face.py). The DriveThruCards export, which prints CMYK, draws such a face
as two layers on its page:

1. each CMYK picture as a DeviceCMYK image XObject (DCTDecode), placed as the face places it:
   the file's own bytes when it needs no downsampling at 300 dpi at its printed size, else
   downsampled in CMYK and encoded again (JPEG quality 90);
2. the face's 300 dpi image (converted from sRGB as for every face) over it, with a stencil mask
   (PDF 1.3 explicit masking, no transparency: PDF/X-1a allows it) that leaves out the pixels where
   a CMYK picture shows.

Where a picture shows is measured, not worked out: the face is drawn twice more with each CMYK
picture replaced by a white and by a black picture of its size; a pixel whose colour differs by
at least half the range shows the picture. Clips, `cover` crops, art and text drawn over the
picture are so honoured exactly as the face's own painter draws them, to the pixel.

The CMYK numbers are printed as they are: in the file's output condition (FOGRA39), whatever
profile the picture was separated for. A picture that needs more than DriveThruCards' 240 % ink
somewhere gets a warning naming the file and its most ink.
"""

from __future__ import annotations

import base64
import hashlib
import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageChops

from pnp.core.affine import IDENTITY, Matrix, apply, multiply
from pnp.export.pdfx import MAX_INK
from pnp.export.raster import MM_PER_INCH, Region
from pnp.game.model import Face
from pnp.pdf.image import DOWNSAMPLE_ABOVE, DOWNSAMPLE_FILTER, placement
from pnp.pdf.path import parse_transform

SVG = "{http://www.w3.org/2000/svg}"
WHITE, BLACK = "~white", "~black"  # the face ids of a face's two measuring copies end so
SHOWS_AT = 128  # a pixel shows a picture when its white and black copies differ by this much
_JPEG_QUALITY = 90
_IMAGE = re.compile(r'<image [^>]*? data-cmyk="[^"]*"[^>]*>')
_HREF = re.compile(r' href="[^"]*"')
_CMYK = re.compile(r' data-cmyk="[^"]*"')


@dataclass(frozen=True)
class CmykPicture:
    """A CMYK picture of a face as the PDF embeds it: a JPEG of `width` × `height` pixels
    (`inverted`: an Adobe JPEG's inverted CMYK), and where it goes (the unit square → face mm)."""

    where: str  # the <image>'s id: "<face>-<element>"
    jpeg: bytes
    width: int
    height: int
    inverted: bool
    matrix: Matrix
    passed_through: bool  # the file's own bytes, not encoded again

    @property
    def name(self) -> str:
        return "Cmyk" + hashlib.sha1(self.jpeg).hexdigest()[:16]


def has_cmyk(face: Face) -> bool:
    return ' data-cmyk="' in face.svg


def cmyk_pictures(face: Face, dpi: float) -> list[CmykPicture]:
    """The face's CMYK pictures in the order they are drawn, each downsampled to `dpi` at its
    printed size when it has more than DOWNSAMPLE_ABOVE times the pixels that needs."""
    if not has_cmyk(face):
        return []
    out: list[CmykPicture] = []
    _walk(ET.fromstring(face.svg), IDENTITY, dpi, out, is_root=True)
    return out


def _walk(node: ET.Element, outer: Matrix, dpi: float, out: list[CmykPicture], is_root: bool = False) -> None:
    m = outer if is_root else multiply(outer, parse_transform(node.get("transform", "")))
    if node.tag == SVG + "image" and node.get("data-cmyk"):
        out.append(_picture(node, m, dpi))
        return
    for child in node:
        if child.tag not in (SVG + "defs", SVG + "clipPath", SVG + "mask", SVG + "symbol"):
            _walk(child, m, dpi, out)


def _picture(node: ET.Element, m: Matrix, dpi: float) -> CmykPicture:
    raw = base64.b64decode(node.get("data-cmyk", ""))
    with Image.open(io.BytesIO(raw), formats=("JPEG",)) as image:
        size = image.size
        box = tuple(float(node.get(k, "0")) for k in ("x", "y", "width", "height"))
        (x, y, w, h), _ = placement(box, size, node.get("preserveAspectRatio", "xMidYMid"))  # type: ignore[arg-type]
        matrix = multiply(m, (w, 0.0, 0.0, -h, x, y + h))  # the image's unit square, its top row at y
        printed = (
            w * math.hypot(m[0], m[1]) / MM_PER_INCH * dpi,
            h * math.hypot(m[2], m[3]) / MM_PER_INCH * dpi,
        )
        wanted = (max(1, math.ceil(printed[0] - 1e-6)), max(1, math.ceil(printed[1] - 1e-6)))
        where = node.get("id", "an image")
        if size[0] <= wanted[0] * DOWNSAMPLE_ABOVE or size[1] <= wanted[1] * DOWNSAMPLE_ABOVE:
            return CmykPicture(where, raw, size[0], size[1], "adobe" in image.info, matrix, True)
        smaller = image.resize(wanted, DOWNSAMPLE_FILTER, reducing_gap=3.0)
    encoded = io.BytesIO()
    smaller.save(encoded, "JPEG", quality=_JPEG_QUALITY, subsampling=0)
    return CmykPicture(where, encoded.getvalue(), wanted[0], wanted[1], True, matrix, False)


def most_ink(jpeg: bytes) -> float:
    """The most ink (per cent, C + M + Y + K) any pixel of a CMYK JPEG needs."""
    with Image.open(io.BytesIO(jpeg)) as image:
        c, m, y, k = image.convert("CMYK").split()
    quarter = ImageChops.add(ImageChops.add(c, m, scale=2), ImageChops.add(y, k, scale=2), scale=2)
    low_high = quarter.getextrema()
    assert isinstance(low_high[1], int)
    return low_high[1] * 4 / 255 * 100


def ink_warning(picture: CmykPicture) -> str | None:
    ink = most_ink(picture.jpeg)
    if ink <= MAX_INK + 2:  # the sum is measured in quarters: within 2 % of the limit is the limit
        return None
    return (
        f"{picture.where}: its CMYK picture needs up to {ink:.0f} % ink, more than "
        f"DriveThruCards' {MAX_INK} %; its CMYK numbers are printed as they are"
    )


def measuring_faces(face: Face) -> tuple[Face, Face]:
    """The face with each CMYK picture replaced by a white and by a black picture of its size."""
    return _replaced(face, WHITE, 255), _replaced(face, BLACK, 0)


def _replaced(face: Face, suffix: str, grey: int) -> Face:
    """The copy's ids are its own face id's, as a face's are (pnp/svg/face.py), so that the copies
    of faces of one template share their first elements as the faces do (pnp/export/layers.py):
    the copied picture is drawn once per size, not once per face."""

    def plain(found: re.Match) -> str:
        tag = _CMYK.sub("", found.group(0))
        own = re.search(r' href="data:image/(?:png|jpeg);base64,([^"]*)"', tag)
        if own is None:
            return tag
        return _HREF.sub(f' href="{_flat_picture(_size(own.group(1)), grey)}"', tag)

    copy = face.id + suffix
    svg = _IMAGE.sub(plain, face.svg)
    svg = svg.replace(f'id="{face.id}"', f'id="{copy}"', 1)
    svg = svg.replace(f'id="{face.id}-', f'id="{copy}-').replace(f"#{face.id}-", f"#{copy}-")
    return replace(face, id=copy, svg=svg, layout=None)  # drawn from this text, not the face's model


@lru_cache(maxsize=8)
def _size(data: str) -> tuple[int, int]:
    with Image.open(io.BytesIO(base64.b64decode(data))) as image:
        return image.size


@lru_cache(maxsize=8)
def _flat_picture(size: tuple[int, int], grey: int) -> str:
    """A grey picture of `size` pixels as a data: URL."""
    out = io.BytesIO()
    Image.new("L", size, grey).save(out, "PNG")
    return f"data:image/png;base64,{base64.b64encode(out.getvalue()).decode('ascii')}"


def shown(white: Image.Image, black: Image.Image, edges: tuple[int, int, int, int] | None = None) -> Image.Image:
    """The stencil (mode "1"): 1 where a picture shows (its white and black copies, one channel
    each, differ), only inside `edges` (left, top, right, bottom: the pixels the face's bleed
    covers, when the region reaches past it). Past them the face's image repeats its outermost
    pixels (pnp/export/raster.py), the copies' too, but the picture does not reach there."""
    difference = ImageChops.subtract(white, black)
    if edges is not None:
        inside = Image.new("L", difference.size, 0)
        inside.paste(difference.crop(edges), edges[:2])
        difference = inside
    return difference.point(lambda v: 255 if v >= SHOWS_AT else 0).convert("1", dither=Image.Dither.NONE)


def page_matrix(picture: CmykPicture, region: Region, page: tuple[float, float]) -> Matrix:
    """The picture's image matrix on a page (points, y up) that shows `region` of the face."""
    sx, sy = page[0] / region.width, page[1] / region.height

    def to_page(u: float, v: float) -> tuple[float, float]:
        fx, fy = apply(picture.matrix, u, v)
        return (fx - region.x) * sx, page[1] - (fy - region.y) * sy

    x0, y0 = to_page(0, 0)
    x1, y1 = to_page(1, 0)
    x2, y2 = to_page(0, 1)
    return (x1 - x0, y1 - y0, x2 - x0, y2 - y0, x0, y0)


__all__ = [
    "BLACK",
    "WHITE",
    "CmykPicture",
    "cmyk_pictures",
    "has_cmyk",
    "ink_warning",
    "measuring_faces",
    "page_matrix",
    "shown",
]
