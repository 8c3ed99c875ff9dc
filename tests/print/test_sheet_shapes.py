"""Panorama triangles (two to a square, both sides lined up) and round goat tokens on sheets."""

from __future__ import annotations

import math

import pytest
from helpers.printkit import nearest_face, pdf_pages, pixel_mm, render

from pnp.sheets.impose import impose
from pnp.sheets.marks import outline
from pnp.sheets.placement import apply
from pnp.sheets.plan import SheetError, plan_sheets
from pnp.sheets.spec import SheetSpec

SIDE = 70.0


def _rounded(points):
    return sorted((round(x, 6), round(y, 6)) for x, y in points)


def _centroid(points):
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


@pytest.fixture(scope="module")
def plan(panorama_and_goats):
    game, faces = panorama_and_goats
    return plan_sheets(game, faces, SheetSpec.from_options())


def _triangles(page):
    return [p for p in page.placements if p.face.shape == "triangle"]


def test_two_triangles_share_each_square_cell_along_its_diagonal(plan):
    front = plan.pages[0]
    assert front.shape == "triangle"
    assert front.grid.cell == pytest.approx((SIDE, SIDE))
    assert len(front.cells) == 3 and len(_triangles(front)) == 5  # 5 triangles: 2 + 2 + 1
    for index, placement in enumerate(_triangles(front)):
        x, y = front.cells[index // 2]
        lower_left = [(x, y), (x, y + SIDE), (x + SIDE, y + SIDE)]
        upper_right = [(x, y), (x + SIDE, y), (x + SIDE, y + SIDE)]
        expected = lower_left if index % 2 == 0 else upper_right
        assert _rounded(outline(placement).points) == _rounded(expected)


def test_the_triangle_face_box_maps_hypotenuse_to_the_diagonal_and_apex_to_the_right_angle(plan):
    placement = plan.pages[0].placements[0]
    face = placement.face
    x, y = plan.pages[0].cells[0]
    apex = apply(placement.transform, face.width / 2, 0)
    assert apex == pytest.approx((x, y + SIDE))  # lower-left corner: the right angle
    ends = {apply(placement.transform, 0, face.height), apply(placement.transform, face.width, face.height)}
    assert _rounded(ends) == _rounded([(x, y), (x + SIDE, y + SIDE)])


def test_each_triangle_back_lies_exactly_behind_its_front(plan):
    front, back = plan.pages[0], plan.pages[1]
    width = front.grid.page[0]
    assert back.side == "back" and len(back.placements) == len(front.placements)
    for f, b in zip(_triangles(front), _triangles(back), strict=True):
        assert b.face.id == f"{f.card}-back" and f.face.id == f.card
        mirrored = [(width - px, py) for px, py in outline(f).points]
        assert _rounded(outline(b).points) == _rounded(mirrored)
        a, bb, c, d = b.transform[:4]
        assert a * d - bb * c == pytest.approx(1.0)  # turned, never mirrored


def test_triangle_pixels_show_each_front_and_its_own_back_behind_it(panorama_and_goats, plan):
    game, faces = panorama_and_goats
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options()))
    dpi = 40
    width = plan.pages[0].grid.page[0]
    fronts, backs = render(doc[0], dpi), render(doc[1], dpi)
    for placement in _triangles(plan.pages[0]):
        cx, cy = _centroid(outline(placement).points)
        assert nearest_face(pixel_mm(fronts, dpi, cx, cy), faces) == placement.card
        assert nearest_face(pixel_mm(backs, dpi, width - cx, cy), faces) == f"{placement.card}-back"


def test_triangle_bleed_grows_the_legs_but_never_crosses_the_hypotenuse(panorama_and_goats):
    game, faces = panorama_and_goats
    spec = SheetSpec.from_options(bleed="2mm")
    plan = plan_sheets(game, faces, spec)
    doc = pdf_pages(impose(game, faces, spec))
    dpi = 150
    image = render(doc[0], dpi)
    x, y = plan.pages[0].cells[0]
    # 1 mm inside the lower-left triangle, next to the diagonal: its own colour, not its neighbour's bleed
    d = 1.0 / math.sqrt(2)
    near_diagonal = (x + SIDE / 2 - d, y + SIDE / 2 + d)
    assert nearest_face(pixel_mm(image, dpi, *near_diagonal), faces) == "panorama-1"
    across = (x + SIDE / 2 + d, y + SIDE / 2 - d)
    assert nearest_face(pixel_mm(image, dpi, *across), faces) == "panorama-2"
    # 1 mm outside the left leg: the bleed of the lower-left triangle
    assert nearest_face(pixel_mm(image, dpi, x - 1.0, y + SIDE * 0.75), faces) == "panorama-1"


def test_triangle_pairs_get_their_diagonal_cut_line(panorama_and_goats, plan):
    game, faces = panorama_and_goats
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options()))
    dpi = 300
    image = render(doc[0], dpi)
    x, y = plan.pages[0].cells[0]
    on_diagonal = pixel_mm(image, dpi, x + SIDE / 2, y + SIDE / 2)
    assert max(on_diagonal) < 120  # the hairline darkens the colours on both sides


def test_goat_tokens_are_circles_with_a_cut_outline(panorama_and_goats, plan):
    game, faces = panorama_and_goats
    front = plan.pages[0]  # the goats fill the triangles' free cell (pnp/sheets/packing.py)
    goats = [p for p in front.placements if p.card == "goat"]
    assert len(goats) == 3 and all(p.packed for p in goats)
    corners = []
    for placement in goats:
        ring = outline(placement)
        assert ring.shape == "circle" and ring.radius == pytest.approx(12.5)
        corners.append((ring.centre[0] - 12.5, ring.centre[1] - 12.5))
    doc = pdf_pages(impose(game, faces, SheetSpec.from_options()))
    dpi = 200
    image = render(doc[0], dpi)
    x, y = corners[0]
    assert nearest_face(pixel_mm(image, dpi, x + 12.5, y + 20), faces) == "goat"
    assert min(pixel_mm(image, dpi, x + 1.0, y + 1.0)) > 245  # the square's corner is cut away
    assert max(pixel_mm(image, dpi, x + 12.5, y + 25.0 - 0.02)) < 160  # the outline on the trim


def test_a_triangle_face_must_be_a_right_isosceles_box(panorama_and_goats):
    from dataclasses import replace

    game, faces = panorama_and_goats
    squashed = tuple(replace(f, height=40.0) if f.id == "panorama-1" else f for f in faces)
    with pytest.raises(SheetError, match=r"twice as wide \(the hypotenuse\) as it is high"):
        plan_sheets(game, squashed, SheetSpec.from_options())
