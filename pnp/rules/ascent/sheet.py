"""The Ascent table on the setup sheet: panorama base, diamond slots row by row, summit, goats."""

from __future__ import annotations

from pnp.rules.picture import SetupCanvas
from pnp.rules.state.model import Mountain


def slot_centre(x0: float, ybase: float, d: float, row: int, slot: int) -> tuple[float, float]:
    """Centre of slot `slot` of row `row` (1-based) over a base whose bottom edge is at ybase."""
    return x0 + (slot + (row - 1) / 2) * d, ybase - d / 2 - (row - 1) * d / 2


def mountain_box(r, table: tuple[float, float, float, float]) -> tuple[float, float, float]:
    """(d, x0, ybase): a slot's size, the panorama row's left end and its bottom edge, in mm, in `table`."""
    x, y, w, h = table
    d = min(w / r.base_pieces, (h - 26) * 2 / (r.rows + 2))
    return d, x + (w - d * r.base_pieces) / 2, y + 4 + d * (r.rows + 2) / 2


def mountain_region(r, table: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The sky, mountain, panorama row with its revealed sequences and the waiting goats: x, y, width,
    height in mm (the rules booklet shows this part of the sheet, its own caption under it)."""
    x, y, w, _h = table
    _d, _x0, ybase = mountain_box(r, table)
    return x, y, w, ybase + 13 - y


def draw_mountain(sheet: SetupCanvas, m: Mountain) -> None:
    r, page, colours = sheet.rules, sheet.page, sheet.colours
    x, y, w, _h = sheet.table
    d, x0, ybase = mountain_box(r, sheet.table)
    page.rect(x, y, w, ybase - y + 2, fill=colours.get("sky", "#cfe3ef"))
    _base(sheet, m, x0, ybase, d)
    for row in range(1, r.rows + 1):
        cards = m.rows[row - 1] if row - 1 < len(m.rows) else ()
        for slot in range(1, r.width(row) + 1):
            cx, cy = slot_centre(x0, ybase, d, row, slot)
            card = cards[slot - 1] if slot - 1 < len(cards) else None
            _diamond(sheet, cx, cy, d, card, f"{row}.{slot}")
    cx, cy = slot_centre(x0, ybase, d, r.rows + 1, 1 + max(0, r.width(r.rows) - 2) / 2)
    _diamond(sheet, cx, cy, d, m.summit, sheet.t.gettext("summit"))
    _goats(sheet, m, x0, ybase, d)
    if m.revealed:
        page.fit_text(
            x,
            ybase + 22,
            sheet.t.gettext(
                "Panorama: the sequences under the revealed triangles must stand side by side in one row before "
                "the summit."
            ),
            2.6,
            w,
            sheet.ink,
        )
    page.fit_text(
        x,
        ybase + 17,
        sheet.t.gettext("Each card rests on the two below it; rows fill from the left. Slots are labelled row.slot."),
        2.6,
        w,
        sheet.ink,
    )


def _base(sheet, m: Mountain, x0: float, ybase: float, d: float) -> None:
    page, colours = sheet.page, sheet.colours
    sequences = {c.id: c.fields.get("sequence") for c in sheet.game.cards}
    for j in range(sheet.rules.base_pieces):
        piece = m.base[j] if j < len(m.base) else None
        pts = [(x0 + j * d, ybase), (x0 + (j + 1) * d, ybase), (x0 + (j + 0.5) * d, ybase - d / 2)]
        revealed = piece in m.revealed
        page.polygon(
            pts,
            fill=colours.get("summit") if revealed else colours.get("rock"),
            stroke=sheet.ink,
            width=0.25,
            dash=None if piece else "1 1",
        )
        if revealed:
            seq = sequences.get(sheet.pieces[piece].card) if piece in sheet.pieces else None
            words = "-".join(str(v) for v in seq) if seq else "?"
            page.fit_text(x0 + (j + 0.5) * d, ybase + 4.5, words, 3.0, d * 0.9, sheet.ink, "bold", "middle")


def _diamond(sheet, cx: float, cy: float, d: float, card: str | None, label: str) -> None:
    page, e = sheet.page, d / 2 - 0.5
    pts = [(cx, cy - e), (cx + e, cy), (cx, cy + e), (cx - e, cy)]
    if not card:
        page.polygon(pts, fill="#ffffff", stroke=sheet.ink, width=0.2, dash="1 1")
        # at least 2.5 mm (7 pt), so the booklet's smaller mountain keeps its labels readable
        size = max(d * 0.16, 2.5)
        page.fit_text(cx, cy + d * 0.06, label, size, d * 0.8, sheet.colours.get("rock", "#888888"), anchor="middle")
        return
    words, fill, colour = sheet.label(card)
    page.polygon(pts, fill=fill, stroke=sheet.ink, width=0.3)
    size = d * (0.3 if len(words) <= 2 else 0.17)
    page.fit_text(cx, cy + size * 0.35, words, size, d * 0.6, colour, "bold", anchor="middle")
    p = sheet.pieces.get(card)
    if p is not None and p.kind == "terrain":
        name = sheet.game.theme.terrain_name(p.colour or "", sheet.game.language)
        page.fit_text(cx, cy + d * 0.28, name, d * 0.11, d * 0.45, colour, anchor="middle")


def _goats(sheet, m: Mountain, x0: float, ybase: float, d: float) -> None:
    if not m.goats:
        return
    page, waiting = sheet.page, 0
    seen: dict[tuple[int, int], int] = {}  # goats already drawn on each slot
    for _goat, at in m.goats:
        if at is None:
            gx, gy = x0 + 3 + waiting * 5, ybase + 10
            waiting += 1
        else:
            cx, cy = slot_centre(x0, ybase, d, *at)
            k = seen.get(at, 0)
            seen[at] = k + 1
            gx, gy = cx - d * 0.2 + k * 3.2, cy - d * 0.22
        page.circle(gx, gy, 1.8, fill="#ffffff", stroke=sheet.ink, width=0.35)
        page.text(gx, gy + 0.9, "G", 2.4, sheet.ink, "bold", anchor="middle")
    if waiting:
        words = sheet.t.ngettext("goat waiting at the foot", "goats waiting at the foot", waiting)
        page.text(x0 + 3 + waiting * 5, ybase + 11, words, 2.6, sheet.ink)
