"""PDF sheets, checked in the PDF's structure (pypdfium2) and in its pixels."""

from __future__ import annotations

import re

import pytest
from helpers.printkit import (
    MARK,
    form_matrices,
    form_placements,
    nearest_face,
    page_size_mm,
    page_text,
    pdf_pages,
    pixel_mm,
    render,
)

from pnp.sheets.impose import impose, sheet_outputs
from pnp.sheets.marks import crop_marks, outline
from pnp.sheets.plan import SheetError, plan_sheets
from pnp.sheets.spec import SheetSpec

PT = 72 / 25.4


def trims(page, bleed: float = 3.0) -> list[tuple[float, float, float, float]]:
    """Trim boxes (left, top, right, bottom; mm, y down) of the faces placed on a page."""
    return [(left + bleed, t + bleed, r - bleed, b - bleed) for left, t, r, b in form_placements(page)]


def centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def test_each_front_page_is_followed_by_its_back_page(islands_shared_backs):
    game, faces = islands_shared_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options()))
    labels = [page_text(doc[i]) for i in range(len(doc))]
    assert len(doc) == 4  # 13 cards, 8 to an A4 sheet: 2 sheets, each front then back
    assert ["sheet 1 of 2 · front" in labels[0], "sheet 1 of 2 · back" in labels[1]] == [True, True]
    assert ["sheet 2 of 2 · front" in labels[2], "sheet 2 of 2 · back" in labels[3]] == [True, True]


@pytest.mark.parametrize("paper, size_pt", [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_page_sizes_are_the_paper_in_points(islands_shared_backs, paper, size_pt):
    game, faces = islands_shared_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options(paper=paper)))
    for i in range(len(doc)):
        assert doc[i].get_size() == pytest.approx(size_pt, abs=0.01)


def test_identical_faces_are_drawn_once_and_placed_many_times(islands_shared_backs):
    game, faces = islands_shared_backs
    pdf = impose(game, faces, SheetSpec.from_options())
    doc = pdf_pages(pdf)
    assert [len(form_placements(doc[i])) for i in range(len(doc))] == [8, 8, 5, 5]
    # 10 islands + 1 shared back + 1 border + 1 border back: 13 forms for 26 placements
    assert pdf.count(b"/Subtype /Form") == 13


def test_cards_are_placed_at_their_exact_trim_size_where_the_grid_says(islands_shared_backs):
    game, faces = islands_shared_backs
    spec = SheetSpec.from_options()
    plan = plan_sheets(game, faces, spec)
    doc = pdf_pages(impose(game, faces, spec))
    boxes = trims(doc[0])
    for index, (left, top, right, bottom) in enumerate(boxes):
        assert (right - left, bottom - top) == pytest.approx((70.0, 70.0), abs=0.01)
        assert (left, top) == pytest.approx(plan.pages[0].grid.cell_origin(index), abs=0.01)
    assert boxes[0][:2] == pytest.approx((35.0, 8.5), abs=0.01)


def test_card_size_scales_every_face_to_the_new_trim(islands_shared_backs):
    game, faces = islands_shared_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options(card_size="63.5mm")))
    scaled_bleed = 3.0 * 63.5 / 70
    for left, top, right, bottom in trims(doc[0], scaled_bleed):
        assert (right - left, bottom - top) == pytest.approx((63.5, 63.5), abs=0.01)


def _faces_in_cells(page, faces, dpi=40):
    """{trim box: face id} read from the colour at each placed face's centre."""
    image = render(page, dpi)
    return {box: nearest_face(pixel_mm(image, dpi, *centre(box)), faces) for box in trims(page)}


def _back_of(front_id: str) -> str:
    return f"{front_id}-back"


@pytest.mark.parametrize("duplex, flip", [("long-edge", "columns"), ("short-edge", "rows")])
def test_each_back_lies_behind_its_front_for_the_chosen_flip(islands_own_backs, duplex, flip):
    game, faces = islands_own_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options(duplex=duplex, orientation="portrait")))
    width, height = page_size_mm(doc[0])
    fronts, backs = _faces_in_cells(doc[0], faces), _faces_in_cells(doc[1], faces)
    assert len(fronts) == len(backs) == 8
    for (left, top, right, bottom), front_id in fronts.items():
        if flip == "columns":
            mirrored = (width - right, top, width - left, bottom)
        else:
            mirrored = (left, height - bottom, right, height - top)
        match = [face for box, face in backs.items() if box == pytest.approx(mirrored, abs=0.01)]
        assert match == [_back_of(front_id)]


def test_landscape_long_edge_turns_the_sheet_about_a_horizontal_line(islands_own_backs):
    game, faces = islands_own_backs
    plan = plan_sheets(game, faces, SheetSpec.from_options(orientation="landscape"))
    front, back = plan.pages[0], plan.pages[1]
    assert front.grid.page == (297.0, 210.0)
    height = front.grid.page[1]
    for f, b in zip(front.placements, back.placements, strict=True):
        fl, ft, fr, fb = _box(outline(f).points)
        assert _box(outline(b).points) == pytest.approx((fl, height - fb, fr, height - ft))
        # turned 180°: the face's top-left corner is at the back's bottom-right
        assert b.transform[:4] == pytest.approx((-1, 0, 0, -1))


def _box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("duplex, mark_at", [("long-edge", "top-left"), ("short-edge", "bottom-right")])
def test_backs_are_turned_so_a_card_flipped_about_its_own_vertical_axis_shows_them_upright(
    islands_own_backs, duplex, mark_at
):
    game, faces = islands_own_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options(duplex=duplex, orientation="portrait")))
    dpi = 60
    image = render(doc[1], dpi)
    mid = (MARK[0] + MARK[1]) / 2
    for left, top, right, bottom in trims(doc[1]):
        at_top_left = pixel_mm(image, dpi, left + mid, top + mid)
        at_bottom_right = pixel_mm(image, dpi, right - mid, bottom - mid)
        dark, light = (at_top_left, at_bottom_right) if mark_at == "top-left" else (at_bottom_right, at_top_left)
        assert max(dark) < 40 and max(light) > 60


def test_back_offset_moves_backs_only_by_exactly_dx_dy(islands_shared_backs):
    game, faces = islands_shared_backs
    plain = pdf_pages(impose(game, faces, SheetSpec.from_options()))
    shifted = pdf_pages(impose(game, faces, SheetSpec.from_options(back_offset="1.5,-0.75")))
    for index in range(len(plain)):
        before, after = form_matrices(plain[index]), form_matrices(shifted[index])
        is_back = index % 2 == 1
        for m0, m1 in zip(before, after, strict=True):
            assert m1[:4] == pytest.approx(m0[:4])
            dx, dy = (1.5, -0.75) if is_back else (0.0, 0.0)
            assert m1[4] - m0[4] == pytest.approx(dx * PT, abs=1e-3)
            assert m1[5] - m0[5] == pytest.approx(-dy * PT, abs=1e-3)  # +dy is down the page


def test_crop_marks_lie_outside_the_cards_and_inside_the_margin(islands_shared_backs):
    game, faces = islands_shared_backs
    for options in ({}, {"bleed": "3mm"}, {"gutter": "4mm"}, {"paper": "letter"}):
        spec = SheetSpec.from_options(**options)
        plan = plan_sheets(game, faces, spec)
        page = plan.pages[0]
        width, height = page.grid.page
        cw, ch = page.grid.cell
        marks = crop_marks(plan.spec, page)
        assert marks
        for (x1, y1), (x2, y2) in marks:
            for x, y in ((x1, y1), (x2, y2), ((x1 + x2) / 2, (y1 + y2) / 2)):
                assert spec.margin - 1e-9 <= x <= width - spec.margin + 1e-9
                assert spec.margin - 1e-9 <= y <= height - spec.margin + 1e-9
                for cx, cy in page.cells:
                    b = spec.bleed
                    inside = cx - b < x < cx + cw + b and cy - b < y < cy + ch + b
                    assert not inside, (options, x, y)
        # every trim line has a mark on both ends
        assert len(marks) == 2 * (
            len({round(x, 6) for x, _ in page.cells} | {round(x + cw, 6) for x, _ in page.cells})
            + len({round(y, 6) for _, y in page.cells} | {round(y + ch, 6) for _, y in page.cells})
        )


def test_crop_marks_are_printed_where_planned(islands_shared_backs):
    game, faces = islands_shared_backs
    spec = SheetSpec.from_options()
    plan = plan_sheets(game, faces, spec)
    doc = pdf_pages(impose(game, faces, spec))
    dpi = 600
    image = render(doc[0], dpi)
    marks = crop_marks(plan.spec, plan.pages[0])
    for (x1, y1), (x2, y2) in marks:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        assert min(pixel_mm(image, dpi, mx, my)) < 160  # a 0.25 pt line, antialiased
    assert not crop_marks(plan.spec, plan.pages[1])  # backs carry no marks


def test_without_bleed_each_face_is_clipped_to_its_trim(islands_shared_backs):
    game, faces = islands_shared_backs
    dpi = 150
    for bleed, expect_white in (("0mm", True), ("3mm", False)):
        doc = pdf_pages(impose(game, faces, SheetSpec.from_options(bleed=bleed)))
        image = render(doc[0], dpi)
        left, top, _right, bottom = trims(doc[0])[0]
        outside = pixel_mm(image, dpi, left - 1.5, (top + bottom) / 2)
        assert (min(outside) > 245) is expect_white


def test_every_font_in_the_sheets_is_embedded(islands_shared_backs):
    game, faces = islands_shared_backs
    pdf = impose(game, faces, SheetSpec.from_options(cut_lines=True))
    fonts = re.findall(rb"/BaseFont /([A-Za-z+-]+)", pdf)
    assert fonts == [b"AAAAAA+AtkinsonHyperlegible-Regular"]
    assert pdf.count(b"/FontFile2") == len(fonts)


def test_a_rebuild_is_byte_identical(islands_shared_backs, panorama_and_goats):
    for game, faces in (islands_shared_backs, panorama_and_goats):
        for options in ({}, {"bleed": "3mm", "duplex": "short-edge", "cut_lines": True}, {"gutter_fold": True}):
            spec = SheetSpec.from_options(**options)
            assert impose(game, faces, spec) == impose(game, faces, spec)


def test_gutter_fold_puts_each_back_beside_its_front_mirrored_across_the_fold(islands_own_backs):
    game, faces = islands_own_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options(gutter_fold=True)))
    assert len(doc) == 3  # 10 cards, 4 to a page (1 column each side of the fold, 4 rows)
    width, _ = page_size_mm(doc[0])
    cells = _faces_in_cells(doc[0], faces)
    fronts = {box: f for box, f in cells.items() if box[2] <= width / 2}
    backs = {box: f for box, f in cells.items() if box[0] >= width / 2}
    assert len(fronts) == len(backs) == 4
    for (left, top, right, bottom), front_id in fronts.items():
        mirrored = (width - right, top, width - left, bottom)
        assert [f for box, f in backs.items() if box == pytest.approx(mirrored, abs=0.01)] == [_back_of(front_id)]
    assert "fold on the dashed line" in page_text(doc[0])


def test_duplex_none_prints_fronts_only(islands_shared_backs):
    game, faces = islands_shared_backs
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options(duplex="none")))
    assert len(doc) == 2
    assert all("front" not in page_text(doc[i]) or "fronts only" in page_text(doc[i]) for i in range(2))


def test_a_missing_face_is_an_error_and_a_short_bleed_a_warning(islands_shared_backs):
    game, faces = islands_shared_backs
    without_back = tuple(f for f in faces if f.id != "back-border")
    with pytest.raises(SheetError, match=r"No face 'back-border' was rendered for card 'border'\."):
        impose(game, without_back, SheetSpec.from_options())
    warnings: list[str] = []
    impose(game, faces, SheetSpec.from_options(bleed="4mm"), warn=warnings.append)
    (warning,) = warnings  # one warning, not one per face
    assert warning.endswith(
        "have only 3 mm of bleed, less than the sheet's 4 mm; printing 3 mm "
        f"({', '.join(sorted(f.id for f in faces)[:3])} and {len(faces) - 3} more)"
    )


def test_a_short_bleed_is_said_once_for_every_paper(islands_shared_backs):
    game, faces = islands_shared_backs
    warnings: list[str] = []
    specs = [SheetSpec.from_options(paper=paper, bleed="4mm") for paper in ("a4", "letter")]
    sheet_outputs(game, faces, specs, warn=warnings.append, jobs=1)
    assert len(warnings) == 1 and "have only 3 mm of bleed" in warnings[0]
