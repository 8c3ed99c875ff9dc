"""The folded booklet's last pages. A saddle-stitched booklet has a multiple of four pages; where the
rules leave pages over, they are not left blank: a record of games (ruled rows to note each game)
fills the rest of the rules' last page and as many whole pages as needed, and the back cover is the
quick reference, the reference cards' words on one page.

`back(book, pages)` gives these blocks with `pages` whole pages of the record after the rules' last
page; `pnp.booklet.render_folded` chooses the text size and `pages` so that the booklet's page count
is a multiple of four.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable

from pnp.booklet.common import Book, body, bullets, heading, sub
from pnp.core.units import mm_to_pt
from pnp.pdf.form import LABEL_FONT_BOLD
from pnp.rules.rulestext import reference_text, topics


def back(book: Book, pages: int) -> list:
    """The record of games (the rest of the current page and `pages` whole pages more), then the quick
    reference on a page of its own."""
    frame = book.frame_height
    record = RecordOfGames(book)
    out: list = [
        CondPageBreak(record.least + book.paper.text * 6),  # the heading never ends a page
        heading(book, book.t.gettext("Record of games")),
        *body(book, _record_words(book)),
        record,
    ]
    out += [RecordOfGames(book) for _ in range(pages)]
    return out + [CondPageBreak(frame), *quick_reference(book)]


def _record_words(book: Book) -> str:
    t = book.t
    if book.game.modules:
        return t.gettext("Note each game you play: the date, how many played, the modules, and how it ended.")
    return t.gettext("Note each game you play: the date, how many played, and how it ended.")


def quick_reference(book: Book) -> list:
    """Every reference card's title and lines, as printed on the cards of this game and its modules."""
    t = book.t
    shown = {card.fields.get("topic") for kind in book.game.kinds for card in kind.cards}
    out = [heading(book, t.gettext("Quick reference"))]
    for topic in topics(book.game.engine):
        if topic not in shown:
            continue
        text = reference_text(book.game, topic, book.t.lang)  # in the booklet's language
        out += [sub(book, text.title), *bullets(book, text.lines)]
    return out


class RecordOfGames(Flowable):
    """Ruled rows under a row of column titles, as many as fit the rest of the page (at least
    `MIN_ROWS`: with less room it goes to the next page, which it fills)."""

    MIN_ROWS = 4
    ROW = 7.5  # mm: room to write by hand

    def __init__(self, book: Book):
        super().__init__()
        t = book.t
        self.columns = [t.gettext("Date"), t.gettext("Players")]
        if book.game.modules:
            self.columns.append(t.gettext("Modules"))
        self.columns += [t.gettext("Won or lost"), t.gettext("Notes")]
        self.shares = [0.16, 0.12] + ([0.2] if book.game.modules else []) + [0.16]
        self.size, self.ink = book.paper.text, book.st.ink
        self.row = mm_to_pt(self.ROW)
        self.head = self.size * 1.8
        self.least = self.head + self.MIN_ROWS * self.row
        self.rows = self.MIN_ROWS

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        self.rows = max(self.MIN_ROWS, int((availHeight - self.head) // self.row))
        self.height = self.head + self.rows * self.row
        return self.width, self.height

    def split(self, availWidth, availHeight):
        return []  # never split: too little room sends the whole record to the next page

    def draw(self) -> None:
        canvas, width, top = self.canv, self.width, self.height
        font = self.size * 0.9
        edges = [0.0]
        for share, name in zip(self.shares, self.columns, strict=False):  # a title never runs into the next
            edges.append(edges[-1] + max(share * width, stringWidth(name, LABEL_FONT_BOLD, font) + 6))
        canvas.saveState()
        canvas.setFillColor(HexColor(self.ink))
        canvas.setFont(LABEL_FONT_BOLD, font)
        for x, name in zip(edges, self.columns, strict=True):
            canvas.drawString(x + 2, top - self.size * 1.2, name)
        canvas.setStrokeColor(HexColor("#8a8a8a"))
        canvas.setLineWidth(0.5)
        for i in range(self.rows + 1):
            y = self.rows * self.row - i * self.row
            canvas.line(0, y, width, y)
        canvas.setLineWidth(0.3)
        for x in edges[1:]:
            canvas.line(x, 0, x, self.rows * self.row)
        canvas.restoreState()


__all__ = ["RecordOfGames", "back", "quick_reference"]
