"""Property tests: any input to the spec loader either loads or gives a clean SpecError."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path

import pytest
from helpers.jsonpaths import json_paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.core.errors import PnpError, SpecError
from pnp.core.jsonsrc import parse_json, read_json
from pnp.pipeline.semantics import semantic_problems
from pnp.rules.rulestext import printed_game
from pnp.spec.load import load_spec

ROOT = Path(__file__).parent.parent
BASE = json.loads((ROOT / "card_specs" / "tranquility.json").read_text(encoding="utf-8"))

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["70mm", "0mm", "-5mm", "9999in", "x", "", "island", "back"]),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


ALL_PATHS = [p for p in json_paths(BASE) if p]


def _set(doc, path, value):
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()


@st.composite
def mutated_specs(draw):
    doc = copy.deepcopy(BASE)
    doc["id"] = "fuzzed"
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(ALL_PATHS))
        with contextlib.suppress(KeyError, IndexError, TypeError):  # an earlier mutation removed the parent: fine
            _set(doc, path, draw(st.one_of(st.just(_DELETE), json_value)))
    return doc


def _load_any(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzzed.json"
    path.write_text(text, encoding="utf-8")
    try:
        spec = load_spec(path)
        if not semantic_problems(spec):
            printed_game(spec)
    except PnpError as exc:
        assert str(exc), "an error must say something"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=mutated_specs())
def test_mutated_spec_loads_or_fails_cleanly(tmp_path, monkeypatch, doc):
    monkeypatch.chdir(ROOT)
    _load_any(tmp_path, json.dumps(doc))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200))
def test_arbitrary_text_fails_cleanly(tmp_path, monkeypatch, text):
    monkeypatch.chdir(ROOT)
    _load_any(tmp_path, text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    overrides=st.dictionaries(
        st.sampled_from(["card", "kinds", "rules", "theme", "templates", "modules", "title"]), json_value, max_size=3
    )
)
def test_fuzzed_variant_loads_or_fails_cleanly(tmp_path, monkeypatch, overrides):
    monkeypatch.chdir(ROOT)
    _load_any(tmp_path, json.dumps({"id": "fuzzed", "extends": "tranquility", **overrides}))


def test_deep_nesting_is_refused_cleanly():
    text = "[" * 5000 + "]" * 5000
    try:
        parse_json(text, "deep.json")
    except PnpError as exc:
        assert "nested deeper than" in str(exc)
    else:
        raise AssertionError("a 5000-deep document must be refused")


def test_a_number_too_long_for_python_is_a_clean_error_at_its_place():
    """Python refuses to read integers of more than 4300 digits (a ValueError, not a JSON error)."""
    text = '{\n  "id": "x",\n  "count": ' + "7" * 5000 + "\n}"
    with pytest.raises(SpecError) as caught:
        parse_json(text, "long.json")
    assert (
        str(caught.value.problems[0])
        == "long.json:3:12: $: holds a number of 5000 digits; numbers may have at most 4300"
    )


def test_a_file_past_the_size_limit_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:  # sparse: 1 GB on paper, nothing on disk
        handle.truncate(1024**3)
    with pytest.raises(SpecError, match=r"big\.json: \$: is larger than 5 MB"):
        read_json(big)


def test_a_long_number_is_found_past_long_digits_in_a_string():
    text = '{\n  "note": "' + "1" * 5000 + '",\n  "count": -' + "7" * 5000 + "\n}"
    with pytest.raises(SpecError) as caught:
        parse_json(text, "long.json")
    assert (
        str(caught.value.problems[0])
        == "long.json:3:12: $: holds a number of 5000 digits; numbers may have at most 4300"
    )
