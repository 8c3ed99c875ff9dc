"""Properties of the grid and of duplex placement over many sheet options (hypothesis)."""

from __future__ import annotations

import pytest
from helpers.printkit import island_game
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import UsageError
from pnp.sheets.marks import outline
from pnp.sheets.plan import plan_sheets
from pnp.sheets.spec import MARK_GAP, MARK_MIN, SheetSpec, best_grid, fit_grid

lengths = st.floats(min_value=0, max_value=12, allow_nan=False).map(lambda v: round(v, 2))
cards = st.tuples(st.floats(20, 150).map(lambda v: round(v, 1)), st.floats(20, 150).map(lambda v: round(v, 1)))


def _extent(grid):
    """(left, top, right, bottom) of the trims of the whole grid, mm: first cell to last."""
    left, top = grid.cell_origin(0)
    right, bottom = grid.cell_origin(grid.capacity - 1)
    return left, top, right + grid.cell[0], bottom + grid.cell[1]


@settings(max_examples=150, deadline=None)
@given(
    paper=st.sampled_from(["a4", "letter", "a5", "300x200mm"]),
    card=cards,
    margin=lengths,
    bleed=st.floats(0, 4).map(lambda v: round(v, 2)),
    extra_gutter=lengths,
    fold=st.booleans(),
    orientation=st.sampled_from(["portrait", "landscape"]),
)
def test_every_cell_fits_inside_the_margin_and_one_more_would_not(
    paper, card, margin, bleed, extra_gutter, fold, orientation
):
    spec = SheetSpec.from_options(
        paper=paper, margin=f"{margin}mm", bleed=f"{bleed}mm", gutter=f"{2 * bleed + extra_gutter}mm", gutter_fold=fold
    )
    for axis in ("vertical", "horizontal") if fold else (None,):
        grid = fit_grid(spec, card, orientation, axis)
        width, height = grid.page
        reserve = margin + bleed + MARK_GAP + MARK_MIN
        if grid.capacity == 0:
            continue
        left, top, right, bottom = _extent(grid)
        assert left >= reserve - 1e-6 and top >= reserve - 1e-6
        assert right <= width - reserve + 1e-6 and bottom <= height - reserve + 1e-6
        if grid.fold:
            at = grid.fold[1]
            assert (right if grid.fold[0] == "vertical" else bottom) <= at - (bleed + MARK_GAP + MARK_MIN) + 1e-6
        # one more column (or row) would not fit the span the grid may use
        mark_reserve = bleed + MARK_GAP + MARK_MIN
        span_x, span_y = width - 2 * reserve, height - 2 * reserve
        if grid.fold and grid.fold[0] == "vertical":
            span_x = width / 2 - margin - 2 * mark_reserve
        if grid.fold and grid.fold[0] == "horizontal":
            span_y = height / 2 - margin - 2 * mark_reserve
        assert (grid.cols + 1) * card[0] + grid.cols * grid.gutter > span_x - 1e-6
        assert (grid.rows + 1) * card[1] + grid.rows * grid.gutter > span_y - 1e-6


@settings(max_examples=40, deadline=None)
@given(
    paper=st.sampled_from(["a4", "letter", "300x200mm"]),
    duplex=st.sampled_from(["long-edge", "short-edge"]),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
    dx=st.floats(-5, 5).map(lambda v: round(v, 2)),
    dy=st.floats(-5, 5).map(lambda v: round(v, 2)),
    bleed=st.sampled_from(["0mm", "3mm"]),
)
def test_every_back_is_its_fronts_mirror_image_moved_by_the_offset(paper, duplex, orientation, dx, dy, bleed):
    game, faces = island_game(5, 0, per_card_backs=True)
    plan = plan_sheets(
        game,
        faces,
        SheetSpec.from_options(
            paper=paper, duplex=duplex, orientation=orientation, back_offset=f"{dx},{dy}", bleed=bleed
        ),
    )
    for front, back in zip(plan.pages[0::2], plan.pages[1::2], strict=True):
        width, height = front.grid.page
        portrait = width <= height
        columns = (duplex == "long-edge") == portrait
        for f, b in zip(front.placements, back.placements, strict=True):
            assert b.face.id == f"{f.face.id}-back"
            expected = sorted(
                ((width - x if columns else x) + dx, (y if columns else height - y) + dy) for x, y in outline(f).points
            )
            got = sorted(outline(b).points)
            assert [c for p in got for c in p] == pytest.approx([c for p in expected for c in p], abs=1e-9)


def test_no_grid_at_all_is_an_error_not_an_empty_pdf():
    with pytest.raises(UsageError):
        best_grid(SheetSpec.from_options(paper="a5", margin="40mm"), (70, 70))
