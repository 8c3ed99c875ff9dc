"""Faces into PDF forms: each SVG face becomes one reusable vector form, drawn by pnp.pdf.paint
(our painter of the project's SVG subset; see docs/performance.md for why not svglib).

The canvas's forms come from pnp/pdf/rlforms.py, the one module that touches reportlab's internals:
they keep their /XObject, /ExtGState, /Shading and /ColorSpace resources (gradients and alpha inside a
form), and plain forms are written straight to bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from fontpkg_atkinson_hyperlegible import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.core.units import mm_to_pt
from pnp.game.model import Face
from pnp.pdf.image import DEFAULT_IMAGE_DPI
from pnp.pdf.paint import paint_face
from pnp.pdf.rlforms import FormCanvas

LABEL_FONT = "AtkinsonHyperlegible"
LABEL_FONT_BOLD = "AtkinsonHyperlegible-Bold"

Warn = Callable[[str], None]


def register_label_fonts() -> None:
    """Register the bundled Atkinson Hyperlegible TTFs (embedded and subset by reportlab)."""
    if LABEL_FONT in pdfmetrics.getRegisteredFontNames():
        return
    files = ROOT / "files"
    pdfmetrics.registerFont(TTFont(LABEL_FONT, str(files / "AtkinsonHyperlegible-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(LABEL_FONT_BOLD, str(files / "AtkinsonHyperlegible-Bold.ttf")))


class SheetCanvas(FormCanvas):
    """A deterministic canvas (invariant, compressed, embedded label font) with working forms.
    `image_dpi`: the resolution pictures are downsampled to at their printed size."""

    def __init__(self, buffer: io.BytesIO, pagesize: tuple[float, float], image_dpi: float = DEFAULT_IMAGE_DPI):
        self.image_dpi = image_dpi
        register_label_fonts()
        super().__init__(
            buffer,
            pagesize=pagesize,
            invariant=1,
            pageCompression=1,
            initialFontName=LABEL_FONT,  # type: ignore[arg-type]  # a font name: types-reportlab says float
            initialFontSize=7,
        )


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
