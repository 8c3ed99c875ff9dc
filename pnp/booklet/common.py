"""What every booklet section needs: the game, its rules and counts, the translator, the styles,
and helpers that turn sentences into paragraphs (escaped: sentences are text, not markup)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic
from xml.sax.saxutils import escape

from reportlab.platypus import Paragraph, Spacer

from pnp.booklet.styles import Paper, Styles
from pnp.core.i18n import Translator
from pnp.core.units import mm_to_pt
from pnp.game.model import Face, Game
from pnp.game.params import RulesT
from pnp.game.textfacts import Facts


@dataclass(frozen=True)
class Book(Generic[RulesT]):
    game: Game
    faces: Mapping[str, Face]
    rules: RulesT  # Book[TranquilityRules] or Book[AscentRules] where one engine's sections read it
    facts: Facts
    t: Translator
    st: Styles
    paper: Paper
    setup_svg: str  # the two-player setup sheet (drawn once for all papers)

    @property
    def text_width(self) -> float:
        """The text column's width in mm."""
        return self.paper.width - 2 * self.paper.margin

    @property
    def frame_height(self) -> float:
        """The text frame's height in pt: the page less its top margin and its footer band."""
        return mm_to_pt(self.paper.height - 2.3 * self.paper.margin)


def para(text: str, style) -> Paragraph:
    return Paragraph(escape(text), style)


def heading(book: Book, text: str) -> Paragraph:
    return para(text, book.st.heading)


def sub(book: Book, text: str) -> Paragraph:
    return para(text, book.st.subheading)


def body(book: Book, *texts: str) -> list:
    return [para(text, book.st.body) for text in texts]


def bullets(book: Book, lines, marker: str = "•") -> list:
    return [Paragraph(escape(line), book.st.bullet, bulletText=marker) for line in lines]


def steps(book: Book, lines) -> list:
    return [Paragraph(escape(line), book.st.bullet, bulletText=f"{i}.") for i, line in enumerate(lines, 1)]


def summary(book: Book, lines) -> list:
    """The reference card's own sentences, framed as 'On the reference card'."""
    t = book.t
    return [para(t.gettext("On the reference card:") + " " + " ".join(lines), book.st.note)]


def reconstruction(book: Book, what: str) -> Paragraph:
    """The mark on every rule no published source describes."""
    return para(book.t.gettext("Reconstruction: {what}", what=what), book.st.note)


def gap(book: Book, lines: float = 0.6) -> Spacer:
    return Spacer(1, book.paper.text * lines)
