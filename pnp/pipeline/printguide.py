"""What to print, in the gallery: every game's PDFs by what they are for (calibration sheet, card
sheets, fold sheets, rules booklet, rules pages, setup sheet), in one order for every game, and the
"How to print" box that opens the page, one per language.

A file's role is read off the name `pnp build` (or `pnp sheets`) gave it, so the box describes what
the build wrote: fold sheets are named once a build writes them, and until then the box shows the
command that makes them (`pnp sheets GAME --gutter-fold`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Protocol
from urllib.parse import quote

from pnp.core.i18n import N_, Translator, translator


class Printed(Protocol):
    """A listed file (pnp.pipeline.gallery.Item): its label, its path and its role."""

    @property
    def label(self) -> str: ...
    @property
    def href(self) -> str: ...
    @property
    def group(self) -> str: ...


class Section(Protocol):
    """A game's section of the gallery (pnp.pipeline.gallery.GalleryGame)."""

    @property
    def id(self) -> str: ...
    @property
    def lang(self) -> str | None: ...
    @property
    def sheets(self) -> tuple[Printed, ...]: ...


# What a printed file is for, in the order every game lists them and the "How to print" box names them.
CALIBRATION, CARDS, FOLD, BOOKLET, RULES, SETUP, OTHER = (
    N_("Calibration sheet"),
    N_("Card sheets"),
    N_("Fold sheets"),
    N_("Rules booklet"),
    N_("Rules pages"),
    N_("Setup sheet"),
    N_("Other PDFs"),
)
ROLES = (CALIBRATION, CARDS, FOLD, BOOKLET, RULES, SETUP, OTHER)
ROLE_KEYS = dict(zip(ROLES, ("calibration", "cards", "fold", "booklet", "rules", "setup", "other")))
ROLE_NOTES = {
    CALIBRATION: N_("print this first"),
    CARDS: N_("100 %, both sides, flip on the long edge"),
    FOLD: N_("100 %, one side; fold each page in the middle"),
    BOOKLET: N_("100 %, both sides, flip on the short edge; fold the stack in half"),
    RULES: N_("to read on screen, or print single-sided"),
    SETUP: N_("a sample dealt table"),
    OTHER: "",
}


def role(rel: str) -> str:
    """What a PDF of a game folder is for, read off its path (the names `pnp build` writes)."""
    name = rel.rsplit("/", 1)[-1]
    if "/setup/" in rel:
        return SETUP
    if "-calibration-" in name:
        return CALIBRATION
    if "/sheets/" in rel:
        return FOLD if re.search(r"-fold(-|\.)", name) else CARDS
    if name.startswith("rules-booklet"):
        return BOOKLET
    if name.startswith("rules-"):
        return RULES
    return OTHER


def print_list(sheets: Sequence[Printed], t: Translator) -> str:
    """The game's PDFs by what they are for, in the order of ROLES, each with how to print it."""
    rows = []
    for what in ROLES:
        items = [i for i in sheets if i.group == what]
        if not items:
            continue
        note = f' <span class="note">({_keep(escape(t.gettext(ROLE_NOTES[what])))})</span>' if ROLE_NOTES[what] else ""
        links = " ".join(f'<a href="{escape(quote(i.href), quote=True)}">{escape(i.label)}</a>' for i in items)
        rows.append(
            f'<li data-role="{ROLE_KEYS[what]}"><span class="role">{escape(t.gettext(what))}</span>{note}'
            f'<br><span class="files">{links}</span></li>'
        )
    return '<ul class="print">' + "".join(rows) + "</ul>"


def _example(games: Sequence[Section], what: str) -> str | None:
    """The file names of this kind among the games, as code (A4's only when Letter's are there too)."""
    names = list(dict.fromkeys(Path(i.href).name for g in games for i in g.sheets if i.group == what))
    a4 = [n for n in names if "-a4" in n]
    return ", ".join(f"<code>{escape(n)}</code>" for n in (a4 or names)) or None


HOW_STEPS = (
    (
        CALIBRATION,
        N_(
            "First the calibration sheet ({file}): 100 % (actual size, never “fit to page”), both sides, "
            "flip on the long edge. It shows how far your printer moves the backs and how to correct it."
        ),
    ),
    (
        CARDS,
        N_(
            "Then the card sheets ({file}): 100 %, both sides, flip on the long edge. Each page of fronts "
            "is followed by its backs."
        ),
    ),
    (
        FOLD,
        N_(
            "No duplex printer? Print the fold sheets ({file}) on one side at 100 % and fold each page in "
            "the middle, fronts against backs."
        ),
    ),
    (BOOKLET, N_("The rules booklet ({file}): 100 %, both sides, flip on the short edge; fold the stack in half.")),
    (RULES, N_("The rules pages ({file}) read well on screen.")),
)
FOLD_COMMAND = N_(
    "No duplex printer? Make fold sheets, fronts and backs side by side on one page: {command} "
    "(pnp sheets --help shows every option). Print them on one side at 100 % and fold each page in "
    "the middle."
)
PAPERS = N_("Every file comes for A4 and for Letter paper: print the one your printer holds.")


def how_to_print(games: Sequence[Section], lang: str | None) -> str:
    """The "How to print" box for the games of one language: it names the files the build wrote (read
    off their names, so fold sheets appear once a build writes them), what to print first and the
    printer settings; without fold sheets it shows the command that makes them."""
    t = translator(lang)
    mine = [g for g in games if g.lang == lang and g.sheets]
    if not mine:
        return ""
    steps = []
    for what, sentence in HOW_STEPS:
        names = _example(mine, what)
        if names is not None:
            steps.append(escape(t.gettext(sentence)).replace("{file}", names))
        lacking = [g for g in mine if not any(i.group == FOLD for i in g.sheets)]
        if what == FOLD and lacking:  # the games whose build wrote no fold sheets: the command that makes them
            more = f" --lang {lang}" if lang else ""
            ids = [g.id.removesuffix("-" + lang) if lang else g.id for g in lacking]
            command = ", ".join(f"<code>{escape(f'pnp sheets {i} --gutter-fold{more}')}</code>" for i in ids)
            steps.append(escape(t.gettext(FOLD_COMMAND)).replace("{command}", command))
    files = [Path(i.href).name for g in mine for i in g.sheets]
    if any("-a4" in n for n in files) and any("-letter" in n for n in files):
        steps.append(escape(t.gettext(PAPERS)))
    marker, key = (f' lang="{escape(lang)}"' if lang else ""), escape(lang or "en")
    return (
        f'<section class="how"{marker} aria-labelledby="how-{key}"><h2 id="how-{key}">'
        + escape(t.gettext("How to print"))
        + "</h2><ol>"
        + "".join(f"<li>{_keep(step)}</li>" for step in steps)
        + "</ol></section>"
    )


def _keep(html: str) -> str:
    """ "100 %" never breaks between the number and its sign."""
    return html.replace(" %", "&#160;%")
