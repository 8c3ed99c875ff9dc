"""What a new user trips on (issue 12, items 14-18): names, choices, the back offset, validate
finding what render would refuse, variant kind typos, and the docs shipped with the tool."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.locate import bundled_root

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


# 14. --back-offset in words, and a warning above 3 mm


def test_back_offset_is_said_in_words_and_a_decimal_comma_is_warned(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("sheets", "tranquility", "--paper", "a4", "--back-offset", "1,5")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[:2] == [
        "--back-offset 1,5: backs moved 1.0 mm right, 5.0 mm down",
        (
            "warning: --back-offset '1,5' gives dy = 5 mm, more than the 3 mm printers usually misregister; "
            "dx and dy are separated by a comma: for 1.5 mm right write '1.5,0'"
        ),
    ]


def test_a_small_back_offset_is_said_without_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("sheets", "tranquility", "--paper", "a4", "--back-offset=-1.5,0.5")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "--back-offset -1.5,0.5: backs moved 1.5 mm left, 0.5 mm down\n"


def test_quiet_says_nothing_about_the_back_offset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("sheets", "tranquility", "--paper", "a4", "--back-offset", "0,-4", "-q")
    assert result.exit_code == 0 and result.stderr == ""


# 15. names and choices


def test_game_names_ignore_case():
    result = run("list", "Tranquility")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Tranquility (tranquility): 117 pieces\n")


def test_a_typo_in_a_game_name_gets_a_suggestion(tmp_path):
    result = run("build", "tranqility", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game or variant 'tranqility'; did you mean 'tranquility'? (known: ")
    assert result.stderr.rstrip().endswith("; `pnp games` lists them with their titles)")
    assert not any(tmp_path.iterdir())


def test_a_name_nothing_like_a_game_gets_no_suggestion():
    result = run("list", "zzz")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game or variant 'zzz' (known: ascent, ")


def test_module_ids_ignore_case_and_a_typo_gets_a_suggestion():
    assert run("list", "ascent", "--modules", "Goats", "--json").exit_code == 0
    result = run("list", "ascent", "--modules", "gaots")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: unknown module 'gaots' for ascent; did you mean 'goats'? (choose from: green-path, panorama, goats)\n"
    )


def test_choice_options_ignore_case(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("sheets", "tranquility", "--paper", "A4", "--duplex", "SHORT-EDGE", "--orientation", "Landscape", "-q")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "tranquility" / "sheets" / "tranquility-a4-landscape-short-edge.pdf").is_file()


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["sheets", "tranquility", "--duplex", "short"],
            "Error: Invalid value for '--duplex': 'short' is not one of long-edge, short-edge, none; "
            "did you mean 'short-edge'?",
        ),
        (
            ["sheets", "tranquility", "--orientation", "sideways"],
            "Error: Invalid value for '--orientation': 'sideways' is not one of auto, portrait, landscape.",
        ),
        (
            ["export", "tcg", "tranquility"],
            (
                "Error: 'tcg' is not an export target: give one of tgc, mpc, drivethru, tts, png, cut; "
                "did you mean 'tgc'? Write pnp export TARGET GAME."
            ),
        ),
    ],
)
def test_a_wrong_choice_lists_the_choices_without_internal_words(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == message
    assert "Value error" not in result.stderr
    assert not any(tmp_path.iterdir())


def test_upper_case_target_is_accepted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("export", "TTS", "tranquility", "-q")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "tranquility" / "export" / "tts").is_dir()


@pytest.mark.parametrize(
    "option, value, message",
    [
        (
            "--paper",
            "8.5x11",
            "error: The paper size '8.5x11' is out of range: give 50 to 5080 mm. Did you mean '8.5x11in'?",
        ),
        ("--paper", "1x1", "error: The paper size '1x1' is out of range: give 50 to 5080 mm."),
        (
            "--card-size",
            "2.5x3.5",
            "error: The card size '2.5x3.5' is out of range: give 10 to 300 mm. Did you mean '2.5x3.5in'?",
        ),
    ],
)
def test_a_size_without_unit_that_fits_in_inches_suggests_inches(option, value, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("sheets", "tranquility", option, value)
    assert result.exit_code == 2
    assert result.stderr == message + "\n"
    assert not any(tmp_path.iterdir())


def test_games_lists_games_then_variants_with_titles(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a folder of the user's with no specs of its own: the bundled games
    result = run("games")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "Games:",
        "  ascent                        Tranquility: The Ascent",
        "  tranquility                   Tranquility",
        "Variants:",
    ]
    big_sea = "Tranquility: the big sea (7×7, islands 1–100)  (extends tranquility)"
    assert "  big-sea                       " + big_sea in lines


def test_games_json_names_the_users_own_variant_and_one_with_problems(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("variant", "new", "quiet-sea", "--from", "tranquility").exit_code == 0
    (tmp_path / "card_specs" / "variants" / "broken.json").write_text(
        '{"id": "broken", "extends": "tranquility", "card": 3}'
    )
    result = run("games", "--json")
    assert result.exit_code == 0, result.stderr
    entries = {e["name"]: e for e in json.loads(result.stdout)}
    assert entries["quiet-sea"] == {
        "name": "quiet-sea",
        "title": "Quiet Sea",
        "extends": "tranquility",
        "source": "card_specs/variants/quiet-sea.json",
        "problem": None,
    }
    assert entries["tranquility"]["source"] == "bundled"
    problem = entries["broken"]["problem"]
    assert problem.startswith("card_specs/variants/broken.json:1:52: $.card: ")
    assert problem.endswith(" (run `pnp validate broken`)")


# 18. the variant's $schema and the docs shipped with the tool


def test_variant_new_writes_a_relative_schema_with_a_copy_beside_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("variant", "new", "quiet-sea", "--from", "tranquility")
    assert result.exit_code == 0, result.stderr
    data = json.loads((tmp_path / "card_specs" / "variants" / "quiet-sea.json").read_text(encoding="utf-8"))
    assert data["$schema"] == "../schema/spec.schema.json"
    copied = tmp_path / "card_specs" / "variants" / data["$schema"]
    bundled = Path(__file__).resolve().parents[1] / "card_specs" / "schema" / "spec.schema.json"
    assert copied.read_bytes() == bundled.read_bytes()
    assert "docs/spec-format.md" not in result.stderr + json.dumps(data)
    assert "`pnp docs spec-format`" in result.stderr and "`pnp docs spec-format`" in " ".join(data["$comment"])
    shared = tmp_path / "elsewhere" / "card_specs" / "variants"
    shared.mkdir(parents=True)
    (shared / "quiet-sea.json").write_bytes((tmp_path / "card_specs" / "variants" / "quiet-sea.json").read_bytes())
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert run("validate", "quiet-sea").exit_code == 0  # the tool validates with its own schema wherever the file is


def test_docs_lists_topics_and_prints_a_page():
    listing = run("docs")
    assert listing.exit_code == 0
    assert any(re.fullmatch(r"  spec-format +The card spec format", line) for line in listing.stdout.splitlines())
    page = run("docs", "Spec-Format")
    assert page.exit_code == 0
    docs = Path(__file__).resolve().parents[1] / "docs"
    assert page.stdout == (docs / "spec-format.md").read_text(encoding="utf-8")


def test_a_docs_typo_gets_a_suggestion():
    result = run("docs", "spec-fromat")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no documentation page 'spec-fromat'; did you mean 'spec-format'? (topics: ")


def test_the_wheel_ships_the_docs():
    import tomllib

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    include = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"][
        "force-include"
    ]
    assert include["docs"] == "pnp/_bundled/docs"


# 17. a kind id the parent does not have


def _variant(tmp_path, name: str, text: str) -> None:
    folder = tmp_path / "card_specs" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(text, encoding="utf-8")


def test_a_typo_in_a_kind_id_names_the_parents_kinds(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path, "v", '{\n  "id": "v",\n  "extends": "tranquility",\n  "kinds": [{"id": "isle", "count": 2}]\n}\n'
    )
    result = run("validate", "v")
    assert result.exit_code == 1
    assert result.stderr == (
        "card_specs/variants/v.json:4:20: $.kinds[0].id: there is no kind 'isle' in tranquility; did you mean "
        "'island'? (kinds: island, start, finish, border, reference); a new kind needs 'template' and 'back' "
        "(this one lacks 'template' and 'back')\n"
        "1 problem found; nothing was written\n"
    )


def test_a_typo_in_a_rule_key_names_the_closest_key_and_every_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(tmp_path, "v", '{\n  "id": "v",\n  "extends": "tranquility",\n  "rules": {"hand_sise": 4}\n}\n')
    result = run("validate", "v")
    assert result.exit_code == 1
    assert result.stderr == (
        "card_specs/variants/v.json:4:13: $.rules.hand_sise: unknown key 'hand_sise'; did you mean 'hand_size'? "
        "(expected one of: $comment, adjacency, cost, cost_cap, engine, finish_cards, first_player, grid, "
        "hand_size, loss, order, players, remove_islands, start_discard, start_discard_draw, start_discard_from)\n"
        "1 problem found; nothing was written\n"
    )


def test_removing_a_kind_the_parent_does_not_have_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path,
        "v",
        '{"id": "v", "extends": "ascent", "modules": [{"id": "goats", "kinds": [{"id": "got", "remove": true}]}]}',
    )
    result = run("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "card_specs/variants/v.json:1:79: $.modules[0].kinds[0].id: there is no kind 'got' in ascent's module "
        "'goats'; did you mean 'goat'? (kinds: goat, goats-reference), so there is nothing to remove"
    )


def test_a_complete_new_kind_is_still_a_new_kind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path,
        "v",
        '{"id": "v", "extends": "tranquility", "kinds": [{"id": "extra", "template": "start", '
        '"back": "back", "count": 1}]}',
    )
    result = run("list", "v", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["extra"] == 1


# 16. validate finds what render would refuse


def test_validate_finds_text_that_does_not_fit_naming_card_template_and_spec_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    long_title = "Your turn, which is a very long title indeed that cannot fit anywhere at all on this card"
    _variant(
        tmp_path,
        "long",
        json.dumps(
            {
                "id": "long",
                "extends": "tranquility",
                "kinds": [{"id": "reference", "cards": [{"title": long_title, "lines": ["One line."]}]}],
            },
            indent=2,
        ),
    )
    result = run("validate", "long")
    assert result.exit_code == 1
    template = bundled_root() / "templates" / "tranquility" / "reference.json"
    assert result.stderr == (
        f"card_specs/variants/long.json:8:9: $.kinds[0].cards[0]: card reference-1 cannot be drawn with template "
        f"'reference': {template}:8:5: $.elements[1]: the text 'Your turn, which is a very long title indeed that "
        "cannot …' does not fit its 60 × 8 mm box even at 10.0 pt; "
        "shorten it, enlarge the box or allow a smaller size.\n"
        "1 problem found; nothing was written\n"
    )
    render = run("render", "long", "--out", str(tmp_path / "out"))
    assert render.exit_code == 1 and "does not fit its 60 × 8 mm box" in render.stderr


def test_schema_and_semantic_problems_come_in_one_round(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path,
        "two",
        '{\n  "id": "two",\n  "extends": "tranquility",\n  "colour": "red",\n'
        '  "kinds": [{"id": "island", "each": {"number": {"from": 80, "to": 1}}}]\n}\n',
    )
    result = run("validate", "two")
    assert result.exit_code == 1
    assert result.stderr == (
        "card_specs/variants/two.json:4:3: $.colour: unknown key 'colour' (expected one of: $comment, $schema, card, "
        "description, extends, id, kinds, language, low_resolution, modules, print, rules, templates, theme, title)\n"
        "card_specs/variants/two.json:5:49: $.kinds[0].each.number: empty range: 'from' (80) is above 'to' (1)\n"
        "2 problems found; nothing was written\n"
    )


def test_a_semantic_check_is_not_repeated_where_the_schema_refused_the_value(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path,
        "odd",
        '{"id": "odd", "extends": "tranquility", "kinds": [{"id": "island", "each": '
        '{"number": {"from": "a", "to": 1}}}]}',
    )
    result = run("validate", "odd")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines[-1] == "1 problem found; nothing was written"
    assert lines[0].startswith("card_specs/variants/odd.json:1:87: $.kinds[0].each.number: ")


def test_a_box_too_small_for_a_whole_kind_is_said_a_few_times_then_summed_up(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(
        tmp_path,
        "wide",
        '{"id": "wide", "extends": "tranquility", '
        '"kinds": [{"id": "island", "each": {"number": {"from": 99920, "to": 99999}}}]}',
    )
    result = run("validate", "wide")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    template = bundled_root() / "templates" / "tranquility" / "island.json"
    assert len(lines) == 5 and lines[-1] == "4 problems found; nothing was written"
    assert lines[0] == (
        f"card_specs/variants/wide.json:1:52: $.kinds[0]: card island-99920 cannot be drawn with template 'island': "
        f"{template}:8:5: $.elements[1]: the text '99920' does not fit its 24 × 13 mm box even at 24.0 pt; "
        "shorten it, enlarge the box or allow a smaller size."
    )
    assert lines[3] == (
        f"card_specs/variants/wide.json:1:52: $.kinds[0]: the same element of template 'island' ({template}:8:5: "
        "$.elements[1]) fails for 58 more cards too: island-99924, island-99925, island-99926, island-99928, "
        "island-99929, …"
    )
