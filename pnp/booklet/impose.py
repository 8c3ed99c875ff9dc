"""Saddle-stitch imposition: the pages of an A5 (or half-letter) booklet placed two to a landscape
A4 (or letter) sheet side, in the order that folds into a booklet when printed duplex (flip on the
short edge) and stapled on the fold. Pages are placed as form XObjects with pikepdf."""

from __future__ import annotations

import io

import pikepdf


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 0-based page numbers for each sheet side, front then back, sheet by sheet;
    None is a blank page (the count is padded to a multiple of four).

    For 8 pages: (7, 0), (1, 6), (5, 2), (3, 4)."""
    total = -(-pages // 4) * 4
    sides = []
    for sheet in range(total // 4):
        outer_left, outer_right = total - 1 - 2 * sheet, 2 * sheet
        sides.append((outer_left, outer_right))
        sides.append((outer_right + 1, outer_left - 1))
    return [(a if a < pages else None, b if b < pages else None) for a, b in sides]


def refit(document: bytes, page_size: tuple[float, float]) -> bytes:
    """Every page of `document` scaled to fit (centred, proportions kept) on a page of `page_size` pt:
    the letter booklet is the A4 one at 94 % (see docs/decisions.md)."""
    source = pikepdf.open(io.BytesIO(document))
    out = _new_like(source)
    width, height = page_size
    for original in source.pages:
        page = out.add_blank_page(page_size=(width, height))
        drawn = _place(out, page, original, pikepdf.Rectangle(0, 0, width, height), "/Page")
        _set_contents(out, page, drawn)
    return _save(out)


def impose_saddle(booklet: bytes, sheet: tuple[float, float]) -> bytes:
    """The booklet's pages imposed two to a side of the landscape `sheet` (pt), each scaled to fit its half."""
    source = pikepdf.open(io.BytesIO(booklet))
    out = _new_like(source)
    width, height = sheet
    for left, right in saddle_order(len(source.pages)):
        page = out.add_blank_page(page_size=(width, height))
        drawn = b""
        for slot, number in enumerate((left, right)):
            if number is None:
                continue
            x0 = slot * width / 2
            rect = pikepdf.Rectangle(x0, 0, x0 + width / 2, height)
            drawn += _place(out, page, source.pages[number], rect, f"/Page{slot}")
        _set_contents(out, page, drawn)
    return _save(out)


def _new_like(source: pikepdf.Pdf) -> pikepdf.Pdf:
    """An empty PDF with the booklet's title, author, subject and creator (a reader shows the title;
    without this the imposed and refitted files had none)."""
    out = pikepdf.new()
    for key in ("/Title", "/Author", "/Subject", "/Creator"):
        if key in source.docinfo:
            out.docinfo[key] = source.docinfo[key]
    return out


def _place(out: pikepdf.Pdf, page: pikepdf.Page, original: pikepdf.Page, rect: pikepdf.Rectangle, name: str) -> bytes:
    """The content that draws `original` as a form XObject named `name` (added to the page's resources),
    scaled to fit `rect` and centred (pikepdf's add_overlay does the same with a random resource name:
    the bytes would differ)."""
    form = out.copy_foreign(original.as_form_xobject())
    page.add_resource(form, pikepdf.Name.XObject, pikepdf.Name(name))
    placement = page.calc_form_xobject_placement(form, pikepdf.Name(name), rect, allow_shrink=True, allow_expand=True)
    return b"q\n" + placement + b"\nQ\n"


def _set_contents(out: pikepdf.Pdf, page: pikepdf.Page, content: bytes) -> None:
    """The page's one content stream. A blank page's own empty stream is replaced, not added to: saved
    compressed it was a 0-byte Flate stream, which MuPDF warns about and Ghostscript's
    -dPDFSTOPONWARNING refuses."""
    page.obj.Contents = out.make_stream(content)


def _save(out: pikepdf.Pdf) -> bytes:
    """Without object streams (2 % larger), so the page objects stay readable: the gallery counts a
    PDF's pages without importing pikepdf (~70 ms of every `pnp build`, the no-op one included)."""
    buffer = io.BytesIO()
    out.save(buffer, deterministic_id=True, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return buffer.getvalue()
