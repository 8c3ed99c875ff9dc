"""Sheet options parsed once from command-line strings, and the card grid that fits the paper."""

from __future__ import annotations

import pytest

from pnp.core.errors import UsageError
from pnp.sheets.spec import A4, LETTER, SheetSpec, best_grid, fit_grid, parse_paper


def _extent(grid):
    """(left, top, right, bottom) of the trims of the whole grid, mm: first cell to last."""
    left, top = grid.cell_origin(0)
    right, bottom = grid.cell_origin(grid.capacity - 1)
    return left, top, right + grid.cell[0], bottom + grid.cell[1]


@pytest.mark.parametrize(
    "text, size, name",
    [
        ("a4", (210.0, 297.0), "a4"),
        ("Letter", (215.9, 279.4), "letter"),
        ("200x300mm", (200.0, 300.0), "200x300mm"),
        ("300 x 200", (200.0, 300.0), "200x300mm"),
        ("8.5x11in", (215.9, 279.4), "215.9x279.4mm"),
        ("210mm x 297mm", (210.0, 297.0), "210x297mm"),
    ],
)
def test_paper_names_and_custom_sizes_parse_to_portrait_mm(text, size, name):
    paper = parse_paper(text)
    assert (paper.width, paper.height) == pytest.approx(size)
    assert paper.name == name


def test_unknown_paper_is_a_usage_error_naming_the_choices():
    with pytest.raises(UsageError, match=r"Unknown paper 'b7': give one of a4, letter"):
        parse_paper("b7")


def test_options_are_parsed_once_into_mm():
    spec = SheetSpec.from_options(
        paper="letter", margin="0.25in", bleed="0.125in", back_offset="1.5,-0.5mm", card_size="2.5x2.5in"
    )
    assert spec.paper == LETTER
    assert spec.margin == pytest.approx(6.35)
    assert spec.bleed == pytest.approx(3.175)
    assert spec.spacing == pytest.approx(6.35)  # no gutter given: twice the bleed
    assert spec.back_offset == pytest.approx((1.5, -0.5))
    assert spec.card_size == pytest.approx((63.5, 63.5))
    assert spec.duplex == "long-edge"


def test_defaults_suit_home_printing():
    spec = SheetSpec.from_options()
    assert (spec.paper, spec.orientation, spec.margin, spec.bleed, spec.spacing) == (A4, "auto", 5.0, 0.0, 0.0)
    assert spec.crop_marks and spec.label and not spec.cut_lines and not spec.gutter_fold


def test_gutter_fold_alone_means_one_sided_printing():
    assert SheetSpec.from_options(gutter_fold=True).duplex == "none"


@pytest.mark.parametrize(
    "options, message",
    [
        ({"bleed": "3mm", "gutter": "2mm"}, r"gutter of 2 mm is less than twice the bleed \(3 mm\).*--gutter 6mm"),
        ({"duplex": "both"}, r"duplex must be one of long-edge, short-edge, none"),
        ({"orientation": "sideways"}, r"orientation must be one of auto, portrait, landscape"),
        ({"margin": "-1mm"}, r"margin must not be negative"),
        ({"margin": "wide"}, r"The margin is not a length"),
        ({"back_offset": "2"}, r"back offset needs two lengths, dx,dy"),
        ({"gutter_fold": True, "duplex": "long-edge"}, r"use duplex 'none' with gutter-fold"),
    ],
)
def test_bad_options_are_usage_errors_with_a_finished_sentence(options, message):
    with pytest.raises(UsageError, match=message) as caught:
        SheetSpec.from_options(**options)
    assert str(caught.value).endswith(".")


def test_seventy_mm_cards_fit_eight_to_a4_and_six_to_letter():
    a4 = best_grid(SheetSpec.from_options(), (70, 70))
    letter = best_grid(SheetSpec.from_options(paper="letter"), (70, 70))
    assert (a4.orientation, a4.cols, a4.rows) == ("portrait", 2, 4)  # landscape 4×2 ties: portrait wins
    assert (letter.cols, letter.rows) == (2, 3)


def test_the_grid_is_centred_and_keeps_room_for_crop_marks_inside_the_margin():
    spec = SheetSpec.from_options()
    grid = fit_grid(spec, (70, 70), "portrait")
    left, top, right, bottom = _extent(grid)
    assert (left, top, right, bottom) == pytest.approx((35.0, 8.5, 175.0, 288.5))
    assert top >= spec.margin + spec.mark_reserve


def test_auto_orientation_picks_the_one_that_fits_more_cards():
    # poker cards on Letter: 3×2 portrait, 4×2 landscape
    spec = SheetSpec.from_options(paper="letter")
    assert fit_grid(spec, (63.5, 88.9), "portrait").capacity == 6
    grid = best_grid(spec, (63.5, 88.9))
    assert (grid.orientation, grid.cols, grid.rows) == ("landscape", 4, 2)
    assert grid.page == pytest.approx((279.4, 215.9))


def test_a_gutter_between_cards_spaces_the_cells():
    grid = best_grid(SheetSpec.from_options(bleed="3mm"), (70, 70))
    assert grid.gutter == 6.0
    assert grid.cell_origin(1)[0] - grid.cell_origin(0)[0] == pytest.approx(76.0)
    assert grid.cell_origin(grid.cols)[1] - grid.cell_origin(0)[1] == pytest.approx(76.0)


def test_gutter_fold_puts_the_fronts_in_one_half_beside_the_fold():
    grid = best_grid(SheetSpec.from_options(gutter_fold=True), (70, 70))
    assert grid.fold == ("vertical", 105.0)
    _left, _top, right, _bottom = _extent(grid)
    assert right <= 105.0 - SheetSpec().mark_reserve + 1e-9
    assert grid.capacity == 4


def test_a_card_too_big_for_the_paper_says_what_to_change():
    with pytest.raises(UsageError, match=r"A 150 × 250 mm card does not fit on a5 paper"):
        best_grid(SheetSpec.from_options(paper="a5"), (150, 250))
