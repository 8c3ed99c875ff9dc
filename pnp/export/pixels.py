"""Export images through PDFium: every face drawn once into a PDF page (the same vector forms the
sheets use), then each picture rendered from those pages with PDFium, on every core.

A `Picture` is one output image: a canvas of pixels with `Tile`s, each a region of one face placed
at a pixel offset (a single face for tgc/mpc/png, a grid of faces for a TTS deck sheet). The
pictures are made in batches on the process pool (pnp.core.pool); each batch draws
the faces it uses into its own small PDF, so drawing the forms is shared out too. A `finish`
function turns each image into what the caller keeps (PNG bytes, CMYK data) in the worker; results
come back in order, so the output is the same on one core or many.

PNGs are written here (`png_bytes`): rows unfiltered, deflated by ISA-L (python-isal) at level 1,
with the resolution in a pHYs chunk. On the export's flat-coloured faces that is about as fast as
fpng and a quarter smaller, and Pillow's encoder (adaptive filters, zlib) is 5–7 times slower
(bench/export_png.py).
"""

from __future__ import annotations

import ctypes
import io
import os
import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image

from pnp.core import pool
from pnp.core.units import PT_PER_MM
from pnp.export.layers import Layers, order_key, split_layers
from pnp.export.raster import Region, extend_edges
from pnp.game.model import Face

Progress = Callable[[int, int], None]  # called with (pictures just finished, pictures in all)
SERIAL_BELOW = 8  # fewer pictures than this are made in-process: forking costs more than it saves
PART = 8  # pictures a task at most: the progress bar moves as each part is done


@dataclass(frozen=True)
class Tile:
    """`region` of face `face_id`, drawn at pixel offset (x, y) of its picture."""

    face_id: str
    region: Region
    x: int = 0
    y: int = 0
    full_bleed: bool = False  # a triangle's art is extended past its legs and hypotenuse (fullbleed.py)


@dataclass(frozen=True)
class Picture:
    """One output image: width × height pixels on white, its tiles, the dpi written in the PNG."""

    width: int
    height: int
    tiles: tuple[Tile, ...]
    dpi: float

    @classmethod
    def of(cls, face_id: str, region: Region, dpi: float, full_bleed: bool = False) -> Picture:
        return cls(region.px_width, region.px_height, (Tile(face_id, region, full_bleed=full_bleed),), dpi)


def faces_pdf(faces: Sequence[Face]) -> bytes:
    """One page per face, the size of its bleed box, drawn by the sheets' painter."""
    # start-up: +85 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.pdf.form import SheetCanvas
    from pnp.pdf.paint import paint_face

    out = io.BytesIO()
    canvas = SheetCanvas(out, (72, 72))
    for face in faces:
        canvas.setPageSize(((face.width + 2 * face.bleed) * PT_PER_MM, (face.height + 2 * face.bleed) * PT_PER_MM))
        paint_face(canvas, face)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


class _Book:
    """The faces' PDF opened in PDFium (one per process: PDFium is not thread-safe). A face with
    `layers` is drawn as its base's pixels (drawn once per region, kept) with its rest drawn over."""

    def __init__(self, faces: Sequence[Face], pdf: bytes, pages: Sequence[Face] | None = None, layers=None):
        # start-up: +49 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        import pypdfium2

        self.pid = os.getpid()
        self.faces = {f.id: f for f in faces}
        self.page_of = {f.id: i for i, f in enumerate(faces if pages is None else pages)}
        self.layers: dict[str, Layers] = layers or {}
        self.document = pypdfium2.PdfDocument(pdf)
        self._pages: dict[int, object] = {}
        self._bases: dict[tuple, Any] = {}  # (base id, region) → its drawn bitmap

    def page(self, face_id: str):
        index = self.page_of[face_id]
        if index not in self._pages:
            self._pages[index] = self.document[index]
        return self._pages[index]

    def render(self, tile: Tile) -> Image.Image:
        """The tile's region of its face as RGB pixels, placed to the sub-pixel with a matrix."""
        face, region = self.faces[tile.face_id], tile.region
        layers = self.layers.get(tile.face_id)
        if layers is None:
            bitmap = self._draw(face.id, face, region)
        else:
            bitmap = self._draw(layers.rest.id, face, region, self._base(layers.base, region))
        image = extend_edges(_rgb(bitmap, region), face, region)
        if tile.full_bleed and face.shape == "triangle":
            # start-up: +1 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
            from pnp.export.fullbleed import extend_triangle

            image = extend_triangle(image, face, region)
        return image

    def _base(self, base: Face, region: Region):
        key = (base.id, region)
        if key not in self._bases:
            self._bases[key] = self._draw(base.id, base, region)
        return self._bases[key]

    def _draw(self, page_id: str, face: Face, region: Region, under=None):
        """A bitmap of the region of page `page_id` (a face, or a layer of it, the size of `face`):
        drawn on white, or over a copy of the bitmap `under`."""
        # start-up: +50 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        import pypdfium2
        import pypdfium2.raw as pdfium_c

        sx = region.px_width / (region.width * PT_PER_MM)
        sy = region.px_height / (region.height * PT_PER_MM)
        # PDFium maps the page to device space top-left first; then our matrix scales and shifts.
        left, top = (region.x + face.bleed) * PT_PER_MM, (region.y + face.bleed) * PT_PER_MM
        matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -left * sx, -top * sy)
        clip = pdfium_c.FS_RECTF(0, 0, region.px_width, region.px_height)
        # 4 bytes a pixel is PDFium's own layout: faster to draw into than 3 (bench/export_png.py)
        bitmap = pypdfium2.PdfBitmap.new_native(
            region.px_width, region.px_height, pdfium_c.FPDFBitmap_BGRx, rev_byteorder=True
        )
        if under is None:
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, region.px_width, region.px_height)
        else:
            ctypes.memmove(bitmap.buffer, under.buffer, under.stride * under.height)
        flags = pdfium_c.FPDF_REVERSE_BYTE_ORDER
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(
            bitmap, self.page(page_id), ctypes.byref(matrix), ctypes.byref(clip), flags
        )
        return bitmap

    def picture(self, picture: Picture) -> Image.Image:
        if len(picture.tiles) == 1 and (picture.width, picture.height) == (
            picture.tiles[0].region.px_width,
            picture.tiles[0].region.px_height,
        ):
            return self.render(picture.tiles[0])
        canvas = Image.new("RGB", (picture.width, picture.height), (255, 255, 255))
        drawn: dict[tuple, Image.Image] = {}
        for tile in picture.tiles:
            key = (tile.face_id, tile.region)
            if key not in drawn:
                drawn[key] = self.render(tile)
            canvas.paste(drawn[key], (tile.x, tile.y))
        return canvas


def _rgb(bitmap, region: Region) -> Image.Image:
    """The bitmap's RGBx pixels as an RGB image, the fourth byte dropped as they are read (one pass)."""
    return Image.frombytes("RGB", (region.px_width, region.px_height), bitmap.buffer, "raw", "RGBX", bitmap.stride, 1)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}  # mode: (PNG colour type, bytes a pixel)


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """A PNG of `image` (RGB, RGBA or L; other modes are converted to RGB) with the resolution
    recorded in a pHYs chunk, so print shops read the intended size. Every row is unfiltered
    (filter type 0) and the data deflated by ISA-L at level 1: the same image gives the same bytes."""
    # start-up: +2 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from isal import isal_zlib

    if image.mode not in _COLOUR_TYPES:
        image = image.convert("RGB")
    colour_type, channels = _COLOUR_TYPES[image.mode]
    width, height = image.size
    stride = width * channels
    pixels = memoryview(image.tobytes())
    framed = bytearray((stride + 1) * height)  # each row preceded by its filter byte, 0
    rows = memoryview(framed)
    for y in range(height):
        rows[y * (stride + 1) + 1 : (y + 1) * (stride + 1)] = pixels[y * stride : (y + 1) * stride]
    per_metre = round(dpi / 0.0254)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)),
            _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            _chunk(b"IDAT", isal_zlib.compress(framed, 1)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(image: Image.Image, picture: Picture) -> bytes:
    return png_bytes(image, picture.dpi)


def _image(image: Image.Image, picture: Picture) -> Image.Image:
    return image


def make_pngs(
    faces: Sequence[Face], pictures: Sequence[Picture], progress: Progress | None = None, jobs: int | None = None
) -> list[bytes]:
    """Every picture as PNG bytes, in order (on `jobs` worker processes, None: every core, when
    there are enough of them)."""
    return map_pictures(faces, pictures, _png, progress, jobs)


def make_images(
    faces: Sequence[Face], pictures: Sequence[Picture], progress: Progress | None = None, jobs: int | None = None
) -> list[Image.Image]:
    """Every picture as an RGB image, in order."""
    return map_pictures(faces, pictures, _image, progress, jobs)


Finish = Callable[[Image.Image, Picture], Any]  # a module-level function: it is named to the workers


def map_pictures(
    faces: Sequence[Face],
    pictures: Sequence[Picture],
    finish: Finish,
    progress: Progress | None = None,
    jobs: int | None = None,
) -> list:
    """`finish(image, picture)` of every picture, in order: in parts of at most PART pictures on the
    process pool (pnp.core.pool; `jobs` workers, None: every core) when there are enough of them.
    Each part draws its own faces' PDF, and `finish` runs in the worker. Pictures whose faces share
    their first elements (pnp/export/layers.py) go into the same parts, which draw those once."""
    if not pictures:
        return []
    count = 1  # a few pictures are made in this process
    if len(pictures) >= SERIAL_BELOW:
        count = max(pool.parts(len(pictures), jobs), -(-len(pictures) // PART))
    by_id = {f.id: f for f in faces}
    order = sorted(range(len(pictures)), key=lambda i: _order_key(pictures[i], by_id))
    parts = pool.split([pictures[i] for i in order], count)
    tasks = [partial(_on_one_core, _faces_used(faces, part), part, finish, None) for part in parts]
    made_in_order: list = []
    for part, made in zip(parts, pool.results(tasks, jobs)):
        made_in_order += made
        if progress is not None:
            progress(len(part), len(pictures))
    results: list = [None] * len(pictures)
    for at, index in enumerate(order):
        results[index] = made_in_order[at]
    return results


def _order_key(picture: Picture, faces: dict[str, Face]) -> tuple:
    return order_key(faces[picture.tiles[0].face_id]) if picture.tiles else (2,)


def _on_one_core(faces, pictures, finish, progress) -> list:
    used = _faces_used(faces, pictures)
    layers = split_layers(used)
    pages = _pages(used, layers)
    book = _Book(used, faces_pdf(pages), pages, layers)
    results = []
    for picture in pictures:
        results.append(finish(book.picture(picture), picture))
        if progress is not None:
            progress(1, len(pictures))
    return results


def _pages(faces: Sequence[Face], layers: dict[str, Layers]) -> list[Face]:
    """The faces' PDF pages: each shared base once, then every face, or its rest when it has a base."""
    bases = {la.base.id: la.base for la in layers.values()}
    return list(bases.values()) + [layers[f.id].rest if f.id in layers else f for f in faces]


def _faces_used(faces: Sequence[Face], pictures: Sequence[Picture]) -> list[Face]:
    by_id = {f.id: f for f in faces}
    used: dict[str, Face] = {}
    for picture in pictures:
        for tile in picture.tiles:
            used.setdefault(tile.face_id, by_id[tile.face_id])
    return list(used.values())
