"""Property tests: any file given to `pnp check` either checks (exit 0 or 1 with rule violations) or is
refused with clean sentences naming the file (exit 1) — never a traceback, never a hang.

The fuzzed files start from real states (setups dealt by the rules and snapshots of games played by
the bots, both games, with and without Ascent modules) and are mutated structurally: keys deleted,
values replaced by values of other types, huge numbers, long or odd text, deep nesting, list items
duplicated or shuffled, ids moved, unknown keys, and the bytes truncated or garbled.
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest
from helpers.jsonpaths import json_paths
from helpers.rulekit import game_named
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.cli import app
from pnp.rules.ascent.bot import RandomAscentBot
from pnp.rules.ascent.engine import ascent_deck, deal_ascent
from pnp.rules.deal import deal_setup
from pnp.rules.state.model import state_to_data
from pnp.rules.tranquility.bot import RandomBot
from pnp.rules.tranquility.engine import deal_table, tranquility_deck

runner = CliRunner()


def _played(table, bot, snapshots: int) -> list:
    """A few states along a game played to its end by a bot (the last one finished)."""
    states = []
    while table.status == "playing":
        p = table.turn % table.n
        table.apply(p, bot.choose(table, p))
        if table.turn % 5 == 0:
            states.append(table.to_state())
    states.append(table.to_state())
    return states[:: max(1, len(states) // snapshots)]


def _real_states() -> list[dict]:
    """Setups and games in progress, as the JSON objects `pnp setup` writes."""
    tq, ascent, plain = game_named("tranquility"), game_named("ascent", "all"), game_named("ascent", None)
    panorama = game_named("ascent", "panorama")
    states = [
        deal_setup(g, players, seed)
        for g in (tq, ascent, plain, panorama)
        for players, seed in ((1, 3), (2, 1), (4, 9))
    ]
    states += _played(deal_table(tranquility_deck(tq), 3, 5), RandomBot(5), 3)
    states += _played(deal_ascent(ascent_deck(ascent), 2, 8), RandomAscentBot(8), 3)
    return [state_to_data(s) for s in states]


STATES = _real_states()


def _at(doc, path: tuple):
    for key in path:
        doc = doc[key]
    return doc


def _nested(depth: int):
    value: object = "island-07"
    for level in range(depth):
        value = [value] if level % 2 else {"x": value}
    return value


ids = st.sampled_from(
    sorted(
        {i for s in STATES for hand in s["hands"] for i in hand}
        | {
            "island-07",
            "start#1",
            "finish",
            "border#1",
            "summit",
            "bridge#1",
            "goat#1",
            "panorama-01",
            "terrain-green-12#2",
            "nonsense",
            "",
        }
    )
)
odd_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from([10**30, -(10**30), 2**63, -1, 0]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["NaN", "Infinity", "1e400", "-0", "3"]),
    st.text(max_size=20),
    st.sampled_from(["x" * 100_000, "\ud800", "é\u0301🂡", "\x00\n\x1b[31m", "a\u202eb"]),
    ids,
)
odd_value = st.one_of(
    odd_leaf,
    st.recursive(
        odd_leaf,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
        max_leaves=10,
    ),
    st.integers(60, 200).map(_nested),
    st.tuples(ids, st.sampled_from([1_000, 30_000])).map(lambda t: [t[0]] * t[1]),  # 30,000 ids: past 256 KB
    st.tuples(st.integers(1, 30), st.sampled_from([500, 5_000])).map(
        lambda t: [list(range(t[0])) for _ in range(t[1])]
    ),
)
NODES = 200_000  # no mutation is made to a fuzzed state holding more JSON values than this …
GROWS = 5_000  # … and only parts of at most this many are duplicated or grown: a few MB at most

# mutation → what it applies to: any value but the root, lists, objects, ids
MUTATIONS = {
    "delete": object,
    "replace": object,
    "duplicate": list,
    "shuffle": list,
    "grow": list,
    "unknown-key": dict,
    "move-id": str,
}
MOVABLE = sorted({i for s in STATES for i in s["discard"] + s["box"] + s["aside"] + s["piles"][0][:3]})


def _nodes(value, cap: int = NODES) -> int:
    """How many JSON values `value` holds, counting no further than just past `cap`."""
    count, todo = 0, [value]
    while todo and count <= cap:
        item = todo.pop()
        count += 1
        todo.extend(item.values() if isinstance(item, dict) else item if isinstance(item, list) else ())
    return count


def _mutate(doc, path: tuple, how: str, value, rnd) -> None:
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    target = parent[path[-1]]
    if how == "delete":
        del parent[path[-1]]
    elif how == "replace":
        parent[path[-1]] = value
    elif how == "duplicate" and target:
        target.insert(rnd.randrange(len(target) + 1), copy.deepcopy(rnd.choice(target)))
    elif how == "shuffle":
        rnd.shuffle(target)
    elif how == "grow":
        before = list(target)
        for _ in range(rnd.choice([1, 3, 40])):
            target.extend(copy.deepcopy(before))  # copies, not shared lists: _nodes counts what is written
    elif how == "unknown-key":
        target[f"extra{rnd.randrange(9)}"] = value
    elif how == "move-id":
        parent[path[-1]] = rnd.choice(MOVABLE)


class Fuzzed(bytes):
    """A fuzzed file's bytes; its repr stays short when Hypothesis reports a failing example."""

    def __repr__(self) -> str:
        return f"<{len(self)} bytes: {bytes(self[:400])!r}…>"


@st.composite
def fuzzed_files(draw) -> Fuzzed:
    doc = copy.deepcopy(draw(st.sampled_from(STATES)))
    rnd = draw(st.randoms(use_true_random=False))
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(sorted(MUTATIONS)))
        if _nodes(doc) > NODES:
            break
        paths = [p for p in json_paths(doc) if p and isinstance(_at(doc, p), MUTATIONS[how])]
        if how in ("duplicate", "grow"):
            paths = [p for p in paths if _nodes(_at(doc, p), GROWS) <= GROWS]
        if paths:
            _mutate(doc, draw(st.sampled_from(paths)), how, draw(odd_value), rnd)
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()), indent=draw(st.sampled_from([None, 2])))
    data = text.encode("utf-8", "surrogatepass")
    garble = draw(st.sampled_from(["none", "none", "none", "truncate", "bytes", "bom"]))
    if garble == "truncate":
        data = data[: draw(st.integers(0, len(data)))]
    elif garble == "bytes":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    elif garble == "bom":
        data = b"\xef\xbb\xbf" + data
    return Fuzzed(data)


def check(path: Path, *options: str):
    started = time.perf_counter()
    result = runner.invoke(app, ["check", str(path), *options])
    return result, time.perf_counter() - started


def assert_clean(result, seconds: float, path: Path, options: tuple = ()) -> None:
    """Exit 0 or 1, never an exception, never a traceback; exit 1 names the file (speed is bench/
    business, not a test's). Exit 2 only when --game names a game of other rules than the state's."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    contradicted = "--game" in options and "'s rules; leave out --game" in result.stderr
    assert result.exit_code in ((2,) if contradicted else (0, 1)), (result.exit_code, result.output[-2000:])
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        assert path.name in result.output, result.output[-2000:]
    if "--json" in options and result.stdout:
        json.loads(result.stdout)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    data=fuzzed_files(),
    options=st.sampled_from([(), (), ("--json",), ("-q",), ("--game", "tranquility"), ("--game", "ascent")]),
)
def test_any_state_file_checks_or_is_refused_cleanly(folder, data, options):
    path = folder / "fuzzed-state.json"
    path.write_bytes(data)
    result, seconds = check(path, *options)
    assert_clean(result, seconds, path, options)


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_real_states_the_fuzzing_starts_from_pass(folder, index):
    """The starting points are legal, so whatever fails in the fuzzing failed because of a mutation."""
    path = folder / f"real-{index}.json"
    path.write_text(json.dumps(STATES[index]), encoding="utf-8")
    result, _seconds = check(path)
    assert result.exit_code == 0, result.output
    assert "rules hold" in result.stdout
