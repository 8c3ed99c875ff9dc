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
import math
import os
import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pypdfium2
import pypdfium2.raw as pdfium_c
from isal import isal_zlib
from PIL import Image

from pnp.core import pool
from pnp.core.units import PT_PER_MM
from pnp.export.fullbleed import extend_triangle
from pnp.export.layers import Layers, order_key, split_layers
from pnp.export.raster import Region, drawn_edges, extend_edges
from pnp.game.model import Face
from pnp.pdf.form import SheetCanvas
from pnp.pdf.paint import paint_face

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
    out = io.BytesIO()
    # pictures at their own pixels: PDFium draws them at the export's resolution
    canvas = SheetCanvas(out, (72, 72), image_dpi=math.inf)
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
        self.pid = os.getpid()
        self.faces = {f.id: f for f in faces}
        self.page_of = {f.id: i for i, f in enumerate(faces if pages is None else pages)}
        self.layers: dict[str, Layers] = layers or {}
        self.document = pypdfium2.PdfDocument(pdf)
        self._pages: dict[int, object] = {}
        self._bases: dict[tuple, Any] = {}  # (base id, region) → its drawn bitmap
        self._scratch: dict[tuple[int, int], Any] = {}  # size → a bitmap drawn into again and again

    def page(self, face_id: str):
        index = self.page_of[face_id]
        if index not in self._pages:
            self._pages[index] = self.document[index]
        return self._pages[index]

    def render(self, tile: Tile) -> Image.Image:
        """The tile's region of its face as RGB pixels, placed to the sub-pixel with a matrix."""
        face, region = self.faces[tile.face_id], tile.region
        layers = self.layers.get(tile.face_id)
        size = (region.px_width, region.px_height)
        if size not in self._scratch:
            self._scratch[size] = _bitmap(*size)
        bitmap = self._scratch[size]
        if layers is None:
            self._draw(face.id, face, region, bitmap)
        else:
            self._draw(layers.rest.id, face, region, bitmap, self._base(layers.base, region))
        image = extend_edges(_rgb(bitmap, region), face, region)
        if tile.full_bleed and face.shape == "triangle":
            image = extend_triangle(image, face, region)
        return image

    def _base(self, base: Face, region: Region):
        key = (base.id, region)
        if key not in self._bases:
            self._bases[key] = self._draw(base.id, base, region, _bitmap(region.px_width, region.px_height))
        return self._bases[key]

    def _draw(self, page_id: str, face: Face, region: Region, bitmap, under=None):
        """Draw the region of page `page_id` (a face, or a layer of it, the size of `face`) into
        `bitmap`: on white, or over a copy of the bitmap `under`. Returns `bitmap`."""
        sx = region.px_width / (region.width * PT_PER_MM)
        sy = region.px_height / (region.height * PT_PER_MM)
        # PDFium maps the page to device space top-left first; then our matrix scales and shifts.
        left, top = (region.x + face.bleed) * PT_PER_MM, (region.y + face.bleed) * PT_PER_MM
        matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -left * sx, -top * sy)
        clip = pdfium_c.FS_RECTF(0, 0, region.px_width, region.px_height)
        if under is None:
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, region.px_width, region.px_height)
        else:
            ctypes.memmove(bitmap.buffer, under.buffer, under.stride * under.height)
        flags = pdfium_c.FPDF_REVERSE_BYTE_ORDER
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(
            bitmap, self.page(page_id), ctypes.byref(matrix), ctypes.byref(clip), flags
        )
        return bitmap

    def png(self, picture: Picture) -> bytes | None:
        """The picture as a PNG drawn straight into PNG rows: PDFium draws RGB into a buffer whose
        rows each follow their filter byte, so nothing is converted or copied before deflating
        (4 ms a 900 px face less than `png_bytes(self.picture(...))`, the same bytes). None for a
        picture of several tiles or a full-bleed triangle: those take the general path."""
        tile = picture.tiles[0] if len(picture.tiles) == 1 else None
        if tile is None or (picture.width, picture.height) != (tile.region.px_width, tile.region.px_height):
            return None
        face, region = self.faces[tile.face_id], tile.region
        if tile.full_bleed and face.shape == "triangle":
            return None
        rows = _Rows(region.px_width, region.px_height)
        layers = self.layers.get(tile.face_id)
        if layers is None:
            self._draw(face.id, face, region, rows.bitmap)
        else:
            key = ("rows", layers.base.id, region)
            if key not in self._bases:
                base = self._bases[key] = _Rows(region.px_width, region.px_height)
                self._draw(layers.base.id, layers.base, region, base.bitmap)
            self._draw(layers.rest.id, face, region, rows.bitmap, self._bases[key].bitmap)
        edges = drawn_edges(face, region)
        if edges is not None:
            rows.extend(*edges)
        return png_from_rows(rows.data, region.px_width, region.px_height, picture.dpi)

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


class _Rows:
    """A PDFium bitmap of 3 bytes a pixel (RGB) in a buffer laid out as a PNG's filtered rows:
    each row is preceded by its filter byte, 0 (none)."""

    def __init__(self, width: int, height: int):
        self.width, self.height, self.stride = width, height, 3 * width + 1
        self.data = (ctypes.c_ubyte * (self.stride * height))()  # zeroed: every filter byte is 0
        first_scan = ctypes.cast(ctypes.byref(self.data, 1), ctypes.c_void_p)
        raw = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR, first_scan, self.stride)
        # a native bitmap (the buffer is ours: destroying the bitmap frees only PDFium's handle)
        self.bitmap = pypdfium2.PdfBitmap(
            raw, self.data, width, height, self.stride, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True, is_foreign=False
        )

    def extend(self, left: int, top: int, right: int, bottom: int) -> None:
        """Repeat the outermost drawn pixels outwards (raster.extend_edges, on these rows)."""
        rows, stride, width = memoryview(self.data).cast("B"), self.stride, self.width
        for y in range(top, bottom):
            start = y * stride + 1
            if left:
                rows[start : start + 3 * left] = bytes(rows[start + 3 * left : start + 3 * left + 3]) * left
            if right < width:
                edge = start + 3 * (right - 1)
                rows[edge + 3 : start + 3 * width] = bytes(rows[edge : edge + 3]) * (width - right)
        for y in (*range(top), *range(bottom, self.height)):
            source = top if y < top else bottom - 1
            rows[y * stride : (y + 1) * stride] = rows[source * stride : (source + 1) * stride]


def _bitmap(width: int, height: int):
    """A PDFium bitmap of 4 bytes a pixel, in RGBx order: PDFium's own layout, faster to draw into
    than 3 (bench/export_png.py)."""
    return pypdfium2.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGRx, rev_byteorder=True)


def _rgb(bitmap, region: Region) -> Image.Image:
    """The bitmap's RGBx pixels copied into an RGB image (the bitmap is drawn into again)."""
    size = (region.px_width, region.px_height)
    return Image.frombuffer("RGBX", size, bitmap.buffer, "raw", "RGBX", bitmap.stride, 1).convert("RGB")


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}  # mode: (PNG colour type, bytes a pixel)


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """A PNG of `image` (RGB, RGBA or L; other modes are converted to RGB) with the resolution
    recorded in a pHYs chunk, so print shops read the intended size. Every row is unfiltered
    (filter type 0) and the data deflated by ISA-L at level 1: the same image gives the same bytes."""
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
    return png_from_rows(framed, width, height, dpi, colour_type)


def png_from_rows(rows, width: int, height: int, dpi: float, colour_type: int = 2) -> bytes:
    """A PNG of filtered rows (each preceded by its filter byte) deflated by ISA-L at level 1, with
    the resolution in a pHYs chunk. `colour_type` 2: RGB."""
    per_metre = round(dpi / 0.0254)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)),
            _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            _chunk(b"IDAT", isal_zlib.compress(rows, 1)),
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
        made = book.png(picture) if finish is _png else None  # PNG rows drawn directly when it can
        results.append(made if made is not None else finish(book.picture(picture), picture))
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
