"""Game records: pnp simulate --log writes them, pnp replay re-checks them move by move."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.rules.judge import MOVE_RULES

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    result = run("simulate", "tranquility", "-p", 3, "-n", 2, "-s", 4, "--log", folder, "-q")
    assert result.exit_code == 0, result.output
    return folder


def test_simulate_log_writes_one_record_per_game_each_replays_and_ends_in_a_checked_state(logged, tmp_path):
    records = sorted(logged.glob("[!.]*"))  # not the manifest and the lock
    assert [p.name for p in records] == ["tranquility-3p-seed4-game0001.json", "tranquility-3p-seed4-game0002.json"]
    for path in records:
        data = json.loads(path.read_text())
        assert data["format"] == "pnp-record" and data["options"]["start_discard"] == 8
        result = run("replay", path, "--final", tmp_path / "final.json")
        assert result.exit_code == 0, result.output
        assert f"{len(data['moves'])} moves, every one legal; the game is {data['end']['status']}" in result.stdout
        assert run("check", tmp_path / "final.json").exit_code == 0


def test_same_seed_same_record_bytes(logged, tmp_path):
    run("simulate", "tranquility", "-p", 3, "-n", 2, "-s", 4, "--log", tmp_path, "-q")
    assert {p.name: p.read_bytes() for p in tmp_path.glob("[!.]*")} == {
        p.name: p.read_bytes() for p in logged.glob("[!.]*")
    }


def _tamper(logged, tmp_path, change):
    data = json.loads((logged / "tranquility-3p-seed4-game0001.json").read_text())
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, indent=1))
    return path, data


def test_a_move_out_of_turn_is_named(logged, tmp_path):
    path, _ = _tamper(logged, tmp_path, lambda d: d["moves"][0].update(player=2))
    result = run("replay", path)
    assert result.exit_code == 1
    assert result.stdout == f"{path}: move 1 (player 2): [move-turn] it is player 1's turn, not player 2's\n"


def test_an_unpaid_cost_is_named(logged, tmp_path):
    def unpay(data):
        k = next(i for i, m in enumerate(data["moves"]) if m["action"] == "play" and m["paid"])
        data["k"] = k
        data["moves"][k]["paid"] = []

    path, data = _tamper(logged, tmp_path, unpay)
    k = data.pop("k")
    path.write_text(json.dumps(data))
    move = data["moves"][k]
    result = run("replay", path)
    assert result.exit_code == 1
    assert result.stdout.startswith(
        f"{path}: move {k + 1} (player {move['player']}): [move-cost] {move['card']} in cell {move['cell']} costs "
    )
    assert "; 0 were discarded" in result.stdout


def test_a_record_cut_short_does_not_end_as_it_claims(logged, tmp_path):
    path, _ = _tamper(logged, tmp_path, lambda d: d["moves"].pop())
    result = run("replay", path)
    assert result.exit_code == 1
    assert re.fullmatch(
        rf'{re.escape(str(path))}:\d+:\d+: \$\.end\.status: \[record-end\] the record ends "won" but its moves '
        r'leave the game "playing"\n',
        result.stdout,
    ), result.stdout


def test_a_card_that_is_not_in_the_game_is_a_located_problem(logged, tmp_path):
    path = tmp_path / "bad.json"
    text = (logged / "tranquility-3p-seed4-game0001.json").read_text()
    first = json.loads(text)["moves"][0]["card"]
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith('    {"player": 1'))
    path.write_text(text.replace(f'"card": "{first}"', '"card": "nope"', 1))
    result = run("replay", path)
    assert result.exit_code == 1
    col = text.splitlines()[line - 1].index(f'"{first}"') + 1
    assert (
        result.stderr.splitlines()[0] == f"{path}:{line}:{col}: $.moves[0].card: expected a card id of "
        'tranquility, not "nope"'
    )


def test_ascent_with_every_module_replays(tmp_path):
    assert run("simulate", "ascent", "-p", 2, "-n", 2, "--log", tmp_path, "-q").exit_code == 0
    for path in sorted(tmp_path.glob("[!.]*")):
        assert json.loads(path.read_text())["modules"] == ["green-path", "panorama", "goats"]
        assert run("replay", path, "-q").exit_code == 0


def test_replay_of_a_missing_file_is_a_usage_error(tmp_path):
    result = run("replay", tmp_path / "none.json")
    assert result.exit_code == 2 and "record file not found" in result.stderr


def test_move_rules_are_documented():
    text = _doc()
    for rule_id in [*MOVE_RULES, "record-end"]:
        assert f"`{rule_id}`" in text


def _doc():
    from pathlib import Path

    return (Path(__file__).parents[2] / "docs" / "record-format.md").read_text()


def test_a_record_of_a_game_that_does_not_exist_is_a_problem_at_its_game(logged, tmp_path):
    path, _ = _tamper(logged, tmp_path, lambda d: d["setup"].update(game="nosuch"))
    result = run("replay", path)
    assert result.exit_code == 1
    assert re.match(
        rf"{re.escape(str(path))}:\d+:\d+: \$\.setup\.game: unknown game or variant 'nosuch'", result.stderr
    ), result.stderr


def test_a_setup_that_breaks_a_state_rule_is_named_as_the_setup(logged, tmp_path):
    def steal(data):
        hand = data["setup"]["hands"][0]
        data["setup"]["hands"][1].append(hand.pop())

    path, _ = _tamper(logged, tmp_path, steal)
    result = run("replay", path)
    assert result.exit_code == 1 and result.stdout.startswith(f"{path}: setup: [")


def test_a_typo_in_a_record_key_names_the_closest_key(logged, tmp_path):
    path = tmp_path / "typo.json"
    text = (logged / "tranquility-3p-seed4-game0001.json").read_text()
    path.write_text(text.replace('"moves":', '"movs":', 1))
    result = run("replay", path)
    assert result.exit_code == 1
    assert re.search(
        r": \$\.movs: unknown key 'movs'; did you mean 'moves'\? \(expected one of: format, version, pnp, game, ",
        result.stderr,
    ), result.stderr
