"""Faces into PDF forms: each SVG face becomes one reusable vector form, drawn by pnp.pdf.paint
(our painter of the project's SVG subset; see docs/performance.md for why not svglib).

One reportlab 5.1.0 workaround lives here, guarded by tests in tests/print: `SheetCanvas.endForm`
writes a form whose resources keep its /XObject (the art forms a face form places), /ExtGState,
/Shading and /ColorSpace entries (stock 5.1.0 drops the last three, so gradients and alpha inside a
form vanish).
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.core.units import mm_to_pt
from pnp.game.model import Face
from pnp.pdf.paint import paint_face

LABEL_FONT = "AtkinsonHyperlegible"
LABEL_FONT_BOLD = "AtkinsonHyperlegible-Bold"

Warn = Callable[[str], None]


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

    _shadingUsed: ClassVar[dict] = {}
    _colorsUsed: ClassVar[dict] = {}
    ExtGState = None

    def format(self, document):
        if not self.Resources:
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if self.XObjects:
                resources.XObject = self.XObjects  # type: ignore[attr-defined]  # an entry the stubs omit
            if self.ExtGState:
                resources.ExtGState = self.ExtGState
            resources.setShading(self._shadingUsed)
            resources.setColorSpace(self._colorsUsed)
            self.Resources = resources
        return super().format(document)


class _PlainForm(pdfdoc.PDFObject):
    """A form XObject of plain operators and other forms, formatted straight to bytes: reportlab's
    general formatting (every token through its encoder, then ASCII85) was a fifth of a
    5,000-card build. The content is Flate-compressed binary, as PDF allows."""

    __RefOnly__ = 1

    def __init__(self, box: tuple, code: list[str], forms: list[str]):
        self.box, self.code, self.forms = box, code, forms  # forms: the names of the forms it places

    def format(self, document) -> bytes:
        content = zlib.compress("\n".join(self.code).encode("latin-1"))
        resources = b"/ProcSet [/PDF] "
        if self.forms:
            numbers = document.idToObjectNumberAndVersion
            refs = (f"/{n} {numbers[n][0]} 0 R" for n in map(pdfdoc.xObjectName, self.forms))
            resources += b"/XObject << " + " ".join(refs).encode("ascii") + b" >> "
        box = " ".join(fp_str(v) for v in self.box).encode("ascii")
        return (
            b"<< /BBox ["
            + box
            + b"] /Filter /FlateDecode /FormType 1 /Length "
            + str(len(content)).encode("ascii")
            + b" /Matrix [1 0 0 1 0 0] /Resources << "
            + resources
            + b">> /Subtype /Form /Type /XObject >>\nstream\n"
            + content
            + b"\nendstream"
        )


class SheetCanvas(Canvas):
    """A deterministic canvas (invariant, compressed, embedded label font) with working forms."""

    # reportlab's private canvas state that endForm uses: types-reportlab describes only the public API.
    _formData: tuple[str, float, float, float | None, float | None]
    _pagesize: tuple[float, float]
    _colorsUsed: dict[Any, Any]
    _shadingUsed: dict[Any, Any]
    _annotationrefs: list[Any]
    _extgstate: Any
    _doc: pdfdoc.PDFDocument
    _code: list[str]
    _formsinuse: list[str]
    _pageCompression: Literal[0, 1] | bool
    _preamble: str
    _restartAccumulators: Callable[[], None]
    _setColorSpace: Callable[[Any], None]
    _setExtGState: Callable[[Any], None]
    _setXObjects: Callable[[Any], None]
    _setShadingUsed: Callable[[Any], None]
    _setAnnotations: Callable[[Any], None]

    def __init__(self, buffer: io.BytesIO, pagesize: tuple[float, float]):
        register_label_fonts()
        super().__init__(
            buffer,
            pagesize=pagesize,
            invariant=1,
            pageCompression=1,
            initialFontName=LABEL_FONT,  # type: ignore[arg-type]  # a font name: types-reportlab says float
            initialFontSize=7,
        )

    def endForm(self, **extra_attributes):
        """Canvas.endForm of reportlab 5.1.0, but building a `_ResourcefulForm`, or a `_PlainForm`
        for a form that uses nothing but operators and other forms (every face and art form)."""
        (name, lowerx, lowery, upperx, uppery) = self._formData
        (w, h) = self._pagesize
        if not (
            extra_attributes
            or self._colorsUsed
            or self._shadingUsed
            or self._annotationrefs
            or self._extgstate.getState()
        ):
            box = (lowerx, lowery, w if upperx is None else upperx, h if uppery is None else uppery)
            self._doc.addForm(name, _PlainForm(box, self._code, sorted(set(self._formsinuse))))
            self._restartAccumulators()
            self.pop_state_stack()
            return
        form = _ResourcefulForm(
            lowerx=lowerx, lowery=lowery, upperx=w if upperx is None else upperx, uppery=h if uppery is None else uppery
        )
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


@dataclass(frozen=True)
class FaceForm:
    """A face drawn once into the document as the form `name` (drawn with its bleed box's lower-left
    corner at the origin: place it translated by minus the bleed)."""

    name: str  # the form's PDF name
    face: Face

    @property
    def bleed_box_pt(self) -> tuple[float, float]:
        f = self.face
        return mm_to_pt(f.width + 2 * f.bleed), mm_to_pt(f.height + 2 * f.bleed)


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
        form = FaceForm(name=f"face{len(self._forms)}", face=face)
        width, height = form.bleed_box_pt
        c = self.canvas
        c.beginForm(form.name, 0, 0, width, height)
        paint_face(c, face)
        c.endForm()
        return form

    def __len__(self) -> int:
        return len(self._forms)
