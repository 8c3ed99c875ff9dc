"""Cut files for cutting machines (Cricut, Silhouette): per sheet, an SVG of every piece's trim
outline plus the registration marks, and the matching sheets PDF to print with those marks."""

from __future__ import annotations

from dataclasses import replace

from pnp.core.xmlattr import quoteattr
from pnp.game.model import Face, Game
from pnp.sheets.impose import draw_plan
from pnp.sheets.marks import outlines, registration_marks
from pnp.sheets.plan import Page, plan_sheets
from pnp.sheets.spec import SheetSpec

CUT_COLOUR = "#ff0000"
CUT_WIDTH = 0.1  # mm


def _n(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def cut_svg(spec: SheetSpec, page: Page, title: str) -> str:
    """One sheet's cut lines (page mm, origin top-left) and registration marks as SVG."""
    width, height = page.grid.page
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}mm" height="{_n(height)}mm" '
        f'viewBox="0 0 {_n(width)} {_n(height)}">',
        f"<title>{_escape(title)}</title>",
        '<g id="registration" fill="#000000" stroke="none">',
    ]
    for index, (kind, data) in enumerate(registration_marks(spec, (width, height))):
        if kind == "square":
            x, y, s = data
            parts.append(f'<rect id="reg-{index}" x="{_n(x)}" y="{_n(y)}" width="{_n(s)}" height="{_n(s)}"/>')
        else:
            points = " ".join(f"{_n(x)},{_n(y)}" for x, y in data)
            parts.append(
                f'<polyline id="reg-{index}" points="{points}" fill="none" stroke="#000000" stroke-width="0.5"/>'
            )
    parts.append("</g>")
    parts.append(f'<g id="cut" fill="none" stroke="{CUT_COLOUR}" stroke-width="{CUT_WIDTH}">')
    for index, item in enumerate(outlines(page, "front")):
        ident = f'cut-{index}" data-card={quoteattr(item.card)}'
        if item.shape == "circle":
            cx, cy = item.centre
            parts.append(f'<circle id="{ident} cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(item.radius)}"/>')
        else:
            d = "M " + " L ".join(f"{_n(x)} {_n(y)}" for x, y in item.points) + " Z"
            parts.append(f'<path id="{ident} d="{d}"/>')
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cut_files(game: Game, faces: tuple[Face, ...] | list[Face], spec: SheetSpec) -> dict[str, bytes]:
    """{file name: bytes}: <game>-<paper>[-<options>]-print.pdf (the sheets with registration marks)
    and <game>-<paper>[-<options>]-cut-<sheet>.svg for each sheet, matching it exactly."""
    from pnp.sheets.names import sheet_name

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
