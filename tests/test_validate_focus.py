"""`pnp validate` focuses on the designer's own work (issue 29, item 7): with no arguments it checks
./card_specs and ./card_specs/variants, `--all` adds the bundled games, the simulation's verdict comes
before "valid", and nothing is said about a bundled game nobody asked about."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.tiny import TINY
from typer.testing import CliRunner

from pnp.cli import app
from pnp.cli.spec_cmds import NO_SPECS

runner = CliRunner()
CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture
def empty(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def own(empty) -> Path:
    variants = empty / "card_specs" / "variants"
    variants.mkdir(parents=True)
    (variants / "tiny.json").write_text(json.dumps(TINY), encoding="utf-8")
    return empty


def test_with_no_specs_of_your_own_validate_says_so_and_checks_nothing_bundled(empty):
    result = runner.invoke(app, ["validate"])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", NO_SPECS + "\n")
    assert NO_SPECS == (
        "No specs in ./card_specs or ./card_specs/variants to check. pnp validate NAME checks a game or spec "
        "file; pnp validate --all checks the bundled games too; pnp variant new NAME --from tranquility starts one."
    )


def test_with_no_arguments_validate_checks_only_the_working_folders_specs(own):
    result = runner.invoke(app, ["validate", "--no-simulate"])
    assert result.exit_code == 0, result.stderr
    assert (result.stdout, result.stderr) == ("1 spec valid: tiny\n", "")


def test_the_simulations_verdict_comes_before_valid_and_names_only_your_spec(own):
    """Run as a user runs it, stdout and stderr into one pipe: the order a terminal shows."""
    run = subprocess.run(
        [sys.executable, "-c", "from pnp.cli import main; main()", "validate"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(CHECKOUT)},
    )
    assert run.returncode == 0, run.stdout
    lines = run.stdout.splitlines()
    assert lines[-1] == "1 spec valid: tiny"
    assert lines[-2].startswith("warning: tiny is nearly unwinnable: ")
    assert lines[0].startswith("simulating: the baseline bot plays up to 100 games at 5 player count(s) of 1 spec(s)")
    assert "tranquility" not in run.stdout and "ascent" not in run.stdout


def test_all_adds_the_bundled_games_after_your_own(own):
    result = runner.invoke(app, ["validate", "--all", "--no-simulate"])
    assert result.exit_code == 0, result.stderr
    names = result.stdout.removesuffix("\n").split(": ", 1)[1].split(", ")
    assert names[0] == "tiny" and {"tranquility", "ascent", "galateia"} <= set(names)


def test_names_and_all_together_are_a_usage_error(own):
    result = runner.invoke(app, ["validate", "tiny", "--all"])
    assert (result.exit_code, result.stderr) == (2, "error: Give spec names or --all, not both.\n")
