"""Small pieces (goat tokens) fill the free cells of earlier sheets, their backs exactly behind
them (pnp/sheets/packing.py)."""

from __future__ import annotations

import math

import pytest
from helpers.printkit import ascent_like_game, nearest_face, pdf_pages, pixel_mm, render

from pnp.sheets import plan as sheet_plan
from pnp.sheets.impose import impose
from pnp.sheets.marks import outline
from pnp.sheets.plan import plan_sheets
from pnp.sheets.spec import SheetSpec


def _goats(page):
    return [p for p in page.placements if p.card == "goat"]


@pytest.mark.parametrize(
    "options, mirror",
    [
        ({}, lambda x, y: (210.0 - x, y)),  # portrait, long edge: the columns mirror
        ({"duplex": "short-edge"}, lambda x, y: (x, 297.0 - y)),  # portrait, short edge: the rows mirror
        ({"back_offset": "1.5,-0.5"}, lambda x, y: (210.0 - x + 1.5, y - 0.5)),
        ({"gutter_fold": True}, None),
    ],
    ids=["long-edge", "short-edge", "offset", "gutter-fold"],
)
def test_each_packed_goat_back_lies_behind_its_front_in_mm(options, mirror):
    game, faces = ascent_like_game(5, 3)
    plan = plan_sheets(game, faces, SheetSpec.from_options(paper="a4", **options))
    assert [p.shape for p in plan.pages if p.side in ("front", "fold")] == ["triangle"]  # no goat sheet
    front = plan.pages[0]
    fronts = [p for p in _goats(front) if p.side == "front"]
    backs = [p for p in (_goats(front) if front.side == "fold" else _goats(plan.pages[1])) if p.side == "back"]
    assert len(fronts) == len(backs) == 3
    for f, b in zip(fronts, backs, strict=True):
        cx, cy = outline(f).centre
        if mirror is None:  # mirrored across the fold line
            axis, at = front.grid.fold
            expected = (2 * at - cx, cy) if axis == "vertical" else (cx, 2 * at - cy)
        else:
            expected = mirror(cx, cy)
        assert outline(b).centre == pytest.approx(expected, abs=1e-6)
        assert b.face.id == "back-goat-back" and outline(b).radius == pytest.approx(12.5)


def test_packed_goats_stay_inside_one_free_cell_and_never_overlap():
    game, faces = ascent_like_game(5, 3)
    front = plan_sheets(game, faces, SheetSpec.from_options(paper="a4")).pages[0]
    assert len(front.packed) == 1 and front.packed[0] not in front.cells
    x, y = front.packed[0]
    w, h = front.grid.cell
    rings = [outline(p) for p in _goats(front)]
    for ring in rings:
        (cx, cy), r = ring.centre, ring.radius
        assert x <= cx - r and cx + r <= x + w and y <= cy - r and cy + r <= y + h
    for a in rings:
        for b in rings:
            if a is not b:
                assert math.dist(a.centre, b.centre) >= 25.0 - 1e-9


def test_goat_pixels_show_the_token_front_and_its_back_behind_it():
    game, faces = ascent_like_game(5, 3)
    spec = SheetSpec.from_options(paper="a4")
    plan = plan_sheets(game, faces, spec)
    doc = pdf_pages(impose(game, faces, spec))
    dpi = 60
    fronts, backs = render(doc[0], dpi), render(doc[1], dpi)
    for placement in (p for p in _goats(plan.pages[0]) if p.side == "front"):
        cx, cy = outline(placement).centre
        assert nearest_face(pixel_mm(fronts, dpi, cx, cy + 5), faces) == "goat"
        assert nearest_face(pixel_mm(backs, dpi, 210.0 - cx, cy + 5), faces) == "back-goat-back"


def test_goats_that_do_not_fit_the_free_cells_get_a_sheet_of_their_own():
    game, faces = ascent_like_game(5, 30)  # 5 free cells of 2 × 2 goats each: 20 fit
    plan = plan_sheets(game, faces, SheetSpec.from_options(paper="a4"))
    assert len(plan.pages[0].packed) == 5 and len(_goats(plan.pages[0])) == 20
    assert [p.shape for p in plan.pages if p.side == "front"] == ["triangle", "circle"]
    assert sum(len(_goats(p)) for p in plan.pages if p.side == "front") == 30


def test_ascent_on_a4_needs_a_sheet_fewer(monkeypatch):
    from pnp.pipeline.load import load_game
    from pnp.svg.faces import render_faces

    game = load_game("ascent")
    faces = render_faces(game)
    spec = SheetSpec.from_options(paper="a4")
    packed = plan_sheets(game, faces, spec).sheets
    monkeypatch.setattr(sheet_plan, "pack_into_free_cells", lambda spec, pages, cells: cells)
    unpacked = plan_sheets(game, faces, spec).sheets
    assert packed <= unpacked - 1
    assert packed == 13
