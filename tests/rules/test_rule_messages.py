"""Messages a user reads from pnp setup, check and replay: what they name and count, and exit codes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def ascent_setup(tmp_path) -> dict:
    result = run("setup", "ascent", "-p", 2, "-s", 3, "--json", "--out", tmp_path, "-q")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def tranquility_setup(tmp_path) -> dict:
    result = run("setup", "tranquility", "-p", 3, "-s", 7, "--json", "--out", tmp_path, "-q")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def write(tmp_path, name: str, data: dict):
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=2))
    return path


def test_a_state_checked_as_a_game_of_other_rules_says_whose_rules_it_is_for(tmp_path):
    path = write(tmp_path, "ascent.json", ascent_setup(tmp_path))
    result = run("check", path, "--game", "tranquility")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr == (
        f"error: {path}: the state is for The Ascent's rules (engine 'ascent'), so it cannot be checked as "
        "tranquility, a game of Tranquility's rules; leave out --game, or name a game of The Ascent\n"
    )


def test_a_record_replayed_as_a_game_of_other_rules_says_whose_rules_it_is_for(tmp_path):
    assert run("simulate", "ascent", "-p", 2, "-n", 1, "--log", tmp_path, "-q").exit_code == 0
    (path,) = tmp_path.glob("*.json")
    result = run("replay", path, "--game", "tranquility")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr == (
        f"error: {path}: the record is for The Ascent's rules (engine 'ascent'), so it cannot be replayed as "
        "tranquility, a game of Tranquility's rules; leave out --game, or name a game of The Ascent\n"
    )
