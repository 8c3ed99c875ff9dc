"""Booklet sections every game has: cover, components with pictures, the setup picture, printing,
and credits."""

from __future__ import annotations

from reportlab.platypus import KeepTogether, Table, TableStyle

from pnp.booklet.common import Book, body, bullets, heading, para, reconstruction, sub
from pnp.booklet.figures import FacePicture, SheetCrop
from pnp.booklet.options import base_game
from pnp.core.errors import PnpError
from pnp.core.i18n import N_
from pnp.game.params import TranquilityRules, rule_params
from pnp.pdf.form import LABEL_FONT
from pnp.rules import deal_setup
from pnp.rules.setup_sheet import PAGE_H, PAGE_W, TABLE, _Sheet

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
    return out + [
        para(
            t.gettext(
                "Rules no published source describes are marked “Reconstruction”: they are "
                "this project's, not the publisher's."
            ),
            book.st.note,
        )
    ]


def kind_note(book: Book, kind) -> str:
    r, f, t = book.rules, book.facts, book.t
    notes = {
        "island": lambda: t.gettext("Numbered {low} to {high}.", low=f.low, high=f.high),
        "start": lambda: t.gettext("One per player is used; the rest stay in the box."),
        "finish": lambda: t.gettext("Shuffled in with the islands."),
        "border": lambda: (
            t.gettext("{frame} frame the sea; any others are spares.", frame=r.frame)
            if isinstance(r, TranquilityRules)
            else ""
        ),
        "reference": lambda: t.gettext("A summary of the rules."),
        "terrain": lambda: t.gettext(
            "Numbered {low} to {high}, one colour and symbol per terrain.", low=f.low, high=f.high
        ),
        "summit": lambda: t.gettext("Played last, on top of the mountain."),
        "bridge": lambda: t.gettext("Holds a slot until swapped for terrain."),
        "campfire": lambda: t.gettext("Replaces terrain of its colour."),
        "panorama": lambda: t.gettext("Triangles at the foot of the mountain; numbered on the back."),
        "goat": lambda: t.gettext("Tokens for The Mountain Goats."),
    }
    make = notes.get(kind.id)
    return make() if make else (t.gettext("A summary of a module's rules.") if kind.module else "")


def components(book: Book) -> list:
    t = book.t
    size = 13.0 if book.paper.width < 200 else 17.0
    rows = []
    for kind in book.game.kinds:
        face = book.faces.get(kind.cards[0].front_face_id)
        picture = FacePicture(face, size * (2**0.5 if kind.shape == "triangle" else 1)) if face else ""
        rows.append(
            [
                picture,
                para(t.gettext(kind.name), book.st.subheading),
                para(str(kind.total), book.st.body),
                para(kind_note(book, kind), book.st.small),
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


def setup_svg(game) -> str:
    """The setup sheet of a two-player table (seed 1), as the setup-sheet code draws it; "" when the
    game cannot be dealt (a deck too small for its hands, say): the booklet then has no picture and
    the build goes on, as it does with --no-setup."""

    rules = rule_params(game)
    try:
        state = deal_setup(game, max(rules.min_players, min(2, rules.max_players)), 1)
    except PnpError:
        return ""
    sheet = _Sheet(game, state)
    sheet.draw()
    return sheet.page.svg(sheet.title)


def setup_picture(book: Book) -> list:
    """The table part of the setup sheet (nothing when the game cannot be dealt)."""

    if not book.setup_svg:
        return []

    width = min(book.text_width, 120.0)
    table = (TABLE[0], TABLE[1], TABLE[2], TABLE[3] - 8.0)  # without the sheet's caption under it
    return [
        KeepTogether(
            [
                SheetCrop(book.setup_svg, (PAGE_W, PAGE_H), table, width),
                para(book.t.gettext("A table set up for the first turn."), book.st.small),
            ]
        )
    ]


def printing(book: Book) -> list:
    t, card = book.t, book.game.card
    width, height = f"{card.width:g}", f"{card.height:g}"
    return [
        heading(book, t.gettext("Printing, cutting and sleeving")),
        *bullets(
            book,
            [
                t.gettext("Print the sheets at actual size (100 %, no “fit to page”), on card stock if you can."),
                t.gettext(
                    "Print the calibration sheet first and measure its rulers: 100 mm must measure 100 mm. "
                    "Print it on both sides to see how far your printer shifts the backs."
                ),
                t.gettext(
                    "Each sheet's backs are on the page after it: print both sides, turning over the long "
                    "edge. Without a duplex printer, make gutter-fold sheets (fronts and backs side by side "
                    "on one page) and fold them."
                ),
                t.gettext(
                    "Cut along the crop marks with a craft knife and a metal ruler, or a guillotine. Each "
                    "card is {w} × {h} mm; the printed bleed lets a cut slightly off the line still look "
                    "clean.",
                    w=width,
                    h=height,
                ),
                t.gettext(
                    "Sleeves: square sleeves a few millimetres larger than the card protect the cards and "
                    "hide small differences between backs."
                ),
                t.gettext(
                    "This booklet folds in half: print its booklet file on both sides, flipping on the "
                    "short edge, fold the stack and staple it on the fold."
                ),
            ],
        ),
    ]


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
