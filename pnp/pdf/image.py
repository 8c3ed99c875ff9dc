"""Raster images in the PDF: an SVG <image> placed as the SVG says, embedded once per document.

A face's <image> holds its picture as a data: URL (pnp/face/raster.py made it upright and sRGB,
PNG or JPEG). `placement` works out where it goes (x, y, width, height and preserveAspectRatio, as
SVG draws it) and the clip a `slice` needs; `pdf_image` turns the picture into what an image
XObject holds, downsampled to the print resolution (`dpi` at the size it is printed): a JPEG that
needs no downsampling goes in as it is (DCTDecode, not encoded again); anything else as Flate with
the PNG Sub predictor, its alpha as a soft mask. The same
picture and size give the same bytes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import math
import re
from dataclasses import dataclass, replace
from pathlib import Path

from isal import isal_zlib
from PIL import Image, ImageChops

from pnp.face.raster import RasterError, load_raster

DEFAULT_IMAGE_DPI = 300.0
STASHED = "pnp-picture:"  # an href the painter wrote in place of a picture it keeps (see paint.py)
FLATE_LEVEL = 2  # ISA-L's deflate level for pictures that are not JPEGs
DOWNSAMPLE_ABOVE = 1.1  # a picture with more pixels than this times the print resolution's is downsampled
# Bicubic, as prepress PDF makers downsample (Ghostscript's and Acrobat's print presets): 19 ms for a
# 1,500 px photo to 898 px against Lanczos's 27 ms, the resize being a fifth of a photo deck's build
DOWNSAMPLE_FILTER = Image.Resampling.BICUBIC
JPEG_QUALITY = 90  # a JPEG picture downsampled for the PDF is encoded again at this quality
_DATA_URL = re.compile(r"^data:image/(png|jpeg);base64,([A-Za-z0-9+/=\s]*)\Z")
_ALIGN = re.compile(r"^(none|x(Min|Mid|Max)Y(Min|Mid|Max))(?:\s+(meet|slice))?\Z")
_MAX_DATA = 96 * 1024 * 1024  # base64 text of the largest image file pnp/face/raster.py reads


@dataclass(frozen=True)
class Picture:
    """An <image>'s picture: the file's bytes and its size in pixels. A picture read from a file
    may travel `light()`, without its bytes, once its image XObject is made: `load()` reads the
    file again if another size is wanted (a deck of photos need not hold every file in memory, nor
    send them all between processes)."""

    name: str  # "img" + a hash of the bytes: the same picture, the same name in every document
    data: bytes
    width: int
    height: int
    jpeg: bool
    source: str | None = None  # the image file it was read from (pnp/face/raster.py), if any

    def light(self) -> Picture:
        """The picture without its bytes, when its file can give them again."""
        return replace(self, data=b"") if self.source and self.data else self

    def load(self) -> bytes:
        """The picture's bytes: its own, or its file's read again (the same name, or ValueError)."""
        if self.data or not self.source:
            return self.data
        try:
            raster = load_raster(Path(self.source))
        except (OSError, RasterError) as exc:
            raise ValueError(f"its file could not be read again ({exc})") from None
        if "img" + raster.digest != self.name:
            raise ValueError(f"{raster.file} changed while the sheets were drawn; build again")
        return raster.data


@dataclass(frozen=True)
class PdfImage:
    """An image XObject's content: `stream` in `filter` (DCTDecode or FlateDecode with PNG
    predictors), `colours` components (1 grey, 3 RGB), and an optional soft mask (grey)."""

    width: int
    height: int
    colours: int
    filter: str
    stream: bytes
    mask: PdfImage | None = None


def picture(href: str) -> Picture:
    """The picture of a data: URL; ValueError with a sentence fragment for anything else."""
    if len(href) > _MAX_DATA:
        raise ValueError("the image is larger than the largest image file art may use")
    match = _DATA_URL.match(href)
    if match is None:
        raise ValueError(
            "an <image> must hold its picture as a data:image/png or data:image/jpeg URL (no links to files)"
        )
    try:
        data = base64.b64decode(match.group(2), validate=False)
    except binascii.Error:
        raise ValueError("the image's base64 data is damaged") from None
    try:
        with Image.open(io.BytesIO(data), formats=("PNG", "JPEG")) as image:
            width, height = image.size
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise ValueError("the image's data is not a PNG or JPEG that can be read") from None
    name = "img" + hashlib.sha1(data).hexdigest()[:20]
    return Picture(name, data, width, height, match.group(1) == "jpeg")


def placement(
    box: tuple[float, float, float, float], size: tuple[int, int], aspect: str
) -> tuple[tuple[float, float, float, float], bool]:
    """Where the picture is drawn (x, y, width, height in user units) for preserveAspectRatio
    `aspect`, and whether it must be clipped to the box (slice). ValueError if `aspect` is not SVG's."""
    match = _ALIGN.match(aspect.strip())
    if match is None:
        raise ValueError(f"preserveAspectRatio={aspect!r} is not 'none' or an alignment such as 'xMidYMid slice'")
    x, y, w, h = box
    if match.group(1) == "none":
        return box, False
    pw, ph = size
    slice_ = match.group(4) == "slice"
    scale = (max if slice_ else min)(w / pw, h / ph)
    dw, dh = pw * scale, ph * scale
    fx = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}[match.group(2)]
    fy = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}[match.group(3)]
    return (x + (w - dw) * fx, y + (h - dh) * fy, dw, dh), slice_


def print_size(picture: Picture, width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixels the picture gets at `dpi` printed `width_mm` × `height_mm`: its own when it has
    no more than DOWNSAMPLE_ABOVE times that (never upsampled; a picture a few pixels too big is
    kept as it is, not encoded again to save little)."""
    if not math.isfinite(dpi):
        return picture.width, picture.height
    want_w = max(1, math.ceil(width_mm / 25.4 * dpi - 1e-6))
    want_h = max(1, math.ceil(height_mm / 25.4 * dpi - 1e-6))
    if picture.width <= want_w * DOWNSAMPLE_ABOVE or picture.height <= want_h * DOWNSAMPLE_ABOVE:
        return picture.width, picture.height
    return want_w, want_h


def pdf_image(picture: Picture, size: tuple[int, int]) -> PdfImage:
    """The picture at `size` pixels as an image XObject's content (see the module's docstring)."""
    same = size == (picture.width, picture.height)
    data = picture.load()
    with Image.open(io.BytesIO(data)) as opened:
        if same and picture.jpeg and opened.mode in ("RGB", "L"):
            return PdfImage(picture.width, picture.height, 3 if opened.mode == "RGB" else 1, "DCTDecode", data)
        image = opened.convert("RGBA") if opened.mode in ("P", "PA") or "transparency" in opened.info else opened
        image.load()
    if image.mode not in ("RGB", "RGBA", "L", "LA"):
        image = image.convert("RGB")
    if not same:
        image = image.resize(size, DOWNSAMPLE_FILTER, reducing_gap=3.0)
    mask = None
    if image.mode in ("RGBA", "LA"):
        alpha = image.getchannel("A")
        image = image.convert("RGB" if image.mode == "RGBA" else "L")
        if alpha.getextrema() != (255, 255):
            mask = _flate(alpha)
    if picture.jpeg:
        out = io.BytesIO()
        image.save(out, "JPEG", quality=JPEG_QUALITY, subsampling=0)
        return PdfImage(image.width, image.height, 3 if image.mode == "RGB" else 1, "DCTDecode", out.getvalue(), mask)
    flat = _flate(image)
    return PdfImage(flat.width, flat.height, flat.colours, flat.filter, flat.stream, mask)


def _flate(image: Image.Image) -> PdfImage:
    """The image's pixels deflated with the PNG "Sub" predictor on every row (each byte less the
    same channel of the pixel to its left, worked out by Pillow on the whole image at once) at
    ISA-L's level FLATE_LEVEL: ~6× faster than Pillow's PNG encoder, which tries five predictors
    on every row, and about as small on photos."""
    colours = 3 if image.mode == "RGB" else 1
    left = ImageChops.offset(image, 1, 0)
    left.paste(0, (0, 0, 1, image.height))  # the first pixel of a row has nothing to its left
    rows = ImageChops.subtract_modulo(image, left).tobytes()
    stride = image.width * colours
    filtered = b"".join(b"\x01" + rows[i : i + stride] for i in range(0, len(rows), stride))
    return PdfImage(image.width, image.height, colours, "FlateDecode", isal_zlib.compress(filtered, FLATE_LEVEL))
