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

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from pnp.booklet import content, options
from pnp.booklet.chapter import chapter
from pnp.booklet.common import Book
from pnp.booklet.impose import impose_saddle, refit
from pnp.booklet.styles import A4, A5, HALF_LETTER, LETTER, Paper, styles
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
    folded = render_booklet(game, faces, A5, lang)
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
    buffer = io.BytesIO()
    doc = _document(buffer, book, book.t.gettext("Rules of play"))
    doc.build(story(book), canvasmaker=_canvas_maker(paper))
    return buffer.getvalue()


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


def story(book: Book) -> list:
    """What players need, in order: cover, components, the game's own sections (the setup with its
    picture), printing and cutting, credits. Sections follow one another on the page; a heading is
    kept with what follows it."""
    game_sections = chapter(book)
    flow = [*content.cover(book), *content.components(book)]
    for name, items in game_sections:
        flow += items
        if name == "setup":
            flow += content.setup_picture(book)
    return flow + [*content.printing(book), *content.credits(book)]


def designer_story(book: Book) -> list:
    """The designer's sheet: what the sheet is for, the bundled variants (the base game's sheet only)
    and every rule option with the spec key and the commands that try it."""
    return [*options.designer_cover(book), *options.variants(book), *options.options(book)]


def _document(buffer: io.BytesIO, book: Book, what: str) -> BaseDocTemplate:
    paper, margin = book.paper, mm_to_pt(book.paper.margin)
    width, height = paper.size_pt
    frame = Frame(
        margin,
        margin * 1.3,
        width - 2 * margin,
        height - 2.3 * margin,
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

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=footer)])
    return doc


def _canvas_maker(paper: Paper):
    class BookCanvas(SheetCanvas):
        """The sheets' deterministic canvas (forms for faces, embedded font), as platypus calls it."""

        def __init__(self, filename, **options):
            super().__init__(filename, paper.size_pt)

    return BookCanvas


__all__ = ["PAPERS", "booklet_outputs", "render_booklet", "render_designer"]
