"""PDF sheets: faces as reusable vector forms on pages, with crop marks, cut lines and labels.

`impose(game, faces, sheet)` returns the PDF's bytes; the same inputs give the same bytes.
"""

from __future__ import annotations

import io
import math
from functools import partial

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core import pool
from pnp.core.i18n import N_, Translator, translator
from pnp.core.units import PT_PER_MM, mm_to_pt
from pnp.game.model import Face, Game
from pnp.pdf.form import LABEL_FONT, FormBook, SheetCanvas, Warn
from pnp.pdf.path import ellipse_ops, fmt, fmt_matrix
from pnp.sheets.calibration import calibration_sheet
from pnp.sheets.marks import Outline, crop_marks, label_spot, outline, outlines, registration_marks
from pnp.sheets.names import calibration_file, sheets_file
from pnp.sheets.plan import Affine, Page, Placement, SheetPlan, compose, plan_sheets
from pnp.sheets.spec import SheetSpec

HAIRLINE = 0.25  # pt: crop marks and cut outlines
CUT_DASH = (2.0, 2.0)  # pt
LABEL_SIZE = 7.0  # pt
LABEL_MIN_SIZE = 4.0  # pt
GREY = (0.35, 0.35, 0.35)


def impose(game: Game, faces: tuple[Face, ...] | list[Face], sheet: SheetSpec, warn: Warn | None = None) -> bytes:
    """Every piece of `game` on sheets as described by `sheet`: a PDF as bytes.

    Pages come in order front 1, back 1, front 2, back 2, … (fronts only with duplex 'none';
    one page per sheet for gutter-fold). svglib's warnings about a face go to `warn`.
    """
    plan = plan_sheets(game, faces, sheet)
    return draw_plan(plan, game.title, warn, game.language)


def draw_plan(plan: SheetPlan, title: str, warn: Warn | None = None, lang: str | None = None) -> bytes:
    """Draw a planned set of pages (see sheetplan.plan_sheets) into a PDF; the title and labels
    in `lang` (None: English)."""
    t = translator(lang)
    title = t.gettext(title)
    buffer = io.BytesIO()
    first = plan.pages[0].grid.page
    canvas = SheetCanvas(buffer, (first[0] * PT_PER_MM, first[1] * PT_PER_MM), image_dpi=plan.spec.image_dpi)
    canvas.setTitle(t.gettext("{title}: print-and-play sheets ({paper})", title=title, paper=plan.spec.paper.name))
    canvas.setCreator("tranquility-pnp")
    if plan.spec.back_offset != (0.0, 0.0):  # the calibration these sheets were made for, where a reader shows it
        canvas.setSubject("back offset {} mm".format(",".join(f"{v:g}" for v in plan.spec.back_offset)))
    book = FormBook(canvas, warn)
    _warn_short_bleed(plan, warn)
    for page in plan.pages:
        _draw_page(canvas, book, plan, page, _label_text(title, plan, page, t))
    canvas.save()
    return buffer.getvalue()


def _warn_short_bleed(plan: SheetPlan, warn: Warn | None) -> None:
    """A face with less background past its trim than the sheet's bleed prints all it has: one
    warning per bleed found, naming a few of the faces."""
    short: dict[float, set[str]] = {}
    for page in plan.pages:
        for p in page.placements:
            if p.face.bleed + 1e-6 < plan.spec.bleed:
                short.setdefault(p.face.bleed, set()).add(p.face.id)
    for bleed, ids in sorted(short.items()):
        if warn is not None:
            named = ", ".join(sorted(ids)[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
            warn(
                f"{len(ids)} face(s) have only {bleed:g} mm of bleed, less than the sheet's {plan.spec.bleed:g} mm; "
                f"printing {bleed:g} mm ({named})"
            )


def _draw_page(canvas: SheetCanvas, book: FormBook, plan: SheetPlan, page: Page, label: str) -> None:
    width, height = page.grid.page
    canvas.setPageSize((width * PT_PER_MM, height * PT_PER_MM))
    for placement in page.placements:
        _place(canvas, book, placement, plan.spec.bleed, height)
    spec = plan.spec
    if page.side != "back":
        _draw_front_lines(canvas, spec, page, height)
    if spec.label:
        _draw_label(canvas, spec, page, label, height)
    canvas.showPage()


def pdf_matrix(transform: Affine, face: Face, page_height: float) -> Affine:
    """Form space (pt, y up, trim bottom-left at 0,0) → PDF page space (pt, y up)."""
    k = PT_PER_MM
    to_face = (1 / k, 0.0, 0.0, -1 / k, 0.0, face.height)
    to_pdf = (k, 0.0, 0.0, -k, 0.0, page_height * k)
    return compose(to_pdf, compose(transform, to_face))


def _place(canvas: SheetCanvas, book: FormBook, placement: Placement, bleed: float, page_height: float) -> None:
    """The face's form, clipped to its trim plus the sheet's bleed, as operators written straight
    into the page (reportlab's saveState/path objects cost more than the drawing, 10,000 times)."""
    face = placement.face
    form = book.form(face)
    b = mm_to_pt(face.bleed)
    clip = _clip_ops(face, min(bleed, face.bleed) * PT_PER_MM)
    canvas.addLiteral(
        f"q {fmt_matrix(pdf_matrix(placement.transform, face, page_height))} {clip} W n 1 0 0 1 {fmt(-b)} {fmt(-b)} cm"
    )
    canvas.doForm(form.name)
    canvas.addLiteral("Q")


def _clip_ops(face: Face, bleed: float) -> str:
    """The piece's trim grown by `bleed` (pt), in form space; a triangle's hypotenuse never grows."""
    w, h = face.width * PT_PER_MM, face.height * PT_PER_MM
    if face.shape == "circle":
        return ellipse_ops(w / 2, h / 2, w / 2 + bleed, w / 2 + bleed)
    if face.shape == "triangle":
        grow = bleed * math.sqrt(2)
        return f"{fmt(-grow)} 0 m {fmt(w + grow)} 0 l {fmt(w / 2)} {fmt(h + grow)} l h"
    return f"{fmt(-bleed)} {fmt(-bleed)} {fmt(w + 2 * bleed)} {fmt(h + 2 * bleed)} re"


def _draw_front_lines(canvas: SheetCanvas, spec: SheetSpec, page: Page, height: float) -> None:
    k = PT_PER_MM
    canvas.saveState()
    canvas.setLineWidth(HAIRLINE)
    canvas.setStrokeColorRGB(0, 0, 0)
    for (x1, y1), (x2, y2) in crop_marks(spec, page):
        canvas.line(x1 * k, (height - y1) * k, x2 * k, (height - y2) * k)
    for placement in page.placements:  # pieces the crop marks do not follow are always outlined
        item = outline(placement)
        if placement.side == "front" and (item.shape == "circle" or len(item.points) == 3 or placement.packed):
            _stroke_outline(canvas, item, height)
    if spec.cut_lines:
        canvas.setDash(*CUT_DASH)
        canvas.setStrokeColorRGB(*GREY)
        for item in outlines(page, "front"):
            _stroke_outline(canvas, item, height)
    canvas.setDash()
    _draw_registration(canvas, spec, page.grid.page)
    if page.grid.fold is not None:
        _draw_fold(canvas, spec, page, page.grid.fold)
    canvas.restoreState()


def _stroke_outline(canvas: SheetCanvas, item: Outline, height: float) -> None:
    k = PT_PER_MM
    if item.shape == "circle":
        canvas.circle(item.centre[0] * k, (height - item.centre[1]) * k, item.radius * k, stroke=1, fill=0)
        return
    path = canvas.beginPath()
    (x0, y0), rest = item.points[0], item.points[1:]
    path.moveTo(x0 * k, (height - y0) * k)
    for x, y in rest:
        path.lineTo(x * k, (height - y) * k)
    path.close()
    canvas.drawPath(path, stroke=1, fill=0)


def _draw_registration(canvas: SheetCanvas, spec: SheetSpec, page_size: tuple[float, float]) -> None:
    k, height = PT_PER_MM, page_size[1]
    canvas.setFillColorRGB(0, 0, 0)
    for kind, data in registration_marks(spec, page_size):
        if kind == "square":
            x, y, s = data
            canvas.rect(x * k, (height - y - s) * k, s * k, s * k, stroke=0, fill=1)
        else:
            canvas.setLineWidth(0.5 * k)
            path = canvas.beginPath()
            path.moveTo(data[0][0] * k, (height - data[0][1]) * k)
            for x, y in data[1:]:
                path.lineTo(x * k, (height - y) * k)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.setLineWidth(HAIRLINE)


def _draw_fold(canvas: SheetCanvas, spec: SheetSpec, page: Page, fold: tuple[str, float]) -> None:
    k = PT_PER_MM
    width, height = page.grid.page
    axis, at = fold
    canvas.setDash(4, 3)
    canvas.setStrokeColorRGB(*GREY)
    if axis == "vertical":
        canvas.line(at * k, spec.edge * k, at * k, (height - spec.edge) * k)
    else:
        canvas.line(spec.edge * k, (height - at) * k, (width - spec.edge) * k, (height - at) * k)
    canvas.setDash()


EDGES = {"long-edge": N_("long edge"), "short-edge": N_("short edge")}


def _label_text(title: str, plan: SheetPlan, page: Page, t: Translator) -> str:
    spec = plan.spec
    where = t.gettext(
        "{title} · {paper} · sheet {sheet} of {sheets}",
        title=title,
        paper=spec.paper.title,
        sheet=page.sheet,
        sheets=plan.sheets,
    )
    if page.side == "fold":
        return f"{where} · " + t.gettext("fold on the dashed line, fronts and backs outward · print at 100 %")
    if page.side == "back":
        dx, dy = spec.back_offset
        side = [where, t.gettext("back")]
        if dx or dy:  # the printer's calibration these backs were moved by
            side.append(t.gettext("back offset {dx},{dy} mm", dx=format(dx, "g"), dy=format(dy, "g")))
        return " · ".join(side)
    if spec.duplex == "none":
        return f"{where} · " + t.gettext("fronts only · print at 100 %")
    edge = t.gettext(EDGES.get(spec.duplex, spec.duplex))
    return f"{where} · " + t.gettext("front · print both sides, flip on {edge}, at 100 %", edge=edge)


def _draw_label(canvas: SheetCanvas, spec: SheetSpec, page: Page, text: str, height: float) -> None:
    spot = label_spot(spec, page)
    if spot is None:
        return
    k = PT_PER_MM
    size = LABEL_SIZE
    natural = stringWidth(text, LABEL_FONT, size)
    if natural > spot.length * k:  # shrink a long label to the room there is
        size = max(LABEL_MIN_SIZE, size * spot.length * k / natural)
    cx, cy = spot.centre
    canvas.saveState()
    canvas.setFillColorRGB(*GREY)
    canvas.setFont(LABEL_FONT, size)
    canvas.translate(cx * k, (height - cy) * k)
    if spot.rotated:
        canvas.rotate(90)
    canvas.drawCentredString(0, -size * 0.35, text)
    canvas.restoreState()


def sheet_outputs(
    game: Game, faces: tuple[Face, ...] | list[Face], specs, warn: Warn | None = None, jobs: int | None = None
) -> dict[str, bytes]:
    """{path relative to the output root: bytes} for each sheet spec: the sheets PDF
    (<game>/sheets/<game>-<paper>[-<options>].pdf, named by pnp/sheets/names.py) and, for duplex
    sheets, the matching printer calibration sheet (<game>/<game>-calibration-<paper>[-<options>].pdf,
    in the sheets' orientation).
    Papers are drawn side by side on `jobs` worker processes (None: every core; pnp.core.pool)."""

    out: dict[str, bytes] = {}
    said: list[str] = []
    for made, warnings in pool.run([partial(paper_outputs, game, faces, spec) for spec in specs], jobs):
        out.update(made)
        said += warnings
    for message in dict.fromkeys(said):  # a face's short bleed is said once, not once a paper
        if warn is not None:
            warn(message)
    return out


def paper_outputs(game: Game, faces, spec: SheetSpec) -> tuple[dict[str, bytes], list[str]]:
    """One paper's sheets and calibration sheet, and the warnings drawing them gave (papers may be
    drawn in worker processes, so warnings travel with the result)."""
    warnings: list[str] = []
    plan = plan_sheets(game, faces, spec)
    out = {sheets_file(game, spec): draw_plan(plan, game.title, warnings.append, game.language)}
    if spec.duplex != "none" and not spec.gutter_fold:
        out[calibration_file(game, spec)] = calibration_sheet(plan.spec, game.language)
    return out, warnings
