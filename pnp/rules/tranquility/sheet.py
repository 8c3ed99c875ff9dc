"""The Tranquility table on the setup sheet: border frame, grid in reading order, start and finish."""

from __future__ import annotations

from pnp.rules.picture import SetupCanvas
from pnp.rules.state.model import Sea


def frame_positions(rows: int, cols: int) -> list[tuple[int, int]]:
    """(col, row) of every border position, clockwise from the bottom-left; row 0 is the top edge."""
    bottom = [(c, rows + 1) for c in range(1, cols + 1)]
    right = [(cols + 1, r) for r in range(rows, 0, -1)]
    top = [(c, 0) for c in range(cols, 0, -1)]
    left = [(0, r) for r in range(1, rows + 1)]
    return bottom + right + top + left


def sea_box(r, table: tuple[float, float, float, float]) -> tuple[float, float, float]:
    """(x0, y0, size): the framed sea's top-left corner and a cell's size, in mm, drawn in `table`."""
    x, y, w, h = table
    size = min(20.0, w / (r.cols + 2), (h - 8) / (r.rows + 2))
    return x + (w - size * (r.cols + 2)) / 2, y + 4, size


def sea_region(r, table: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The framed sea's x, y, width and height in mm (the rules booklet shows this part of the sheet)."""
    x0, y0, size = sea_box(r, table)
    return x0, y0, size * (r.cols + 2), size * (r.rows + 2)


def draw_sea(sheet: SetupCanvas, sea: Sea) -> None:
    r, page, colours = sheet.rules, sheet.page, sheet.colours
    x0, y0, size = sea_box(r, sheet.table)
    at = lambda col, row: (x0 + col * size, y0 + row * size)
    page.rect(x0, y0, size * (r.cols + 2), size * (r.rows + 2), fill=colours["sea"])
    for i, (col, row) in enumerate(frame_positions(r.rows, r.cols)):
        bx, by = at(col, row)
        if i < len(sea.frame):
            _border(page, bx, by, size, colours)
        else:
            page.rect(bx + 0.6, by + 0.6, size - 1.2, size - 1.2, stroke=colours["accent"], width=0.4, dash="1.5 1")
    for k in range(1, r.cells + 1):
        row, col = (k - 1) // r.cols + 1, (k - 1) % r.cols + 1
        cx, cy = at(col, r.rows + 1 - row)
        card = sea.cells[k - 1] if k - 1 < len(sea.cells) else None
        if card:
            sheet.small_card(cx + 0.8, cy + 0.8, size - 1.6, card)
        else:
            page.rect(cx + 0.8, cy + 0.8, size - 1.6, size - 1.6, stroke=colours["paper"], width=0.3, dash="1 1")
            page.text(cx + 2, cy + size - 2.2, str(k), size * 0.16, colours["paper"])
    _corner(sheet, *at(0, r.rows + 1), size, sheet.t.gettext("start"), sea.start.card if sea.start else None)
    _corner(sheet, *at(r.cols + 1, 0), size, sheet.t.gettext("finish"), sea.finish)
    page.fit_text(
        x0,
        y0 + size * (r.rows + 2) + 5,
        sheet.t.gettext(
            "Cells ascend in reading order: bottom row left to right, then the row above (cell numbers shown)."
        ),
        2.6,
        size * (r.cols + 2),
        sheet.ink,
    )


def _border(page, x: float, y: float, size: float, colours) -> None:
    page.rect(
        x + 0.6,
        y + 0.6,
        size - 1.2,
        size - 1.2,
        fill=colours["sea-deep"],
        stroke=colours["paper"],
        width=0.3,
        radius=0.8,
    )
    s = size / 20
    page.polygon(
        [(x + 5 * s, y + 12 * s), (x + 15 * s, y + 12 * s), (x + 13 * s, y + 15 * s), (x + 7 * s, y + 15 * s)],
        fill=colours["paper"],
    )
    page.polygon([(x + 10 * s, y + 4 * s), (x + 10 * s, y + 11 * s), (x + 14.5 * s, y + 11 * s)], fill=colours["paper"])


def _corner(sheet, x: float, y: float, size: float, name: str, card: str | None) -> None:
    if card:
        sheet.small_card(x + 0.8, y + 0.8, size - 1.6, card)
        return
    sheet.page.rect(x + 0.8, y + 0.8, size - 1.6, size - 1.6, stroke=sheet.paper, width=0.4, dash="2 1", radius=0.8)
    sheet.page.fit_text(
        x + size / 2, y + size / 2 + 1, name, size * 0.2, size * 0.8, sheet.paper, "bold", anchor="middle"
    )
