"""pnp simulate --log with either bot: the records are the games the report counts, and each replays."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("game, modules", [("tranquility", "all"), ("ascent", "none")])
def test_search_bot_records_are_the_reported_games_and_replay(game, modules, tmp_path):
    logs = tmp_path / "logs"
    args = ["simulate", game, "-p", 2, "-n", 2, "-s", 3, "--modules", modules, "--bot", "search", "--json", "-q"]
    result = run(*args, "--log", logs)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    records = sorted(logs.glob("[!.]*"))
    assert len(records) == 2
    ends = [json.loads(p.read_text())["end"] for p in records]
    assert sum(end["status"] == "won" for end in ends) == report["wins"]
    assert sum(end["turns"] for end in ends) / 2 == report["mean_turns"]
    for path in records:
        replay = run("replay", path, "-q")
        assert replay.exit_code == 0, replay.output


def test_the_two_bots_log_different_games_from_the_same_deals(tmp_path):
    """Same deals (same setup in each record), but the search bot's moves, not the baseline's."""
    for bot in ("baseline", "search"):
        assert (
            run(
                "simulate",
                "ascent",
                "-p",
                2,
                "-n",
                1,
                "-s",
                2,
                "--modules",
                "none",
                "--bot",
                bot,
                "--log",
                tmp_path / bot,
                "-q",
            ).exit_code
            == 0
        )
    base, search = (json.loads(next((tmp_path / b).glob("[!.]*")).read_text()) for b in ("baseline", "search"))
    assert base["setup"] == search["setup"]
    assert base["moves"] != search["moves"]


def test_the_warning_says_nearly_unwinnable_only_for_the_judging_bot():
    from pnp.rules.bots import JUDGE_BOT

    assert JUDGE_BOT == "search"
    result = run("simulate", "gap-cost", "-p", 2, "-n", 3, "--bot", "search", "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert (
        "warning: gap-cost with 2 player(s) was won in 0 of 3 games (0.0 %, under 1 %) by the search bot: "
        "nearly unwinnable"
    ) in result.stderr


def test_logs_of_other_modules_or_another_bot_have_their_own_names(tmp_path):
    """Runs that differ in --modules or --bot once wrote the same GAME-Np-seedS-gameNNNN.json."""
    runs = [
        (["--modules", "none"], "ascent-2p-seed1-no-modules-game0001.json"),
        (["--modules", "goats,panorama"], "ascent-2p-seed1-panorama+goats-game0001.json"),
        (["--modules", "panorama,goats"], "ascent-2p-seed1-panorama+goats-game0001.json"),  # same set, same name
        (["--bot", "search"], "ascent-2p-seed1-search-game0001.json"),
        (["--modules", "none", "--bot", "search"], "ascent-2p-seed1-no-modules-search-game0001.json"),
        ([], "ascent-2p-seed1-game0001.json"),  # the default: the name it always had
        (["--modules", "all", "--bot", "baseline"], "ascent-2p-seed1-game0001.json"),
    ]
    for options, name in runs:
        logs = tmp_path / "logs"
        before = set(logs.glob("[!.]*")) if logs.exists() else set()
        result = run("simulate", "ascent", "-p", 2, "-n", 1, "-s", 1, *options, "--log", logs, "-q")
        assert result.exit_code == 0, result.output
        assert (logs / name).is_file(), (options, sorted(p.name for p in set(logs.glob("[!.]*")) - before))
    assert len(list((tmp_path / "logs").glob("[!.]*"))) == 5
    record = json.loads((tmp_path / "logs" / "ascent-2p-seed1-no-modules-game0001.json").read_text())
    assert record["modules"] == []
