"""`pnp validate` warns about text that would print unreadably (pnp/pipeline/contrast.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.pipeline.contrast import contrast_ratio, low_contrast
from pnp.pipeline.load import load_game

LIGHT = ("day", "day-sky", "night", "night-sky", "sea", "sea-deep", "land", "sand", "accent", "back")
WHITE = {"paper": "#f7f1e3", "ink": "#1f2a38"} | dict.fromkeys(LIGHT, "#ffffff")


@pytest.fixture
def all_white_variant(tmp_path):
    """Tranquility with every theme colour but paper and ink made white, as a user saving ink by hand might."""
    path = tmp_path / "white.json"
    theme = {"font": "Atkinson Hyperlegible", "colours": WHITE}
    path.write_text(json.dumps({"id": "white", "extends": "tranquility", "title": "All white", "theme": theme}))
    return path


def test_the_contrast_ratio_is_the_wcag_one():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((247, 241, 227), (247, 241, 227)) == 1.0
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_validate_warns_about_cream_text_on_a_white_theme_and_still_passes(all_white_variant):
    result = CliRunner().invoke(app, ["validate", str(all_white_variant)])
    assert result.exit_code == 0
    assert result.stdout == "1 spec valid: white\n"
    warnings = [line for line in result.stderr.splitlines() if not line.startswith("simulating: ")]
    assert len(warnings) == 2
    assert warnings[0].startswith(f"warning: {all_white_variant}:1:119: ")
    assert warnings[0].endswith(
        "$.theme.colours: card reference-1: the text 'Your turn' (reference-1-title) is #f7f1e3 on #ffffff, "
        "a contrast of 1.1:1; at least 3:1 is needed to read it (WCAG 2, large text)"
    )
    assert "the back of card reference-1: the text 'Rules reference'" in warnings[1]


def test_the_ink_saver_makes_the_same_theme_readable(all_white_variant):
    from dataclasses import replace

    game = replace(load_game(str(all_white_variant)), ink="saver")
    assert low_contrast(game) == []


def test_the_bundled_games_print_every_word_readably():
    assert low_contrast(load_game("galateia")) == []
