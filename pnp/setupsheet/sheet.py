"""The setup sheet: the table seen from above (frame and grid, or mountain and base), each player's
hand and pile, the box and the check result, as an SVG page and a one-page PDF (A4 landscape).

The page around the table is the same for every game; the table itself is drawn by the game's engine
(`Engine.draw_setup`) through the small drawing protocol of pnp/rules/picture.py, which `SetupSheet`
offers: the rules never import rendering."""

from __future__ import annotations

import io

from pnp.core.i18n import N_, translator
from pnp.core.units import mm_to_pt
from pnp.game.kindcount import kind_count
from pnp.game.model import Face, Game
from pnp.game.params import physical_pieces
from pnp.pdf.form import SheetCanvas
from pnp.pdf.paint import paint_face
from pnp.rules.check import check_state, rules_for
from pnp.rules.engines import engine_of
from pnp.rules.params import rule_params
from pnp.rules.problems import rule_warnings
from pnp.rules.state.model import State
from pnp.setupsheet.page import SvgPage

PAGE_W, PAGE_H, MARGIN = 297.0, 210.0, 10.0
TABLE = (MARGIN, 34.0, 178.0, 166.0)  # x, y, width, height of the table picture
PLAYERS_X = 196.0
STATUS = {"playing": N_("playing"), "won": N_("won"), "lost": N_("lost")}  # a state's status, printed
DEFAULTS = {
    "ink": "#1f2a38",
    "paper": "#f7f1e3",
    "sea": "#4f8fb0",
    "sea-deep": "#2c5d7c",
    "accent": "#c8553d",
    "day": "#f4c66b",
    "night": "#27365e",
    "rock": "#8a8f99",
    "sky": "#cfe3ef",
    "fire": "#e0662f",
    "summit": "#d9a441",
    "back": "#2a4a63",
}


def render_setup_sheet(game: Game, state: State) -> tuple[str, bytes]:
    """(SVG text, PDF bytes) picturing `state` of `game`, with the rule check written on it."""
    sheet = SetupSheet(game, state)
    sheet.draw()
    title = sheet.t.ngettext(
        "{title}: table for {n} player, seed {seed}",
        "{title}: table for {n} players, seed {seed}",
        state.players,
        title=sheet.title,
        seed=state.seed,
    )
    svg = sheet.page.svg(title)
    return svg, svg_to_pdf(svg, title, game.id)


def svg_to_pdf(svg: str, title: str = "", subject: str = "") -> bytes:
    """One vector PDF page from the sheet SVG, drawn by the same painter as the card faces
    (byte-identical for identical SVG), titled as the SVG is."""

    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, (mm_to_pt(PAGE_W), mm_to_pt(PAGE_H)))
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("tranquility-pnp")
    canvas.setCreator("tranquility-pnp")
    paint_face(canvas, Face(id="setup-sheet", svg=svg, width=PAGE_W, height=PAGE_H, bleed=0.0))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class SetupSheet:
    """One setup sheet being drawn: the page, the game's words and colours, and the table's place on it
    (what an engine's `draw_setup` draws with: pnp/rules/picture.py's `SetupCanvas`)."""

    def __init__(self, game: Game, state: State):
        self.game, self.state = game, state
        self.rules = rule_params(game)
        self.pieces = {p.id: p for p in physical_pieces(game)}
        self.table = TABLE  # x, y, width, height of the table picture: the engine draws in it
        self.page = SvgPage(PAGE_W, PAGE_H, f"setup-{game.id}")
        self.colours = {**DEFAULTS, **dict(game.theme.colours)}
        self.ink, self.paper = self.colours["ink"], self.colours["paper"]
        self.t = translator(game.language)  # every word on the sheet in the game's language
        self.title = self.t.gettext(game.title)

    def draw(self) -> None:
        page, s, t = self.page, self.state, self.t
        page.rect(0, 0, PAGE_W, PAGE_H, fill="#ffffff")
        when = t.gettext("sample setup") if s.turn == 0 else t.ngettext("after {n} turn", "after {n} turns", s.turn)
        page.fit_text(MARGIN, 17, f"{self.title}: {when}", 6.0, 180, self.ink, "bold")
        titles = {m.id: t.gettext(m.title) for m in self.game.modules}  # "The Panorama", "Il Panorama"
        named = ", ".join(titles.get(m, m) for m in s.modules)
        mods = " · " + t.gettext("modules: {ids}", ids=named) if s.modules else ""
        players = t.ngettext("{n} player", "{n} players", s.players)
        status = t.gettext(STATUS.get(s.status, s.status))
        page.fit_text(
            MARGIN,
            25,
            f"{players} · " + t.gettext("seed {seed}", seed=s.seed) + f" · {status}{mods}",
            3.6,
            180,
            self.ink,
        )
        self._check_note()
        for i, warning in enumerate(rule_warnings(self.game)[:2]):
            note = t.gettext("Note: {warning}.", warning=warning)
            page.fit_text(MARGIN, PAGE_H - 4.5 - 4 * i, note, 2.4, PAGE_W - 2 * MARGIN, self.ink)
        engine_of(self.game).draw_setup(self, s)
        self._players()

    def _check_note(self) -> None:
        problems = check_state(self.game, self.state)
        if problems:
            ids = sorted({v.rule for v in problems})
            note = self.t.ngettext(
                "{n} rule violation: {ids}", "{n} rule violations: {ids}", len(problems), ids=", ".join(ids)
            )
            colour = self.colours["accent"]
        else:
            applicable = len(rules_for(self.game, self.state.modules))
            note, colour = self.t.gettext("checked: all {n} rules hold", n=applicable), self.ink
        self.page.fit_text(PAGE_W - MARGIN, 17, note, 3.6, 100, colour, "bold", anchor="end")

    # ---- a card in small -------------------------------------------------------------------
    def label(self, piece_id: str | None) -> tuple[str, str, str]:
        """(text, fill, text colour) for a card drawn in small."""
        p = self.pieces.get(piece_id or "")
        if p is None:
            return ("?", "#ffffff", self.ink)
        c = self.colours
        if p.kind in ("island",):
            return (str(p.number), self.paper, self.ink)
        if p.kind == "terrain":
            terrain = self.game.theme.terrain.get(p.colour or "", {})
            return (str(p.number), terrain.get("fill", c["rock"]), "#ffffff")
        if p.kind == "campfire":
            terrain = self.game.theme.terrain.get(p.colour or "", {})
            return (self.t.gettext("fire"), terrain.get("light", c["fire"]), self.ink)
        names = {
            "start": (N_("start"), c["day"], self.ink),
            "finish": (N_("finish"), c["accent"], "#ffffff"),
            "summit": (N_("summit"), c["summit"], self.ink),
            "bridge": (N_("bridge"), c["rock"], "#ffffff"),
        }
        word, fill, colour = names.get(p.kind, (p.kind[:6], "#ffffff", self.ink))
        return (self.t.gettext(word), fill, colour)

    def small_card(self, x: float, y: float, size: float, piece_id: str | None) -> None:
        words, fill, colour = self.label(piece_id)
        self.page.rect(x, y, size, size, fill=fill, stroke=self.ink, width=0.25, radius=0.8)
        text_size = size * (0.42 if len(words) <= 2 else 0.26)
        self.page.fit_text(
            x + size / 2,
            y + size / 2 + text_size * 0.35,
            words,
            text_size,
            size * 0.86,
            colour,
            "bold",
            anchor="middle",
        )

    # ---- players, piles, box -----------------------------------------------------------------
    def _players(self) -> None:
        page, s = self.page, self.state
        top, bottom = TABLE[1], PAGE_H - MARGIN - 22
        band = min(30.0, (bottom - top) / max(1, s.players))
        card = min(11.0, band - 11, (PAGE_W - MARGIN - PLAYERS_X - 20) / max(1, self.rules.hand_size) - 1.2)
        for q in range(s.players):
            y = top + q * band
            hand = s.hands[q] if q < len(s.hands) else ()
            pile = s.piles[q] if q < len(s.piles) else ()
            marker = (
                "  " + self.t.gettext("(next to play)") if s.status == "playing" and s.current_player == q + 1 else ""
            )
            room = PAGE_W - MARGIN - PLAYERS_X
            page.fit_text(PLAYERS_X, y + 4, self.t.gettext("Player {n}", n=q + 1) + marker, 3.4, room, self.ink, "bold")
            counts = self.t.gettext("hand {hand} · pile {pile}", hand=len(hand), pile=len(pile))
            page.fit_text(PLAYERS_X, y + 8.2, counts, 2.6, room, self.ink)
            for j, c in enumerate(hand):
                self.small_card(PLAYERS_X + j * (card + 1.2), y + 9.5, card, c)
            px = PAGE_W - MARGIN - card - 2
            for k in (2, 1, 0):
                page.rect(
                    px + k * 0.8,
                    y + 9.5 - k * 0.8,
                    card,
                    card,
                    fill=self.colours["back"] if pile else "none",
                    stroke=self.ink,
                    width=0.25,
                    radius=0.8,
                    dash=None if pile else "1 1",
                )
            page.fit_text(
                px + card / 2,
                y + 9.5 + card / 2 + 1.2,
                str(len(pile)),
                card * 0.42,
                card * 0.9,
                "#ffffff" if pile else self.ink,
                "bold",
                anchor="middle",
            )
        self._box_line(bottom + 6)

    def _box_line(self, y: float) -> None:
        s = self.state
        lines = [(N_("discard"), s.discard), (N_("box"), s.box), (N_("aside"), s.aside)]
        for i, (name, ids) in enumerate(lines):
            words = f"{self.t.gettext(name)}: {self._summary(ids)}"
            self.page.fit_text(PLAYERS_X, y + i * 5, words, 2.8, PAGE_W - MARGIN - PLAYERS_X, self.ink)

    def _summary(self, ids) -> str:
        counts: dict[str, int] = {}
        for i in ids:
            kind = self.pieces[i].kind if i in self.pieces else "unknown"
            counts[kind] = counts.get(kind, 0) + 1
        names = {k.id: k.name for k in self.game.kinds}  # the kind's printed name, through the catalogue
        return ", ".join(kind_count(self.t, names.get(kind, kind), n) for kind, n in counts.items()) or (
            self.t.gettext("empty")
        )
