"""The printer calibration sheet: its back rulers sit exactly behind the front's cut lines."""

from __future__ import annotations

import pytest
from helpers.printkit import page_size_mm, page_text, pdf_pages, render

from pnp.core.errors import UsageError
from pnp.sheets.calibration import calibration_sheet
from pnp.sheets.spec import SheetSpec

DPI = 300


def _ink(image, along: str, at: float, start: float, stop: float) -> list[tuple[float, int]]:
    """(position of the pixel centre in mm, darkness) along a row (at y) or a column (at x)."""
    fixed = round(at / 25.4 * DPI)
    out = []
    for i in range(round(start / 25.4 * DPI), round(stop / 25.4 * DPI)):
        rgb = image.getpixel((i, fixed) if along == "row" else (fixed, i))
        out.append(((i + 0.5) * 25.4 / DPI, 765 - sum(rgb)))
    return out


def _dark_columns(image, y_mm: float, x_from: float, x_to: float):
    return _ink(image, "row", y_mm, x_from, x_to)


def _dark_rows(image, x_mm: float, y_from: float, y_to: float):
    return _ink(image, "column", x_mm, y_from, y_to)


def _centre(ink) -> float:
    """The darkness-weighted centre of the one line crossed (antialiasing included)."""
    total = sum(d for _, d in ink)
    assert total > 100, "nothing drawn where expected"
    return sum(p * d for p, d in ink) / total


@pytest.fixture(scope="module")
def long_edge_a4():
    return pdf_pages(calibration_sheet(SheetSpec.from_options()))


def test_one_sheet_front_and_back_on_the_chosen_paper(long_edge_a4):
    assert len(long_edge_a4) == 2
    assert page_size_mm(long_edge_a4[0]) == pytest.approx((210, 297), abs=0.01)
    assert "--back-offset dx,dy" in page_text(long_edge_a4[0])
    letter = pdf_pages(calibration_sheet(SheetSpec.from_options(paper="letter")))
    assert page_size_mm(letter[1]) == pytest.approx((215.9, 279.4), abs=0.01)


def test_long_edge_rulers_sit_behind_the_cut_lines_mirrored_left_to_right(long_edge_a4):
    front, back = render(long_edge_a4[0], DPI), render(long_edge_a4[1], DPI)
    width, height = 210.0, 297.0
    # the dx cut runs up from the bottom edge; read it 3 mm above the margin
    cut_x = _centre(_dark_columns(front, height - 8, width / 2, width - 10))
    # the back's dx ruler: its zero tick is the longest, 4 mm above the ruler line
    ruler_y = height - 5 - 70 + 15
    zero_x = _centre(_dark_columns(back, ruler_y - 6.5, 10, width / 2))
    assert zero_x == pytest.approx(width - cut_x, abs=0.1)
    # the dy cut runs in from the left edge
    cut_y = _centre(_dark_rows(front, 8, height / 2, height * 0.75))
    zero_y = _centre(_dark_rows(back, width - (5 + 70 - 15) - 6.5, height / 2, height * 0.75))
    assert zero_y == pytest.approx(cut_y, abs=0.1)


def test_short_edge_rulers_are_mirrored_top_to_bottom():
    doc = pdf_pages(calibration_sheet(SheetSpec.from_options(duplex="short-edge")))
    front, back = render(doc[0], DPI), render(doc[1], DPI)
    width, height = 210.0, 297.0
    cut_x = _centre(_dark_columns(front, height - 8, width / 2, width - 10))
    ruler_y = 5 + 70 - 15  # mirrored from the bottom of the page to the top
    zero_x = _centre(_dark_columns(back, ruler_y - 6.5, width / 2, width - 10))
    assert zero_x == pytest.approx(cut_x, abs=0.1)


def test_the_offset_moves_the_check_square_but_never_the_rulers():
    plain = pdf_pages(calibration_sheet(SheetSpec.from_options()))
    shifted = pdf_pages(calibration_sheet(SheetSpec.from_options(back_offset="2,-1.5")))
    a, b = render(plain[1], DPI), render(shifted[1], DPI)
    width, height = 210.0, 297.0
    ruler_y = height - 5 - 70 + 15
    assert _centre(_dark_columns(a, ruler_y - 6.5, 10, width / 2)) == _centre(
        _dark_columns(b, ruler_y - 6.5, 10, width / 2)
    )

    square_left = width - width * 0.12 - 40  # the front square at x = 12 % of the width, mirrored
    square_top = height * 0.40
    for image, (dx, dy) in ((a, (0, 0)), (b, (2, -1.5))):
        xs = _grey_run(image, "row", square_top + 20 + dy, square_left - 10, square_left + 60)
        ys = _grey_run(image, "column", square_left + 20 + dx, square_top - 10, square_top + 60)
        assert (xs[0], xs[-1]) == pytest.approx((square_left + dx, square_left + 40 + dx), abs=0.1)
        assert (ys[0], ys[-1]) == pytest.approx((square_top + dy, square_top + 40 + dy), abs=0.1)
    assert "made with back offset 2,-1.5 mm" in page_text(shifted[0])


def _grey_run(image, along: str, at: float, start: float, stop: float) -> list[float]:
    """Positions (mm) of the light-grey pixels along a row (at y) or a column (at x)."""
    fixed = round(at / 25.4 * DPI)
    out = []
    for i in range(round(start / 25.4 * DPI), round(stop / 25.4 * DPI)):
        rgb = image.getpixel((i, fixed) if along == "row" else (fixed, i))
        if 180 < rgb[0] < 230 and abs(rgb[0] - rgb[2]) < 5:
            out.append(i * 25.4 / DPI)
    return out


def test_calibration_is_for_two_sided_printing_only():
    with pytest.raises(UsageError, match=r"calibration sheet is for printing on both sides"):
        calibration_sheet(SheetSpec.from_options(duplex="none"))


def test_calibration_rebuild_is_byte_identical():
    spec = SheetSpec.from_options(paper="letter", back_offset="0.5,0.5")
    assert calibration_sheet(spec) == calibration_sheet(spec)
