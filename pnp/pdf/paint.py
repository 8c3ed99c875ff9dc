"""Faces into PDF drawing operators, directly: our own SVG subset, drawn exactly and fast.

The faces are written by our own code (render.py) and hold art that art.py has checked, so the
SVG they use is small and known: <svg>, <g>, <defs>, <clipPath> (userSpaceOnUse, one shape),
<path>, <rect>, <circle>, <ellipse>, <line>, <polyline>, <polygon>; '#rrggbb' colours; fill,
fill-rule, stroke and its width, caps, joins, miter limit and dashes; transform lists; clip-path.
`paint_face(canvas, face)` draws such a face as PDF content-stream operators in the canvas's
current space, so it can fill a form between `beginForm` and `endForm`. A big group (art) becomes
a form of its own, named by a hash of its content, so art repeated across faces is written into
the PDF once. Anything outside the subset raises `PaintError` naming the face and the element:
nothing is dropped silently. docs/performance.md says why this replaces svglib.

A face that carries its model (Face.layout, the Layout pnp/svg wrote it from) is drawn from the
model, item by item: each top-level item's operators are kept by `item_key` (the item less the
face's id), and a new item is walked from the element tree svgwrite writes for it
(pnp.svg.face.item_element; no text in between), its art as parsed once by pnp/face/art.py and its
picture from its Raster. Faces of one template share everything but what differs between them.
A face without a model (the setup sheet, a face read back from its file) is read as SVG text: in
the layout pnp/svg writes (one top-level element a line) line by line, each line's operators looked
up by its text with the face id taken out; in any other layout, whole. The walk over one SVG tree
is pnp/pdf/walk.py; both ways give the same operators.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pnp.core.units import mm_to_pt
from pnp.core.xmlattr import quoteattr
from pnp.face.layout import Item, Layout, item_key
from pnp.face.raster import Raster
from pnp.game.model import Face
from pnp.pdf import picturecache
from pnp.pdf.image import DEFAULT_IMAGE_DPI, STASHED, PdfImage, Picture, pdf_image, picture, print_size
from pnp.pdf.rlforms import add_image
from pnp.pdf.style import NS, ROOT_STYLE
from pnp.pdf.walk import ART_MIN_ELEMENTS, ArtRef, ImageRef, PaintError, Walker, joined  # noqa: F401 (PaintError, ART_MIN_ELEMENTS: the API)
from pnp.svg.face import face_root, item_element
from pnp.svg.writer import Element

SVG_URI = NS[1:-1]
_DATA_HREF = ' href="data:'  # a picture written into a face (pnp/svg/face.py)
_CMYK = re.compile(r' data-cmyk="[^"]*"')  # a CMYK JPEG's own bytes beside its picture (pnp/svg/face.py)
_ART_BOX = (
    1e9  # art and path forms draw in their own user space: a box that never clips (1e5 did, for art in large units)
)


class FacePainter:
    """Draws faces into canvases. It keeps the operators of recent faces and art forms, so a face
    drawn again (the same deck on another paper) costs a look-up."""

    def __init__(self, face_cache: int = 8192, art_cache: int = 2048, line_cache: int = 4096):
        self._faces: OrderedDict[tuple, list] = OrderedDict()  # face → pieces (text and ArtRefs)
        self._art: OrderedDict[str, Any] = OrderedDict()  # form name → operators; picture name → Picture
        self._images: OrderedDict[tuple, PdfImage] = OrderedDict()  # (picture, pixels) → its XObject content
        self._lines: OrderedDict[str | tuple, tuple] = OrderedDict()  # element line or item → (pieces, clip ids)
        self._frames: dict[tuple, str | None] = {}  # a face's <svg> start tag, id out → its opening operators
        self._sizes = (face_cache, art_cache, line_cache)

    def paint(self, canvas, face: Face) -> None:
        """Draw `face` filling the box (0, 0)–(bleed width, bleed height) in pt, y up: the space
        pdfform's FormBook gives a face's form."""
        key = _face_key(face)
        pieces = self._faces.get(key)
        if pieces is None or not self._drawable(canvas, pieces):
            pieces = self._faces[key] = self._walk(face)
        self._faces.move_to_end(key)
        for piece in pieces:
            if isinstance(piece, str):
                canvas.addLiteral(piece)
                continue
            if isinstance(piece, ImageRef):
                self._image(canvas, piece)
                continue
            if not canvas.hasForm(piece.name):
                canvas.beginForm(piece.name, -_ART_BOX, -_ART_BOX, _ART_BOX, _ART_BOX)
                canvas.addLiteral(self._art[piece.name])
                canvas.endForm()
            canvas.doForm(piece.name)
        self._trim()

    def _image(self, canvas, ref: ImageRef) -> None:
        """Draw a picture in the unit square: its image XObject, added to the document the first
        time the picture is used at these pixels (`canvas.image_dpi` at its printed size)."""
        key = self._image_key(ref, getattr(canvas, "image_dpi", DEFAULT_IMAGE_DPI))
        name = f"{key[0]}-{key[1][0]}x{key[1][1]}"
        if not canvas.hasForm(name):
            add_image(canvas, name, self._pdf_image(key))
        canvas.doForm(name)

    def _image_key(self, ref: ImageRef, dpi: float) -> tuple[str, tuple[int, int]]:
        found: Picture = self._art[ref.name]
        return ref.name, print_size(found, ref.width, ref.height, dpi)

    def _pdf_image(self, key: tuple[str, tuple[int, int]]) -> PdfImage:
        """The picture `key[0]` at `key[1]` pixels as an XObject's content (kept: another paper,
        or the sheets after the faces' workers prepared it; and between builds, in the user's cache
        folder, unless it is a JPEG that goes in as it is: pnp/pdf/picturecache.py)."""
        image = self._images.get(key)
        if image is None:
            found: Picture = self._art[key[0]]
            kept = not (found.jpeg and key[1] == (found.width, found.height))  # else: its own bytes, no work
            image = picturecache.load(*key) if kept else None
            if image is None:
                try:
                    image = pdf_image(found, key[1])
                except (OSError, SyntaxError, ValueError) as exc:
                    raise PaintError(
                        f"A picture ({found.width} × {found.height} px) cannot be decoded: {exc}."
                    ) from None
                if kept:
                    picturecache.store(*key, image)
            self._images[key] = image
            while len(self._images) > 256:
                self._images.popitem(last=False)
        return image

    def prepare(self, faces: Sequence[Face], dpis: tuple[float, ...] = (DEFAULT_IMAGE_DPI,)) -> Prepared:
        """What drawing `faces` takes (their operators, the art forms they place, and their pictures'
        image XObjects at each resolution of `dpis`), worked out here, for `keep` to give another
        process's painter: the faces a worker draws are walked there, and the sheets drawn later in
        workers forked from the one that kept them start with them walked (a 500-card deck's sheets
        spent 0.3 s of their 0.53 s walking the faces). A picture read from a file is kept and sent
        without its bytes once its XObjects are made (Picture.light)."""
        pieces: dict[tuple, list] = {}
        art: dict[str, Any] = {}
        images: dict[tuple, PdfImage] = {}
        for face in faces:
            found = pieces[_face_key(face)] = self._walk(face)
            for ref in (p for p in found if isinstance(p, ImageRef)):
                for dpi in dpis:
                    key = self._image_key(ref, dpi)
                    images[key] = self._pdf_image(key)
                self._art[ref.name] = self._art[ref.name].light()
            art.update((p.name, self._art[p.name]) for p in found if isinstance(p, (ArtRef, ImageRef)))
            self._trim()  # the line cache stays bounded over a worker's thousands of faces
        return Prepared(pieces, art, images)

    def keep(self, prepared: Prepared) -> None:
        """Take in faces another painter prepared (see `prepare`)."""
        self._art.update(prepared.art)
        self._faces.update(prepared.faces)
        self._images.update(prepared.images)
        self._trim()

    def _trim(self) -> None:
        caches: tuple[OrderedDict[Any, Any], ...] = (self._faces, self._art, self._lines)
        for cache, size in zip(caches, self._sizes):
            while len(cache) > size:
                cache.popitem(last=False)  # the least recently used

    def _drawable(self, canvas, pieces: list) -> bool:
        """Every art form the pieces place is either in the canvas or still known here."""
        return all(
            p.name in self._art or (isinstance(p, ArtRef) and canvas.hasForm(p.name))
            for p in pieces
            if isinstance(p, (ArtRef, ImageRef))
        )

    def _walk(self, face: Face) -> list:
        w, h = mm_to_pt(face.width + 2 * face.bleed), mm_to_pt(face.height + 2 * face.bleed)
        art: dict[str, Any] = {}
        pieces = None
        lines = item_lines(face.svg) if face.layout is None else None
        if face.layout is not None:
            try:
                pieces = self._walk_layout(face, face.layout, art, w, h)
            except PaintError:
                pieces = None  # the whole-face walk below gives the exact error, or draws it
        elif lines is not None:
            try:
                pieces = self._walk_lines(face, lines, art, w, h)
            except PaintError:
                pieces = None  # the whole-face walk below gives the exact error, or draws it
        if pieces is None:
            art.clear()
            pieces = Walker(face.id, _parse(face), art, self._art).run(w, h)
        self._art.update(art)
        for piece in pieces:
            if isinstance(piece, (ArtRef, ImageRef)):
                self._art.move_to_end(piece.name)
        return pieces

    def _walk_layout(self, face: Face, layout: Layout, art: dict, w: float, h: float) -> list | None:
        """The face drawn from its model, item by item: each top-level item's operators looked
        up by the item (its id less the face's id), else walked from the element tree svgwrite
        would write for it (pnp.svg.face.item_element: no text in between). Pictures come from
        the item's Raster (no data: URL). None when two items define one id (the whole face's SVG
        then decides), as `_walk_lines` does."""
        frame_key = ("layout", layout.width, layout.height, layout.bleed, w, h)
        frame = self._frame(frame_key, lambda: Walker(face.id, _tree(face_root(layout)), art, self._art).frame(w, h))
        walks = ((item_key(item, face.id), partial(self._walk_item, face, item, art)) for item in layout.items)
        return None if frame is None else self._joined(frame, walks, art)

    def _frame(self, key: tuple, walk: Callable[[], Any]) -> Any:
        """A face's frame (its clip and placement: the same for every face of one size), walked once."""
        frame = self._frames.get(key)
        if frame is None:
            frame = walk()
            if len(self._frames) > 64:
                self._frames.clear()
            self._frames[key] = frame
        return frame

    def _joined(self, frame: Any, walks: Iterable[tuple[Any, Callable[[], tuple]]], art: dict) -> list | None:
        """The frame, then each top-level piece's operators: looked up by its key, else walked (and
        kept) when new or when an art form it places is no longer known. None when two pieces define
        one id (the whole-face walk then decides)."""
        out: list = [frame]
        defined: set[str] = set()
        for key, walk in walks:
            found = self._lines.get(key)
            if found is None or not all(
                not isinstance(p, (ArtRef, ImageRef)) or p.name in self._art or p.name in art for p in found[0]
            ):
                found = self._lines[key] = walk()
            self._lines.move_to_end(key)
            pieces, ids = found
            if not defined.isdisjoint(ids):
                return None
            defined.update(ids)
            out.extend(pieces)
        out.append("Q")
        return joined(out)

    def _walk_item(self, face: Face, item: Item, art: dict) -> tuple[list, frozenset[str]]:
        def href(raster: Raster) -> str:
            found = _picture(raster)
            if found.name not in self._art:
                art.setdefault(found.name, found)
            return STASHED + found.name

        root = ET.Element(NS + "svg")
        root.append(_tree(item_element(item, face.id, href)))
        walker = Walker(face.id, root, art, self._art)
        walker.check_all()
        walker.children(root, ROOT_STYLE)
        own = f"{face.id}-"
        return walker.out, frozenset("\x00-" + i[len(own) :] if i.startswith(own) else i for i in walker.clips)

    def _walk_lines(self, face: Face, lines: tuple[str, list[str]], art: dict, w: float, h: float) -> list | None:
        """The face drawn element line by element line (render.py writes one top-level element
        per line), each line's operators looked up by its text with the face's id taken out: faces
        of one template share their art and most of their elements. None when the lines are not
        self-contained (an id defined in two lines), which the whole-face walk then decides."""
        header, items = lines
        frame_key = (header.replace(f"id={quoteattr(face.id)}", 'id=""', 1), w, h)  # ids do not change the frame
        root = lambda: _parse_text(face, header + "</svg>")
        frame = self._frame(frame_key, lambda: Walker(face.id, root(), art, self._art).frame(w, h))
        strip = (f'id="{face.id}-', 'id="\x00-'), (f"url(#{face.id}-", "url(#\x00-")  # ids and references only

        def walks():
            for line in items:
                if _DATA_HREF in line:
                    line = self._stash(line, art)
                yield line.replace(*strip[0]).replace(*strip[1]), partial(self._walk_line, face, line, art, strip)

        return None if frame is None else self._joined(frame, walks(), art)

    def _stash(self, line: str, art: dict) -> str:
        """The line with each picture's data URL (megabytes, often) replaced by its name, the
        picture kept with the art forms: the line is then parsed, looked up and kept small. A CMYK
        picture's own bytes (for the DriveThruCards export) are left out."""
        line = drop_cmyk(line)
        start = line.find(_DATA_HREF)
        while start != -1:
            begin = start + len(' href="')
            end = line.find('"', begin)
            try:
                found = picture(line[begin:end])
            except ValueError:
                return line  # the walk of the line says what is wrong with it
            if found.name not in self._art:
                art.setdefault(found.name, found)
            line = f"{line[:begin]}{STASHED}{found.name}{line[end:]}"
            start = line.find(_DATA_HREF, begin)
        return line

    def _walk_line(self, face: Face, line: str, art: dict, strip) -> tuple[list, frozenset[str]]:
        root = _parse_text(face, f'<svg xmlns="{SVG_URI}">{line}</svg>')
        walker = Walker(face.id, root, art, self._art)
        walker.check_all()
        walker.children(root, ROOT_STYLE)
        own = f"{face.id}-"
        return walker.out, frozenset("\x00-" + i[len(own) :] if i.startswith(own) else i for i in walker.clips)


@dataclass(frozen=True)
class Prepared:
    """Faces walked by one painter, for another (picklable: operators, art form names and their operators)."""

    faces: dict[tuple, list]  # a face's key → its pieces
    art: dict[str, Any]  # every art form they place → its operators; every picture → its Picture
    images: dict[tuple, PdfImage] = field(default_factory=dict)  # (picture, pixels at 300 dpi) → XObject content


def _tree(node: Element) -> ET.Element:
    """The svgwrite element as the ElementTree the painter walks (tags in the SVG namespace, as a
    parsed face has them)."""
    xml = node.get_xml()
    xml.attrib.pop("xmlns", None)  # the namespace, not an attribute, once parsed
    for child in xml.iter():
        child.tag = NS + child.tag
    return xml


def _picture(raster: Raster) -> Picture:
    """The picture the painter keeps for a raster: its file's bytes as they are (no base64), named
    by their SHA-1 as pdf/image.py names a picture it reads. Not cached: a deck of photos would keep
    every one of them (210 MB for 160 cards)."""
    jpeg = raster.mime == "image/jpeg"
    return Picture("img" + raster.digest, raster.data, raster.width, raster.height, jpeg, raster.source)


def _face_key(face: Face) -> tuple:
    return face.id, face.width, face.height, face.bleed, face.digest


_DEFAULT_PAINTER = FacePainter()


def drop_cmyk(text: str) -> str:
    """A face's text without the CMYK pictures' own bytes, which only the DriveThruCards export reads."""
    return _CMYK.sub("", text) if " data-cmyk=" in text else text


def paint_face(canvas, face: Face) -> None:
    """Draw `face` into `canvas` (see FacePainter.paint), sharing art forms within the document."""
    _DEFAULT_PAINTER.paint(canvas, face)


def prepare_faces(faces: Sequence[Face], dpis: tuple[float, ...] = (DEFAULT_IMAGE_DPI,)) -> Prepared:
    """The process's painter walks `faces` (FacePainter.prepare): run where they were drawn."""
    return _DEFAULT_PAINTER.prepare(faces, dpis)


def keep_prepared(prepared: Prepared) -> None:
    """The process's painter takes in faces walked elsewhere (FacePainter.keep)."""
    _DEFAULT_PAINTER.keep(prepared)


def face_operators(face: Face, width_pt: float, height_pt: float) -> str:
    """The whole face as one content stream (art inline, no forms), fitted into
    (0, 0)–(width_pt, height_pt): for tests and for one-off drawing."""
    return "".join(Walker(face.id, _parse(face), None, {}).run(width_pt, height_pt))


def _parse(face: Face) -> ET.Element:
    return _parse_text(face, face.svg)


def _parse_text(face: Face, svg: str) -> ET.Element:
    try:
        return ET.fromstring(svg)
    except ET.ParseError as exc:
        raise PaintError(f"The face {face.id!r} is not an SVG that can be drawn: {exc}.") from None


def item_lines(svg: str) -> tuple[str, list[str]] | None:
    """The layout pnp/svg writes a face in: (the <svg> start tag, one line per top-level element),
    or None for a face in any other layout."""
    lines = svg.split("\n")
    if (
        len(lines) < 4
        or lines[-1]
        or lines[-2] != "</svg>"
        or not lines[0].startswith("<?xml ")
        or not lines[1].startswith("<svg ")
        or not lines[1].endswith(">")
        or lines[1].endswith("/>")
    ):
        return None
    if not all(line.startswith("<") for line in lines[2:-2]):
        return None
    return lines[1], lines[2:-2]
