"""Hostile input to records, states and the options of simulate and sweep (issue 26 items 2 and 4,
issue 30 item 4): every case is a located or usage error with its exact sentence and exit code, no
traceback, nothing opened that should not be, nothing hung on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def pnp(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> dict:
    """A real record of a won Tranquility game (3 players, seed 4), as `pnp simulate --log` writes it."""
    folder = tmp_path_factory.mktemp("records")
    result = runner.invoke(app, ["simulate", "tranquility", "-p", "3", "-n", "1", "-s", "4", "--log", str(folder)])
    assert result.exit_code == 0, result.output
    data = json.loads((folder / "tranquility-3p-seed4-game0001.json").read_text())
    assert data["end"]["status"] == "won"
    return data


def write_record(data: dict, name: str = "r.json") -> Path:
    path = Path(name)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def value_at(path: Path, key: str, value) -> str:
    """LINE:COL (1-based) of the first `"key": value` in `path`, at the value, as problems place it."""
    text = f"{json.dumps(key)}: {json.dumps(value)}"
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if text in line:
            return f"{number}:{line.index(text) + len(key) + 5}"
    raise AssertionError(f"{text} is not in {path}")


# --- records and states name games, never paths (issue 26 item 2) ---------------------------------


@pytest.mark.parametrize("where", ["absolute", "parent", "relative"])
def test_a_record_naming_a_file_is_refused_without_printing_it(simulated, tmp_path_factory, where):
    secret = tmp_path_factory.mktemp("outside") / "evil.json"
    secret.write_text(json.dumps({"id": "evil", "extends": "tranquility", "title": "TOP SECRET"}))
    Path("evil.json").write_text(secret.read_text())
    name = {"absolute": str(secret), "parent": f"../{secret.parent.name}/evil.json", "relative": "evil.json"}[where]
    data = json.loads(json.dumps(simulated))
    data["setup"]["game"] = name
    path = write_record(data)
    result = pnp("replay", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"r.json:{value_at(path, 'game', name)}: $.setup.game: names {name!r}, which is not a game or "
        "variant name: a record names a bundled game or a variant in card_specs/ (lower-case letters, digits and "
        "'-'), never a file; to replay it against a spec file, pass --game FILE",
        "1 problem found",
    ]
    assert "SECRET" not in result.stdout + result.stderr


def test_a_state_naming_a_path_is_refused_by_the_same_rule():
    setup = pnp("setup", "tranquility", "--json", "--quiet", "--out", "out")
    state = json.loads(setup.stdout)
    state["game"] = "../tranquility"
    Path("s.json").write_text(json.dumps(state, indent=1))
    result = pnp("check", "s.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "s.json:4:10: $.game: names '../tranquility', which is not a game or variant name: a state names a bundled "
        "game or a variant in card_specs/ (lower-case letters, digits and '-'), never a file; to check it against a "
        "spec file, pass --game FILE",
        "1 problem found",
    ]


def test_the_play_table_rule_is_the_same_function():
    from pnp.core.locate import named_game_problem

    assert named_game_problem("tranquility") is None
    assert named_game_problem("galateia") is None
    assert named_game_problem("/etc/passwd", "a play request") == (
        "names '/etc/passwd', which is not a game or variant name: a play request names a bundled game or a variant "
        "in card_specs/ (lower-case letters, digits and '-'), never a file"
    )
    assert named_game_problem("nosuch").startswith("unknown game or variant 'nosuch'")
    assert named_game_problem(5).startswith("names '5', which is not a game or variant name")


@pytest.mark.parametrize("seed", [2**63 + 1, 2**64 - 1, -(2**63)])
def test_a_record_of_the_play_table_replays_at_every_seed_it_may_write(seed):
    from pnp.pipeline.load import load_game
    from pnp.rules.session import PlaySession
    from pnp.rules.state.model import SEEDS

    assert SEEDS[0] <= seed <= SEEDS[1]
    session = PlaySession(load_game("tranquility"), 2, seed, ["bot", "bot"])
    path = Path("play.json")
    path.write_text(session.record_text(), encoding="utf-8")
    result = pnp("replay", path, "-q")
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["seed"] == seed


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", ["replay", "check"])
def test_a_named_pipe_is_refused_at_once(command):
    os.mkfifo("pipe.json")
    result = pnp(command, "pipe.json")
    assert result.exit_code == 2
    assert result.stderr == "error: pipe.json: is a named pipe, not a regular file; only regular files are read\n"


# --- records checked whole (issue 30 item 4): each mutant of a real record names its rule ----------


def _set(*path_value):
    *path, value = path_value

    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(*path):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


MUTANTS = {
    # name: (change, rule id, JSON path shown, sentence after the rule id)
    "turns one more": (
        lambda d: d["end"].update(turns=d["end"]["turns"] + 1),
        "record-turns",
        "$.end.turns",
        "the moves end the game after {turns} turns; the record claims {turns1} turns",
    ),
    "turns missing": (
        _drop("end", "turns"),
        "record-turns",
        "$.end",
        "the moves end the game after {turns} turns; the record claims no turns",
    ),
    "won with a loss reason": (
        _set("end", "reason", "blocked"),
        "record-reason",
        "$.end.reason",
        'a won game has no loss reason (an empty reason), not "blocked"',
    ),
    "lost although won": (
        _set("end", "status", "lost"),
        "record-end",
        "$.end.status",
        'the record ends "lost" but its moves leave the game "won"',
    ),
    "header names another game": (
        _set("game", "galateia"),
        "record-header",
        "$.game",
        'game is "galateia" here but "tranquility" in the setup; the header repeats it',
    ),
    "header names other players": (
        _set("players", 4),
        "record-header",
        "$.players",
        "players is 4 here but 3 in the setup; the header repeats it",
    ),
    "header names another seed": (
        _set("seed", 6),
        "record-header",
        "$.seed",
        "seed is 6 here but {seed} in the setup; the header repeats it",
    ),
    "header names modules": (
        _set("modules", ["goats"]),
        "record-header",
        "$.modules",
        'modules is ["goats"] here but [] in the setup; the header repeats it',
    ),
    "header names another engine": (
        _set("engine", "ascent"),
        "record-header",
        "$.engine",
        'engine is "ascent" here but "tranquility" in the setup; the header repeats it',
    ),
    "seats of another table": (
        _set("seats", ["bot"]),
        "record-header",
        "$.seats",
        'expected one seat per player (3), each "person" or "bot", not ["bot"]',
    ),
    "options contradict the game": (
        _set("options", "hand_size", 6),
        "record-options",
        "$.options.hand_size",
        "tranquility is played with hand_size 5, not 6",
    ),
    "options a string for a number": (
        _set("options", "start_discard", "8"),
        "record-options",
        "$.options.start_discard",
        'tranquility is played with start_discard 8, not "8"',
    ),
    "options missing a key": (
        _drop("options", "cost"),
        "record-options",
        "$.options",
        'cost is missing: tranquility is played with cost "nearest"',
    ),
    "options with an unknown key": (
        _set("options", "house_rule", True),
        "record-options",
        "$.options.house_rule",
        'tranquility has no rule option "house_rule" set',
    ),
}


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_a_mutant_record_names_the_claim_it_breaks(simulated, name):
    change, rule, json_path, sentence = MUTANTS[name]
    data = json.loads(json.dumps(simulated))
    change(data)
    path = write_record(data)
    turns, seed = simulated["end"]["turns"], simulated["seed"]
    result = pnp("replay", path)
    assert result.exit_code == 1, result.output
    line = result.stdout.splitlines()[0]
    assert line.startswith("r.json:") and line.count("\n") == 0
    assert line.split(": ", 1)[1] == f"{json_path}: [{rule}] " + sentence.format(
        turns=turns, turns1=turns + 1, seed=seed
    )
    assert result.stdout == line + "\n"


def test_a_claim_is_placed_at_its_line(simulated):
    data = json.loads(json.dumps(simulated))
    data["end"]["turns"] += 1
    path = write_record(data)
    result = pnp("replay", path)
    assert result.stdout.startswith(f"r.json:{value_at(path, 'turns', data['end']['turns'])}: $.end.turns: ")


def test_the_unmutated_record_replays(simulated):
    result = pnp("replay", write_record(simulated))
    assert result.exit_code == 0
    assert result.stdout == f"r.json: {len(simulated['moves'])} moves, every one legal; the game is won\n"


def test_a_record_replayed_against_another_game_is_not_held_to_its_options(simulated):
    result = pnp("replay", write_record(simulated), "--game", "gap-cost", "-q")
    assert "[record-options]" not in result.stdout


def test_the_claim_rules_are_documented():
    from pnp.rules.record_claims import CLAIM_RULES

    text = (Path(__file__).parents[2] / "docs" / "record-format.md").read_text()
    for rule_id in CLAIM_RULES:
        assert f"| `{rule_id}` |" in text


# --- options checked like specs (issue 26 item 4) ---------------------------------------------------


def test_jobs_above_the_cores_is_capped_with_a_note(monkeypatch):
    from pnp.core import pool

    asked = []
    real = pool.results
    monkeypatch.setattr(pool, "cores", lambda: 2)
    monkeypatch.setattr(pool, "results", lambda tasks, jobs=None, **kw: asked.append(jobs) or real(tasks, 1, **kw))
    result = pnp("simulate", "tranquility", "-n", 4, "--jobs", 1000000, "-q")
    assert result.exit_code == 0, result.output
    assert result.stderr == "note: --jobs 1000000 is more than the 2 core(s) this process may use; using 2\n"
    assert asked and max(asked) <= 2


def test_a_huge_jobs_value_is_echoed_cut(monkeypatch):
    from pnp.core import pool

    monkeypatch.setattr(pool, "cores", lambda: 2)
    result = pnp("simulate", "tranquility", "-n", 2, "--jobs", "9" * 300, "-q")
    assert result.exit_code == 0
    assert (
        result.stderr
        == "note: --jobs 9999… (300 characters) is more than the 2 core(s) this process may use; using 2\n"
    )


@pytest.mark.parametrize(
    "address",
    ["tcp://no such host:::", "tcp://127.0.0.1:99999", "http://127.0.0.1:8786", "tcp://" + "a" * 300 + ":1"],
)
@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_a_malformed_scheduler_address_is_refused_before_connecting(address, command):
    result = pnp(command, "tranquility", "-n", 2, "-p", 2, "--scheduler", address)
    shown = repr(address) if len(address) <= 80 else repr(address[:60]) + f"… ({len(address)} characters)"
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: --scheduler {shown}: expected a Dask scheduler's address, tcp://HOST:PORT or tls://HOST:PORT (a host "
        "name, an IPv4 address or an [IPv6] address; a port from 1 to 65535, 8786 when left out)\n"
    )


def _pnp_process(*args, timeout: float = 120):
    """The real `pnp` in its own process: a Dask client given up on leaves threads behind."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    code = "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True, env=env, timeout=timeout
    )


def test_a_silent_scheduler_is_given_up_on_naming_the_address():
    import socket

    pytest.importorskip("distributed")
    with socket.socket() as silent:  # accepts connections (the kernel does) and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        done = _pnp_process("simulate", "tranquility", "-n", 2, "-q", "--scheduler", f"127.0.0.1:{port}")
    assert done.returncode == 2
    assert done.stderr == f"error: --scheduler 'tcp://127.0.0.1:{port}': no Dask scheduler answers there within 10 s\n"


def test_a_closed_scheduler_port_is_told_at_once():
    import socket

    pytest.importorskip("distributed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # bound, not listening: connecting is refused
        done = _pnp_process("sweep", "tranquility", "-n", 2, "-p", 2, "-q", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert done.returncode == 2
    assert (
        done.stderr
        == f"error: --scheduler 'tcp://127.0.0.1:{port}': no Dask scheduler answers there (Connection refused)\n"
    )


VALUES = {
    "Infinity": "expected an integer, got number Infinity",
    "NaN": "expected an integer, got number NaN",
    "4.5": "expected an integer, got number 4.5",
    '"5"': 'expected an integer, got string "5"',
    "100000000000000000000000": "expected at most 20, got 100000000000000000000000",
    "true": "expected an integer, got boolean true",
}


@pytest.mark.parametrize("value", sorted(VALUES))
def test_a_set_value_goes_through_the_spec_schema_of_its_key(value):
    result = pnp("sweep", "tranquility", "--set", f"rules.hand_size={value}", "-n", 2, "-p", 2, "-q")
    assert (result.exit_code, result.stderr) == (2, f"error: --set rules.hand_size={value}: {VALUES[value]}\n")
    assert not Path("output").exists()


@pytest.mark.parametrize("value", sorted(VALUES))
def test_a_vs_value_goes_through_the_spec_schema_of_its_key(value):
    result = pnp("simulate", "tranquility", "--vs", f"rules.hand_size={value}", "-n", 2, "-q")
    assert (result.exit_code, result.stderr) == (2, f"error: --vs rules.hand_size={value}: {VALUES[value]}\n")
    assert result.stdout == ""


def test_one_bad_value_of_a_list_is_named_before_anything_is_played():
    result = pnp("sweep", "tranquility", "--set", "rules.cost=nearest,gap,far", "-n", 2, "-p", 2, "-q")
    assert (result.exit_code, result.stderr) == (
        2,
        'error: --set rules.cost=far: expected one of "nearest", "gap", got "far"\n',
    )


@pytest.mark.parametrize(
    "value, message",
    [
        ("1e5", "expected an integer, got number 100000.0"),
        ("99999", "expected an integer from 0 to 100, got 99999"),
        ('"2"', 'expected an integer, got string "2"'),
    ],
)
def test_a_module_parameter_is_a_whole_number_in_range(value, message):
    result = pnp("sweep", "ascent", "--set", f"modules.goats.goats={value}", "-n", 2, "-p", 2, "-q")
    shown = "100000.0" if value == "1e5" else value
    assert (result.exit_code, result.stderr) == (2, f"error: --set modules.goats.goats={shown}: {message}\n")


def test_players_beyond_any_spec_are_refused_without_listing_them():
    result = pnp("sweep", "tranquility", "-p", "1-99999999999", "-n", 2, "-q")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --players 1-99999999999: player counts go from 1 to 10 (a spec's most), each once\n",
    )


def test_a_long_players_list_is_refused_at_once_and_echoed_cut():
    text = ",".join(["3"] * 2150)  # 4,299 characters
    result = pnp("sweep", "tranquility", "-p", text, "-n", 2, "-q")
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: --players {text[:60]}… (4299 characters): player counts go from 1 to 10 (a spec's most), each once\n",
    )


def test_players_the_game_does_not_take_are_refused_before_building():
    result = pnp("sweep", "tranquility", "-p", "4-6", "-n", 2, "-q")
    assert (result.exit_code, result.stderr) == (2, "error: Tranquility is for 1–5 players, not 6\n")


def test_a_long_value_list_is_refused_at_once_and_echoed_cut():
    text = "rules.hand_size=" + ",".join(["3"] * 2150)
    result = pnp("sweep", "tranquility", "--set", text, "-n", 2, "-p", 2, "-q")
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: --set {text[:60]}… ({len(text)} characters): at most 500 values, in at most 4000 characters\n",
    )


def test_a_grid_of_more_than_500_cells_is_refused_before_the_game_is_loaded(monkeypatch):
    from pnp import api

    monkeypatch.setattr(api, "_load_game", lambda *a, **k: pytest.fail("the game was loaded"))
    result = pnp("sweep", "tranquility", "--set", "rules.hand_size=2..20", "--set", "rules.start_discard=0..30")
    assert (result.exit_code, result.stderr) == (
        2,
        "error: the sweep has more than 500 cells (combinations of the --set values × player counts); at most 500\n",
    )


def test_a_long_modules_value_is_echoed_cut():
    result = pnp("simulate", "ascent", "--modules", "x" * 5000, "-n", 2, "-q")
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: unknown module {'x' * 60!r}… (5000 characters) for ascent "
        "(choose from: green-path, panorama, goats)\n",
    )


def test_a_base_url_with_a_port_in_range_is_taken():
    from pnp.cli.print_cmds import _check_base_url

    _check_base_url("https://example.org:8443/tts/")
    with pytest.raises(Exception, match="a port from 1 to 65535"):
        _check_base_url("https://example.org:99999/")


# --- problems where their value is set ------------------------------------------------------------


def _variant(name: str, data: dict) -> Path:
    folder = Path("card_specs")
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_variant_title_too_long_for_its_faces_is_reported_at_the_variant():
    from pnp.pipeline.textfit import fit_problems
    from pnp.spec.load import load_spec

    path = _variant("long-title", {"id": "long-title", "extends": "ascent", "title": "W" * 80})
    problems = fit_problems(load_spec(path))
    assert [(p.file, p.line, p.col, p.path) for p in problems] == [("card_specs/long-title.json", 1, 52, "$.title")]
    assert problems[0].message.startswith(
        f"the title {'W' * 80!r} does not fit (and 9 other face(s)): the front of 'reference-1' (en): "
    )
    assert problems[0].message.endswith("shorten it, enlarge the box or allow a smaller size.")


@pytest.mark.parametrize("command", [("validate", "--no-simulate"), ("build", "--out", "out")])
def test_a_200000_character_template_name_is_a_located_cut_problem(command):
    _variant("huge", {"id": "huge", "extends": "tranquility", "kinds": [{"id": "island", "template": "x" * 200_000}]})
    result = pnp(command[0], "huge", *command[1:])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f'card_specs/huge.json:1:81: $.kinds[0].template: "{"x" * 36}... does not have the expected form (lower-case '
        "letters, digits and '-', up to 48 characters)",
        "1 problem found; nothing was written",
    ]


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_a_seed_outside_the_shared_range_is_a_usage_error(command):
    from pnp.rules.state.model import SEEDS

    result = pnp(command, "tranquility", "-p", 2, "-n", 2, "--seed", SEEDS[1] + 1, "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for '--seed' / '-s': expected a whole number from {SEEDS[0]} to {SEEDS[1]}, "
        f"not '{SEEDS[1] + 1}'"
    )


def test_an_unknown_key_in_the_end_is_a_located_problem(simulated):
    data = json.loads(json.dumps(simulated))
    data["end"]["winner"] = 1
    path = write_record(data)
    result = pnp("replay", path)
    assert result.exit_code == 1
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if '"winner"' in text)
    col = path.read_text().splitlines()[line - 1].index('"winner"') + 1
    assert result.stderr.splitlines() == [
        f"r.json:{line}:{col}: $.end.winner: unknown key 'winner' (expected one of: status, reason, turns)",
        "1 problem found",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("simulate", "x" * 5000),
            f"unknown game or variant {'x' * 60!r}… (5000 characters) (known: KNOWN; `pnp games` lists them with "
            "their titles)",
        ),
        (
            ("simulate", "x" * 5000 + ".json"),
            f"{'x' * 1004}… (5005 characters): spec file cannot be read (File name too long)",
        ),
        (
            ("simulate", "tranquility", "--vs", "x" * 5000),
            f"unknown game or variant {'x' * 60!r}… (5000 characters) (known: KNOWN; `pnp games` lists them with "
            "their titles)",
        ),
        (
            ("sweep", "tranquility", "--set", "rules.cost=" + "x" * 3000),
            f'--set rules.cost={"x" * 49}… (3011 characters): expected one of "nearest", "gap", got "{"x" * 36}...',
        ),
        (
            ("sweep", "tranquility", "--set", "rules." + "x" * 5000 + "=1"),
            f"--set rules.{'x' * 54}… (5006 characters): unknown rule key {'x' * 60!r}… (5000 characters) for "
            "tranquility (expected one of: adjacency, cost, cost_cap, finish_cards, first_player, grid, hand_size, "
            "loss, order, players, remove_islands, start_discard, start_discard_draw, start_discard_from)",
        ),
    ],
)
def test_an_echoed_value_is_cut_to_80_characters(args, message):
    from pnp.core.locate import available_games

    result = pnp(*args, "-n", 2, "-q")
    expected = message.replace("KNOWN", ", ".join(available_games()))
    assert (result.exit_code, result.stderr) == (2, f"error: {expected}\n")
