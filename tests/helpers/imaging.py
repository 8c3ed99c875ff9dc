"""Shared helpers for tests that look at faces: render through svglib→PDF→pdfium and through resvg."""

from __future__ import annotations

import io
import logging

import pypdfium2
import resvg_py
from PIL import Image
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

# svglib reports what it drops at DEBUG level with these prefixes.
SVGLIB_LOSSES = ("Ignoring node", "Ignoring transform", "Suspicious path", "Unable", "Unsupported", "Can't handle")


def via_pdf(svg: str, size: tuple[int, int]) -> Image.Image:
    """The SVG drawn by svglib into a PDF page, rendered by pdfium at `size` pixels."""
    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(drawing.width, drawing.height), invariant=1)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0]
    image = page.render(scale=size[0] / page.get_width()).to_pil().convert("RGB")
    return image.resize(size) if image.size != size else image


def via_resvg(svg: str, width: int) -> Image.Image:
    png = resvg_py.svg_to_bytes(svg_string=svg, dpi=96, width=width)
    return Image.open(io.BytesIO(bytes(png))).convert("RGB")


class SvglibMessages(logging.Handler):
    """Collects svglib's warnings and the debug messages where it drops something."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record):
        message = record.getMessage()
        if record.levelno >= logging.WARNING or message.startswith(SVGLIB_LOSSES):
            self.messages.append(f"{record.levelname}: {message}")


def check_golden(path, text: str, root) -> None:
    """`text` must equal the golden file at `path`; with PNP_REGEN_GOLDEN=1 the file is rewritten
    first (a deliberate switch: review the diff before committing it)."""
    import os

    if os.environ.get("PNP_REGEN_GOLDEN") == "1" and (not path.is_file() or path.read_text(encoding="utf-8") != text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")  # only a file that differs is rewritten
    assert path.is_file(), f"no golden file {path}; run with PNP_REGEN_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.stem} differs from {path.relative_to(root)}; if the change is deliberate, "
        "regenerate with PNP_REGEN_GOLDEN=1 and review the diff"
    )
