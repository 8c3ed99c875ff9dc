"""`--card-size` takes the common sleeve and card sizes by name (pnp/core/sleeves.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.errors import UsageError
from pnp.core.sleeves import CARD_PRESETS
from pnp.sheets.spec import SheetSpec


@pytest.mark.parametrize(
    "name, size",
    [
        ("square-70", (70.0, 70.0)),
        ("Square-80", (80.0, 80.0)),
        ("square-63.5", (63.5, 63.5)),
        ("poker", (63.5, 88.9)),
        ("bridge", (57.0, 89.0)),
        (" tarot ", (70.0, 120.0)),
    ],
)
def test_a_named_card_size_is_its_trim_in_mm(name, size):
    assert SheetSpec.from_options(card_size=name).card_size == pytest.approx(size)


def test_lengths_still_parse_beside_the_names():
    assert SheetSpec.from_options(card_size="2.5x2.5in").card_size == pytest.approx((63.5, 63.5))
    assert SheetSpec.from_options(card_size="88").card_size == pytest.approx((88.0, 88.0))


def test_an_unknown_name_is_a_usage_error_listing_the_names():
    with pytest.raises(UsageError) as info:
        SheetSpec.from_options(card_size="square-71")
    assert str(info.value) == (
        "The card size 'square-71' is not a length or a known size: give e.g. 63.5mm, 2.5x3.5in or one of "
        "square-63.5, square-70, square-80, square-89, poker, standard, bridge, japanese, euro, american, "
        "mini-euro, mini-american, tarot."
    )


def test_every_preset_lies_within_the_card_size_limits():
    for w, h, _ in CARD_PRESETS.values():
        assert 10 <= w <= 300 and 10 <= h <= 300


def test_help_lists_every_named_size():
    result = CliRunner().invoke(app, ["sheets", "--help"])
    assert result.exit_code == 0
    text = "".join(result.stdout.split())  # the help wraps anywhere, even at a hyphen
    for name, (w, h, _) in CARD_PRESETS.items():
        assert f"{name}({w:g}x{h:g}mm)" in text


def test_sheets_at_a_named_square_size_print_cards_of_that_size():
    from pnp.pipeline.load import load_game
    from pnp.sheets.plan import plan_sheets
    from pnp.svg.faces import render_faces

    game = load_game("tranquility")
    plan = plan_sheets(game, render_faces(game), SheetSpec.from_options(card_size="square-80"))
    squares = list(plan.pages[0].placements)
    assert {(round(p.face.width, 3), round(p.face.height, 3)) for p in squares} == {(80.0, 80.0)}
    assert plan.pages[0].grid.cell == pytest.approx((80.0, 80.0))


def test_a_rectangular_name_on_square_cards_is_refused_as_a_stretch(tmp_path):
    result = CliRunner().invoke(
        app, ["sheets", "tranquility", "-o", str(tmp_path), "--paper", "a4", "--card-size", "poker"]
    )
    assert (result.exit_code, result.stderr) == (
        2,
        "error: A card size of 63.5 × 88.9 mm would stretch the 70 × 70 mm cards; "
        "give a size with the same proportions.\n",
    )
    assert not any(tmp_path.iterdir())
