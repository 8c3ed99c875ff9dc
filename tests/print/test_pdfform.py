"""The reportlab workaround in pnp.pdf.form, shown to matter, and faces the painter refuses.

reportlab 5.1.0 drops a form's /Shading, /ExtGState and /ColorSpace resources, so a gradient or
transparency inside a reused form vanishes (it prints black). If an upgrade breaks the
workaround, these tests fail.
"""

from __future__ import annotations

import io
import re

import pytest
from helpers.printkit import pdf_pages, pixel_mm, render
from reportlab.pdfgen.canvas import Canvas

from pnp.core.units import mm_to_pt
from pnp.game.model import Face
from pnp.pdf.form import FormBook, SheetCanvas
from pnp.pdf.paint import PaintError


def gradient_form(canvas, name: str) -> None:
    """A 70 mm form: a blue→yellow gradient with a 50 % black square on it (drawn with reportlab)."""
    size = mm_to_pt(70)
    canvas.beginForm(name, 0, 0, size, size)
    canvas.linearGradient(0, 0, size, 0, ((0, 0, 1), (1, 1, 0)), extend=True)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFillAlpha(0.5)
    canvas.rect(mm_to_pt(10), mm_to_pt(40), mm_to_pt(20), mm_to_pt(20), stroke=0, fill=1)
    canvas.endForm()


def _sheet_with(count: int, canvas_class=SheetCanvas) -> bytes:
    """`count` gradient forms, each placed twice (so every form is reused) at x = 10 and 100 mm."""
    out = io.BytesIO()
    size = (mm_to_pt(190), mm_to_pt(90))
    canvas = canvas_class(out, size) if canvas_class is SheetCanvas else canvas_class(out, pagesize=size, invariant=1)
    for index in range(count):
        gradient_form(canvas, f"g{index}")
        for x in (10, 100):
            canvas.saveState()
            canvas.translate(mm_to_pt(x), mm_to_pt(10))
            canvas.doForm(f"g{index}")
            canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _probe(pdf: bytes, dpi: int = 100) -> dict[str, tuple[int, int, int]]:
    """Colours at known face points of the copy at x = 100 mm (the page is 90 mm high, y down)."""
    image = render(pdf_pages(pdf)[0], dpi)
    top = 90 - 10 - 70  # the face's trim top, mm from the page top

    def at(fx, fy):
        return pixel_mm(image, dpi, 100 + fx, top + fy)

    return {"left": at(2, 60), "right": at(68, 60), "veil": at(20, 20)}


def test_gradients_and_transparency_survive_inside_reused_forms():
    colours = _probe(_sheet_with(1))
    r, g, b = colours["left"]
    assert b > 180 and r < 80  # blue end of the gradient
    r, g, b = colours["right"]
    assert r > 180 and g > 180 and b < 80  # yellow end
    assert 30 < sum(colours["veil"]) / 3 < 140  # a 50 % veil over the gradient: darker, not black


def test_the_stock_reportlab_form_loses_them_which_is_why_the_workaround_exists():
    class StockCanvas(Canvas):
        pass

    colours = _probe(_sheet_with(1, StockCanvas))
    r, g, b = colours["left"]
    assert not (b > 180 and r < 80)  # no blue end: the gradient is gone
    r, g, b = colours["right"]
    assert not (r > 180 and g > 180 and b < 80)  # no yellow end


def test_form_resources_name_the_shading_and_the_graphics_state():
    pdf = _sheet_with(1)
    forms = [pdf[: m.start()].rsplit(b" obj", 1)[1] for m in re.finditer(rb"/Subtype /Form", pdf)]
    assert len(forms) == 1
    assert b"/Shading" in forms[0] and b"/ExtGState" in forms[0]


def test_a_face_that_is_not_svg_is_an_error_naming_the_face():
    out = io.BytesIO()
    book = FormBook(SheetCanvas(out, (100, 100)))
    with pytest.raises(PaintError, match=r"The face 'broken' is not an SVG that can be drawn"):
        book.form(Face(id="broken", svg="<svg", width=10, height=10, bleed=0))


def test_a_face_outside_the_drawn_subset_is_an_error_not_a_silent_loss():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><pattern id="p"/></svg>'
    )
    book = FormBook(SheetCanvas(io.BytesIO(), (100, 100)))
    with pytest.raises(PaintError) as caught:
        book.form(Face(id="odd", svg=svg, width=10, height=10, bleed=0))
    assert str(caught.value) == (
        "The face 'odd' cannot be drawn into the PDF: <pattern id='p'>: this element is "
        "outside the SVG subset drawn into PDFs (see pnp/pdf/paint.py)."
    )
