"""Spec loading and validation: every problem at once, each with file:line:col and JSON path."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.errors import SpecError
from pnp.spec.load import load_spec, merge

FIXTURES = Path(__file__).parent / "fixtures"
INVALID = FIXTURES / "invalid"
runner = CliRunner()


def validate(*paths: Path):
    return runner.invoke(app, ["validate", *map(str, paths)])


def error_lines(result) -> list[str]:
    return result.stderr.splitlines()


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch):
    monkeypatch.chdir(Path(__file__).parent.parent)


def test_bundled_specs_are_valid():
    """Schema, semantics, every face drawn and its text fitted, contrast (the bots' games: below)."""
    result = runner.invoke(app, ["validate", "tranquility", "ascent", "--no-simulate"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "2 specs valid: tranquility, ascent\n"


@pytest.mark.slow  # The Ascent with every module: ~25 s of CPU for the bots' games
def test_bundled_specs_are_valid_with_the_bots_games():
    result = runner.invoke(app, ["validate", "tranquility", "ascent"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "2 specs valid: tranquility, ascent\n"


def test_syntax_error_names_line_and_column():
    result = validate(INVALID / "syntax-error.json")
    assert result.exit_code == 1
    assert error_lines(result) == [
        "tests/fixtures/invalid/syntax-error.json:4:3: $: invalid JSON: Expecting ',' delimiter",
        "1 problem found; nothing was written",
    ]


def test_duplicate_key_is_refused_not_silently_dropped():
    result = validate(INVALID / "duplicate-key.json")
    assert result.exit_code == 1
    assert error_lines(result)[0] == (
        'tests/fixtures/invalid/duplicate-key.json:5:3: $: duplicate key "title": each key may appear once per object'
    )


def test_every_schema_problem_is_reported_at_once():
    result = validate(INVALID / "many-problems.json")
    assert result.exit_code == 1
    f = "tests/fixtures/invalid/many-problems.json"
    assert error_lines(result) == [
        f'{f}:4:22: $.card.width: "70 millimetres" does not have the expected form '
        "(a length with a unit, such as '70mm', '2.5in' or '18pt')",
        f"{f}:5:3: $.colour: unknown key 'colour' (expected one of: $comment, $schema, card, description, extends, "
        "id, kinds, language, low_resolution, modules, print, rules, templates, theme, title)",
        f'{f}:7:32: $.kinds[0].count: expected an integer, got string "two"',
        f"{f}:9:27: $.rules.hand_size: expected at least 1, got 0",
        f'{f}:9:38: $.rules.cost: expected one of "nearest", "gap", got "cheapest"',
        "5 problems found; nothing was written",
    ]


def test_missing_template_is_a_semantic_error():
    result = validate(INVALID / "missing-template.json")
    assert result.exit_code == 1
    assert error_lines(result)[0].startswith(  # then the installed copy's folder, when installed
        "tests/fixtures/invalid/missing-template.json:5:38: $.kinds[0].template: template 'whirlpool' not found "
        "(looked for whirlpool.json in templates/tranquility"
    )


def test_duplicate_card_id_across_kinds():
    result = validate(INVALID / "duplicate-card-id.json")
    assert result.exit_code == 1
    assert error_lines(result)[0] == (
        "tests/fixtures/invalid/duplicate-card-id.json:5:13: $.kinds[0].id: duplicate card id 'island-07' "
        "(kind 'island' makes it too)"
    )


def test_empty_number_range():
    result = validate(INVALID / "empty-range.json")
    assert "$.kinds[0].each.number: empty range: 'from' (80) is above 'to' (1)" in result.stderr
    assert result.exit_code == 1


def test_unknown_parent_lists_known_games():
    result = validate(INVALID / "unknown-parent.json")
    assert result.exit_code == 1
    assert error_lines(result)[0].startswith(
        "tests/fixtures/invalid/unknown-parent.json:3:14: $.extends: unknown game or variant 'tranquilty' to extend; "
        "did you mean 'tranquility'? (known: "
    )


def test_extends_cycle_is_named():
    result = validate(INVALID / "cycle-a.json")
    assert result.exit_code == 1
    assert error_lines(result)[0] == (
        "tests/fixtures/invalid/cycle-b.json:1:31: $.extends: extends forms a cycle: "
        "tests/fixtures/invalid/cycle-a.json → tests/fixtures/invalid/cycle-b.json → "
        "tests/fixtures/invalid/cycle-a.json"
    )


def test_problems_from_several_files_are_collected():
    result = validate(INVALID / "syntax-error.json", INVALID / "duplicate-key.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "2 problems found; nothing was written"
    assert "Traceback" not in result.output


def test_unknown_game_is_a_usage_error():
    result = runner.invoke(app, ["list", "tranquilty"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game or variant 'tranquilty'; did you mean 'tranquility'? (known: ")


def test_variant_merges_kinds_by_id_and_removes():
    spec = load_spec(FIXTURES / "valid" / "bigger-islands.json")
    kinds = {k["id"]: k for k in spec.data["kinds"]}
    assert "reference" not in kinds
    assert kinds["island"]["each"]["number"] == {"from": 1, "to": 90}
    assert kinds["island"]["template"] == "island"  # kept from the parent
    assert spec.data["card"] == {
        "width": "80mm",
        "height": "80mm",
        "bleed": "3mm",
        "safe": "3mm",
        "corner_radius": "3mm",
    }
    assert spec.chain == ("bigger-islands", "tranquility")


def test_merge_null_removes_and_lists_replace():
    parent = {"a": {"b": 1, "c": 2}, "lines": [1, 2], "kinds": [{"id": "x", "count": 1}]}
    child = {"a": {"c": None}, "lines": [3], "kinds": [{"id": "x", "count": 5}, {"id": "y"}]}
    assert merge(parent, child) == {"a": {"b": 1}, "lines": [3], "kinds": [{"id": "x", "count": 5}, {"id": "y"}]}


def test_spec_error_carries_structured_problems():
    with pytest.raises(SpecError) as caught:
        load_spec(INVALID / "syntax-error.json")
    (problem,) = caught.value.problems
    assert (problem.line, problem.col, problem.path) == (4, 3, "$")


@pytest.mark.parametrize("partial", [False, True], ids=["spec", "variant"])
def test_the_bundled_schema_is_a_valid_draft_2020_12_schema(partial):
    """spec_validator skips the meta-schema check at run time; this is where it is made."""
    from jsonschema import Draft202012Validator

    from pnp.spec.load import spec_validator

    Draft202012Validator.check_schema(spec_validator(partial).schema)


def test_a_game_is_built_once_by_load_game_with_every_module(monkeypatch):
    """The rules check builds the game with every module; load_game's default build is that game,
    not a second one. With fewer modules, load_game builds its own."""
    from pnp.game import build
    from pnp.pipeline import load, semantics
    from pnp.rules import rulestext

    built = []

    def counting(spec, modules=build.ALL_MODULES):
        built.append(modules)
        return rulestext.printed_game(spec, modules)

    monkeypatch.setattr(semantics, "printed_game", counting)
    monkeypatch.setattr(load, "printed_game", counting)
    game = load.load_game("ascent")
    assert built == [build.ALL_MODULES]
    assert [m.id for m in game.modules] == [m.id for m in game.available_modules]
    assert load.load_game("ascent", "none").modules == ()
    assert built == [build.ALL_MODULES, build.ALL_MODULES, "none"]
