"""Input written to break the tool (issue 12, items 5-13): every one is a located error, exit 1 (usage
errors exit 2), no traceback, nothing read that should not be, nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.locate import bundled_root

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
    variant(
        "v",
        '{"id":"v","extends":"tranquility","card":{"corner_radius":"-3mm"},\n'
        '"kinds":[{"id":"island","size":{"width":"-1mm","height":"0mm"}}]}',
    )
    result = pnp("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/v.json:1:59: $.card.corner_radius: corner_radius must be between 0 and half the card, got -3mm",
        "card_specs/v.json:2:41: $.kinds[0].size.width: a card width must be between 10mm and 300mm, got -1mm",
        "card_specs/v.json:2:57: $.kinds[0].size.height: a card height must be between 10mm and 300mm, got 0mm",
        "3 problems found; nothing was written",
    ]


# --- item 11: patterns anchored so that nothing follows the match ---------------------------------

ROOT = Path(__file__).parent.parent
SCHEMAS = sorted(p for folder in ("card_specs", "templates") for p in (ROOT / folder).rglob("*.schema.json"))


def _patterns(node, where="$"):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                yield where, value
            elif key == "patternProperties" and isinstance(value, dict):
                yield from ((f"{where}.patternProperties", k) for k in value)
            yield from _patterns(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _patterns(value, f"{where}[{i}]")


def test_every_schema_pattern_is_anchored_at_both_ends_with_no_newline_after_the_end():
    """jsonschema matches `pattern` with Python's re.search, where `$` also matches before a final
    newline; `$(?!\\n)` ends the match at the very end in Python and in ECMA-262 alike."""
    assert len(SCHEMAS) >= 2
    found = [(p.name, where, pattern) for p in SCHEMAS for where, pattern in _patterns(json.loads(p.read_text()))]
    assert len(found) >= 8
    loose = [f for f in found if not (f[2].startswith("^") and f[2].endswith("$(?!\\n)"))]
    assert loose == []


def test_an_id_or_colour_with_a_trailing_newline_is_refused():
    variant("nl", {"id": "nl\n", "extends": "tranquility", "theme": {"colours": {"ink": "#123456\n"}}})
    result = pnp("validate", "card_specs/nl.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        'card_specs/nl.json:1:8: $.id: "nl\\n" does not have the expected form (lower-case letters, digits and '
        "'-', up to 48 characters)",
        'card_specs/nl.json:1:71: $.theme.colours.ink: "#123456\\n" does not have the expected form (a colour '
        "such as '#1f2a38')",
        "2 problems found; nothing was written",
    ]


@pytest.mark.parametrize("colour", ["#123456\n", "ink\n"])
def test_a_template_colour_with_a_trailing_newline_is_refused(colour):
    from pnp.face.template import resolve_colour
    from pnp.game.model import Theme

    theme = Theme(font="Atkinson Hyperlegible", colours={"ink": "#123456"}, terrain={})
    with pytest.raises(ValueError):
        resolve_colour(colour, theme)


# --- item 9: NaN and Infinity ---------------------------------------------------------------------

BUNDLED_ISLAND = ROOT / "templates" / "tranquility" / "island.json"


def own_island_template(edit) -> Path:
    """A variant 'v' of tranquility whose island template (templates/mine/island.json) is `edit(text)`."""
    variant("v", {"id": "v", "extends": "tranquility", "templates": "mine"})
    folder = Path("templates/mine")
    folder.mkdir(parents=True)
    (folder / "island.json").write_text(edit(BUNDLED_ISLAND.read_text(encoding="utf-8")), encoding="utf-8")
    return folder / "island.json"


@pytest.mark.parametrize(
    "old, new, where",
    [
        ('"size_pt": 38,', '"size_pt": NaN,', "10:18: $.elements[1].size_pt: NaN"),
        ('"box": [0, 0, 70, 70]', '"box": [0, NaN, 70, 70]', "7:76: $.elements[0].box[1]: NaN"),
        ('"rotate": 180,', '"rotate": Infinity,', "14:103: $.elements[2].rotate: Infinity"),
        ('"size": [70, 70]', '"size": [70, -Infinity]', "4:16: $.size[1]: -Infinity"),
    ],
)
def test_non_finite_numbers_in_a_template_are_refused_at_their_place(old, new, where):
    own_island_template(lambda text: text.replace(old, new, 1))
    result = pnp("render", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"templates/mine/island.json:{where} is not a number the tool can use; write a finite number such as 1.5",
        "1 problem found; nothing was written",
    ]
    assert not Path("output").exists()


def test_a_number_too_large_for_a_float_is_refused_in_a_spec():
    variant("v", '{"id": "v", "extends": "tranquility",\n "rules": {"hand_size": 1e400}}')
    result = pnp("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/v.json:2:25: $.rules.hand_size: '1e400' is too large to be a finite number; write a number "
        "such as 1.5",
        "1 problem found; nothing was written",
    ]


def test_nan_in_a_state_is_refused_at_its_place():
    Path("s.json").write_text('{"format": "pnp-state", "version": 2, "game": "tranquility",\n "seed": NaN}')
    result = pnp("check", "s.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "s.json:2:10: $.seed: NaN is not a number the tool can use; write a finite number such as 1.5",
        "1 problem found",
    ]


# --- item 13: messages stay located and short -----------------------------------------------------


@pytest.mark.parametrize("depth", [65, 5000])
def test_nesting_too_deep_names_line_column_and_path(depth):
    variant("deep", '{"id": "deep",\n "kinds": [{"x": ' + "[" * depth + "]" * depth + "}]}")
    result = pnp("validate", "card_specs/deep.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/deep.json:2:79: $.kinds[0].x[0][0][0][0][0][0][0][0][0][0][0][0][0…0][0][0][0][0][0][0][0][0][0][0]"
        "[0][0][0][0][0][0]: "
        "is nested deeper than 64 levels (arrays and objects)",
        "1 problem found; nothing was written",
    ]


def test_a_string_over_its_maximum_length_is_quoted_short():
    variant("v", json.dumps({"id": "v", "extends": "tranquility", "title": "x" * 10_000}))
    result = pnp("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "card_specs/v.json:1:48: $.title: '" + "x" * 59 + "… (10000 characters) is too long (maxLength 80)",
        "1 problem found; nothing was written",
    ]


def test_a_long_unknown_key_is_quoted_short_in_the_message_and_the_path():
    key = "k" * 10_000
    Path("s.json").write_text(json.dumps({key: 1}))
    result = pnp("check", "s.json")
    assert result.exit_code == 1
    line = next(line for line in result.stderr.splitlines() if "unknown key" in line)
    assert (
        line
        == (
            's.json:1:2: $["'  # the key's column, not its value's (10006)
            + "k" * 40
            + "…\" (10000 characters)]: unknown key '"
            + "k" * 60
            + "'… (10000 characters) (expected one of: format, version, game, engine, modules, players, seed, "
            "turn, current_player, status, hands, piles, discard, box, aside, tranquility, ascent)"
        )
    )


@pytest.mark.parametrize("command", [["setup", "tranquility"], ["simulate", "tranquility", "--games", "2"]])
@pytest.mark.parametrize(
    "seed, shown",
    [
        ("9" * 4000, "'999999999999'… (4000 characters)"),
        (str(2**64), f"'{2**64}'"),
        ("1e5", "'1e5'"),
    ],
    ids=["4000-digits", "2**64", "1e5"],
)
def test_a_seed_out_of_range_is_a_short_usage_error_on_every_command_that_takes_one(command, seed, shown):
    result = pnp(*command, "--seed", seed)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--seed' / '-s': expected a whole number from -9223372036854775808 to "
        f"18446744073709551615, not {shown}"
    )
    assert list(Path(".").iterdir()) == []


def test_a_state_seed_out_of_range_is_refused():
    from pnp.core.errors import SpecError
    from pnp.rules.state.reader import loads_state

    with pytest.raises(SpecError) as caught:
        loads_state('{"seed": ' + "9" * 4000 + "}", "s.json")
    assert (
        "s.json:1:10: $.seed: expected a whole number of at most 18446744073709551615 (a limit of the state format)"
    ) in str(caught.value).splitlines()


# --- item 12: only regular files are read ---------------------------------------------------------

PIPE_MESSAGE = "is a named pipe, not a regular file; only regular files are read"


@pytest.mark.parametrize("command", [["check", "s.json"], ["validate", "s.json"], ["build", "s.json"]])
def test_a_named_pipe_is_a_usage_error_not_a_hang(command):
    os.mkfifo("s.json")
    result = run_in_child(command)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"error: s.json: {PIPE_MESSAGE}"]
    assert sorted(os.listdir()) == ["s.json"]


@pytest.mark.parametrize("name", ["art/sky.svg", "island.json"])
def test_a_named_pipe_among_the_templates_is_a_usage_error(name):
    own_island_template(lambda text: text)
    pipe = Path("templates/mine") / name
    pipe.parent.mkdir(exist_ok=True)
    pipe.unlink(missing_ok=True)
    os.mkfifo(pipe)
    result = run_in_child(["render", "v"])
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"error: templates/mine/{name}: {PIPE_MESSAGE}"]
    assert not Path("output").exists()


def run_in_child(args: list[str]) -> subprocess.CompletedProcess:
    """The command in its own process, stopped after 60 s: a read that waits on a pipe fails the test."""
    code = "import sys; from pnp.cli import main; sys.argv = ['pnp'] + sys.argv[1:]; main()"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60, env=env)


# --- item 5: symbolic links do not lead out of the project ----------------------------------------

OUTSIDE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#abcdef"/></svg>'
)


@pytest.fixture
def outside(tmp_path_factory) -> Path:
    """A folder outside the project (the working folder) holding an SVG and a template."""
    folder = tmp_path_factory.mktemp("outside")
    (folder / "sky.svg").write_text(OUTSIDE_SVG)
    (folder / "island.json").write_text(BUNDLED_ISLAND.read_text(encoding="utf-8"))
    (folder / "art").mkdir()
    (folder / "art" / "sky.svg").write_text(OUTSIDE_SVG)
    return folder


def test_an_art_file_linked_to_outside_the_project_is_refused_naming_the_link(outside):
    own_island_template(lambda text: text)
    Path("templates/mine/art").mkdir()
    Path("templates/mine/art/sky.svg").symlink_to(outside / "sky.svg")
    result = pnp("render", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "templates/mine/island.json:5:41: $.background.art: templates/mine/art/sky.svg: the symbolic link "
        f"templates/mine/art/sky.svg leads outside the project (to {(outside / 'sky.svg').resolve()}); templates and "
        f"art are read only from inside {Path.cwd().resolve()} and {(bundled_root() / 'templates').resolve()}: "
        "copy the file "
        "into the project instead"
    )
    assert not Path("output").exists()


def test_an_art_folder_linked_to_outside_is_refused(outside):
    own_island_template(lambda text: text)
    Path("templates/mine/art").symlink_to(outside / "art")
    result = pnp("render", "v")
    assert result.exit_code == 1
    assert "the symbolic link templates/mine/art leads outside the project" in result.stderr.splitlines()[0]
    assert "#abcdef" not in result.stdout + result.stderr and not Path("output").exists()


def test_a_template_file_linked_to_outside_is_refused(outside):
    own_island_template(lambda text: text)
    Path("templates/mine/island.json").unlink()
    Path("templates/mine/island.json").symlink_to(outside / "island.json")
    result = pnp("validate", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith(  # the kind and its template are the parent's
        f"{bundled_root() / 'card_specs' / 'tranquility.json'}:29:19: $.kinds[0].template: "
        "templates/mine/island.json: the symbolic link templates/mine/island.json leads outside the project"
    )


def test_a_whole_template_folder_linked_to_outside_is_refused(outside):
    variant("v", {"id": "v", "extends": "tranquility", "templates": "mine"})
    Path("templates").mkdir()
    Path("templates/mine").symlink_to(outside)
    for command in (["validate", "v"], ["render", "v"]):
        result = pnp(*command)
        assert result.exit_code == 1
        assert result.stderr.splitlines()[0].startswith(
            "card_specs/v.json:1:52: $.templates: templates/mine: the symbolic link templates/mine leads outside"
        )
    assert not Path("output").exists()


def test_links_that_stay_inside_the_project_still_work():
    own_island_template(lambda text: text)
    Path("shared").mkdir()
    Path("shared/sky.svg").write_text(OUTSIDE_SVG)
    Path("templates/mine/art").mkdir()
    Path("templates/mine/art/sky.svg").symlink_to(Path("shared/sky.svg").resolve())
    result = pnp("render", "v", "--quiet")
    assert result.exit_code == 0, result.stderr
    assert "#abcdef" in Path("output/v/svg/island-01.svg").read_text()


# --- items 7 and 10: art XML is refused in the parser ---------------------------------------------


def art_template(svg: bytes) -> None:
    own_island_template(lambda text: text)
    Path("templates/mine/art").mkdir()
    Path("templates/mine/art/sky.svg").write_bytes(svg)


def test_an_entity_in_utf16_art_is_refused_not_expanded():
    svg = (
        '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE svg [<!ENTITY c "#abcdef">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="&c;"/></svg>'
    )
    assert b"<!ENTITY" not in svg.encode("utf-16")  # a byte search cannot see it
    art_template(svg.encode("utf-16"))
    result = pnp("render", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "templates/mine/island.json:5:41: $.background.art: templates/mine/art/sky.svg:2:15: DOCTYPE and ENTITY "
        "declarations are not allowed in art.",
        "1 problem found; nothing was written",
    ]
    assert not Path("output").exists()


def test_art_nested_thirty_thousand_deep_is_a_located_error_not_a_recursion_error():
    depth = 30_000
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n' + "<g>" * depth + "</g>" * depth + "</svg>"
    ).encode()
    assert len(svg) < 256 * 1024
    art_template(svg)
    result = pnp("render", "v")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "templates/mine/island.json:5:41: $.background.art: templates/mine/art/sky.svg:2:94: <g> is nested deeper "
        "than 32 levels; flatten the groups.",
        "1 problem found; nothing was written",
    ]


# --- item 6: a state names a game, never a file ---------------------------------------------------

SECRET = "s3cr3t-token-4242"


@pytest.fixture
def opened():
    """Paths opened while the fixture is active (audit hooks cannot be removed: the hook checks a flag)."""
    found: list[str] = []
    _AUDIT["sink"] = found
    yield found
    _AUDIT["sink"] = None


_AUDIT: dict = {"sink": None}


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _AUDIT["sink"] is not None and isinstance(args[0], (str, bytes, os.PathLike)):
        _AUDIT["sink"].append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


@pytest.mark.parametrize("where", ["absolute", "relative", "parent"])
def test_a_state_naming_a_file_is_refused_without_opening_it(tmp_path_factory, opened, where):
    secret = tmp_path_factory.mktemp("outside") / "creds.json"
    secret.write_text(json.dumps({"id": SECRET, "extends": "tranquility", "title": SECRET}))
    Path("here.json").write_text(secret.read_text())
    game = {"absolute": str(secret), "relative": "here.json", "parent": f"../{secret.parent.name}/creds.json"}[where]
    setup = pnp("setup", "tranquility", "--json", "--quiet", "--out", "out")
    state = json.loads(setup.stdout)
    state["game"] = game
    Path("s.json").write_text(json.dumps(state, indent=1))
    opened.clear()
    result = pnp("check", "s.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"s.json:4:10: $.game: names {game!r}, which is not a game or variant name: a state names a bundled game or "
        "a variant in card_specs/ (lower-case letters, digits and '-'), never a file; to check it against a spec file, "
        "pass --game FILE",
        "1 problem found",
    ]
    assert SECRET not in result.stdout + result.stderr
    assert not [p for p in opened if p.endswith("creds.json") or p.endswith("here.json")]


def test_a_state_may_name_a_variant_where_build_looks():
    variant("mine", {"id": "mine", "extends": "tranquility", "title": "Mine"})
    setup = pnp("setup", "mine", "--out", "out", "--quiet")
    assert setup.exit_code == 0, setup.stderr
    result = pnp("check", "out/mine/setup/setup-3p-seed1.json")
    assert result.exit_code == 0, result.stderr
