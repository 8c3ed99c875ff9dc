"""The booklet's page sizes and paragraph styles, set in the bundled Atkinson Hyperlegible
(registered as TrueType: embedded, subset, selectable and searchable)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle

from pnp.core.units import mm_to_pt
from pnp.pdf.form import LABEL_FONT, LABEL_FONT_BOLD, register_label_fonts


@dataclass(frozen=True)
class Paper:
    """A booklet page size (mm) and its base text size (pt)."""

    name: str
    width: float
    height: float
    text: float
    margin: float

    @property
    def size_pt(self) -> tuple[float, float]:
        return mm_to_pt(self.width), mm_to_pt(self.height)


A4 = Paper("a4", 210.0, 297.0, 10.5, 18.0)
LETTER = Paper("letter", 215.9, 279.4, 10.5, 18.0)
A5 = Paper("a5", 148.0, 210.0, 9.0, 12.0)
HALF_LETTER = Paper("half-letter", 139.7, 215.9, 9.0, 12.0)
# The folded booklet's text sizes (pt), largest first: its text is set in the largest that fills a
# multiple of four pages (pnp.booklet.render_folded). 9 pt is 8.5 pt on the half-letter booklet.
FOLDED_SIZES = (10.5, 10.0, 9.5, 9.0)


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    subheading: ParagraphStyle
    bullet: ParagraphStyle
    note: ParagraphStyle
    small: ParagraphStyle
    caption: ParagraphStyle  # under a picture: what it shows
    warning: ParagraphStyle  # a plain word of warning (The Ascent's difficulty with every module)
    ink: str
    accent: str
    paper: str


def styles(paper: Paper, colours) -> Styles:
    register_label_fonts()
    size, ink = paper.text, colours.get("ink", "#1f2a38")
    accent = colours.get("sea-deep", colours.get("back", "#2a4a63"))
    body = ParagraphStyle(
        "body",
        fontName=LABEL_FONT,
        bulletFontName=LABEL_FONT,
        fontSize=size,
        leading=size * 1.32,
        textColor=HexColor(ink),
        spaceAfter=size * 0.45,
    )
    return Styles(
        body=body,
        title=ParagraphStyle(
            "title",
            body,
            fontName=LABEL_FONT_BOLD,
            fontSize=size * 2.6,
            leading=size * 3.0,
            textColor=HexColor(accent),
            spaceAfter=size,
        ),
        subtitle=ParagraphStyle("subtitle", body, fontSize=size * 1.3, leading=size * 1.7),
        heading=ParagraphStyle(
            "heading",
            body,
            fontName=LABEL_FONT_BOLD,
            fontSize=size * 1.6,
            leading=size * 2.0,
            textColor=HexColor(accent),
            spaceBefore=size * 0.6,
            spaceAfter=size * 0.5,
            keepWithNext=1,  # a heading never ends a page
        ),
        subheading=ParagraphStyle(
            "subheading",
            body,
            fontName=LABEL_FONT_BOLD,
            fontSize=size * 1.12,
            leading=size * 1.45,
            spaceBefore=size * 0.5,
            spaceAfter=size * 0.2,
            keepWithNext=1,
        ),
        bullet=ParagraphStyle("bullet", body, leftIndent=size * 1.3, bulletIndent=size * 0.3, spaceAfter=size * 0.3),
        note=ParagraphStyle(
            "note",
            body,
            fontSize=size * 0.9,
            leading=size * 1.2,
            textColor=HexColor("#5a5a5a"),
            borderPadding=size * 0.4,
            backColor=HexColor("#f1ede4"),
            spaceBefore=size * 0.3,
            spaceAfter=size * 0.7,
        ),
        small=ParagraphStyle("small", body, fontSize=size * 0.85, leading=size * 1.1, spaceAfter=0),
        caption=ParagraphStyle(
            "caption", body, fontSize=size * 0.85, leading=size * 1.15, textColor=HexColor("#4a4a4a"), spaceAfter=size
        ),
        warning=ParagraphStyle(
            "warning",
            body,
            borderPadding=size * 0.5,
            borderColor=HexColor(accent),
            borderWidth=0.8,
            spaceBefore=size * 0.6,
            spaceAfter=size * 1.0,
        ),
        ink=ink,
        accent=accent,
        paper=colours.get("paper", "#ffffff"),
    )
