"""pnp setup, check and simulate: files, exit codes, messages."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def run(*args, cwd=None):
    return runner.invoke(app, [str(a) for a in args])


def test_setup_writes_state_check_and_sheet_and_same_seed_same_bytes(tmp_path):
    result = run("setup", "tranquility", "--players", 3, "--seed", 7, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "all 24 rules hold" in result.stdout
    folder = tmp_path / "tranquility" / "setup"
    first = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(first) == [
        "setup-3p-seed7.check.txt",
        "setup-3p-seed7.json",
        "setup-3p-seed7.pdf",
        "setup-3p-seed7.svg",
    ]
    assert run("setup", "tranquility", "-p", 3, "-s", 7, "--out", tmp_path, "-q").exit_code == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == first


def test_setup_json_prints_the_state(tmp_path):
    result = run("setup", "ascent", "-p", 2, "--modules", "panorama", "--json", "--out", tmp_path)
    assert result.exit_code == 0
    state = json.loads(result.stdout)
    assert state["modules"] == ["panorama"] and len(state["ascent"]["revealed"]) == 1


def test_check_passes_a_setup_and_fails_an_edited_state(tmp_path):
    run("setup", "tranquility", "-p", 2, "-s", 1, "--out", tmp_path, "-q")
    path = tmp_path / "tranquility" / "setup" / "setup-2p-seed1.json"
    ok = run("check", path)
    assert ok.exit_code == 0 and "all 24 rules hold" in ok.stdout
    data = json.loads(path.read_text())
    data["tranquility"]["cells"][0] = data["hands"][0][0]
    data["tranquility"]["cells"][1] = "island-01"
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(data))
    bad = run("check", bad_path)
    assert bad.exit_code == 1
    assert "[cards-once]" in bad.stdout and "[tq-setup]" in bad.stdout
    as_json = json.loads(run("check", bad_path, "--json").stdout)
    assert not as_json["ok"] and {"rule", "message", "cards", "at"} <= set(as_json["violations"][0])


def test_check_reports_a_broken_file_without_a_traceback(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "pnp-state",\n "players": }')
    result = run("check", path)
    assert result.exit_code == 1
    assert "broken.json:2:" in result.stderr and "invalid JSON" in result.stderr
    assert "Traceback" not in result.output


def test_simulate_is_deterministic_and_reports_an_interval():
    first = run("simulate", "tranquility", "-p", 4, "-n", 300, "-s", 5, "--json")
    again = run("simulate", "tranquility", "-p", 4, "-n", 300, "-s", 5, "--json")
    assert first.exit_code == 0 and first.stdout == again.stdout
    report = json.loads(first.stdout)
    lo, hi = report["interval95"]
    assert lo <= report["win_rate"] <= hi and report["games"] == 300
    text = run("simulate", "tranquility", "-p", 4, "-n", 300, "-s", 5).stdout
    assert "95 % interval" in text and "losses:" in text


def test_usage_errors_exit_2():
    assert run("simulate", "tranquility", "-p", 9, "-n", 10).exit_code == 2
    assert run("setup", "nosuchgame").exit_code == 2


def test_a_state_file_that_is_not_there_is_a_usage_error_like_a_spec_file(tmp_path):
    missing = tmp_path / "missing.json"
    result = run("check", missing)
    assert result.exit_code == 2
    assert result.stderr == f"error: {missing}: state file not found\n"
    assert result.stdout == ""
    spec = run("validate", missing)
    assert spec.exit_code == 2 and spec.stderr == f"error: {missing}: spec file not found\n"
    folder = run("check", tmp_path)
    assert folder.exit_code == 2 and folder.stderr == f"error: {tmp_path}: is a folder, not a state file\n"


def test_check_json_names_the_file_when_rules_are_broken(tmp_path):
    run("setup", "tranquility", "-p", 2, "-s", 1, "--out", tmp_path, "-q")
    data = json.loads((tmp_path / "tranquility" / "setup" / "setup-2p-seed1.json").read_text())
    data["turn"] = 1
    path = tmp_path / "one-turn.json"
    path.write_text(json.dumps(data))
    result = run("check", path, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["ok"] is False
    assert result.stderr.strip().endswith(f"rule(s) in {path}")


def test_a_state_naming_a_broken_spec_points_at_its_game_and_the_spec(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a state names a game by name, found where pnp build looks (./card_specs)
    (tmp_path / "card_specs").mkdir()
    spec = tmp_path / "card_specs" / "broken-spec.json"
    spec.write_text('{"id": "broken-spec", "extends": "tranquility", "title": 7}')
    data = json.loads(run("setup", "tranquility", "-p", 2, "--json", "--out", tmp_path, "-q").stdout)
    data["game"] = "broken-spec"
    path = tmp_path / "named.json"
    path.write_text(json.dumps(data, indent=2))
    result = run("check", path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path.name}:4:" in result.stderr
    assert "$.game: names 'broken-spec', a spec that cannot be loaded" in result.stderr
    assert "card_specs/broken-spec.json:1:" in result.stderr


def test_a_long_path_is_named_whole_in_the_message(tmp_path):
    folder = tmp_path / ("a-folder-with-a-long-name-as-a-designer-might-keep-" + "x" * 60)
    folder.mkdir()
    missing = folder / "my-variant.json"
    assert len(str(missing)) > 120
    result = run("validate", missing)
    assert result.exit_code == 2 and result.stderr == f"error: {missing}: spec file not found\n"
