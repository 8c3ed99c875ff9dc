"""pdfpaint draws our SVG subset straight into PDF operators: it must look like the SVG.

Every bundled face is drawn into a PDF form with pdfpaint and compared, as pixels, with the same
face through svglib (the previous path) and with resvg's rendering of the SVG itself. Hand-made
faces cover what the bundled ones do not use (dashes, joins, miter limits, arcs, skew, evenodd
clips, ...). Unit tests pin path data, transforms and the errors for SVG outside the subset.
"""

from __future__ import annotations

import io
import math
import os
import pickle
import re
import subprocess
import sys

import pypdfium2
import pytest
import resvg_py
from PIL import Image, ImageChops, ImageStat

from pnp.core.units import mm_to_pt
from pnp.game.model import Face
from pnp.pdf.form import SheetCanvas
from pnp.pdf.paint import ART_MIN_ELEMENTS, FacePainter, PaintError, face_operators, paint_face
from pnp.pdf.path import arc_cubics, parse_transform, path_ops
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

DPI = 100


# --- helpers ---------------------------------------------------------------------------------


def face_pdf(face: Face, painter=paint_face) -> bytes:
    """One page the size of the face's bleed box with the face drawn into a form and placed."""
    buffer = io.BytesIO()
    w, h = mm_to_pt(face.width + 2 * face.bleed), mm_to_pt(face.height + 2 * face.bleed)
    canvas = SheetCanvas(buffer, (w, h))
    canvas.beginForm("face", 0, 0, w, h)
    painter(canvas, face)
    canvas.endForm()
    canvas.doForm("face")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def svglib_painter(canvas, face: Face) -> None:
    """pdfform's svglib drawing step, as it stands before the switch (for comparison)."""
    from reportlab.graphics.renderPDF import _PDFRenderer
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(face.svg.encode("utf-8")))
    canvas.saveState()
    canvas.scale(
        mm_to_pt(face.width + 2 * face.bleed) / drawing.width, mm_to_pt(face.height + 2 * face.bleed) / drawing.height
    )
    _PDFRenderer().draw(drawing, canvas, 0, 0, showBoundary=False)
    canvas.restoreState()


def pdf_png(data: bytes) -> Image.Image:
    page = pypdfium2.PdfDocument(data)[0]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def svg_png(face: Face, size: tuple[int, int]) -> Image.Image:
    png = bytes(resvg_py.svg_to_bytes(svg_string=face.svg, dpi=96, width=size[0]))
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    white.alpha_composite(image)
    return white.convert("RGB").resize(size) if image.size != size else white.convert("RGB")


def difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """Mean |Δ| over the picture (0–255) and the worst 8×8-pixel block's mean |Δ|."""
    diff = ImageChops.difference(a, b).convert("L")
    blocks = diff.resize((diff.width // 8, diff.height // 8), Image.BOX)
    return ImageStat.Stat(diff).mean[0], blocks.getextrema()[1]


def make_face(body: str, face_id: str = "sample", size: float = 40.0) -> Face:
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" id="{face_id}" width="{size}mm" height="{size}mm" '
        f'viewBox="0 0 {size:g} {size:g}">{body}</svg>'
    )
    return Face(id=face_id, svg=svg, width=size, height=size, bleed=0.0)


@pytest.fixture(scope="module")
def bundled_faces() -> list[Face]:
    return list(render_faces(load_game("tranquility"))) + list(render_faces(load_game("ascent")))


# --- every bundled face looks the same as before and as the SVG --------------------------------


def test_bundled_faces_match_svglib_and_the_svg(bundled_faces):
    worst_svglib, worst_svg = (0.0, 0, ""), (0.0, 0, "")
    for face in bundled_faces:
        ours = pdf_png(face_pdf(face))
        mean, block = difference(ours, pdf_png(face_pdf(face, svglib_painter)))
        assert mean < 0.5 and block < 16, f"{face.id}: differs from svglib by mean {mean:.2f}, block {block}"
        worst_svglib = max(worst_svglib, (mean, block, face.id))
        mean, block = difference(ours, svg_png(face, ours.size))
        assert mean < 4 and block < 64, f"{face.id}: differs from resvg's SVG by mean {mean:.2f}, block {block}"
        worst_svg = max(worst_svg, (mean, block, face.id))
    print(f"worst vs svglib {worst_svglib}, vs resvg {worst_svg}")


# --- hand-made faces for what the bundled ones do not use -------------------------------------

SAMPLER = {
    "dashes-caps-joins": (
        '<path d="M4 6 H36" fill="none" stroke="#1f2a38" stroke-width="1.5" stroke-dasharray="4 2 1"/>'
        '<polyline points="4,12 12,20 20,12 28,20 36,12" fill="none" stroke="#c0392b" stroke-width="2" '
        'stroke-linejoin="bevel" stroke-linecap="square"/>'
        '<polyline points="4,26 20,30 36,26" fill="none" stroke="#2e86c1" stroke-width="2.5" stroke-linejoin="miter" '
        'stroke-miterlimit="1"/>'
        '<line x1="6" y1="35" x2="34" y2="35" stroke="#117a65" stroke-width="3" stroke-linecap="round" fill="#ff0000"/>'
    ),
    "arcs-and-curves": (
        '<path d="M5 20 a8 5 30 1 1 14 4 A6 6 0 0 0 30 30 q4 -8 6 -2 t-3 6 c-2 3 -8 3 -10 0 s-6 -4 -8 0 z" '
        'fill="#f4c66b" stroke="#23405a" stroke-width="0.8" stroke-linejoin="round"/>'
        '<path d="M4 4l6 0 0 6-6 0zm10 0h6v6h-6z" fill="#8e44ad"/>'
    ),
    "evenodd-and-rounded": (
        '<path fill-rule="evenodd" d="M4 4h32v32H4z M12 12h16v16H12z" fill="#2a4a63"/>'
        '<rect x="14" y="14" width="12" height="12" rx="3" fill="#e67e22" stroke="#fff" stroke-width="0.6"/>'
        '<ellipse cx="20" cy="20" rx="3" ry="1.5" fill="#fff"/>'
    ),
    "clip-transform-skew": (
        '<defs><clipPath id="c1" clipPathUnits="userSpaceOnUse">'
        '<circle cx="20" cy="20" r="12" transform="translate(2 0)"/></clipPath>'
        '<clipPath id="c2" clip-rule="evenodd"><path d="M0 0h40v40H0z M15 15h10v10H15z"/></clipPath></defs>'
        '<g clip-path="url(#c1)" transform="rotate(15 20 20)"><rect x="0" y="0" width="40" height="40" fill="#16a085"/>'
        '<rect x="0" y="18" width="40" height="4" fill="#fdfefe"/></g>'
        '<g clip-path="url(#c2)" fill="#34495e"><polygon points="2,38 38,38 20,8" transform="skewX(10)"/></g>'
        '<g transform="matrix(0.5 0 0 0.5 1 1) scale(1 1.5)"><circle cx="6" cy="6" r="4" fill="#c0392b"/></g>'
    ),
}


@pytest.mark.parametrize("name", sorted(SAMPLER))
def test_hand_made_faces_match_the_svg(name):
    face = make_face(SAMPLER[name], face_id=name)
    ours = pdf_png(face_pdf(face))
    mean, block = difference(ours, svg_png(face, ours.size))
    assert mean < 3 and block < 48, f"{name}: mean {mean:.2f}, block {block}"


def test_a_lost_shape_would_be_seen():
    """The thresholds above are tight enough to notice one missing 4 mm shape."""
    face = make_face(SAMPLER["evenodd-and-rounded"])
    without = make_face(
        SAMPLER["evenodd-and-rounded"].replace('<ellipse cx="20" cy="20" rx="3" ry="1.5" fill="#fff"/>', "")
    )
    _mean, block = difference(pdf_png(face_pdf(without)), svg_png(face, pdf_png(face_pdf(face)).size))
    assert block >= 48


# --- operators: paint state, clip, determinism ------------------------------------------------


def test_a_face_maps_its_viewbox_onto_the_form_box_with_y_up():
    face = make_face('<rect x="1" y="2" width="3" height="4" fill="#ff8000"/>', size=10)
    ops = face_operators(face, 100.0, 100.0)
    assert ops.splitlines() == ["q 10 0 0 -10 0 100 cm", "1 0.502 0 rg", "1 2 3 4 re f", "Q"]


def test_stroke_state_follows_svg_defaults_not_pdf_ones():
    ops = face_operators(make_face('<path d="M1 1L9 9" stroke="#000" fill="none"/>', size=10), 10.0, 10.0)
    assert "0 0 0 RG\n1 w\n0 J\n0 j\n4 M\n[] 0 d\n1 1 m 9 9 l S" in ops  # miter limit 4, not PDF's 10


def test_fill_rule_and_clip_rule_pick_the_even_odd_operators():
    ops = face_operators(make_face(SAMPLER["clip-transform-skew"] + SAMPLER["evenodd-and-rounded"]), 100.0, 100.0)
    assert " W n" in ops and " W* n" in ops and " f*" in ops and " B\n" in ops + "\n"


def test_a_clip_child_transform_is_undone_after_clipping():
    ops = face_operators(make_face(SAMPLER["clip-transform-skew"]), 100.0, 100.0)
    assert "1 0 0 1 2 0 cm 32 20 m" in ops and "W n 1 0 0 1 -2 0 cm" in ops


def test_the_same_face_gives_the_same_bytes(bundled_faces):
    face = next(f for f in bundled_faces if f.id == "island-74")
    assert face_pdf(face) == face_pdf(face)
    code = (
        "from pnp.pipeline.load import load_game; from pnp.svg.faces import render_faces; "
        "from pnp.pdf.paint import face_operators;"
        "import hashlib, sys; f = [f for f in render_faces(load_game('tranquility')) if f.id == 'island-74'][0];"
        "sys.stdout.write(hashlib.sha256(face_operators(f, 215.4, 215.4).encode()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    import hashlib

    assert other == hashlib.sha256(face_operators(face, 215.4, 215.4).encode()).hexdigest()


# --- art forms and the painter's caches ----------------------------------------------------------

ART = "".join(f'<circle cx="{4 + 2 * i}" cy="20" r="1" fill="#{i:x}{i:x}0000"/>' for i in range(ART_MIN_ELEMENTS))


def test_art_shared_by_two_faces_is_one_form_in_the_pdf():
    faces = [
        make_face(f'<rect width="40" height="40" fill="#{c}"/><g id="{n}-art">{ART}</g>', face_id=n)
        for n, c in (("one", "123456"), ("two", "654321"))
    ]
    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, (200.0, 200.0))
    for n, face in enumerate(faces):
        canvas.beginForm(f"face{n}", 0, 0, 113.4, 113.4)
        FacePainter().paint(canvas, face)
        canvas.endForm()
        canvas.doForm(f"face{n}")
    canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    names = set(re.findall(rb"/FormXob\.(art[0-9a-f]+)", pdf))
    assert len(names) == 1
    assert pdf.count(b"/BBox [-1000000000") == 1  # the art form is written once


def inline_painter(canvas, face: Face) -> None:
    w, h = mm_to_pt(face.width + 2 * face.bleed), mm_to_pt(face.height + 2 * face.bleed)
    canvas.addLiteral(face_operators(face, w, h))


def test_small_groups_and_groups_using_a_clip_from_outside_are_drawn_inline():
    assert b"/FormXob.art" not in face_pdf(make_face('<g id="g"><circle cx="5" cy="5" r="2"/></g>'))
    face = make_face(
        '<clipPath id="c"><rect width="20" height="20"/></clipPath>'
        f'<g id="outer"><g clip-path="url(#c)">{ART}</g><rect width="5" height="5"/></g>'
    )
    pdf = face_pdf(face)
    # "outer" draws with #c from outside itself: inline; the inner group, clipped from outside, is art
    assert len(set(re.findall(rb"/FormXob\.(art[0-9a-f]+)", pdf))) == 1
    assert difference(pdf_png(pdf), pdf_png(face_pdf(face, inline_painter)))[1] <= 2


def test_a_warm_painter_writes_the_same_bytes_as_a_fresh_one(bundled_faces):
    faces = [f for f in bundled_faces if f.id in ("island-07", "island-08", "back-back", "summit-1")]
    warm = FacePainter()
    for face in faces:
        face_pdf(face, warm.paint)
    for face in faces:
        assert face_pdf(face, warm.paint) == face_pdf(face, FacePainter().paint)


def test_faces_prepared_elsewhere_draw_the_same_bytes_without_a_walk(bundled_faces, monkeypatch):
    """A worker's painter walks the faces it drew (prepare); the painter that keeps them (a process
    forked later: the sheets' workers) draws them without walking them again, byte for byte."""
    faces = [f for f in bundled_faces if f.id in ("island-07", "island-08", "back-back", "summit", "terrain-red-03")]
    assert len(faces) == 6  # back-back of both games
    prepared = pickle.loads(pickle.dumps(FacePainter().prepare(faces)))  # as a worker's result travels
    keeper = FacePainter()
    keeper.keep(prepared)
    expected = [face_pdf(face, FacePainter().paint) for face in faces]
    monkeypatch.setattr(FacePainter, "_walk", lambda self, face: pytest.fail(f"{face.id} walked again"))
    assert [face_pdf(face, keeper.paint) for face in faces] == expected


def test_forms_and_inline_drawing_look_the_same(bundled_faces):
    face = next(f for f in bundled_faces if f.id == "island-74")
    inline = face_pdf(face, inline_painter)
    assert b"/FormXob.art" in face_pdf(face) and b"/FormXob.art" not in inline
    assert difference(pdf_png(face_pdf(face)), pdf_png(inline))[1] <= 2


# --- render.py's layout: one top-level element a line, drawn line by line -------------------------


def lined_face(lines: list[str], face_id: str = "sample", size: float = 40.0) -> Face:
    """A face in render.py's layout: declaration, <svg> start tag, an element a line, </svg>."""
    svg = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1" id="{face_id}" '
        f'width="{size}mm" height="{size}mm" viewBox="0 0 {size:g} {size:g}">\n'
        + "".join(f"{line}\n" for line in lines)
        + "</svg>\n"
    )
    return Face(id=face_id, svg=svg, width=size, height=size, bleed=0.0)


LINED = {
    "self-contained lines": [
        '<rect id="{f}-bg" width="40" height="40" fill="#2c3e50"/>',
        f'<g id="{{f}}-art" transform="translate(2 2)">{ART}</g>',
        '<g id="{f}-text" fill="#ecf0f1"><circle cx="30" cy="30" r="4"/></g>',
    ],
    "a clip defined in another line": [
        '<defs><clipPath id="{f}-half"><rect width="20" height="40"/></clipPath></defs>',
        '<g id="{f}-clipped" clip-path="url(#{f}-half)"><circle cx="20" cy="20" r="15" fill="#c0392b"/></g>',
    ],
    "one clip id defined in two lines": [
        '<g id="{f}-a"><clipPath id="{f}-c"><rect width="20" height="40"/></clipPath>'
        '<rect clip-path="url(#{f}-c)" width="40" height="20" fill="#27ae60"/></g>',
        '<g id="{f}-b"><clipPath id="{f}-c"><rect width="40" height="10"/></clipPath>'
        '<rect clip-path="url(#{f}-c)" y="20" width="40" height="20" fill="#2980b9"/></g>',
    ],
}


@pytest.mark.parametrize("name", sorted(LINED))
def test_a_face_drawn_line_by_line_looks_as_drawn_whole(name):
    """Lines that are self-contained are drawn one by one; the others fall back to the whole face.
    Either way the picture is the face's: the same as the one-line SVG's, and as resvg's."""
    lines = [line.replace("{f}", "sample") for line in LINED[name]]
    lined, whole = lined_face(lines), make_face("".join(lines))
    ours = pdf_png(face_pdf(lined, FacePainter().paint))
    assert difference(ours, pdf_png(face_pdf(whole, FacePainter().paint)))[1] <= 2
    if name != "one clip id defined in two lines":  # invalid SVG: renderers differ (we use the first)
        mean, block = difference(ours, svg_png(lined, ours.size))
        assert mean < 3 and block < 48, f"{name}: mean {mean:.2f}, block {block}"


def test_faces_of_one_template_share_their_lines():
    painter = FacePainter()
    for n in range(3):
        face_id = f"island-{n}"
        face_pdf(
            lined_face([line.replace("{f}", face_id) for line in LINED["self-contained lines"]], face_id), painter.paint
        )
    assert len(painter._lines) == 3  # three lines, each walked once for the three faces


def test_a_glyph_is_one_form_placed_in_the_colours_around_it(bundled_faces):
    """Big paths outside art (glyphs) become forms named by content: a glyph drawn twice is stored
    once, and each use takes the fill colour set before it."""
    glyph = "M1 1" + "".join(f" L{2 + n % 7} {1 + n % 5}" for n in range(60)) + " Z"
    face = lined_face(
        [
            f'<g id="sample-a" fill="#c0392b"><path d="{glyph}"/></g>',
            f'<g id="sample-b" fill="#2980b9" transform="translate(15 15)"><path d="{glyph}"/></g>',
        ]
    )
    pdf = face_pdf(face, FacePainter().paint)
    assert len(set(re.findall(rb"/FormXob\.(path[0-9a-f]+)", pdf))) == 1
    ours = pdf_png(pdf)
    mean, block = difference(ours, svg_png(face, ours.size))
    assert mean < 3 and block < 48


def test_a_glyph_form_in_large_units_is_not_clipped_away():
    """Path forms draw in their own user space; art in large units (a viewBox of 300,000) must
    not fall outside the form's box (it did with a box of ±100,000)."""
    d = "M200000 200000" + "".join(f" L{300000 - n * 1000} {200000 + (n % 2) * 100000}" for n in range(40)) + " Z"
    face = lined_face([f'<g id="sample-big" fill="#c0392b" transform="scale(0.0001)"><path d="{d}"/></g>'])
    ours = pdf_png(face_pdf(face, FacePainter().paint))
    mean, block = difference(ours, svg_png(face, ours.size))
    assert mean < 3 and block < 48
    assert ImageStat.Stat(ours.convert("L")).mean[0] < 253  # something red was drawn (a blank face: 255)


# --- path data ---------------------------------------------------------------------------------


def test_relative_commands_and_implicit_repeats():
    assert path_ops("m1 2 3 4 5 6") == "1 2 m 4 6 l 9 12 l"
    assert path_ops("M1 2 3 4") == "1 2 m 3 4 l"
    assert path_ops("M0 0h5v5H0V0zl1 1") == "0 0 m 5 0 l 5 5 l 0 5 l 0 0 l h 0 0 m 1 1 l"
    assert path_ops("M1,1L2,2,3,3") == "1 1 m 2 2 l 3 3 l"
    assert path_ops("M.5.5l-.5-.5") == "0.5 0.5 m 0 0 l"
    assert path_ops("M1e1 2E-1") == "10 0.2 m"


def test_quadratic_and_smooth_curves_become_exact_cubics():
    assert path_ops("M0 0Q3 3 6 0") == "0 0 m 2 2 4 2 6 0 c"
    assert path_ops("M0 0Q3 3 6 0T12 0") == "0 0 m 2 2 4 2 6 0 c 8 -2 10 -2 12 0 c"
    assert path_ops("M0 0C1 1 2 1 3 0S5 -1 6 0") == "0 0 m 1 1 2 1 3 0 c 4 -1 5 -1 6 0 c"
    assert path_ops("M0 0S1 1 2 0") == "0 0 m 0 0 1 1 2 0 c"  # no previous curve: first control = current point


def test_arc_flags_may_be_written_without_separators():
    assert path_ops("M0 0a5 5 0 011 1") == path_ops("M0 0 a 5 5 0 0 1 1 1")
    assert path_ops("M0 0A1 1 0 1110 0") == path_ops("M0 0A1 1 0 1 1 10 0")


def test_a_half_circle_arc_stays_on_the_circle():
    cubics = arc_cubics(0.0, 0.0, 5.0, 5.0, 0.0, False, True, 10.0, 0.0)
    assert len(cubics) == 2
    assert cubics[-1][4:] == (10.0, 0.0)
    mid = cubics[0][4:]
    assert (
        math.isclose(math.dist(mid, (5.0, 0.0)), 5.0, rel_tol=1e-9) and mid[1] < 0
    )  # sweep 1: angles grow, through -y (up on screen)
    for c in cubics:  # the Bézier's midpoint is within 0.03% of the radius from the circle
        x0, y0 = (0.0, 0.0) if c is cubics[0] else cubics[0][4:]
        bx = (x0 + 3 * c[0] + 3 * c[2] + c[4]) / 8
        by = (y0 + 3 * c[1] + 3 * c[3] + c[5]) / 8
        assert abs(math.dist((bx, by), (5.0, 0.0)) - 5.0) < 5.0 * 3e-4


def test_arc_radii_too_small_are_scaled_up_and_zero_radii_draw_a_line():
    cubics = arc_cubics(0.0, 0.0, 1.0, 1.0, 0.0, False, False, 10.0, 0.0)  # needs radius 5
    assert math.isclose(math.dist(cubics[0][4:], (5.0, 0.0)), 5.0, rel_tol=1e-9)
    assert path_ops("M0 0A0 3 0 0 1 4 4") == "0 0 m 4 4 l"
    assert path_ops("M2 2A3 3 0 0 1 2 2") == "2 2 m"  # same end point: nothing


def test_rotated_elliptical_arc_ends_where_asked():
    cubics = arc_cubics(1.0, 2.0, 6.0, 3.0, 30.0, True, False, 7.0, -1.0)
    assert cubics[-1][4:] == (7.0, -1.0) and len(cubics) >= 3


@pytest.mark.parametrize(
    "data, message",
    [
        ("L1 1", "must start with a moveto"),
        ("M1 1 L2", "needs 2 numbers"),
        ("M1 1 x2 2", "not a command or a number"),
        ("M0 0 A1 1 0 2 0 3 3", "arc flag"),
        ("M0 0Z 1 1", "numbers after a closepath"),
    ],
)
def test_bad_path_data_is_refused(data, message):
    with pytest.raises(ValueError, match=message):
        path_ops(data)


# --- transforms ------------------------------------------------------------------------------


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def test_transforms_compose_left_to_right_like_svg():
    m = parse_transform("translate(10 0) scale(2)")
    assert _apply(m, 1, 1) == (12, 2)
    m = parse_transform("rotate(90 5 5)")
    x, y = _apply(m, 10, 5)
    assert math.isclose(x, 5) and math.isclose(y, 10)
    assert parse_transform("matrix(1,2,3,4,5,6)") == (1, 2, 3, 4, 5, 6)
    assert parse_transform("translate(3)") == (1, 0, 0, 1, 3, 0)
    x, y = _apply(parse_transform("skewX(45)"), 0, 2)
    assert math.isclose(x, 2) and y == 2
    x, y = _apply(parse_transform("skewY(45)"), 2, 0)
    assert x == 2 and math.isclose(y, 2)


@pytest.mark.parametrize("text", ["rotate(1 2)", "scale()", "translate(1 2) frobnicate(3)", "matrix(1 2 3)"])
def test_bad_transforms_are_refused(text):
    with pytest.raises(ValueError):
        parse_transform(text)


# --- anything outside the subset is a clear error -----------------------------------------


@pytest.mark.parametrize(
    "body, message",
    [
        ('<text x="1" y="1">hi</text>', "<text> .*is outside the SVG subset"),
        ('<g id="art"><image width="1" height="1"/></g>', "a <image> inside 'art'.*data:image/png or data:image/jpeg"),
        (
            '<g id="art"><image width="1" height="1" href="file:///etc/passwd"/></g>',
            "a <image> inside 'art'.*no links to files",
        ),
        ('<g id="art"><text>hi</text></g>', "a <text> inside 'art'.*outside the SVG subset"),
        ('<rect id="r" width="1" height="1" opacity="0.5"/>', r"<rect id='r'>: the attribute 'opacity' is outside"),
        ('<rect width="1" height="1" style="fill:red"/>', "the attribute 'style' is outside"),
        ('<circle r="2" fill="red"/>', "fill='red': colours must be"),
        ('<circle r="2" fill="url(#g)"/>', "colours must be"),
        ('<rect width="2mm" height="1"/>', "width='2mm' must be a plain number"),
        ('<circle r="inf"/>', "r='inf' must be a plain number"),
        ('<g clip-path="url(#nowhere)"><rect width="1" height="1"/></g>', "must be url\\(#id\\) of a <clipPath>"),
        (
            '<clipPath id="c"><rect width="1" height="1"/><circle r="1"/></clipPath>'
            '<g clip-path="url(#c)"><rect width="1" height="1"/></g>',
            "more than one shape",
        ),
        (
            '<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath>',
            "userSpaceOnUse",
        ),
        ('<path id="p" d="M0 0 Lx"/>', "<path id='p'>: the path data"),
        ('<polygon points="1 2 3"/>', "x,y pairs"),
        ('<path d="M0 0" stroke-linejoin="arcs"/>', "must be one of miter, round, bevel"),
        ('<path d="M0 0" stroke-dasharray="1 -2"/>', "non-negative numbers"),
    ],
)
def test_svg_outside_the_subset_names_the_face_and_the_element(body, message):
    with pytest.raises(PaintError, match=r"^The face 'odd-face' cannot be drawn into the PDF: " + ".*" + message):
        face_operators(make_face(body, face_id="odd-face"), 100.0, 100.0)


def test_unreadable_xml_is_a_paint_error():
    face = Face(id="broken", svg="<svg", width=10, height=10, bleed=0)
    with pytest.raises(PaintError, match="'broken' is not an SVG"):
        face_operators(face, 10.0, 10.0)


def test_nothing_is_drawn_for_shapes_svg_does_not_draw():
    body = (
        '<rect width="0" height="5"/><circle r="0"/><ellipse rx="2" ry="0"/><path d=""/>'
        '<path d="M0 0L5 5" fill="none"/><g clip-path="url(#e)"><rect width="5" height="5"/></g>'
        '<defs><clipPath id="e"/><rect width="9" height="9"/></defs>'
    )
    ops = face_operators(make_face(body), 10.0, 10.0)
    assert re.sub(r"^q .* cm\n", "", ops) == "q\nQ\nQ\n"


def test_a_face_id_inside_another_value_does_not_share_a_line():
    """Only ids and references lose the face id in the line cache's key: face 9's polygon
    "9-10 35 …" is not face 5's "5-10 35 …" (found in review)."""
    painter = FacePainter()
    faces = [
        lined_face([f'<polygon id="{n}-shape" points="{n}-10 35 30,5 38,38 2" fill="#2c3e50"/>'], face_id=str(n))
        for n in (5, 9)
    ]
    face_pdf(faces[0], painter.paint)
    warm = pdf_png(face_pdf(faces[1], painter.paint))
    assert difference(warm, pdf_png(face_pdf(faces[1], FacePainter().paint)))[1] <= 2


# --- drawn from the face model ---------------------------------------------------------------------

PHOTO_SEA = os.path.join(os.path.dirname(__file__), "..", "card_specs", "examples", "photo-sea", "photo-sea.json")


@pytest.mark.parametrize(
    "game, ink",
    [
        ("tranquility", "normal"),
        ("tranquility", "saver"),
        ("ascent", "normal"),
        ("ascent", "saver"),
        (PHOTO_SEA, "normal"),
    ],
)
def test_a_face_drawn_from_its_model_is_drawn_as_its_svg_text_is(game, ink):
    """The painter draws a face from its Layout (Face.layout) item by item; the operators are
    those of the face's SVG text, line by line: the same PDF bytes either way."""
    from dataclasses import replace

    faces = render_faces(replace(load_game(game), ink=ink), jobs=1)
    from_model, from_text = FacePainter(), FacePainter()
    assert all(f.layout is not None for f in faces)
    for face in faces:
        assert from_model._walk(face) == from_text._walk(replace(face, layout=None)), face.id


def test_a_face_with_a_model_is_not_read_from_its_text():
    from dataclasses import replace

    face = next(f for f in render_faces(load_game(PHOTO_SEA), jobs=1) if f.id == "island-01")
    pieces = FacePainter()._walk(replace(face, svg="not an SVG at all"))
    assert pieces == FacePainter()._walk(face)
    assert any(type(p).__name__ == "ImageRef" for p in pieces)  # the photo, from the item's Raster
