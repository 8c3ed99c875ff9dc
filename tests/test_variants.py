"""Variants: bundled examples validate and resolve; `variant new` and `variant diff` say what they do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.pipeline.load import load_game

ROOT = Path(__file__).parent.parent
VARIANTS = sorted(p.stem for p in (ROOT / "card_specs" / "variants").glob("*.json"))
ASCENT_VARIANTS = [
    path.stem
    for path in sorted((ROOT / "card_specs" / "variants").glob("*.json"))
    if json.loads(path.read_text(encoding="utf-8"))["extends"] == "ascent"
]
runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch):
    monkeypatch.chdir(ROOT)


def write_variant(folder: Path, name: str, text: str) -> None:
    """A user's own variant spec in FOLDER/card_specs/variants/NAME.json."""
    variants = folder / "card_specs" / "variants"
    variants.mkdir(parents=True, exist_ok=True)
    (variants / f"{name}.json").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", VARIANTS)
def test_bundled_variant_is_valid(name):
    """Schema, semantics, every face drawn and its text fitted, contrast, and the bots' games (seconds
    for a Tranquility variant; an Ascent one's, tens of seconds, are played in the slow run)."""
    result = runner.invoke(app, ["validate", name, *(["--no-simulate"] if name in ASCENT_VARIANTS else [])])
    assert result.exit_code == 0, result.stderr


@pytest.mark.slow  # an Ascent variant with every module: ~17 s of CPU for the bots' games
@pytest.mark.parametrize("name", ASCENT_VARIANTS)
def test_bundled_ascent_variant_is_valid_with_the_bots_games(name):
    result = runner.invoke(app, ["validate", name])
    assert result.exit_code == 0, result.stderr


def test_big_sea_resolves_to_a_7x7_sea_with_100_islands():
    game = load_game("big-sea")
    assert game.count("island") == 100
    assert game.count("border") == 29
    assert dict(game.rules["grid"]) == {"rows": 7, "cols": 7}
    assert game.extends == "tranquility"
    assert game.template_dirs[0].name == "tranquility"


def test_single_finish_has_one_finish_card():
    assert load_game("single-finish").count("finish") == 1


def test_variant_diff_lists_changed_values_and_pieces():
    result = runner.invoke(app, ["variant", "diff", "big-sea"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "big-sea extends tranquility"
    assert "  $.kinds[island].each.number.to: 80 → 100" in lines
    assert "  $.rules.grid.rows: 6 → 7" in lines
    assert lines[-2:] == ["  island: 80 → 100 pieces", "  border: 25 → 29 pieces"]


def test_a_variant_name_too_long_says_the_length_limit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fits = runner.invoke(app, ["variant", "new", "a" * 48, "--from", "tranquility"])
    assert fits.exit_code == 0, fits.stderr
    result = runner.invoke(app, ["variant", "new", "b" * 49, "--from", "tranquility"])
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: variant name '{'b' * 49}' is 49 characters long; give at most 48\n",
    )
    assert not (tmp_path / "card_specs" / "variants" / f"{'b' * 49}.json").exists()


def test_variant_diff_of_a_base_game_is_a_usage_error():
    result = runner.invoke(app, ["variant", "diff", "tranquility"])
    assert result.exit_code == 2
    assert result.stderr == "error: tranquility is not a variant: it extends nothing\n"


def test_variant_new_writes_a_valid_starter(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["variant", "new", "quiet-sea", "--from", "tranquility"])
    assert result.exit_code == 0, result.stderr
    target = tmp_path / "card_specs" / "variants" / "quiet-sea.json"
    assert result.stdout == "card_specs/variants/quiet-sea.json\n"
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["extends"] == "tranquility" and data["rules"]["hand_size"] == 5
    assert (data["title"], data["description"]) == ("Quiet Sea", "A variant of Tranquility.")  # its name, not a slug
    assert runner.invoke(app, ["validate", "quiet-sea"]).exit_code == 0
    again = runner.invoke(app, ["variant", "new", "quiet-sea", "--from", "tranquility"])
    assert again.exit_code == 2
    assert again.stderr == "error: card_specs/variants/quiet-sea.json already exists (use --force to overwrite)\n"


def test_variant_edit_is_picked_up_from_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner.invoke(app, ["variant", "new", "tiny", "--from", "tranquility"])
    path = tmp_path / "card_specs" / "variants" / "tiny.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"]["grid"] = {"rows": 9, "cols": 9}
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["validate", "tiny"])
    assert result.exit_code == 1
    assert "81" in result.stderr  # the rules engine says the sea needs 81 islands


def test_bad_variant_name_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["variant", "new", "Quiet Sea", "--from", "tranquility"])
    assert result.exit_code == 2
    assert (
        result.stderr
        == "error: variant name 'Quiet Sea' must be lower-case letters, digits and '-' (e.g. 'quiet-sea')\n"
    )


def test_simulate_vs_parent_shows_both_side_by_side():
    result = runner.invoke(
        app, ["simulate", "galateia", "--players", "3", "--games", "40", "--seed", "2", "--vs", "tranquility", "-q"]
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["galateia", "tranquility"]
    assert lines[2].split() == ["games", "40", "40"]
    assert lines[3].startswith("won")
    again = runner.invoke(
        app, ["simulate", "galateia", "--players", "3", "--games", "40", "--seed", "2", "--vs", "tranquility", "-q"]
    )
    assert again.stdout == result.stdout  # deterministic per seed


@pytest.mark.parametrize(
    "command",
    [
        ["list", "big-sea"],
        ["setup", "big-sea", "--players", "2", "--seed", "3", "--json"],
        ["simulate", "ascent-hand-6", "--games", "5", "-q"],
    ],
)
def test_variants_work_with_every_command(command, tmp_path, monkeypatch):
    if command[0] == "setup":
        command = command + ["--out", str(tmp_path / "output")]  # never into the checkout
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.stderr


def test_a_variant_cannot_take_the_name_of_a_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["variant", "new", "ascent", "--from", "tranquility"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: 'ascent' is already a game or variant; a variant with that name would hide it, so choose another name\n"
    )


def test_a_playability_problem_of_a_variant_is_reported_in_the_variant(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_variant(tmp_path, "zero", '{"id": "zero", "extends": "tranquility", "kinds": [{"id": "border", "count": 0}]}')
    result = runner.invoke(app, ["validate", "zero"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "card_specs/variants/zero.json:1:1: $.rules: the frame of a 6×6 grid needs 24 border cards, but there are 0"
    )


def test_a_variant_extending_itself_is_a_cycle(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_variant(tmp_path, "selfish", '{"id": "selfish", "extends": "selfish"}')
    result = runner.invoke(app, ["validate", "selfish"])
    assert result.stderr.splitlines()[0] == (
        "card_specs/variants/selfish.json:1:30: $.extends: extends forms a cycle: "
        "card_specs/variants/selfish.json extends itself"
    )


def test_files_are_written_readable_by_others(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner.invoke(app, ["variant", "new", "shared-sea", "--from", "tranquility"])
    mode = (tmp_path / "card_specs" / "variants" / "shared-sea.json").stat().st_mode & 0o777
    assert mode == 0o666 & ~_umask()


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_card_size_the_templates_cannot_take_is_reported_at_the_card(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_variant(
        tmp_path, "tall", '{"id": "tall", "extends": "tranquility",\n "card": {"width": "63mm", "height": "88mm"}}'
    )
    result = runner.invoke(app, ["validate", "tall"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/variants/tall.json:2:10: $.card: 63 × 88 mm does not fit the templates drawn for 70 × 70 mm "
        "(back, border, finish, island, reference, reference-back, start): a template scales to other sizes of the "
        "same proportions only, so give such a size or templates of your own",
        "1 problem found; nothing was written",
    ]


def test_text_the_font_cannot_draw_is_reported_where_it_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_variant(tmp_path, "uni", '{"id": "uni", "extends": "tranquility", "title": "Sea 🌊"}')
    result = runner.invoke(app, ["validate", "uni"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "card_specs/variants/uni.json:1:50: $.title: the bundled font Atkinson "
        "Hyperlegible has no glyph for '🌊' (U+1F30A); remove or replace it"
    )


@pytest.mark.parametrize("command", [["validate", "own", "--no-simulate"], ["build", "own", "--out", "output"]])
def test_a_variants_template_folder_that_does_not_exist_is_reported(command, tmp_path, monkeypatch):
    """Its parent's folder does exist: a typo in the variant's own folder once fell back to the
    parent's templates without a word."""
    monkeypatch.chdir(tmp_path)
    write_variant(tmp_path, "own", '{"id": "own", "extends": "tranquility",\n "templates": "my-templates"}')
    result = runner.invoke(app, command)
    assert (result.exit_code, result.stderr.splitlines()) == (
        1,
        [
            "card_specs/variants/own.json:2:15: $.templates: template folder 'my-templates' not found under templates/",
            "1 problem found; nothing was written",
        ],
    )
    assert not (tmp_path / "output").exists()
    (tmp_path / "templates" / "my-templates").mkdir(parents=True)  # made: its templates come from the parent's
    assert runner.invoke(app, ["validate", "own", "--no-simulate"]).exit_code == 0


def test_a_kind_ids_typo_does_not_hide_the_files_other_problems(tmp_path, monkeypatch):
    """The typo makes a new kind that lacks a template and a back; the other kinds' templates are
    still checked (a missing back of another kind was not reported until the typo was fixed)."""
    monkeypatch.chdir(tmp_path)
    write_variant(
        tmp_path,
        "w",
        '{"id": "w", "extends": "tranquility",\n "kinds": [{"id": "strat", "name": "S"}, '
        '{"id": "island", "back": "bakc"}]}',
    )
    result = runner.invoke(app, ["validate", "w", "--no-simulate"])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith(
        "card_specs/variants/w.json:2:19: $.kinds[0].id: there is no kind 'strat' in tranquility"
    )
    assert lines[1].startswith("card_specs/variants/w.json:2:67: $.kinds[1].back: template 'bakc' not found")
    assert lines[2:] == ["2 problems found; nothing was written"]


def test_a_misspelt_module_rule_is_reported_with_the_likely_one(tmp_path, monkeypatch):
    """The schema takes any object as a module's rules: the typo was ignored and the goats aimed at
    their default row."""
    monkeypatch.chdir(tmp_path)
    write_variant(
        tmp_path, "g", '{"id": "g", "extends": "ascent",\n "modules": [{"id": "goats", "rules": {"target_rwo": 5}}]}'
    )
    result = runner.invoke(app, ["validate", "g", "--no-simulate"])
    assert (result.exit_code, result.stderr.splitlines()) == (
        1,
        [
            "card_specs/variants/g.json:2:40: $.modules[0].rules.target_rwo: unknown key 'target_rwo'; "
            "did you mean 'target_row'? (expected one of: colour, goats, target_row)",
            "1 problem found; nothing was written",
        ],
    )
