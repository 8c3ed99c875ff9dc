"""The state JSON format: round trips, stable bytes, and structural errors with file, line and JSON path."""

from __future__ import annotations

import json

import pytest
from helpers.rulekit import game_named

from pnp.core.errors import SpecError
from pnp.rules import deal_setup, dump_state, loads_state, read_state
from pnp.rules.ascent.bot import AscentBot
from pnp.rules.ascent.engine import ascent_deck, deal_ascent
from pnp.rules.state.model import Share

TQ = game_named("tranquility")
AS = game_named("ascent")


def test_round_trip_of_setups_and_a_mid_game_mountain():
    states = [deal_setup(TQ, n, 3) for n in (1, 3, 5)] + [deal_setup(AS, 2, 3)]
    t, bot = deal_ascent(ascent_deck(AS), 2, 3), AscentBot()
    for _ in range(25):
        t.apply(t.turn % 2, bot.choose(t, t.turn % 2))
    states.append(t.to_state())
    for state in states:
        text = dump_state(state)
        assert loads_state(text) == state
        assert dump_state(loads_state(text)) == text
        assert json.loads(text)["format"] == "pnp-state"


def test_lists_of_ids_stay_on_one_line():
    text = dump_state(deal_setup(TQ, 2, 1))
    hands = text.split('"hands": [\n')[1].splitlines()[0]
    assert hands.strip().startswith('["island-') and hands.rstrip(",").endswith('"]')


def _problems(text: str) -> list[str]:
    with pytest.raises(SpecError) as info:
        loads_state(text, "state.json")
    return [str(p) for p in info.value.problems]


def test_a_typo_in_a_state_key_names_the_closest_key():
    data = json.loads(dump_state(deal_setup(TQ, 2, 1)))
    data["seeed"] = data.pop("seed")
    problems = _problems(json.dumps(data, indent=2))
    assert any(
        "$.seeed: unknown key 'seeed'; did you mean 'seed'? (expected one of: format, version, game, " in p
        for p in problems
    )


def test_structural_problems_name_file_line_and_path_all_at_once():
    data = json.loads(dump_state(deal_setup(TQ, 2, 1)))
    data["players"] = "two"
    data["hands"][1][0] = 7
    data["tranquility"]["start"] = {
        "card": "start#1",
        "player": 1,
        "turn": 1,
        "shares": [{"hand": 3, "pile": 5}, {"hand": -1, "pile": 0}],
    }
    data["colour"] = "blue"
    problems = _problems(json.dumps(data, indent=2))
    assert any(
        p.startswith("state.json:") and "$.players: expected a whole number of at least 1" in p for p in problems
    )
    assert any("$.hands[1][0]: expected a card id (a string)" in p for p in problems)
    assert any("$.tranquility.start.shares[1].hand: expected a whole number of at least 0" in p for p in problems)
    assert any("$.colour: unknown key 'colour'" in p for p in problems)
    line = next(p for p in problems if "$.players" in p).split(":")[1]
    assert int(line) == 7


def test_wrong_format_missing_section_and_bad_json():
    assert any('$.format: expected "pnp-state"' in p for p in _problems('{"format": "x"}'))
    data = json.loads(dump_state(deal_setup(TQ, 2, 1)))
    del data["tranquility"]
    assert any("a tranquility state needs a 'tranquility' object" in p for p in _problems(json.dumps(data)))
    assert any("invalid JSON" in p for p in _problems('{"format": '))


def test_goat_positions_must_be_row_and_slot(tmp_path):
    data = json.loads(dump_state(deal_setup(AS, 2, 1)))
    data["ascent"]["goats"]["goat#1"] = [0, "a"]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SpecError, match=r"\$\.ascent\.goats\[\"goat#1\"\]: expected null"):
        read_state(path)


def test_a_missing_file_is_a_spec_error(tmp_path):
    with pytest.raises(SpecError, match="file not found"):
        read_state(tmp_path / "none.json")


def _start_state(shares) -> dict:
    data = json.loads(dump_state(deal_setup(TQ, 2, 1)))
    data["tranquility"]["start"] = {"card": "start#1", "player": 1, "turn": 1, "shares": shares}
    return data


def test_a_share_says_how_many_cards_came_from_the_hand_and_from_the_pile():
    text = json.dumps(_start_state([{"hand": 3, "pile": 2}, {"hand": 0, "pile": 3}]))
    state = loads_state(text)
    assert state.sea.start.shares == (Share(3, 2), Share(0, 3)) and state.sea.start.shares[0].total == 5
    dumped = dump_state(state)
    assert '"version": 2' in dumped and '{"hand": 3, "pile": 2},' in dumped  # one share per line
    assert loads_state(dumped) == state


def test_version_1_shares_were_cards_from_the_hand():
    data = _start_state([5, 3])
    data["version"] = 1
    assert loads_state(json.dumps(data)).sea.start.shares == (Share(5, 0), Share(3, 0))


@pytest.mark.parametrize(
    "shares, message",
    [
        ([5, 3], '$.tranquility.start.shares[0]: expected a share {"hand": …, "pile": …}'),
        ([{"hand": 5}, {"hand": 3, "pile": 0}], "$.tranquility.start.shares[0].pile: missing 'pile'"),
        (
            [{"hand": 5, "pile": 0, "deck": 1}, {"hand": 3, "pile": 0}],
            "$.tranquility.start.shares[0].deck: unknown key",
        ),
        ([{"hand": 5, "pile": True}, {"hand": 3, "pile": 0}], "$.tranquility.start.shares[0].pile: expected a whole"),
        ({"player 1": 8}, "$.tranquility.start.shares: expected a list of shares, one per player"),
    ],
)
def test_bad_shares_are_refused_with_their_path(shares, message):
    problems = _problems(json.dumps(_start_state(shares)))
    assert any(message in p for p in problems), problems


def test_an_unknown_version_is_refused():
    data = json.loads(dump_state(deal_setup(TQ, 2, 1)))
    data["version"] = 3
    assert any("$.version: expected version 2 (or 1, still read)" in p for p in _problems(json.dumps(data)))
