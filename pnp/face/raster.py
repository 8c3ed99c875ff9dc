"""Raster art: PNG, JPEG and WebP files read with Pillow, made ready to put into a face.

`load_raster(path)` reads an image file once (cached while it is unchanged) and gives a `Raster`:
upright (its EXIF orientation applied), in sRGB (an embedded ICC profile converted by littleCMS),
with its transparency, encoded as PNG or JPEG so that every renderer the project supports draws it
(resvg, Chromium, and the PDF painter). A file that needs none of that is kept byte for byte (a
JPEG then reaches the PDF without being encoded again). A CMYK JPEG also keeps its own bytes
(`Raster.cmyk`), which the DriveThruCards export prints as they are (pnp/export/cmykart.py).
Anything that cannot be drawn the same way everywhere is refused with a sentence naming the file: a
damaged or truncated file, an image of more than MAX_PIXELS pixels (a decompression bomb), a CMYK
JPEG without a colour profile, a format other than PNG, JPEG and WebP.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import warnings
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageCms, ImageOps

from pnp.core.errors import PnpError, display_path
from pnp.core.inputs import OutsideLink, check_inside_templates, read_regular, refuse_special
from pnp.core.locate import bundled_root

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
RASTER_NAME = re.compile(r"^(?:[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}/){0,4}[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}\Z")
MAX_RASTER_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 100_000_000  # a 12,000 × 8,000 scan; more is refused before anything is decoded
_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp"}
_JPEG_QUALITY = 95  # a JPEG that must be encoded again (turned, or out of another colour space)


class RasterError(PnpError):
    """An image file that cannot be read, or not drawn the same way by every renderer."""


@dataclass(frozen=True, eq=False)
class Raster:
    """An image ready for a face: `data` is a PNG or JPEG (`mime`), upright and in sRGB, of
    `width` × `height` pixels; `digest` names it (the same bytes, the same name)."""

    file: str  # as shown to users
    width: int
    height: int
    mime: str  # "image/png" | "image/jpeg"
    data: bytes
    digest: str
    kept: bool  # the file's own bytes (nothing was converted)
    cmyk: bytes | None = None  # a CMYK JPEG's own bytes (upright), for exports that print CMYK
    source: str | None = None  # the file's absolute path (None: drawn, not read): load_raster(source) gives it again

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Raster) and other.digest == self.digest and other.file == self.file

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def href(self) -> str:
        """The image as a data: URL (a face is one self-contained SVG file)."""
        return f"data:{self.mime};base64,{base64.b64encode(self.data).decode('ascii')}"


def is_raster_name(name: str) -> bool:
    return name.lower().endswith(RASTER_SUFFIXES)


def find_image(folders: tuple[Path, ...], name: str) -> Path:
    """The image `name` (a relative path such as "photos/sea-1.jpg") in the first of `folders`
    that has it: the spec's own folder, then each template folder's art/. Never outside the
    project or the bundled files, through '..' or a symbolic link."""
    if not RASTER_NAME.match(name) or ".." in name.split("/"):
        raise RasterError(
            f"{name!r} is not an image name: give a path inside the spec's folder or art/, such as "
            "'photos/sea-1.jpg' (letters, digits, ' ', '_', '-', '.'; no '..')."
        )
    roots = (Path.cwd().resolve(), bundled_root().resolve())
    for folder in folders:
        candidate = folder / name
        refuse_special(candidate)
        if candidate.is_file():
            try:
                check_inside_templates(candidate, roots)
            except OutsideLink as exc:
                raise RasterError(str(exc).replace("templates and art are", "images are") + ".") from None
            return candidate
    looked = ", ".join(display_path(d) for d in folders) or "no folders"
    raise RasterError(f"image {name!r} not found (looked in {looked}).")


def load_raster(path: Path) -> Raster:
    """Read and prepare an image file (cached while the file is unchanged). Raises RasterError."""
    stat = path.stat()
    return _load_raster(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)  # the files a deck shares (a background, icons); a card's own photo is read once
def _load_raster(path: str, _mtime: int, size: int) -> Raster:
    name = display_path(path)
    if size > MAX_RASTER_BYTES:
        raise RasterError(f"{name}: image files may be at most {MAX_RASTER_BYTES // (1024 * 1024)} MB.")
    raw = read_regular(path, MAX_RASTER_BYTES)
    image = open_image(raw, name)
    return replace(prepare(image, raw, name), source=os.path.abspath(path))


def open_image(raw: bytes, name: str) -> Image.Image:
    """The image, checked: its format, its size (before decoding), its bytes whole (a PNG's
    chunks and checksums, a JPEG's end marker; other files decoded)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # MAX_PIXELS decides, below
            image = Image.open(io.BytesIO(raw), formats=tuple(_FORMATS))
    except Image.DecompressionBombError:
        limit = MAX_PIXELS // 1_000_000
        raise RasterError(f"{name}: the image is larger than {limit} megapixels; scale it down.") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise RasterError(f"{name}: not a PNG, JPEG or WebP image that can be read ({_reason(exc)}).") from None
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise RasterError(
            f"{name}: the image is {width:,} × {height:,} pixels, more than {MAX_PIXELS // 1_000_000} megapixels; "
            "scale it down (a card printed at 300 dpi needs about 1,000 × 1,400)."
        )
    try:
        if image.format == "PNG":  # every chunk there and its checksum right, without decoding the pixels
            image.verify()
            image = Image.open(io.BytesIO(raw), formats=("PNG",))
        elif image.format != "JPEG" or not raw.rstrip(b"\0\r\n ").endswith(b"\xff\xd9"):
            image.load()  # a JPEG without its end marker is decoded, to say what is wrong with it
    except (OSError, SyntaxError, ValueError) as exc:
        raise RasterError(f"{name}: the image is damaged or cut short ({_reason(exc)}); save it again.") from None
    return image


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().rstrip(".")
    if "truncated" in text.lower():
        return "the file ends before the image does"
    return text[:1].lower() + text[1:] if text else type(exc).__name__


def prepare(image: Image.Image, raw: bytes, name: str) -> Raster:
    """Upright, sRGB, transparency kept; the file's own bytes when nothing had to change."""
    source = image.format or ""
    profile = image.info.get("icc_profile")
    if image.mode == "CMYK" and not profile:
        raise RasterError(
            f"{name}: a CMYK image without an embedded colour profile: its colours cannot be known; "
            "save it as RGB, or with its ICC profile"
        )
    changed = _orientation(image, raw) not in (0, 1)
    srgb_profile = not profile or _is_srgb(profile)
    plain_mode = image.mode in ("RGB", "L") if source == "JPEG" else image.mode in ("RGB", "RGBA", "L", "LA")
    if source in ("JPEG", "PNG") and not changed and srgb_profile and plain_mode:
        return _raster(name, image.size, _FORMATS[source], raw, kept=True)
    try:
        image.load()
    except (OSError, SyntaxError, ValueError) as exc:
        raise RasterError(f"{name}: the image is damaged or cut short ({_reason(exc)}); save it again.") from None
    upright = ImageOps.exif_transpose(image) if changed else image
    converted = _to_srgb(upright, profile, name) if profile and not srgb_profile else _plain(upright)
    cmyk = _cmyk_original(upright, raw, profile, changed) if source == "JPEG" and image.mode == "CMYK" else None
    out = io.BytesIO()
    if source == "JPEG" and converted.mode in ("RGB", "L"):
        converted.save(out, "JPEG", quality=_JPEG_QUALITY, subsampling=0)
        mime = "image/jpeg"
    else:
        converted.save(out, "PNG", compress_level=6)
        mime = "image/png"
    return _raster(name, converted.size, mime, out.getvalue(), kept=False, cmyk=cmyk)


def _cmyk_original(upright: Image.Image, raw: bytes, profile: bytes | None, changed: bool) -> bytes:
    """A CMYK JPEG as the DriveThruCards export embeds it: the file's own bytes, or when it had to
    be turned upright, the turned pixels encoded again with its profile."""
    if not changed:
        return raw
    out = io.BytesIO()
    upright.save(out, "JPEG", quality=_JPEG_QUALITY, subsampling=0, icc_profile=profile)
    return out.getvalue()


def _raster(name: str, size: tuple[int, int], mime: str, data: bytes, kept: bool, cmyk: bytes | None = None) -> Raster:
    digest = hashlib.sha1(data).hexdigest()[:20]
    return Raster(name, size[0], size[1], mime, data, digest, kept, cmyk)


def _orientation(image: Image.Image, raw: bytes) -> int:
    """The EXIF orientation (1 when there is none). A PNG is not decoded to find out: Pillow's
    PNG getexif() decodes the whole image to look for an eXIf chunk after the pixels, so the
    chunks are walked first and the image decoded only when one is there (a quarter of a
    photo deck's build went to that)."""
    if image.format == "PNG" and "exif" not in image.info and not _png_has_chunk(raw, b"eXIf"):
        return 1
    try:
        return int(image.getexif().get(0x0112, 1))
    except (ValueError, TypeError):
        return 1


def _png_has_chunk(raw: bytes, kind: bytes) -> bool:
    """Whether a PNG (whose chunks open_image checked) has a chunk of `kind`, by its headers only."""
    at = 8
    while at + 8 <= len(raw):
        length = int.from_bytes(raw[at : at + 4], "big")
        if raw[at + 4 : at + 8] == kind:
            return True
        at += 12 + length
    return False


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info


def _plain(image: Image.Image) -> Image.Image:
    """RGB or RGBA (L and LA stay grey)."""
    if image.mode in ("RGB", "RGBA", "L", "LA"):
        return image
    return image.convert("RGBA" if _has_alpha(image) else "RGB")


def _is_srgb(profile: bytes) -> bool:
    try:
        described = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile)))
    except (OSError, ImageCms.PyCMSError):
        return False
    return "srgb" in described.lower().replace(" ", "")


def _to_srgb(image: Image.Image, profile: bytes, name: str) -> Image.Image:
    alpha = image.getchannel("A") if image.mode in ("RGBA", "LA") else None
    base = image.convert("RGB") if image.mode in ("RGBA", "P", "PA") else image
    base = base.convert("L") if base.mode == "LA" else base
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        out = ImageCms.profileToProfile(
            base,
            source,
            ImageCms.createProfile("sRGB"),
            renderingIntent=ImageCms.Intent.PERCEPTUAL,
            outputMode="RGB",
        )
    except (OSError, ImageCms.PyCMSError) as exc:
        raise RasterError(f"{name}: its embedded colour profile cannot be used ({_reason(exc)}).") from None
    if out is None:  # profileToProfile returns None only when asked to convert in place
        raise RasterError(f"{name}: its colours could not be converted to sRGB.")
    if alpha is not None:
        out.putalpha(alpha)
    return out
