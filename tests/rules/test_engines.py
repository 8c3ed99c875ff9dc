"""One engine interface and one registry: every engine offers the Engine protocol, every rule is
checked by exactly the engines that list it, and no module outside the registry compares engine names."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from helpers.rulekit import game_named

import pnp
import pnp.rules
from pnp.core.errors import UsageError
from pnp.rules.check import RULES, SHARED_RULES
from pnp.rules.engine import Engine, Table
from pnp.rules.engines import ENGINES, engine_named, engine_of
from pnp.rules.facts import Rule
from pnp.rules.state.model import TABLES

PROTOCOL_METHODS = [
    name for name, member in vars(Engine).items() if inspect.isfunction(member) and not name.startswith("_")
]
PNP_ROOT = Path(pnp.__file__).resolve().parent


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_registered_engine_offers_the_protocol(name):
    engine = ENGINES[name]
    assert isinstance(engine, Engine)
    assert engine.name == name
    assert name in TABLES, f"the state format has no section for the {name} engine (pnp/rules/state/model.py)"
    for method in PROTOCOL_METHODS:
        wanted = inspect.signature(getattr(Engine, method))
        got = inspect.signature(getattr(type(engine), method))
        assert list(got.parameters) == list(wanted.parameters), f"{name}.{method}{got} is not {method}{wanted}"
    assert engine.progress_of in ("cells", "slots")
    assert all(isinstance(r, Rule) for r in engine.rules)


@pytest.mark.parametrize("name", list(ENGINES))
def test_a_dealt_table_offers_the_table_protocol(name):
    game = game_named(name, "all")  # the bundled game named after its engine
    engine = engine_of(game)
    deck = engine.deck(game)
    table = engine.deal(deck, 2, 7)
    assert isinstance(table, Table)
    plays = table.legal_plays(0)
    assert isinstance(plays, list)
    state = table.to_state()
    again = engine.table_from_state(deck, state)
    assert again.to_state() == state
    assert 0 <= engine.filled(table) <= engine.spaces(deck)


def test_an_unknown_engine_is_a_usage_error_naming_the_engines():
    with pytest.raises(UsageError, match="tranquility, ascent"):
        engine_named("chess")


def test_each_rule_is_listed_once_by_the_engine_it_names():
    for r in SHARED_RULES:
        assert r.engine is None, r.id
    listed = [r.id for r in SHARED_RULES]
    for name, engine in ENGINES.items():
        for r in engine.rules:
            assert r.engine == name, f"{r.id} says engine {r.engine!r} but is listed by {name}"
        listed += [r.id for r in engine.rules]
    assert len(listed) == len(set(listed)) == len(RULES)


def _rule_modules():
    for info in pkgutil.walk_packages(pnp.rules.__path__, "pnp.rules."):
        yield importlib.import_module(info.name)


def test_no_rule_is_made_and_left_out_of_the_registry():
    """A new @rule that no tuple lists would never be checked: nothing registers itself on import."""
    known = {id(r) for r in RULES.values()}
    for module in _rule_modules():
        for name, value in vars(module).items():
            if isinstance(value, Rule) and value.check.__module__ == module.__name__:
                assert id(value) in known, f"{module.__name__}.{name} ({value.id}) is in no engine's rules"


ENGINE_CONSTANTS = {"TRANQUILITY", "ASCENT"}  # pnp.game.params' names for the two engines


def _mentions_engine(node: ast.AST) -> bool:
    return any(
        (isinstance(n, ast.Attribute) and "engine" in n.attr.lower())
        or (isinstance(n, ast.Name) and "engine" in n.id.lower())
        for n in ast.walk(node)
    )


def _engine_comparisons(tree: ast.AST):
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        names = {n.value for op in operands for n in ast.walk(op) if isinstance(n, ast.Constant) and n.value in ENGINES}
        constants = {
            n.id for op in operands for n in ast.walk(op) if isinstance(n, ast.Name) and n.id in ENGINE_CONSTANTS
        }
        if constants or (names and any(_mentions_engine(op) for op in operands)):
            yield node.lineno, ast.unparse(node)


def test_no_module_compares_engine_names():
    found = []
    for path in sorted(PNP_ROOT.rglob("*.py")):
        if "_bundled" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found += [f"{path.relative_to(PNP_ROOT)}:{line}: {text}" for line, text in _engine_comparisons(tree)]
    assert not found, "ask the registry (pnp/rules/engines.py) instead of comparing engine names:\n" + "\n".join(found)


def test_the_scan_finds_a_comparison():
    tree = ast.parse('if game.engine == "tranquility":\n    pass\nx = state.engine in ("ascent",)\ny = e == ASCENT')
    assert [line for line, _ in _engine_comparisons(tree)] == [1, 3, 4]
