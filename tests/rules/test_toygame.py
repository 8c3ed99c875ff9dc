"""A third game behind the engine protocol: Line (tests/rules/toygame/) registered for one test at a
time, and played through the real code paths: setup (state, check report, setup sheet), check,
simulate, and a game record replayed move by move.

Besides its own files (its engine's `params` reads its rule parameters), Line needs only its entry
in the registry (pnp/rules/engines.py), the one place docs/architecture.md, "Adding a third game",
names for a game kept in its own package with its spec (a real game also needs the spec schema's
engine enum, card_specs/schema/spec.schema.json)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import MappingProxyType

import pytest
from toygame.entry import LINE

from pnp.core.jsonsrc import parse_json
from pnp.game.build import build_game
from pnp.pipeline.replay import replay
from pnp.rules import check_state, deal_setup, engines, simulate
from pnp.rules.record import parse_record
from pnp.rules.simlog import bot_game
from pnp.rules.state.model import dump_state
from pnp.rules.state.reader import loads_state
from pnp.setupsheet.outputs import setup_outputs
from pnp.spec.load import Spec

SPEC = Path(__file__).parent / "toygame" / "line.json"


@pytest.fixture
def line(monkeypatch):
    """The Line game, its engine registered for this test only."""
    monkeypatch.setattr(engines, "ENGINES", MappingProxyType({**engines.ENGINES, LINE.name: LINE}))
    data = json.loads(SPEC.read_text(encoding="utf-8"))
    return build_game(Spec(data["id"], SPEC, data, (parse_json(SPEC.read_text(encoding="utf-8"), str(SPEC)),)))


def test_the_registry_knows_line_only_inside_the_test(line):
    assert engines.engine_of(line) is LINE
    assert engines.engine_named("line") is LINE


def test_line_is_not_registered_outside_its_tests():
    assert "line" not in engines.ENGINES


def test_setup_deals_checks_and_draws_the_line(line):
    state = deal_setup(line, 2, 3)
    assert state.engine == "line" and state.table == {"line": [None] * 5}
    assert [len(h) for h in state.hands] == [3, 3]
    files = setup_outputs(line, 2, 3)
    stem = "line/setup/setup-2p-seed3"
    assert sorted(files) == [f"{stem}.check.txt", f"{stem}.json", f"{stem}.pdf", f"{stem}.svg"]
    report = files[f"{stem}.check.txt"].decode()
    assert "ln-ascending: The line fills from the left, each card higher than the one before it." in report
    assert files[f"{stem}.pdf"].startswith(b"%PDF-")
    assert loads_state(files[f"{stem}.json"].decode()) == state  # the state file reads back, section and all
    assert setup_outputs(line, 2, 3) == files  # same seed, same bytes


def test_check_finds_a_line_that_does_not_ascend(line):
    state = deal_setup(line, 2, 3)
    hand = state.hands[0]
    high, low = sorted(hand, key=lambda c: -int(c.split("-")[1]))[:2]
    broken = dataclasses.replace(
        state,
        hands=((*(c for c in hand if c not in (high, low)),), state.hands[1]),
        table={"line": [high, low, None, None, None]},
        turn=2,
    )
    rules = [v.rule for v in check_state(line, broken)]
    assert "ln-ascending" in rules
    assert check_state(line, loads_state(dump_state(broken))) == check_state(line, broken)


def test_simulate_plays_line_games_the_same_way_twice(line):
    report = simulate(line, 2, 40, 1, jobs=1)
    assert report.games == 40 and 0 < report.wins < 40
    assert simulate(line, 2, 40, 1, jobs=1) == report


def test_a_recorded_game_replays_move_by_move(line):
    for seed in range(1, 30):
        recorder = bot_game(line, 2, seed)
        if recorder.moves:
            break
    record = parse_record(parse_json(recorder.dumps(), "line-game.json"))
    done = replay(record, line)
    assert done.broken is None, done.broken
    assert done.moves == len(recorder.moves) > 0
    assert done.final == recorder.table.to_state()
    cheat = json.loads(recorder.dumps())
    cheat["moves"][0] = {**cheat["moves"][0], "player": 2}  # out of turn
    broken = replay(parse_record(parse_json(json.dumps(cheat), "cheat.json")), line).broken
    assert broken is not None and broken.violation.rule == "move-turn"
