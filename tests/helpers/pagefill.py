"""How empty each page of a booklet file is, measured on the rendered page, in reading order.

A booklet file holds one booklet page per PDF page (rules-a4.pdf, rules-letter.pdf, the designer's
sheets) or two, side by side on a landscape sheet in saddle-stitch order (rules-booklet-*.pdf).
Each booklet page's text area is the page as set (A4 or A5) less its margins and its footer band,
followed through the scale-to-fit placements the file went through (A4 → letter; A5 → half of a
landscape A4; A5 → half-letter → half of a landscape letter sheet).

A page's emptiness is the share of its text area's height below the lowest inked pixel (rendered
by PDFium in grey at 50 dpi; a pixel darker than 250/255 is ink): 0.0 is a page filled to the
footer, 1.0 a page with nothing in its text area (a blank page, or one with only its page number).
Text flows from the top, so this is the white a reader sees at the foot of the page; the gaps
between lines and paragraphs of a full page are not counted as empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pypdfium2 as pdfium

from pnp.booklet.styles import A4, A5, HALF_LETTER, LETTER, Paper

DPI = 50.0
INK = 250  # a grey level below this is ink
MM = 72 / 25.4


@dataclass(frozen=True)
class Layout:
    """How a file's pages were made: `paper` as set, scaled to fit each of `boxes` (mm) in turn,
    `slots` booklet pages side by side on each file page."""

    paper: Paper
    boxes: tuple[tuple[float, float], ...]
    slots: int


def layout(name: str) -> Layout:
    """The layout of a booklet file, from its name (rules-booklet-letter-it.pdf, designer-a4.pdf, …)."""
    if "booklet-letter" in name:
        return Layout(A5, ((HALF_LETTER.width, HALF_LETTER.height), (LETTER.height / 2, LETTER.width)), 2)
    if "booklet-a4" in name:
        return Layout(A5, ((A4.height / 2, A4.width),), 2)
    if "letter" in name:
        return Layout(A4, ((LETTER.width, LETTER.height),), 1)
    return Layout(A4, ((A4.width, A4.height),), 1)


def reading_order(sides: int) -> list[tuple[int, int]]:
    """(left, right) booklet page numbers (1-based) on each sheet side of a saddle-stitched booklet
    of `sides` sheet sides, front then back, outermost sheet first: folded and stapled, the pages read
    1, 2, … in order. The outer sheet's front holds the back cover and the cover; its back the
    inside covers."""
    total = 2 * sides
    order = []
    for sheet in range(sides // 2):
        order.append((total - 2 * sheet, 2 * sheet + 1))
        order.append((2 * sheet + 2, total - 2 * sheet - 1))
    return order


@dataclass(frozen=True)
class Leaf:
    """One booklet page as printed: its number in reading order, the number its footer prints (None
    when it prints none) and its emptiness."""

    number: int
    footer: int | None
    empty: float


def leaves(pdf: bytes, name: str) -> list[Leaf]:
    """Every booklet page of the file `name`, in reading order."""
    how = layout(name)
    document = pdfium.PdfDocument(pdf)
    found: dict[int, Leaf] = {}
    order = reading_order(len(document)) if how.slots == 2 else [(i + 1,) for i in range(len(document))]
    for index, numbers in enumerate(order):
        page = document[index]
        width, height = page.get_width() / MM, page.get_height() / MM
        for slot, number in enumerate(numbers):
            box = (slot * width / how.slots, 0.0, width / how.slots, height)  # x, y from the bottom, w, h (mm)
            x, y, w, h, scale = _placed(how, box)
            top = y + h - how.paper.margin * scale  # the text frame: below the top margin …
            bottom = y + how.paper.margin * 1.3 * scale  # … above the footer band
            found[number] = Leaf(
                number, _footer(page, (x, y, w, bottom - y)), _emptiness(page, (x, bottom, w, top - bottom))
            )
    return [found[n] for n in sorted(found)]


def _placed(how: Layout, box: tuple[float, float, float, float]) -> tuple[float, float, float, float, float]:
    """Where the page as set lands in `box` (x, y, w, h mm) after each scale-to-fit, and its scale."""
    w, h, scale = how.paper.width, how.paper.height, 1.0
    for bw, bh in how.boxes:
        s = min(bw / w, bh / h)
        w, h, scale = w * s, h * s, scale * s
    bx, by, bw, bh = box
    return bx + (bw - w) / 2, by + (bh - h) / 2, w, h, scale


def _emptiness(page, area: tuple[float, float, float, float]) -> float:
    x, y, w, h = area
    bitmap = page.render(scale=DPI / 72, grayscale=True)
    pixels, stride = bytes(bitmap.buffer), bitmap.stride
    per_mm = DPI / 25.4
    rows = bitmap.height
    left, right = max(0, round(x * per_mm)), min(bitmap.width, round((x + w) * per_mm))
    first, last = round((page.get_height() / MM - y - h) * per_mm), round((page.get_height() / MM - y) * per_mm)
    inked = [r for r in range(first, min(last, rows)) if min(pixels[r * stride + left : r * stride + right]) < INK]
    if not inked:
        return 1.0
    return round(max(0.0, (last - 1 - max(inked)) / (last - first)), 3)


def _footer(page, area: tuple[float, float, float, float]) -> int | None:
    """The page number the footer band of `area` prints ('Title · 3'), if any."""
    x, y, w, h = area
    text = page.get_textpage().get_text_bounded(x * MM, y * MM, (x + w) * MM, (y + h) * MM)
    match = re.search(r"·\s*(\d+)\s*$", text.strip())
    return int(match.group(1)) if match else None
