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


def test_an_uneven_deal_counts_hand_and_pile_as_a_user_does_and_says_what_it_leaves_out(tmp_path):
    data = tranquility_setup(tmp_path)
    assert [len(h) + len(p) for h, p in zip(data["hands"], data["piles"])] == [30, 29, 29]
    data["hands"][0].append("island-42")  # a second island-42: player 1 now holds 31 in hand and pile
    result = run("check", write(tmp_path, "uneven.json", data))
    assert result.exit_code == 1
    assert (
        "[setup-deal] the deal is uneven: players hold 31, 29, 29 cards in hand and pile, "
        "30, 28, 28 without the start cards\n"
    ) in result.stdout


def test_cards_in_the_grid_before_the_first_turn_are_named_by_what_they_are(tmp_path):
    data = tranquility_setup(tmp_path)
    start = next(c for pile in data["piles"] for c in pile if c.startswith("start"))
    for pile in data["piles"]:
        if start in pile:
            pile.remove(start)
    data["tranquility"]["cells"][3] = start
    result = run("check", write(tmp_path, "start.json", data))
    assert f"[tq-setup] a start card is in the grid before the first turn (cards: {start})\n" in result.stdout
    island = data["hands"][0].pop()
    data["tranquility"]["cells"][0] = island
    result = run("check", write(tmp_path, "both.json", data))
    assert (
        f"[tq-setup] an island and a start card are in the grid before the first turn (cards: {island}, {start})\n"
    ) in result.stdout


def test_a_triangle_revealed_twice_is_named(tmp_path):
    data = ascent_setup(tmp_path)
    data["ascent"]["revealed"] = ["panorama-01", "panorama-01", "panorama-02"]
    result = run("check", write(tmp_path, "revealed.json", data))
    assert result.exit_code == 1
    assert "[as-base] panorama-01 is revealed twice in the list (cards: panorama-01)\n" in result.stdout


def test_check_and_replay_count_problems_without_claiming_to_write(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "pnp-state",\n "players": }')
    for command in ("check", "replay"):
        result = run(command, path)
        assert result.exit_code == 1
        assert result.stderr.splitlines()[-1] == "1 problem found", command


def test_every_command_with_out_takes_o_for_it(tmp_path):
    import typer.main

    group = typer.main.get_command(app)
    missing = [
        name
        for name, command in group.commands.items()
        for param in command.params
        if "--out" in param.opts and "-o" not in param.opts
    ]
    assert missing == []
    result = run("setup", "tranquility", "-o", tmp_path, "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tranquility" / "setup" / "setup-3p-seed1.json").is_file()


def test_a_state_of_other_rules_names_both_rules_in_words():
    """check_state called directly (the CLI stops this earlier, as a usage error)."""
    from pnp.pipeline.load import load_game
    from pnp.rules import deal_setup
    from pnp.rules.check import check_state

    (violation,) = check_state(load_game("tranquility"), deal_setup(load_game("ascent"), 3, 1))
    assert str(violation) == (
        "[state-game] the state is for The Ascent's rules but tranquility is played by Tranquility's rules"
    )
