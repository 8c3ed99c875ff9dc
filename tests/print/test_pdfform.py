"""The two library workarounds in pnp.pdfform, each shown to matter.

reportlab 5.1.0 drops a form's /Shading, /ExtGState and /ColorSpace resources, so a gradient or
transparency inside a reused face vanishes (it prints black); svglib's stock renderer loses PNG
alpha. If an upgrade breaks either workaround, these tests fail.
"""

from __future__ import annotations

import base64
import io
import re

import pytest
from PIL import Image
from printkit import pdf_pages, pixel_mm, render
from reportlab.pdfgen.canvas import Canvas

from pnp.model import Face
from pnp.pdfform import FaceError, FormBook, SheetCanvas
from pnp.units import mm_to_pt


def _half_transparent_png() -> str:
    """20 × 20 px: top half opaque red, bottom half fully transparent."""
    image = Image.new("RGBA", (20, 20), (255, 0, 0, 0))
    for x in range(20):
        for y in range(10):
            image.putpixel((x, y), (255, 0, 0, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def gradient_face(face_id: str = "gradient") -> Face:
    """Blue→yellow gradient background, a 50 % black square, a half-transparent PNG."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="76mm" height="76mm" viewBox="-3 -3 76 76">'
        '<defs><linearGradient id="g" x1="0" y1="0" x2="70" y2="0" gradientUnits="userSpaceOnUse">'
        '<stop offset="0" stop-color="#0000ff"/><stop offset="1" stop-color="#ffff00"/></linearGradient></defs>'
        '<rect id="bg" x="-3" y="-3" width="76" height="76" fill="url(#g)"/>'
        '<rect id="veil" x="10" y="10" width="20" height="20" fill="#000000" fill-opacity="0.5"/>'
        f'<image id="pic" x="40" y="40" width="20" height="20" xlink:href="{_half_transparent_png()}"/>'
        "</svg>"
    )
    return Face(id=face_id, svg=svg, width=70.0, height=70.0, bleed=3.0)


def _sheet_with(faces: list[Face], canvas_class=SheetCanvas) -> bytes:
    """Each face placed twice (so every form is reused) at x = 10 mm and 100 mm, y = 10 mm."""
    out = io.BytesIO()
    canvas = canvas_class(out, (mm_to_pt(190), mm_to_pt(90))) if canvas_class is SheetCanvas else canvas_class(out, pagesize=(mm_to_pt(190), mm_to_pt(90)), invariant=1)
    book = FormBook(canvas)
    for face in faces:
        for x in (10, 100):
            canvas.saveState()
            canvas.translate(mm_to_pt(x), mm_to_pt(10))
            book.form(face).place(canvas)
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

    return {"left": at(2, 60), "right": at(68, 60), "veil": at(20, 20), "clear": at(50, 55), "red": at(50, 45)}


def test_gradients_and_transparency_survive_inside_reused_forms():
    colours = _probe(_sheet_with([gradient_face()]))
    r, g, b = colours["left"]
    assert b > 180 and r < 80  # blue end of the gradient
    r, g, b = colours["right"]
    assert r > 180 and g > 180 and b < 80  # yellow end
    assert 30 < sum(colours["veil"]) / 3 < 140  # a 50 % veil over the gradient: darker, not black
    assert max(colours["clear"]) > 80  # the gradient shows through the PNG's transparent half
    assert colours["red"][0] > 200 and colours["red"][1] < 60


def test_the_stock_reportlab_form_loses_them_which_is_why_the_workaround_exists():
    class StockCanvas(Canvas):
        pass

    colours = _probe(_sheet_with([gradient_face()], StockCanvas))
    assert max(colours["left"]) < 30 and max(colours["right"]) < 30  # the gradient is gone: black


def test_form_resources_name_the_shading_and_the_graphics_state():
    pdf = _sheet_with([gradient_face()])
    forms = [pdf[: m.start()].rsplit(b" obj", 1)[1] for m in re.finditer(rb"/Subtype /Form", pdf)]
    assert len(forms) == 1
    assert b"/Shading" in forms[0] and b"/ExtGState" in forms[0]


def test_one_image_is_stored_once_with_its_alpha_however_many_faces_use_it():
    pdf = _sheet_with([gradient_face("a"), gradient_face("b")])
    assert pdf.count(b"/Subtype /Form") == 2
    assert pdf.count(b"/Subtype /Image") == 2  # the picture and its soft mask (alpha), once
    assert pdf.count(b"/SMask") == 1


def test_a_face_that_is_not_svg_is_an_error_naming_the_face():
    out = io.BytesIO()
    book = FormBook(SheetCanvas(out, (100, 100)))
    with pytest.raises(FaceError, match=r"The face 'broken' is not an SVG that can be drawn"):
        book.form(Face(id="broken", svg="<svg", width=10, height=10, bleed=0))


def test_what_svglib_drops_reaches_the_caller_with_the_face_id():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
        '<title>fine</title><rect x="0" y="0" width="10" height="10" fill="#ff0000" fill-opacity="0.5" mask="url(#m)"/>'
        '<rect x="0" y="0" width="5" height="5" fill="#zzzzzz"/><pattern id="p"/></svg>'
    )
    warnings: list[str] = []
    book = FormBook(SheetCanvas(io.BytesIO(), (100, 100)), warnings.append)
    book.form(Face(id="odd", svg=svg, width=10, height=10, bleed=0))
    assert all(w.startswith("face odd: ") for w in warnings)
    text = "\n".join(warnings)
    assert "'mask' is ignored" in text and "<pattern> is ignored" in text and "#zzzzzz" in text
    assert "title" not in text and "fill-opacity" not in text
    assert len(warnings) == 3
