"""Booklet sections every game has: cover, components with pictures, the setup picture, printing,
and credits."""

from __future__ import annotations

from reportlab.platypus import KeepTogether, Table, TableStyle

from pnp.booklet.common import Book, body, bullets, gap, heading, para, reconstruction, sub
from pnp.booklet.figures import FacePicture, SheetCrop
from pnp.booklet.options import base_game
from pnp.core.errors import PnpError
from pnp.core.i18n import N_
from pnp.pdf.form import LABEL_FONT
from pnp.rules import deal_setup
from pnp.rules.difficulty import measured
from pnp.rules.engines import engine_of
from pnp.rules.params import rule_params
from pnp.setupsheet.sheet import PAGE_H, PAGE_W, TABLE, SetupSheet

GAME_TITLES = (N_("Tranquility"), N_("Tranquility: The Ascent"))
KIND_NAMES = (
    N_("Island"),
    N_("Start"),
    N_("Finish"),
    N_("Border"),
    N_("Reference"),
    N_("Terrain"),
    N_("Summit"),
    N_("Bridge"),
    N_("Campfire"),
    N_("Panorama"),
    N_("Goat"),
    N_("Green Path reference"),
    N_("Panorama reference"),
    N_("Mountain Goats reference"),
)


def title(book: Book) -> str:
    return book.t.gettext(book.game.title)


def cover(book: Book) -> list:
    r, t = book.rules, book.t
    out = [
        para(title(book), book.st.title),
        para(t.gettext("Rules of play"), book.st.subtitle),
        *body(
            book,
            t.gettext(
                "A co-operative game played in silence, for {low} to {high} players.",
                low=r.min_players,
                high=r.max_players,
            ),
        ),
    ]
    if book.game.extends:
        out += body(
            book,
            t.gettext("This booklet is for the variant “{id}”: every number in it is that variant's.", id=book.game.id),
        )
    out += difficulty(book)
    return out + [
        para(
            t.gettext(
                "Rules no published source describes are marked “Reconstruction”: they are "
                "this project's, not the publisher's."
            ),
            book.st.note,
        )
    ]


def difficulty(book: Book) -> list:
    """How hard the game is with every module, in plain words and measured figures, and where to start
    (pnp/rules/difficulty.py); nothing for a game without such figures."""
    found = measured(book.game)
    if found is None:
        return []
    t = book.t
    low, high = min(found.all_modules), max(found.all_modules)
    figures = {
        "n": len(book.game.modules),
        "bot": found.bot,
        "won": sum(found.all_modules.values()),
        "games": found.total,
        "low": low,
        "high": high,
    }
    plain = (
        t.gettext(
            "Without the modules it won {plain} of {games}.", plain=sum(found.no_modules.values()), games=found.total
        )
        if found.no_modules is not None
        else ""
    )
    words = t.gettext(
        "How hard it is: with all {n} modules this game is very hard. The "
        "strongest computer player this kit has (the “{bot}” bot) won {won} of {games} games with them, at "
        "{low} to {high} players.",
        **figures,
    )
    start = t.gettext("Start without the modules, and add one at a time once you win.")
    return [para(" ".join(w for w in (words, plain, start) if w), book.st.warning)]


def kind_note(book: Book, kind) -> str:
    r, f, t = book.rules, book.facts, book.t
    if kind.id == "reference":
        return t.gettext("A summary of the rules.")
    note = engine_of(book.game).chapter.kind_notes(r, f, t).get(kind.id)
    return note if note is not None else (t.gettext("A summary of a module's rules.") if kind.module else "")


def components(book: Book) -> list:
    t = book.t
    size = 13.0 if book.paper.width < 200 else 17.0
    rows = []
    references = [kind for kind in book.game.kinds if kind.id.endswith("reference")]
    for kind in book.game.kinds:
        if kind in references[1:]:
            continue  # every reference card in one row: what they are is one thing to know
        face = book.faces.get(kind.cards[0].front_face_id)
        picture = FacePicture(face, size * (2**0.5 if kind.shape == "triangle" else 1)) if face else ""
        grouped = len(references) > 1 and kind is references[0]
        rows.append(
            [
                picture,
                para(t.gettext("Reference cards") if grouped else t.gettext(kind.name), book.st.subheading),
                para(str(sum(k.total for k in references) if grouped else kind.total), book.st.body),
                para(_references_note(book, references) if grouped else kind_note(book, kind), book.st.small),
            ]
        )
    width = book.text_width
    table = Table(rows, colWidths=[_pt(size * 1.5), _pt(width * 0.27), _pt(10), None], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("FONTNAME", (0, 0), (-1, -1), LABEL_FONT),
                # where the list breaks across pages, no row is left alone at either end
                ("NOSPLIT", (0, 0), (-1, min(1, len(rows) - 1))),
                ("NOSPLIT", (0, max(0, len(rows) - 2)), (-1, -1)),
            ]
        )
    )
    return [
        heading(book, t.gettext("Components")),
        *body(
            book,
            t.gettext(
                "{n} pieces in all, printed from the sheets of this kit:", n=sum(k.total for k in book.game.kinds)
            ),
        ),
        table,
    ]


def picture_width(game, paper) -> float:
    """The setup picture's width in mm: the whole text column for The Ascent's wide mountain, at most
    130 mm for Tranquility's square sea. The sheet is drawn at this size, so its words print at their
    own size (7 pt or more), not shrunk."""
    width = paper.width - 2 * paper.margin
    return width if engine_of(game).wide_setup else min(width, 130.0)


def _references_note(book: Book, references) -> str:
    """'2 summaries of the rules; one for each module: The Green Path, …'."""
    t = book.t
    rules = sum(k.total for k in references if not k.module)
    modules = [t.gettext(m.title) for m in book.game.modules if any(k.module == m.id for k in references)]
    out = t.ngettext("{n} summary of the rules", "{n} summaries of the rules", rules)
    if modules:
        out += "; " + t.gettext("one for each module: {names}", names=", ".join(modules))
    return out + "."


def setup_svg(game, width: float = TABLE[2]) -> str:
    """The setup sheet of a two-player table (seed 1), as the setup-sheet code draws it, its table
    `width` mm wide; "" when the game cannot be dealt (a deck too small for its hands, say): the
    booklet then has no picture and the build goes on, as it does with --no-setup."""

    rules = rule_params(game)
    try:
        state = deal_setup(game, max(rules.min_players, min(2, rules.max_players)), 1)
    except PnpError:
        return ""
    sheet = SetupSheet(game, state)
    sheet.table = (TABLE[0], TABLE[1], width, TABLE[3])
    sheet.draw()
    return sheet.page.svg(sheet.title)


def setup_picture(book: Book) -> list:
    """The table part of the setup sheet, whole and at its own size, with a caption saying what it
    shows (nothing when the game cannot be dealt)."""

    if not book.setup_svg:
        return []
    width = picture_width(book.game, book.paper)
    table = (TABLE[0], TABLE[1], width, TABLE[3])
    region = engine_of(book.game).setup_region(book.rules, table)
    return [
        KeepTogether(
            [
                gap(book, 0.4),
                SheetCrop(book.setup_svg, (PAGE_W, PAGE_H), region, region[2]),
                gap(book, 0.4),
                para(_caption(book), book.st.caption),
            ]
        )
    ]


def _caption(book: Book) -> str:
    r = book.rules
    players = max(r.min_players, min(2, r.max_players))
    return engine_of(book.game).chapter.setup_caption(r, players, book.t)


def printing(book: Book) -> list:
    t, card = book.t, book.game.card
    kinds = {kind.shape: kind for kind in book.game.kinds}
    lines = [
        t.gettext("Print the sheets at actual size (100 %, no “fit to page”), on card stock if you can."),
        t.gettext(
            "Print the calibration sheet first and measure its bar: 100 mm must measure 100 mm. Print it on "
            "both sides to see how far your printer shifts the backs; the kit can move the backs to match."
        ),
        t.gettext(
            "Each sheet's backs are on the page after it: print both sides, turning over the long edge. "
            "Without a duplex printer, print the fold sheets (fronts and backs side by side on one page), "
            "fold each along its dashed line and glue it."
        ),
        t.gettext(
            "Cut along the crop marks with a craft knife and a metal ruler, or a guillotine. Each card is "
            "{w} × {h} mm.",
            w=f"{card.width:g}",
            h=f"{card.height:g}",
        ),
    ]
    if "triangle" in kinds:
        lines.append(
            t.gettext(
                "Panorama triangles: two share a square on the sheet. Cut the square out first, then cut it "
                "in half along its diagonal line."
            )
        )
    if "circle" in kinds:
        size = kinds["circle"].size
        lines.append(
            t.gettext(
                "{kind} tokens ({d} mm across): cut along the printed circle with scissors, or use a {d} mm "
                "circle punch.",
                kind=t.gettext(kinds["circle"].name),
                d=f"{size.width:g}",
            )
        )
    lines += [
        t.gettext(
            "Cut exactly on the line the crop marks show, or a hair inside it: on the standard sheets a card's "
            "background stops at that line (no bleed), so a cut outside it leaves a thin white edge."
        ),
        t.gettext(
            "Sleeves: square sleeves a few millimetres larger than the card protect the cards and hide small "
            "differences between backs."
        ),
        t.gettext(
            "This booklet folds in half: print its booklet file on both sides, flipping on the short edge, fold "
            "the stack and staple it on the fold."
        ),
    ]
    return [heading(book, t.gettext("Printing, cutting and sleeving")), *bullets(book, lines)]


def credits(book: Book) -> list:
    t = book.t
    return [
        heading(book, t.gettext("Credits")),
        *body(
            book,
            _design_credit(book),
            t.gettext(
                "This print-and-play kit is an unofficial fan project for people who own the game or "
                "want to try it. Its art is the project's own, not the original's. Text is set in "
                "Atkinson Hyperlegible (SIL Open Font License)."
            ),
        ),
    ]


def _design_credit(book: Book) -> str:
    """Who designed and published the game; a variant is credited as a variant of the published game
    its rules are (the engine's bundled base game), not as the designer's own game."""
    t, name = book.t, title(book)
    if not book.game.extends:
        return t.gettext(
            "{title} was designed by James Emmerson and published by Board Game Hub "
            "(Lucky Duck Games in North America). The original art is by Tristam Rossin.",
            title=name,
        )
    base = t.gettext(base_game(book.game.engine).title)
    return t.gettext(
        "{title} is a variant of {game}, which was designed by James Emmerson and published by Board Game "
        "Hub (Lucky Duck Games in North America). The original art is by Tristam Rossin.",
        title=name if name != base else book.game.id,  # a variant keeping the base title: its id
        game=base,
    )


def _pt(mm: float) -> float:
    return mm * 72 / 25.4


__all__ = ["components", "cover", "credits", "printing", "reconstruction", "setup_picture", "sub"]
