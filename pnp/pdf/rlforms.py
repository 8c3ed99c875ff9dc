"""The one module that touches reportlab's internals (docs/decisions.md, "reportlab behind one adapter").

`FormCanvas.endForm` is reportlab's own `Canvas.endForm` (the same source in 4.4 and 5.1) ported to
build a `_ResourcefulForm`, whose resources keep the /ExtGState, /Shading and /ColorSpace entries stock
reportlab drops (gradients and alpha inside a form would vanish), or a `_PlainForm`, written straight to
bytes for a form of plain operators and other forms (every face and art form: reportlab's general
formatting was a fifth of a 5,000-card build). Everything else in pnp uses reportlab's public API.

What this module reads or calls that reportlab does not document is listed below;
tests/print/test_reportlab_adapter.py checks each still exists with the expected signature, that
reportlab's endForm is still the source this port copies, and that no other module of pnp uses them.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any, ClassVar, Literal

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

# Canvas instance attributes read here (set by Canvas.__init__ and beginForm)
CANVAS_ATTRIBUTES = (
    "_formData",
    "_pagesize",
    "_pageCompression",
    "_preamble",
    "_code",
    "_doc",
    "_formsinuse",
    "_colorsUsed",
    "_shadingUsed",
    "_annotationrefs",
    "_extgstate",
)
# Canvas methods called here, with their parameters
CANVAS_METHODS = {
    "_restartAccumulators": ("self",),
    "_setColorSpace": ("self", "obj"),
    "_setExtGState": ("self", "obj"),
    "_setXObjects": ("self", "thing"),
    "_setShadingUsed": ("self", "page"),
    "_setAnnotations": ("self", "page"),
    "pop_state_stack": ("self",),
}
DOCUMENT_ATTRIBUTES = ("idToObjectNumberAndVersion",)  # PDFDocument: form name → (object number, version)
# the sha256 of reportlab's Canvas.endForm source that FormCanvas.endForm ports (4.4.4 and 5.1.0)
ENDFORM_SOURCE_SHA256 = "ee147d73d74452ec"


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
                resources.XObject = self.XObjects  # type: ignore[attr-defined]  # set as reportlab's own endForm does; the stubs omit it
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


class _ImageObject(pdfdoc.PDFObject):
    """An image XObject written straight to bytes: its stream as given (a JPEG as it is, or Flate
    with PNG predictors), a soft mask by the name it was added under."""

    __RefOnly__ = 1

    def __init__(self, width: int, height: int, colours: int, filter: str, stream: bytes, mask: str | None):
        self.width, self.height, self.colours, self.filter = width, height, colours, filter
        self.stream, self.mask = stream, mask

    def format(self, document) -> bytes:
        space = "/DeviceRGB" if self.colours == 3 else "/DeviceGray"
        parms = ""
        if self.filter == "FlateDecode":
            parms = f" /DecodeParms << /BitsPerComponent 8 /Colors {self.colours} /Columns {self.width}"
            parms += " /Predictor 15 >>"
        mask = ""
        if self.mask is not None:
            number = document.idToObjectNumberAndVersion[pdfdoc.xObjectName(self.mask)][0]
            mask = f" /SMask {number} 0 R"
        head = (
            f"<< /BitsPerComponent 8 /ColorSpace {space}{parms} /Filter /{self.filter} /Height {self.height}"
            f" /Length {len(self.stream)}{mask} /Subtype /Image /Type /XObject /Width {self.width} >>\nstream\n"
        )
        return head.encode("ascii") + self.stream + b"\nendstream"


def add_image(canvas: Canvas, name: str, image: Any) -> None:
    """Add `image` (a pnp.pdf.image.PdfImage) to the canvas's document as the XObject `name`, its
    soft mask as `name`-mask; `canvas.doForm(name)` then draws it in the unit square."""
    document = canvas._doc  # type: ignore[attr-defined]  # reportlab's document: see CANVAS_ATTRIBUTES
    mask_name = None
    if image.mask is not None:
        mask_name = f"{name}-mask"
        m = image.mask
        document.addForm(mask_name, _ImageObject(m.width, m.height, m.colours, m.filter, m.stream, None))
    shown = _ImageObject(image.width, image.height, image.colours, image.filter, image.stream, mask_name)
    document.addForm(name, shown)


class FormCanvas(Canvas):
    """A reportlab Canvas whose forms keep their resources, and whose plain forms are written fast."""

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

    def endForm(self, **extra_attributes):
        """reportlab's Canvas.endForm, but building a `_ResourcefulForm`, or a `_PlainForm`
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
