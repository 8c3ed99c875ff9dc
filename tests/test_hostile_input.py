"""Input written to break the tool (issue 12, items 5-13): every one is a located error, exit 1 (usage
errors exit 2), no traceback, nothing read that should not be, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def pnp(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def variant(name: str, data: dict | str) -> Path:
    folder = Path("card_specs")
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# --- item 8: zero and negative sizes --------------------------------------------------------------


def test_a_card_of_zero_height_is_a_located_error_not_a_division_by_zero():
    variant("v", '{"id":"v","extends":"tranquility","card":{"height":"0mm"}}')
    result = pnp("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/v.json:1:52: $.card.height: a card height must be between 10mm and 300mm, got 0mm",
        "1 problem found; nothing was written",
    ]


def test_negative_sizes_of_a_kind_and_corner_radius_are_located_errors():
    variant("v", '{"id":"v","extends":"tranquility","card":{"corner_radius":"-3mm"},\n'
                 '"kinds":[{"id":"island","size":{"width":"-1mm","height":"0mm"}}]}')
    result = pnp("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/v.json:1:59: $.card.corner_radius: corner_radius must be between 0 and half the card, got -3mm",
        "card_specs/v.json:2:41: $.kinds[0].size.width: a card width must be between 10mm and 300mm, got -1mm",
        "card_specs/v.json:2:57: $.kinds[0].size.height: a card height must be between 10mm and 300mm, got 0mm",
        "3 problems found; nothing was written",
    ]
