"""Simulations on every core, sweeps, and a real Dask cluster: the same numbers whatever runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.rulekit import game_named, with_rules
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.errors import UsageError
from pnp.rules import simulate
from pnp.rules.params import module_keys, rule_params
from pnp.rules.sweep import apply_setting, parse_players, parse_setting, sweep
from pnp.rules.workers import batch_size, batches, game_seeds

TQ = game_named("tranquility")
AS = game_named("ascent", None)
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_the_seeds_of_a_run_do_not_depend_on_the_batches():
    seeds = list(game_seeds(7, 100))
    for size in (1, 16, 33, 100):
        assert [s for b in batches(TQ, 3, "baseline", 7, 100, size) for s in b.seeds] == seeds
    assert batch_size(100_000, 2) == 2000 and batch_size(10, 8) == 16


@pytest.mark.parametrize("game, players", [(TQ, 3), (AS, 2)])
def test_one_worker_or_two_give_the_same_report(game, players):
    one = simulate(game, players, 40, 3, jobs=1)
    two = simulate(game, players, 40, 3, jobs=2)
    assert one == two and one.games == 40


def test_a_sweep_is_the_same_on_one_worker_or_two():
    settings = [parse_setting("rules.hand_size=4..5")]
    one = sweep(TQ, settings, (1, 2), 24, 2, jobs=1)
    two = sweep(TQ, settings, (1, 2), 24, 2, jobs=2)
    assert one == two
    # every cell plays the run's seeds: the cell is the simulation of that variant
    assert one.cells[0][2] == simulate(with_rules(TQ, hand_size=4), 1, 24, 2)


def test_the_sweep_table():
    result = sweep(TQ, [parse_setting("rules.hand_size=5")], (3,), 20, 1)
    lines = result.table().splitlines()
    assert lines[0] == "tranquility: win % (95 % Wilson interval), baseline bot, 20 games per cell, seed 1"
    assert lines[1].split() == ["setting", "3", "players"]
    r = result.cells[0][2]
    lo, hi = r.interval
    assert lines[2].split() == ["hand_size=5", f"{100 * r.win_rate:.1f}", f"({100 * lo:.1f}–{100 * hi:.1f})"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("rules.hand_size", "--set rules.hand_size: expected PATH=VALUES, e.g. rules.hand_size=4..7"),
        ("hand_size=4", "--set hand_size=4: the path must be rules.KEY or modules.MODULE.KEY"),
        ("rules.hand_size=7..4", "--set rules.hand_size=7..4: the range must go up, with at most 500 values"),
        ("rules.hand_size=a..4", "--set rules.hand_size=a..4: a range is two whole numbers, e.g. 4..7"),
    ],
)
def test_bad_settings_are_usage_errors(text, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_setting(text)


def test_players_and_values_parse():
    assert parse_players("1-5") == (1, 2, 3, 4, 5) and parse_players("1,3") == (1, 3)
    assert parse_setting("rules.cost=nearest,gap").values == ("nearest", "gap")
    assert parse_setting("modules.goats.target_row=5,6").values == (5, 6)


def test_cli_sweep_prints_the_table_and_writes_the_same_chart_twice(tmp_path):
    pytest.importorskip("matplotlib")
    args = (
        "sweep",
        "tranquility",
        "--set",
        "rules.hand_size=4..5",
        "--players",
        "2",
        "--games",
        10,
        "--jobs",
        1,
        "--out",
        tmp_path,
    )
    first = run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout.splitlines()[0].startswith("tranquility: win % (95 % Wilson interval), baseline bot")
    folder = tmp_path / "tranquility" / "sweep"
    files = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(files) == ["sweep-hand_size-baseline.png", "sweep-hand_size-baseline.svg"]
    assert files["sweep-hand_size-baseline.png"].startswith(b"\x89PNG")
    assert run(*args).exit_code == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == files


def test_cli_sweep_refuses_a_variant_that_cannot_be_played(tmp_path):
    result = run(
        "sweep", "tranquility", "--set", "rules.hand_size=1", "--players", "2", "--games", 5, "--out", tmp_path
    )
    assert result.exit_code == 2
    assert "--set rules.hand_size=1: " in result.output
    assert not (tmp_path / "tranquility").exists()


TQ_KEYS = (
    "adjacency, cost, cost_cap, finish_cards, first_player, grid, hand_size, loss, order, players, remove_islands, "
    "start_discard, start_discard_draw, start_discard_from"
)


def test_cli_sweep_refuses_a_typo_in_a_rule_key_instead_of_playing_the_unchanged_game(tmp_path):
    result = run(
        "sweep", "tranquility", "--set", "rules.hand_sise=4..6", "--players", "2", "--games", 5, "--out", tmp_path
    )
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --set rules.hand_sise: unknown rule key 'hand_sise' for tranquility; did you mean 'hand_size'? "
        f"(expected one of: {TQ_KEYS})\n"
    )
    assert result.stdout == "" and not (tmp_path / "tranquility").exists()


def test_cli_sweep_refuses_a_typo_in_a_module_parameter_or_module(tmp_path):
    args = ("--players", "2", "--games", 2, "--out", tmp_path)
    result = run("sweep", "ascent", "--set", "modules.goats.target_rwo=5,6", *args)
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --set modules.goats.target_rwo: unknown parameter 'target_rwo' of the module 'goats'; "
        "did you mean 'target_row'? (expected one of: colour, goats, target_row)\n",
    )
    result = run("sweep", "ascent", "--set", "modules.gaots.goats=2", *args)
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --set modules.gaots.goats: ascent is played without the module 'gaots'; did you mean 'goats'? "
        "(modules: green-path, panorama, goats)\n",
    )
    assert not (tmp_path / "ascent").exists()


def test_the_keys_a_setting_may_name_are_the_engines_own():
    """Tranquility's and The Ascent's rule keys differ (the spec schema's); every module parameter is
    one the engine reads."""
    with pytest.raises(UsageError, match=r"unknown rule key 'remove_islands' for ascent \(expected one of: "):
        apply_setting(AS, ("rules", "remove_islands"), 2)
    with pytest.raises(UsageError, match=r"unknown rule key 'row_minimum' for tranquility \(expected one of: "):
        apply_setting(TQ, ("rules", "row_minimum"), False)
    every = game_named("ascent")
    for module in every.modules:
        assert module_keys(every.engine, module.id), module.id
        for key in module_keys(every.engine, module.id):
            old = getattr(rule_params(every), module.id.replace("-", "_"))
            value = getattr(old, key)
            new = value + 1 if isinstance(value, int) else f"{value}-other"
            changed = apply_setting(every, ("modules", module.id, key), new)
            assert getattr(getattr(rule_params(changed), module.id.replace("-", "_")), key) == new


def test_cli_simulate_reports_games_per_second_and_warns_when_nearly_unwinnable():
    result = run("simulate", "gap-cost", "-p", 2, "-n", 30, "--jobs", 2)
    assert result.exit_code == 0, result.output
    assert " games/s on 2 worker(s)" in result.stderr
    assert (
        "warning: gap-cost with 2 player(s) was won in 0 of 30 games (0.0 %, under 1 %) by the baseline "
        "bot; nearly unwinnable is judged by the search bot, which looks ahead: run again with --bot search"
    ) in result.stderr
    assert "warning" not in run("simulate", "tranquility", "-p", 3, "-n", 30, "--jobs", 1).stderr


def test_cli_simulate_json_is_the_same_on_any_number_of_workers():
    one = run("simulate", "tranquility", "-p", 3, "-n", 50, "--jobs", 1, "--json")
    two = run("simulate", "tranquility", "-p", 3, "-n", 50, "--jobs", 2, "--json")
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout
    assert json.loads(one.stdout)["bot"] == "baseline"


def test_cli_bad_jobs_and_bot_are_usage_errors():
    for jobs in (0, -1):
        bad = run("simulate", "tranquility", "-n", 5, "--jobs", jobs)
        assert bad.exit_code == 2, bad.output
        assert f"1 or more (leave --jobs out for every core), not {jobs}" in bad.output
    bad = run("simulate", "tranquility", "-n", 5, "--bot", "oracle")
    expected = "--bot must be one of baseline, search, strong, open-hands, not 'oracle'"
    assert bad.exit_code == 2 and expected in bad.output


DASK_SWEEP = """
import distributed
from helpers.rulekit import game_named
from pnp.rules import simulate
from pnp.rules.sweep import parse_setting, sweep

TQ, AS = game_named("tranquility"), game_named("ascent", None)
settings = [parse_setting("rules.hand_size=4..5")]
local = sweep(TQ, settings, (2,), 16, 4, jobs=1)
with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
    remote = sweep(TQ, settings, (2,), 16, 4, scheduler=cluster.scheduler_address)
    alone = simulate(AS, 2, 8, 1, scheduler=cluster.scheduler_address)
assert remote == local, (remote, local)
assert alone == simulate(AS, 2, 8, 1), alone
print("same numbers")
"""

NO_SCHEDULER = """
import pytest
from helpers.rulekit import game_named
from pnp.core.errors import UsageError
from pnp.rules.params import module_keys, rule_params
from pnp.rules import simulate

with pytest.raises(UsageError, match="no Dask scheduler answers there"):
    simulate(game_named("tranquility"), 2, 4, 1, scheduler="tcp://127.0.0.1:9")
print("refused")
"""


def in_own_process(code: str) -> str:
    """Run `code` in a fresh Python: Dask's client leaves threads behind, and a threaded test
    process may no longer fork (pnp.core.pool), so the cluster never shares the test process."""
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            [str(root), str(root / "tests"), str(root / "tests" / "rules"), os.environ.get("PYTHONPATH", "")]
        ),
    }
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_sweep_on_a_real_dask_cluster_gives_the_local_numbers():
    pytest.importorskip("distributed")
    assert in_own_process(DASK_SWEEP).strip() == "same numbers"


def test_no_scheduler_there_is_a_usage_error():
    pytest.importorskip("distributed")
    assert in_own_process(NO_SCHEDULER).strip() == "refused"
