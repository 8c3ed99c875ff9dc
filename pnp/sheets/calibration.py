"""A printer calibration sheet: one sheet of paper, printed on both sides, that shows how far the
printer shifts the backs and which `--back-offset dx,dy` corrects it.

The front has two cut lines running in from the paper's edge; the back has a ruler across the end
of each, placed (with the same mirroring the card sheets use) exactly behind where the cut should
cross its zero. After cutting, the number each cut meets on the back ruler is the offset to pass:
dx from the horizontal ruler, dy from the vertical one, in mm (+dx right, +dy down, as seen on
the back). The rulers ignore any offset already given; a framed square on each side, with the
offset applied to the back one, shows whether an offset works (hold the sheet against a light).
"""

from __future__ import annotations

import io

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core.errors import UsageError
from pnp.core.i18n import N_, Translator, translator
from pnp.core.units import PT_PER_MM
from pnp.pdf.form import LABEL_FONT, LABEL_FONT_BOLD, SheetCanvas
from pnp.sheets.placement import Affine, apply
from pnp.sheets.plan import back_map
from pnp.sheets.spec import Grid, SheetSpec

K = PT_PER_MM
RULER_RANGE = 8  # mm either side of zero
CUT_LENGTH = 70.0  # mm
FRAME = 40.0  # mm, the see-through check square
ZERO_TICK = 7.0  # mm: the zero tick stands out past the numbers

INSTRUCTIONS = (
    N_("1. Print this sheet on both sides with the settings you use for the card sheets:"),
    N_("    the same paper, flip on the {edge}, actual size (100 %, no “fit to page”)."),
    N_("2. Check the bar below measures exactly 100 mm. If not, your printer is scaling the page."),
    N_("3. With scissors, cut in from the paper’s edge along each of the two solid cut lines,"),
    N_("    a little past the ruler printed on the back."),
    N_("4. Turn the sheet over. Where each cut meets the back’s ruler, read the number:"),
    N_("    the bottom cut gives dx, the left cut gives dy (in mm; read halves from the short ticks)."),
    N_("5. Build your sheets with  --back-offset dx,dy  (for example  --back-offset 1.5,-0.5 )."),
    N_("6. To check an offset, make this sheet again with it: the grey square on the back should"),
    N_("    sit exactly behind the square frame below when you hold the sheet against a light."),
)
EDGES = {"long-edge": N_("long edge"), "short-edge": N_("short edge")}


def calibration_sheet(spec: SheetSpec, lang: str | None = None) -> bytes:
    """The calibration sheet for `spec`'s paper, orientation (auto: portrait) and duplex flip, its
    words in `lang` (None: English)."""
    t = translator(lang)
    if spec.duplex == "none" or spec.gutter_fold:
        raise UsageError("A calibration sheet is for printing on both sides: choose duplex long-edge or short-edge.")
    orientation = "portrait" if spec.orientation == "auto" else spec.orientation
    spec = spec.with_orientation(orientation)
    width, height = spec.paper.oriented(orientation)
    grid = Grid((width, height), orientation, 1, 1, (1.0, 1.0), 0.0, (0.0, 0.0))
    plain = back_map(SheetSpec(paper=spec.paper, orientation=orientation, duplex=spec.duplex), grid)
    shifted = back_map(spec, grid)
    out = io.BytesIO()
    canvas = SheetCanvas(out, (width * K, height * K))
    canvas.setTitle(t.gettext("Printer calibration ({paper}, {duplex})", paper=spec.paper.name, duplex=spec.duplex))
    canvas.setCreator("tranquility-pnp")
    if spec.back_offset != (0.0, 0.0):
        canvas.setSubject("back offset {} mm".format(",".join(f"{v:g}" for v in spec.back_offset)))
    marks = _layout(spec, width, height)
    _front(canvas, spec, marks, width, height, t)
    canvas.showPage()
    _back(canvas, spec, marks, plain, shifted, height, t)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _layout(spec: SheetSpec, width: float, height: float) -> dict[str, tuple[float, float]]:
    """Where things go on the front (page mm, y down)."""
    m = spec.margin
    x_cut = width * 0.68
    y_cut = height * 0.62
    return {
        "dx_cut_end": (x_cut, height - m - CUT_LENGTH),  # vertical cut up from the bottom edge
        "dx_ruler": (x_cut, height - m - CUT_LENGTH + 15.0),
        "dy_cut_end": (m + CUT_LENGTH, y_cut),  # horizontal cut in from the left edge
        "dy_ruler": (m + CUT_LENGTH - 15.0, y_cut),
        "frame": (width * 0.12, height * 0.40),
        "bar": (width * 0.12, height * 0.34),
        "text": (m + 8.0, m + 12.0),
    }


def _y(height: float, y: float) -> float:
    return (height - y) * K


def _fitted(canvas: SheetCanvas, x: float, y: float, text: str, font: str, size: float, room: float) -> None:
    """Draw `text` at (x, y) pt, shrunk to `room` pt wide when it is longer (a longer language)."""
    natural = stringWidth(text, font, size)
    canvas.setFont(font, size * min(1.0, room / natural) if natural else size)
    canvas.drawString(x, y, text)
    canvas.setFont(font, size)


def _front(canvas: SheetCanvas, spec: SheetSpec, marks: dict, width: float, height: float, t: Translator) -> None:
    tx, ty = marks["text"]
    edge = t.gettext(EDGES.get(spec.duplex, spec.duplex))
    room = (width - tx - spec.margin) * K
    heading = t.gettext("Printer calibration · {paper} · flip on {edge}", paper=spec.paper.title, edge=edge)
    _fitted(canvas, tx * K, _y(height, ty), heading, LABEL_FONT_BOLD, 15, room)
    for i, line in enumerate(INSTRUCTIONS):
        _fitted(canvas, tx * K, _y(height, ty + 9 + i * 4.6), t.gettext(line, edge=edge), LABEL_FONT, 9, room)
    dx, dy = spec.back_offset
    shown = {"dx": f"{dx:g}", "dy": f"{dy:g}"}
    made = t.gettext("This sheet was made with back offset {dx},{dy} mm.", **shown)
    _fitted(canvas, tx * K, _y(height, ty + 9 + len(INSTRUCTIONS) * 4.6 + 2), made, LABEL_FONT, 9, room)
    _scale_bar(canvas, marks["bar"], height, t)
    fx, fy = marks["frame"]
    canvas.setLineWidth(0.5)
    canvas.rect(fx * K, _y(height, fy + FRAME), FRAME * K, FRAME * K, stroke=1, fill=0)
    canvas.drawString(fx * K, _y(height, fy + FRAME + 4), t.gettext("check square (front)"))
    cut = t.gettext("{name}: cut from the edge to here", name=t.gettext("cut dx"))
    _cut_line(canvas, (marks["dx_cut_end"][0], height - spec.margin), marks["dx_cut_end"], height, cut)
    cut = t.gettext("{name}: cut from the edge to here", name=t.gettext("cut dy"))
    _cut_line(canvas, (spec.margin, marks["dy_cut_end"][1]), marks["dy_cut_end"], height, cut)


def _scale_bar(canvas: SheetCanvas, at: tuple[float, float], height: float, t: Translator) -> None:
    x, y = at
    canvas.setLineWidth(0.5)
    canvas.line(x * K, _y(height, y), (x + 100) * K, _y(height, y))
    for i in range(0, 101, 10):
        tick = 3.0 if i % 50 == 0 else 1.5
        canvas.line((x + i) * K, _y(height, y), (x + i) * K, _y(height, y - tick))
    canvas.setFont(LABEL_FONT, 7)
    canvas.drawString(x * K, _y(height, y + 3.5), t.gettext("this bar is 100 mm long"))


def _cut_line(
    canvas: SheetCanvas, start: tuple[float, float], end: tuple[float, float], height: float, text: str
) -> None:
    canvas.setLineWidth(0.6)
    canvas.line(start[0] * K, _y(height, start[1]), end[0] * K, _y(height, end[1]))
    canvas.setFont(LABEL_FONT, 7)
    vertical = abs(start[0] - end[0]) < 1e-9
    if vertical:
        canvas.drawString((end[0] + 1.5) * K, _y(height, end[1] + 4), text)
    else:
        canvas.drawRightString((end[0] - 1.5) * K, _y(height, end[1] - 1.5), text)


def _back(
    canvas: SheetCanvas, spec: SheetSpec, marks: dict, plain: Affine, shifted: Affine, height: float, t: Translator
) -> None:
    width = spec.paper.oriented(spec.orientation)[0]
    canvas.setFont(LABEL_FONT_BOLD, 12)
    canvas.drawCentredString(width / 2 * K, _y(height, spec.margin + 10), t.gettext("Calibration sheet: back"))
    canvas.setFont(LABEL_FONT, 8)
    canvas.drawCentredString(
        width / 2 * K,
        _y(height, spec.margin + 15),
        t.gettext("Read each ruler where its cut meets it: that number is dx (or dy) in mm."),
    )
    _ruler(canvas, apply(plain, *marks["dx_ruler"]), "horizontal", height, "dx")
    _ruler(canvas, apply(plain, *marks["dy_ruler"]), "vertical", height, "dy")
    fx, fy = marks["frame"]
    corners = [apply(shifted, fx + u, fy + v) for u in (0, FRAME) for v in (0, FRAME)]
    left, top = min(p[0] for p in corners), min(p[1] for p in corners)
    canvas.setFillColorRGB(0.8, 0.8, 0.8)
    canvas.rect(left * K, _y(height, top + FRAME), FRAME * K, FRAME * K, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)


def _ruler(canvas: SheetCanvas, zero: tuple[float, float], direction: str, height: float, name: str) -> None:
    """Ticks every 0.5 mm for ±RULER_RANGE mm around `zero` (page mm), numbered every mm:
    even numbers on one side, odd on the other, so they never crowd."""
    x0, y0 = zero
    canvas.setLineWidth(0.25)
    canvas.setFont(LABEL_FONT, 5)
    horizontal = direction == "horizontal"
    span = RULER_RANGE
    if horizontal:
        canvas.line((x0 - span) * K, _y(height, y0), (x0 + span) * K, _y(height, y0))
    else:
        canvas.line(x0 * K, _y(height, y0 - span), x0 * K, _y(height, y0 + span))
    for half in range(-2 * span, 2 * span + 1):
        v = half / 2
        tick = ZERO_TICK if half == 0 else 2.5 if half % 2 == 0 else 1.2
        side = 1 if (half // 2) % 2 == 0 else -1  # even mm on one side, odd on the other
        if horizontal:
            x = x0 + v
            canvas.line(x * K, _y(height, y0 - tick * side), x * K, _y(height, y0 + (0.6 if half == 0 else 0) * side))
            if half % 2 == 0:  # numbers read upwards so neighbours 2 mm apart never touch
                canvas.saveState()
                canvas.translate(x * K, _y(height, y0 - side * (tick + 0.6)))
                canvas.rotate(90)
                draw = canvas.drawString if side > 0 else canvas.drawRightString
                draw(0, -1.6, _number(v))
                canvas.restoreState()
        else:
            y = y0 + v
            canvas.line(
                (x0 - tick * side) * K, _y(height, y), (x0 + (0.6 if half == 0 else 0) * side) * K, _y(height, y)
            )
            if half % 2 == 0:
                anchor = x0 - side * (tick + 0.6)
                draw = canvas.drawRightString if side > 0 else canvas.drawString
                draw(anchor * K, _y(height, y + 0.6), _number(v))
    canvas.setFont(LABEL_FONT_BOLD, 7)
    if horizontal:
        canvas.drawString((x0 + span + 2) * K, _y(height, y0 + 1), f"{name} (mm)")
    else:
        canvas.drawCentredString(x0 * K, _y(height, y0 + span + 4), f"{name} (mm)")


def _number(v: float) -> str:
    return f"{v:+g}".replace("+0", "0").replace("-", "−")
