"""Faces into PDF forms: each SVG face becomes one reusable vector form (svglib → reportlab).

Two reportlab 5.1.0 / svglib workarounds live here, each guarded by a test in tests/print:
- `SheetCanvas.endForm` writes a form whose resources keep its /ExtGState, /Shading and
  /ColorSpace (stock 5.1.0 drops them, so gradients and alpha inside a form vanish);
- `_FaceRenderer.drawImage` places raster images as shared XObjects with their alpha
  (the stock renderer writes them inline on every draw and loses PNG alpha).
"""

from __future__ import annotations

import functools
import io
import logging
from dataclasses import dataclass
from typing import Callable

from reportlab.graphics.renderPDF import _PDFRenderer
from reportlab.graphics.shapes import Drawing
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .errors import PnpError
from .model import Face
from .svgcheck import subset_problems
from .units import mm_to_pt

LABEL_FONT = "AtkinsonHyperlegible"
LABEL_FONT_BOLD = "AtkinsonHyperlegible-Bold"

Warn = Callable[[str], None]


class FaceError(PnpError):
    """A face could not be turned into PDF drawing instructions."""


def register_label_fonts() -> None:
    """Register the bundled Atkinson Hyperlegible TTFs (embedded and subset by reportlab)."""
    if LABEL_FONT in pdfmetrics.getRegisteredFontNames():
        return
    from fontpkg_atkinson_hyperlegible import ROOT

    files = ROOT / "files"
    pdfmetrics.registerFont(TTFont(LABEL_FONT, str(files / "AtkinsonHyperlegible-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(LABEL_FONT_BOLD, str(files / "AtkinsonHyperlegible-Bold.ttf")))


class _ResourcefulForm(pdfdoc.PDFFormXObject):
    """A form XObject whose resource dictionary also carries ExtGState, Shading and ColorSpace."""

    _shadingUsed: dict = {}
    _colorsUsed: dict = {}
    ExtGState = None

    def format(self, document):
        if not self.Resources:
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if self.XObjects:
                resources.XObject = self.XObjects
            if self.ExtGState:
                resources.ExtGState = self.ExtGState
            resources.setShading(self._shadingUsed)
            resources.setColorSpace(self._colorsUsed)
            self.Resources = resources
        return super().format(document)


class SheetCanvas(Canvas):
    """A deterministic canvas (invariant, compressed, embedded label font) with working forms."""

    def __init__(self, buffer: io.BytesIO, pagesize: tuple[float, float]):
        register_label_fonts()
        super().__init__(buffer, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=LABEL_FONT, initialFontSize=7)

    def endForm(self, **extra_attributes):
        """Canvas.endForm of reportlab 5.1.0, but building a `_ResourcefulForm`."""
        (name, lowerx, lowery, upperx, uppery) = self._formData
        (w, h) = self._pagesize
        form = _ResourcefulForm(lowerx=lowerx, lowery=lowery, upperx=w if upperx is None else upperx, uppery=h if uppery is None else uppery)
        form.compression = self._pageCompression
        form.setStreamList([self._preamble] + self._code)
        for k, v in extra_attributes.items():
            setattr(form, k, v)
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setShadingUsed(form)
        self._setAnnotations(form)
        self._doc.addForm(name, form)
        self._restartAccumulators()
        self.pop_state_stack()


class _FaceRenderer(_PDFRenderer):
    """svglib's drawing renderer, placing images once per document and keeping their alpha."""

    def drawImage(self, image):
        source = image.path
        if source is None:
            return
        reader = ImageReader(source)
        self._canvas.drawImage(reader, image.x, image.y, image.width, image.height, mask="auto")


@dataclass(frozen=True)
class FaceForm:
    """A face drawn once into the document; place it with `place`."""

    name: str  # the form's PDF name
    face: Face

    @property
    def bleed_box_pt(self) -> tuple[float, float]:
        f = self.face
        return mm_to_pt(f.width + 2 * f.bleed), mm_to_pt(f.height + 2 * f.bleed)

    def place(self, canvas: Canvas) -> None:
        """Draw the face with its trim box's lower-left corner at the current origin, in pt."""
        b = mm_to_pt(self.face.bleed)
        canvas.saveState()
        canvas.translate(-b, -b)
        canvas.doForm(self.name)
        canvas.restoreState()


def face_drawing(face: Face, warn: Warn | None = None) -> Drawing:
    """Parse a face's SVG with svglib. Whatever the PDF will not show as the SVG does (a feature
    outside svglib's subset, or an svglib warning) goes to `warn`, prefixed with the face id."""
    from lxml import etree

    try:
        root = etree.fromstring(face.svg.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as exc:
        raise FaceError(f"The face {face.id!r} is not an SVG that can be drawn: {exc}.") from None
    drawing, messages = _parse(face.svg)
    if drawing is None:
        raise FaceError(f"The face {face.id!r} is not an SVG that can be drawn: {messages[0] if messages else 'svglib gave up'}.")
    if warn is not None:
        for message in subset_problems(root) + list(messages):
            warn(f"face {face.id}: {message}")
    return drawing


@functools.lru_cache(maxsize=256)
def _parse(svg: str) -> tuple[Drawing | None, tuple[str, ...]]:
    """svglib's drawing of an SVG, with its warnings; cached, as A4 and Letter share faces."""
    from svglib.svglib import svg2rlg

    records: list[logging.LogRecord] = []
    log = logging.getLogger("svglib")
    handler = _Collect(records)
    log.addHandler(handler)
    try:
        drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    except Exception as exc:  # svglib raises lxml, ValueError and TypeError variants
        return None, (str(exc),)
    finally:
        log.removeHandler(handler)
    return drawing, tuple(r.getMessage() for r in records)


class _Collect(logging.Handler):
    def __init__(self, records: list[logging.LogRecord]):
        super().__init__(level=logging.WARNING)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class FormBook:
    """Faces drawn into one canvas as forms, each at most once, named in first-use order."""

    def __init__(self, canvas: SheetCanvas, warn: Warn | None = None):
        self.canvas = canvas
        self.warn = warn
        self._forms: dict[str, FaceForm] = {}

    def form(self, face: Face) -> FaceForm:
        """The form for `face` (faces are told apart by id), drawing it on first use."""
        found = self._forms.get(face.id)
        if found is None:
            found = self._draw(face)
            self._forms[face.id] = found
        return found

    def _draw(self, face: Face) -> FaceForm:
        drawing = face_drawing(face, self.warn)
        form = FaceForm(name=f"face{len(self._forms)}", face=face)
        width, height = form.bleed_box_pt
        drawing.initialFontName = LABEL_FONT  # else the renderer selects a non-embedded Helvetica
        drawing.initialFontSize = 7
        c = self.canvas
        c.beginForm(form.name, 0, 0, width, height)
        c.saveState()
        if drawing.width and drawing.height:
            c.scale(width / drawing.width, height / drawing.height)
        _FaceRenderer().draw(drawing, c, 0, 0, showBoundary=False)
        c.restoreState()
        c.endForm()
        return form

    def __len__(self) -> int:
        return len(self._forms)

