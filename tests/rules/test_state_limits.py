"""The state reader refuses what is not a state with a sentence at the right JSON path: nulls where a
value is required, ids that are not ids, and anything past the format's limits."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from helpers.rulekit import game_named

from pnp.core.errors import SpecError
from pnp.rules import deal_setup, dump_state, loads_state, read_state
from pnp.rules.state import model as fmt

TQ = game_named("tranquility")
AS = game_named("ascent", "all")


def _data(game=TQ, players: int = 2) -> dict:
    return json.loads(dump_state(deal_setup(game, players, 1)))


def _problems(data, name: str = "s.json") -> list[str]:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SpecError) as caught:
        loads_state(text, name)
    return [str(p) for p in caught.value.problems]


def _with(data: dict, path: tuple, value) -> dict:
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, message",
    [
        (("game",), "$.game: expected a game or variant name (a string)"),
        (("engine",), "$.engine: expected one of: tranquility, ascent"),
        (("modules",), "$.modules: expected a list of module ids"),
        (("players",), "$.players: expected a whole number of at least 1"),
        (("turn",), "$.turn: expected a whole number of at least 0"),
        (("current_player",), "$.current_player: expected a whole number of at least 1"),
        (("status",), "$.status: expected one of: playing, won, lost"),
        (("hands",), "$.hands: expected a list holding one list of card ids each"),
        (("discard",), "$.discard: expected a list of card ids"),
        (("tranquility", "frame"), "$.tranquility.frame: expected a list of card ids"),
        (("tranquility", "cells"), "$.tranquility.cells: expected a list of card ids"),
    ],
)
def test_null_is_not_a_value_where_one_is_required(path, message):
    """Before, `null` here was read as 0, "" or [] without a word."""
    problems = _problems(_with(_data(), path, None))
    assert any(message in p for p in problems), problems


def test_null_stays_allowed_where_the_format_allows_it():
    data = _with(_data(), ("seed",), None)
    assert loads_state(json.dumps(data)).seed is None
    state = loads_state(json.dumps(_with(_data(AS), ("ascent", "summit"), None)))
    assert state.mountain.summit is None


@pytest.mark.parametrize(
    "bad, message",
    [
        ("", "expected a card id, not an empty string"),
        ("island-07\n", "a card id may not hold control characters or lone surrogates"),
        ("\x1b[31misland", "a card id may not hold control characters or lone surrogates"),
        ("x" * 201, "a card id has at most 200 characters, not 201"),
        (7, "expected a card id (a string)"),
    ],
)
def test_an_id_is_short_single_line_text(bad, message):
    problems = _problems(_with(_data(), ("hands", 0, 0), bad))
    assert any(f"$.hands[0][0]: {message}" in p for p in problems), problems


def test_a_lone_surrogate_is_refused_before_it_can_break_the_output():
    text = json.dumps(_data()).replace('"island-', '"\\ud800island-', 1)
    problems = _problems(text)
    assert any("may not hold control characters or lone surrogates" in p for p in problems), problems
    assert all(p.encode("utf-8") for p in problems)


def test_goat_ids_and_module_ids_are_ids_too():
    data = _data(AS)
    data["ascent"]["goats"][""] = None
    data["modules"] = ["goats", ""]
    problems = _problems(data)
    assert any('$.ascent.goats[""]: expected a goat id, not an empty string' in p for p in problems), problems
    assert any("$.modules[1]: expected a module id, not an empty string" in p for p in problems), problems


@pytest.mark.parametrize(
    "path, value, message",
    [
        (("players",), 101, "$.players: expected a whole number of at most 100 (a limit of the state format)"),
        (("turn",), 10**30, "$.turn: expected a whole number of at most 1000000"),
        (("current_player",), 2**63, "$.current_player: expected a whole number of at most 100"),
        (("hands",), [[]] * 101, "$.hands: lists 101 lists; a state holds at most 100 here"),
        (
            ("tranquility", "cells"),
            [None] * 1001,
            "$.tranquility.cells: lists 1001 entries; a state holds at most 1000",
        ),
    ],
)
def test_counts_past_the_limits_are_refused(path, value, message):
    problems = _problems(_with(_data(), path, value))
    assert any(message in p for p in problems), problems


def test_the_mountain_has_at_most_50_rows_of_50_slots():
    data = _data(AS)
    data["ascent"]["rows"] = [[None] * 9] * 51
    assert any("$.ascent.rows: lists 51 lists; a state holds at most 50 here" in p for p in _problems(data))
    data["ascent"]["rows"] = [[None] * 51]
    assert any("$.ascent.rows[0]: lists 51 entries; a state holds at most 50 here" in p for p in _problems(data))
    data = _data(AS)
    data["ascent"]["goats"]["goat#1"] = [1, 10**7]
    assert any(
        '$.ascent.goats["goat#1"]: expected null (waiting at the foot) or [row, slot]' in p for p in _problems(data)
    )


def test_problems_stop_after_100_with_a_note():
    data = _data()
    data["discard"] = [7] * 500
    problems = _problems(data)
    assert len(problems) == 101
    assert any("more than 100 problems; the rest are not shown" in p for p in problems)


def test_a_file_past_256_kb_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.json"
    data = _data()
    data["discard"] = ["island-07"] * 30_000
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SpecError, match=r"huge\.json: \$: is larger than 256 KB, the most a state file may hold"):
        read_state(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_unread():
    from pnp.core.inputs import NotRegularFile

    with pytest.raises(NotRegularFile, match="/dev/zero: is a character device, not a regular file"):
        read_state(Path("/dev/zero"))


def test_a_large_file_is_read_no_further_than_the_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (1 << 20))
    with pytest.raises(SpecError, match="is larger than 256 KB"):
        read_state(path)


def test_a_number_of_5000_digits_is_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "digits.json"
    path.write_text(json.dumps(_data()).replace('"seed": 1', '"seed": ' + "9" * 5000), encoding="utf-8")
    with pytest.raises(
        SpecError, match=r"digits\.json:1:\d+: \$: holds a number of 5000 digits; numbers may have at most 4300"
    ):
        read_state(path)


def test_a_folder_is_not_a_state(tmp_path):
    with pytest.raises(SpecError, match="is a folder, not a state file"):
        read_state(tmp_path)


def test_a_state_at_every_limit_still_reads():
    """The limits are far from real states: 100 players, 1000 cells, 50 × 50 slots all read."""
    data = _data()
    data.update(players=100, current_player=100, turn=fmt.MAX_COUNT, hands=[["island-07"]] * 100, piles=[[]] * 100)
    data["tranquility"]["cells"] = [None] * fmt.MAX_CELLS
    assert loads_state(json.dumps(data)).players == 100
    data = _data(AS)
    data["ascent"]["rows"] = [[None] * fmt.MAX_SLOTS] * fmt.MAX_ROWS
    assert len(loads_state(json.dumps(data)).mountain.rows) == 50


def _timed_check(game, data: dict) -> tuple[list, float]:
    from pnp.rules import check_state

    started = time.perf_counter()
    violations = check_state(game, loads_state(json.dumps(data)))
    return violations, time.perf_counter() - started


def test_a_mountain_filled_to_the_limits_is_checked_quickly():
    """50 × 50 slots of one colour, a revealed triangle listed 51 times, a campfire as the only card in
    hand (so the checker looks for a legal play), the summit down: every rule still runs quickly."""
    data = _data(AS)
    ids = [i for lst in data["hands"] + data["piles"] for i in lst]
    green = [i for i in ids if i.startswith("terrain-green")]
    data["ascent"]["rows"] = [[green[(r + s) % len(green)] for s in range(50)] for r in range(49)] + [[None] * 50]
    data["ascent"]["revealed"] = [data["ascent"]["base"][0]] * 51
    data["ascent"]["summit"] = next(i for i in ids if i.startswith("summit"))
    data.update(turn=4, current_player=1, hands=[[next(i for i in ids if i.startswith("campfire-green"))], []])
    violations, _seconds = _timed_check(AS, data)
    assert {"as-rows", "cards-once", "as-summit"} <= {v.rule for v in violations}


def test_a_sea_of_a_hundred_players_and_a_thousand_cells_is_checked_quickly():
    data = _data()
    islands = sorted(i for pile in data["piles"] for i in pile if i.startswith("island"))
    data["tranquility"]["cells"] = [islands[k % len(islands)] if k % 3 else None for k in range(1000)]
    data["tranquility"]["start"] = {
        "card": "start#1",
        "player": 1,
        "turn": 1,
        "shares": [{"hand": fmt.MAX_COUNT, "pile": fmt.MAX_COUNT}] * 100,
    }
    data.update(
        players=100, current_player=1, turn=fmt.MAX_COUNT, hands=[[islands[1]]] * 100, piles=[[islands[2]] * 150] * 100
    )
    violations, _seconds = _timed_check(TQ, data)
    assert {"players", "tq-grid", "tq-start", "cards-once"} <= {v.rule for v in violations}


def test_the_documented_limits_are_the_code_s():
    doc = (Path(__file__).parents[2] / "docs" / "state-format.md").read_text(encoding="utf-8")
    assert f"{fmt.MAX_STATE_BYTES // 1024} KB (read no further)" in doc
    assert f"| {fmt.MAX_PLAYERS} | 10 players |" in doc and f"| {fmt.MAX_COUNT:,} |" in doc
    assert f"{fmt.MAX_CELLS:,} entries" in doc and f"{fmt.MAX_ROWS} rows of at most {fmt.MAX_SLOTS} slots" in doc
    assert f"{fmt.MAX_SLOTS + 1} entries" in doc and f"{fmt.MAX_MODULES} ids" in doc
    assert f"1 to {fmt.MAX_ID} characters" in doc and f"(up to {fmt.MAX_PROBLEMS})" in doc
