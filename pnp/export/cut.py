"""Cut files for cutting machines (Cricut, Silhouette): per sheet, an SVG of every piece's trim
outline plus the registration marks, and the matching sheets PDF to print with those marks."""

from __future__ import annotations

from dataclasses import replace

from pnp.game.model import Face, Game
from pnp.sheets.impose import draw_plan
from pnp.sheets.marks import outlines, registration_marks
from pnp.sheets.names import sheet_name
from pnp.sheets.plan import Page, plan_sheets
from pnp.sheets.spec import SheetSpec
from pnp.svg.writer import document, element, multiline, num, points, svg_root, title, tostring

CUT_COLOUR = "#ff0000"
CUT_WIDTH = 0.1  # mm
MARK_WIDTH = 0.5  # mm, the registration marks' lines


def cut_svg(spec: SheetSpec, page: Page, heading: str) -> str:
    """One sheet's cut lines (page mm, origin top-left) and registration marks as SVG. Each cut
    outline carries the id of the card it cuts out in a `data-card` attribute."""
    width, height = page.grid.page
    registration = element("g", id="registration", fill="#000000", stroke="none")
    for index, (kind, data) in enumerate(registration_marks(spec, (width, height))):
        if kind == "square":
            x, y, s = data
            mark = element("rect", id=f"reg-{index}", x=num(x), y=num(y), width=num(s), height=num(s))
        else:
            mark = element(
                "polyline",
                id=f"reg-{index}",
                points=points(data),
                fill="none",
                stroke="#000000",
                stroke_width=num(MARK_WIDTH),
            )
        registration.add(mark)
    cut = element("g", id="cut", fill="none", stroke=CUT_COLOUR, stroke_width=num(CUT_WIDTH))
    for index, item in enumerate(outlines(page, "front")):
        if item.shape == "circle":
            cx, cy = item.centre
            line = element("circle", id=f"cut-{index}", data_card=item.card, cx=num(cx), cy=num(cy), r=num(item.radius))
        else:
            d = "M " + " L ".join(f"{num(x)} {num(y)}" for x, y in item.points) + " Z"
            line = element("path", id=f"cut-{index}", data_card=item.card, d=d)
        cut.add(line)
    root = svg_root(width, height, (0, 0, width, height))
    return document(root, [tostring(title(heading)), multiline(registration), multiline(cut)])


def cut_files(game: Game, faces: tuple[Face, ...] | list[Face], spec: SheetSpec) -> dict[str, bytes]:
    """{file name: bytes}: <game>-<paper>[-<options>]-print.pdf (the sheets with registration marks)
    and <game>-<paper>[-<options>]-cut-<sheet>.svg for each sheet, matching it exactly."""
    stem = f"{game.id}-{sheet_name(replace(spec, registration_marks=False), game)}"  # the marks are always on
    spec = replace(spec, registration_marks=True)
    plan = plan_sheets(game, faces, spec)
    out = {f"{stem}-print.pdf": draw_plan(plan, game.title, lang=game.language)}
    for page in plan.pages:
        if page.side == "back":
            continue
        title = f"{game.title}: cut lines, sheet {page.sheet} of {plan.sheets} ({spec.paper.title})"
        out[f"{stem}-cut-{page.sheet:02d}.svg"] = cut_svg(plan.spec, page, title).encode("utf-8")
    return out
