"""The rules booklet: a PDF generated from the game's resolved spec, rule parameters and chosen
modules, in the game's language, with real text in the bundled font.

`booklet_outputs(game, faces)` gives what `pnp build` writes for a game:

    GAME/rules-a4.pdf, GAME/rules-letter.pdf            the booklet on whole pages
    GAME/rules-booklet-a4.pdf, GAME/rules-booklet-letter.pdf
                                                        A5 / half-letter pages imposed two to a landscape
                                                        sheet, in saddle-stitch order (print duplex, flip
                                                        on the short edge, fold, staple)

    GAME/designer-a4.pdf, GAME/designer-letter.pdf      the designer's sheet: the bundled variants and
                                                        the rule options, with the spec keys and `pnp`
                                                        commands that choose them (the players' booklet
                                                        has none of them)

with the ink when not normal (rules-a4-ink-saver.pdf: its pictured faces are the ink saver's), the
modules when not all are chosen (rules-a4-no-modules.pdf, `Game.modules_name`) and the language
when not English (rules-a4-it.pdf).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, replace

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from pnp.booklet import backmatter, content, options
from pnp.booklet.chapter import chapter
from pnp.booklet.common import Book
from pnp.booklet.impose import impose_saddle, refit
from pnp.booklet.styles import A4, A5, FOLDED_SIZES, HALF_LETTER, LETTER, Paper, styles
from pnp.core.i18n import language_suffix, translator
from pnp.core.units import mm_to_pt
from pnp.game.model import Face, Game
from pnp.game.textfacts import game_facts
from pnp.pdf.form import LABEL_FONT, SheetCanvas
from pnp.rules.params import rule_params
from pnp.rules.rulestext import game_language, with_language

PAPERS = {"a4": A4, "letter": LETTER}


def booklet_outputs(game: Game, faces: Mapping[str, Face] | tuple, lang: str | None = None) -> dict[str, bytes]:
    """The booklet files of a game, by path relative to the output root. The booklet is set twice,
    on A4 and on A5; letter and half-letter pages are those pages scaled to fit (94 %)."""
    faces = faces if isinstance(faces, Mapping) else {f.id: f for f in faces}
    game = with_language(game, lang)  # the setup picture's labels and the file names follow
    lang = game_language(game)
    # rules-a4-it.pdf: Italian never overwrites English; rules-a4-no-modules.pdf: nor a module set the
    # rest; rules-a4-ink-saver.pdf: nor the ink saver's faces pictured in it the normal ones
    parts = ("" if game.ink == "normal" else f"-ink-{game.ink}", f"-{game.modules_name}" if game.modules_name else "")
    suffix = "".join(parts) + language_suffix(lang)
    whole = render_booklet(game, faces, A4, lang)
    folded = render_folded(game, faces, A5, lang)
    letter, half_letter = LETTER.size_pt, HALF_LETTER.size_pt
    designer = render_designer(game, faces, A4, lang)
    return {
        f"{game.id}/designer-a4{suffix}.pdf": designer,
        f"{game.id}/designer-letter{suffix}.pdf": refit(designer, letter),
        f"{game.id}/rules-a4{suffix}.pdf": whole,
        f"{game.id}/rules-letter{suffix}.pdf": refit(whole, letter),
        f"{game.id}/rules-booklet-a4{suffix}.pdf": impose_saddle(folded, (A4.size_pt[1], A4.size_pt[0])),
        f"{game.id}/rules-booklet-letter{suffix}.pdf": impose_saddle(
            refit(folded, half_letter), (letter[1], letter[0])
        ),
    }


def render_booklet(game: Game, faces: Mapping[str, Face], paper: Paper, lang: str | None = None) -> bytes:
    """The players' booklet on pages of `paper`, as PDF bytes (same inputs, same bytes)."""
    book = _book(game, faces, paper, lang)
    return _set(book, story(book), book.t.gettext("Rules of play"))[0]


def render_folded(game: Game, faces: Mapping[str, Face], paper: Paper, lang: str | None = None) -> bytes:
    """The players' booklet on the pages of a folded booklet (A5), as PDF bytes: a multiple of four
    pages, none blank and none but the last more than half empty (at least 60 % full as set).

    Set as a publisher fits a signature: the smallest text of `FOLDED_SIZES` says how many sheets of
    four pages the rules need at least; the booklet is then the largest text that needs no more, with
    the setup picture where the setup ends, or a section later when that is what fills the pages. What
    is left over at the end is filled, not left blank, by a record of games (the rest of the rules'
    last page, and whole pages as needed) before the quick reference on the back cover
    (pnp/booklet/backmatter.py). Each setting is a full layout (about 0.1 s), so the sizes are tried
    from the largest down and the first that holds is taken: three settings for The Ascent."""
    settings: dict[tuple[float, bool], _Plan] = {}

    def setting(size: float, later: bool) -> _Plan:
        if (size, later) not in settings:
            book = _book(game, faces, replace(paper, text=size), lang)
            pdf, fills = _set(book, story(book, later), book.t.gettext("Rules of play"))
            settings[size, later] = _Plan(book, later, pdf, fills, size)
        return settings[size, later]

    least = -(-len(setting(FOLDED_SIZES[-1], False).fills) // 4) * 4  # pages the smallest text needs
    for size in FOLDED_SIZES:
        for later in (False, True):
            plan = setting(size, later)
            if len(plan.fills) > least:
                break  # too long: the picture a section later is tried to fill a page, not to save one
            if min(plan.fills[:-1], default=1.0) >= FULL_ENOUGH:
                booklet = plan.finished()
                if booklet is not None:
                    return booklet
    return render_booklet(game, faces, paper, lang)  # nothing fills a signature: the test says so


FULL_ENOUGH = 0.6  # a page but the last is at least this full (the rule is half; a margin over it)


@dataclass(frozen=True)
class _Plan:
    """The rules set in one size and arrangement, before anything fills the pages left over."""

    book: Book
    picture_later: bool
    pdf: bytes
    fills: list[float]  # how full each page's text frame is
    size: float

    def finished(self) -> bytes | None:
        """The booklet: as set when it has a multiple of four pages; else with the record of games and
        the quick reference after the rules; None if that does not come to a multiple of four."""
        pages = len(self.fills)
        if pages % 4 == 0:
            return self.pdf
        whole = (4 - (pages + 1) % 4) % 4  # whole pages of the record after the rules' last one
        title = self.book.t.gettext("Rules of play")
        for more in (whole, whole - 1) if whole else (whole, 3):  # the record goes over when too little is left
            pdf, fills = _set(self.book, story(self.book, self.picture_later) + backmatter.back(self.book, more), title)
            if len(fills) % 4 == 0 and min(fills[:-1]) >= FULL_ENOUGH:
                return pdf
        return None


def _set(book: Book, flow: list, what: str) -> tuple[bytes, list[float]]:
    """`flow` set on the book's pages: the PDF bytes and how full each page's text frame is (0 to 1)."""
    buffer = io.BytesIO()
    fills: list[float] = []
    doc = _document(buffer, book, what, fills)
    doc.build(flow, canvasmaker=_canvas_maker(book.paper))
    return buffer.getvalue(), fills


def render_designer(game: Game, faces: Mapping[str, Face], paper: Paper, lang: str | None = None) -> bytes:
    """The designer's sheet on pages of `paper`: the variants and rule options, as PDF bytes."""
    book = _book(game, faces, paper, lang, with_setup=False)
    buffer = io.BytesIO()
    doc = _document(buffer, book, book.t.gettext("For designers"))
    doc.build(designer_story(book), canvasmaker=_canvas_maker(paper))
    return buffer.getvalue()


def _book(game: Game, faces: Mapping[str, Face], paper: Paper, lang: str | None, with_setup: bool = True) -> Book:
    st = styles(paper, game.theme.colours)
    shown = game if lang is None else with_language(game, lang)
    return Book(
        game,
        faces,
        rule_params(game),
        game_facts(game),
        translator(lang),
        st,
        paper,
        content.setup_svg(shown, content.picture_width(game, paper)) if with_setup else "",
    )


def story(book: Book, picture_later: bool = False) -> list:
    """What players need, in order: cover, components, the game's own sections (the setup with its
    picture), printing and cutting, credits. Sections follow one another on the page; a heading is
    kept with what follows it. `picture_later`: the setup picture after the section that follows the
    setup (the folded booklet's fitting tries it, as a publisher floats a figure to fill a page)."""
    game_sections = chapter(book)
    flow = [*content.cover(book), *content.components(book)]
    names = [name for name, _items in game_sections]
    after = names.index("setup") + (1 if picture_later else 0) if "setup" in names else -1
    for index, (_name, items) in enumerate(game_sections):
        flow += items
        if index == min(after, len(names) - 1):
            flow += content.setup_picture(book)
    return flow + [*content.printing(book), *content.credits(book)]


def designer_story(book: Book) -> list:
    """The designer's sheet: what the sheet is for, the bundled variants (the base game's sheet only)
    and every rule option with the spec key and the commands that try it."""
    return [*options.designer_cover(book), *options.variants(book), *options.options(book)]


def _document(buffer: io.BytesIO, book: Book, what: str, fills: list[float] | None = None) -> BaseDocTemplate:
    paper, margin = book.paper, mm_to_pt(book.paper.margin)
    width, height = paper.size_pt
    frame = Frame(
        margin,
        margin * 1.3,
        width - 2 * margin,
        book.frame_height,
        id="text",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    title = content.title(book)
    doc = BaseDocTemplate(
        buffer,
        pagesize=(width, height),
        title=f"{title}: {what}",
        author="tranquility-pnp",
        creator="tranquility-pnp",
        subject=book.game.id,
        invariant=1,
        pageCompression=1,
    )

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFont(LABEL_FONT, book.paper.text * 0.85)  # 7.2 pt on the half-letter booklet
        canvas.setFillColorRGB(0.4, 0.4, 0.4)
        canvas.drawCentredString(width / 2, margin * 0.6, f"{title} · {document.page}")
        canvas.restoreState()

    def filled(canvas, document):
        if fills is not None:
            low = vars(frame)["_y"]  # how far down platypus has set the frame (no public name for it)
            fills.append((margin * 1.3 + book.frame_height - low) / book.frame_height)

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=footer, onPageEnd=filled)])
    return doc


def _canvas_maker(paper: Paper):
    class BookCanvas(SheetCanvas):
        """The sheets' deterministic canvas (forms for faces, embedded font), as platypus calls it."""

        def __init__(self, filename, **options):
            super().__init__(filename, paper.size_pt)

    return BookCanvas


__all__ = ["PAPERS", "booklet_outputs", "render_booklet", "render_designer", "render_folded"]
