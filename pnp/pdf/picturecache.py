"""Pictures made ready for the PDF, kept between builds in the user's cache folder.

Decoding, downsampling and encoding a photo for the sheets is most of what a photo deck's build
costs (a 1,500 px PNG: ~60 ms). The result depends only on the picture's bytes (its name is their
SHA-1), the pixels it is made at, and the code that makes it, so it is kept under a key made of
those, in `<cache>/pictures/<code>/` (pnp/core/usercache.py): a deck built again, into another
output folder, on another paper, with one card changed, or previewed by `pnp serve`, makes again
only the pictures it has not made before. `<code>` is a digest of Pillow's and ISA-L's versions,
pnp's settings and the code of pnp/pdf/image.py: another version of any makes its pictures anew.

A kept picture is one file: a line of JSON (sizes, filter, lengths and the SHA-1 of what follows)
and the streams. A file that is damaged, cut short or not ours is a miss and is made again; a
folder that cannot be written is skipped without a word; nothing here is code (no pickle). The
folder is kept under MAX_BYTES by `prune`, the least recently used pictures going first.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

import isal
import PIL

from pnp.core.output import remove_stray_temporaries, write_atomic
from pnp.core.usercache import cache_root
from pnp.pdf import image
from pnp.pdf.image import DOWNSAMPLE_ABOVE, DOWNSAMPLE_FILTER, FLATE_LEVEL, JPEG_QUALITY, PdfImage

MAX_BYTES = 1024 * 1024 * 1024  # 1 GiB: about 1,300 photos made ready for 300 dpi on a 76 mm card
SUFFIX = ".pdfimage"
# what makes a picture (the versions, the settings and the code of pnp/pdf/image.py): another, another folder
_MAKERS = (1, PIL.__version__, isal.__version__, DOWNSAMPLE_FILTER, DOWNSAMPLE_ABOVE, FLATE_LEVEL, JPEG_QUALITY)


def _code() -> str:
    try:
        source = Path(image.__file__).read_bytes()
    except OSError:  # no source beside the code (a frozen install): the settings and versions alone
        source = b""
    return hashlib.sha1(repr(_MAKERS).encode() + source).hexdigest()[:12]


_CODE = _code()
_MAX_HEADER = 4096


def folder() -> Path | None:
    """Where pictures are kept (None: no cache folder)."""
    root = cache_root()
    return root / "pictures" / _CODE if root else None


def _path(name: str, size: tuple[int, int]) -> Path | None:
    where = folder()
    return where / f"{name}-{size[0]}x{size[1]}{SUFFIX}" if where else None


def load(name: str, size: tuple[int, int]) -> PdfImage | None:
    """The picture `name` made at `size` pixels, if it was kept; None otherwise."""
    path = _path(name, size)
    if path is None:
        return None
    try:
        with open(path, "rb") as file:
            header = json.loads(file.readline(_MAX_HEADER))
            body = file.read()
        image = _image(header, body)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if image is None or (image.width, image.height) != size:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # used: the last to go when the folder is pruned
    return image


def store(name: str, size: tuple[int, int], image: PdfImage) -> None:
    """Keep the picture `name` made at `size` pixels (atomically; skipped when it cannot be written)."""
    path = _path(name, size)
    if path is None:
        return
    parts = [image] + ([image.mask] if image.mask else [])
    heads = [_head(part) for part in parts]
    header = {"image": heads[0], "mask": heads[1] if image.mask else None}
    data = json.dumps(header, sort_keys=True).encode() + b"\n" + b"".join(part.stream for part in parts)
    with contextlib.suppress(OSError):
        write_atomic(path, data, tidy=False)  # a killed run's temporaries: prune()


def prune(max_bytes: int = MAX_BYTES) -> None:
    """Remove the least recently used pictures until the kept ones take at most `max_bytes`, and the
    folders of other versions (pnp's, Pillow's or ISA-L's), whose pictures are never read again."""
    where = folder()
    if where is None or not where.parent.is_dir():
        return
    with contextlib.suppress(OSError):
        for other in where.parent.iterdir():
            if other != where and other.is_dir() and not other.is_symlink():
                for old in other.glob(f"*{SUFFIX}"):
                    old.unlink(missing_ok=True)
                with contextlib.suppress(OSError):
                    other.rmdir()
        kept = []
        for path in where.glob(f"*{SUFFIX}"):
            with contextlib.suppress(OSError):
                stat = path.stat()
                kept.append((stat.st_mtime_ns, stat.st_size, path))
        remove_stray_temporaries([path for _, _, path in kept])
        total = sum(size for _, size, _ in kept)
        for _, size, path in sorted(kept):
            if total <= max_bytes:
                break
            path.unlink(missing_ok=True)
            total -= size


def _head(image: PdfImage) -> dict:
    return {
        "width": image.width,
        "height": image.height,
        "colours": image.colours,
        "filter": image.filter,
        "length": len(image.stream),
        "sha1": hashlib.sha1(image.stream).hexdigest(),
    }


def _image(header: dict, body: bytes) -> PdfImage | None:
    """The PdfImage a kept file holds, or None when its streams are not those it says."""
    heads = [header["image"]] + ([header["mask"]] if header["mask"] else [])
    if sum(int(h["length"]) for h in heads) != len(body):
        return None
    parts, at = [], 0
    for head in heads:
        stream = body[at : at + int(head["length"])]
        at += len(stream)
        if hashlib.sha1(stream).hexdigest() != head["sha1"] or head["filter"] not in ("DCTDecode", "FlateDecode"):
            return None
        parts.append(
            PdfImage(int(head["width"]), int(head["height"]), int(head["colours"]), str(head["filter"]), stream)
        )
    image = parts[0]
    return PdfImage(
        image.width, image.height, image.colours, image.filter, image.stream, parts[1] if header["mask"] else None
    )
