"""`pnp list`: the resolved deck with every card's id, kind, count and fields."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def listing(*args: str) -> dict:
    result = runner.invoke(app, ["list", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_tranquility_deck_has_every_component():
    deck = listing("tranquility")
    assert deck["totals"] == {"island": 80, "start": 5, "finish": 5, "border": 25, "reference": 2}
    assert deck["pieces"] == 117
    islands = [c for c in deck["cards"] if c["kind"] == "island"]
    assert [c["fields"]["number"] for c in islands] == list(range(1, 81))
    assert islands[6] == {
        "id": "island-07",
        "kind": "island",
        "count": 1,
        "shape": "square",
        "module": None,
        "front": "island-07",
        "back": "back-back",
        "fields": {"decade": 1, "number": 7},
    }
    start = next(c for c in deck["cards"] if c["kind"] == "start")
    assert (start["id"], start["count"], start["back"]) == ("start", 5, "back-back")
    border = next(c for c in deck["cards"] if c["kind"] == "border")
    assert (border["count"], border["back"]) == (25, "back-border")


def test_ascent_deck_with_all_modules():
    deck = listing("ascent")
    assert deck["totals"] == {
        "terrain": 72,
        "summit": 5,
        "bridge": 5,
        "campfire": 6,
        "panorama": 10,
        "reference": 2,
        "green-path-reference": 1,
        "panorama-reference": 1,
        "goat": 1,  # one goat: it must reach the top terrain row (docs/rules.md)
        "goats-reference": 1,
    }
    terrain = [c for c in deck["cards"] if c["kind"] == "terrain"]
    assert len(terrain) == 36 and all(c["count"] == 2 for c in terrain)
    assert {(c["fields"]["colour"], c["fields"]["number"]) for c in terrain} == {
        (colour, n) for colour in ("green", "red", "blue") for n in range(1, 13)
    }
    panorama = [c for c in deck["cards"] if c["kind"] == "panorama"]
    assert panorama[0]["shape"] == "triangle" and panorama[0]["back"] == "panorama-01-back"
    assert panorama[0]["fields"]["sequence"] == [2, 3, 4]
    goat = next(c for c in deck["cards"] if c["kind"] == "goat")
    assert (goat["shape"], goat["module"], goat["count"]) == ("circle", "goats", 1)


def test_modules_can_be_left_out():
    assert listing("ascent", "--modules", "none")["modules"] == []
    deck = listing("ascent", "--modules", "goats")
    assert deck["modules"] == ["goats"] and "goat" in deck["totals"] and "panorama-reference" not in deck["totals"]


def test_unknown_module_is_a_usage_error():
    result = runner.invoke(app, ["list", "ascent", "--modules", "yetis"])
    assert result.exit_code == 2
    assert result.stderr == "error: unknown module 'yetis' for ascent (choose from: green-path, panorama, goats)\n"


def test_table_output():
    result = runner.invoke(app, ["list", "tranquility"])
    assert result.stdout.splitlines()[0] == "Tranquility (tranquility): 117 pieces"
    lines = result.stdout.splitlines()
    assert "  island         80  (80 distinct, square)" in lines
    assert "    island-07  ×1   decade=1  number=7" in lines
    assert "    start  ×5" in lines
