"""Export images through PDFium: every face drawn once into a PDF page (the same vector forms the
sheets use), then each picture rendered from those pages with PDFium, on every core.

A `Picture` is one output image: a canvas of pixels with `Tile`s, each a region of one face placed
at a pixel offset (a single face for tgc/mpc/png, a grid of faces for a TTS deck sheet). The
pictures are made in parts on the process pool (pnp.core.pool), each worker opening the same PDF;
results come back as PNG bytes in order, so the output is the same on one core or many.
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

from PIL import Image

from pnp.core import pool
from pnp.core.units import PT_PER_MM
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
    """The faces' PDF opened in PDFium (one per process: PDFium is not thread-safe)."""

    def __init__(self, faces: Sequence[Face], pdf: bytes):
        import pypdfium2

        self.pid = os.getpid()
        self.faces = {f.id: f for f in faces}
        self.page_of = {f.id: i for i, f in enumerate(faces)}
        self.document = pypdfium2.PdfDocument(pdf)
        self._pages: dict[int, object] = {}

    def page(self, face_id: str):
        index = self.page_of[face_id]
        if index not in self._pages:
            self._pages[index] = self.document[index]
        return self._pages[index]

    def render(self, tile: Tile) -> Image.Image:
        """The tile's region of its face as RGB pixels, placed to the sub-pixel with a matrix."""
        import pypdfium2
        import pypdfium2.raw as pdfium_c

        face, region = self.faces[tile.face_id], tile.region
        sx = region.px_width / (region.width * PT_PER_MM)
        sy = region.px_height / (region.height * PT_PER_MM)
        # PDFium maps the page to device space top-left first; then our matrix scales and shifts.
        left, top = (region.x + face.bleed) * PT_PER_MM, (region.y + face.bleed) * PT_PER_MM
        matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -left * sx, -top * sy)
        clip = pdfium_c.FS_RECTF(0, 0, region.px_width, region.px_height)
        bitmap = pypdfium2.PdfBitmap.new_native(
            region.px_width, region.px_height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True
        )
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, region.px_width, region.px_height)
        flags = pdfium_c.FPDF_REVERSE_BYTE_ORDER
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(
            bitmap, self.page(tile.face_id), ctypes.byref(matrix), ctypes.byref(clip), flags
        )
        image = extend_edges(bitmap.to_pil().convert("RGB"), face, region)
        if tile.full_bleed and face.shape == "triangle":
            from pnp.export.fullbleed import extend_triangle

            image = extend_triangle(image, face, region)
        return image

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


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """PNG written by fpng (a fast, standard deflate encoder) with the resolution recorded in a
    pHYs chunk after IHDR, so print shops read the intended size."""
    import fpng

    data = fpng.from_pil(image)
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    header_end = 8 + 8 + 13 + 4  # signature, IHDR length+type, IHDR data, CRC
    return data[:header_end] + chunk + data[header_end:]


_BOOK: tuple[bytes, _Book] | None = None  # the faces' PDF this process has open, and its pages


def _book(faces: Sequence[Face], pdf: bytes) -> _Book:
    """The PDF opened once per process (a forked worker opens its own on its first picture)."""
    global _BOOK
    if _BOOK is None or _BOOK[0] is not pdf or _BOOK[1].pid != os.getpid():
        _BOOK = (pdf, _Book(faces, pdf))
    return _BOOK[1]


def make_pngs(
    faces: Sequence[Face], pictures: Sequence[Picture], progress: Progress | None = None, jobs: int | None = None
) -> list[bytes]:
    """Every picture as PNG bytes, in order (on `jobs` worker processes, None: every core, when
    there are enough of them)."""
    return _run(True, faces, pictures, progress, jobs)


def make_images(
    faces: Sequence[Face], pictures: Sequence[Picture], progress: Progress | None = None, jobs: int | None = None
) -> list[Image.Image]:
    """Every picture as an RGB image, in order."""
    return _run(False, faces, pictures, progress, jobs)


def _run(png: bool, faces: Sequence[Face], pictures: Sequence[Picture], progress: Progress | None, jobs) -> list:
    if not pictures:
        return []
    used = _faces_used(faces, pictures)
    pdf = faces_pdf(used)
    count = 1  # a few pictures are made in this process; more in parts of at most 8, several a worker
    if len(pictures) >= SERIAL_BELOW:
        count = max(pool.parts(len(pictures), jobs), -(-len(pictures) // PART))
    parts = pool.split(list(pictures), count)
    results: list = []
    for part, made in zip(parts, pool.results([partial(_batch, png, used, pdf, part) for part in parts], jobs)):
        results += made
        if progress is not None:
            progress(len(part), len(pictures))
    return results


def _batch(png: bool, used: Sequence[Face], pdf: bytes, pictures: Sequence[Picture]) -> list:
    book = _book(used, pdf)
    return [png_bytes(book.picture(p), p.dpi) if png else book.picture(p) for p in pictures]


def _faces_used(faces: Sequence[Face], pictures: Sequence[Picture]) -> list[Face]:
    by_id = {f.id: f for f in faces}
    used: dict[str, Face] = {}
    for picture in pictures:
        for tile in picture.tiles:
            used.setdefault(tile.face_id, by_id[tile.face_id])
    return list(used.values())
