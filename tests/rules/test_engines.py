"""One engine interface and one registry: every engine offers the Engine protocol, every rule is
checked by exactly the engines that list it, and no module outside the registry compares engine names."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
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
from pnp.rules.state.model import State

PROTOCOL_METHODS = [
    name for name, member in vars(Engine).items() if inspect.isfunction(member) and not name.startswith("_")
]
PNP_ROOT = Path(pnp.__file__).resolve().parent


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_registered_engine_offers_the_protocol(name):
    engine = ENGINES[name]
    assert isinstance(engine, Engine)
    assert engine.name == name
    assert engine.state_field in State.__dataclass_fields__, f"the state has no {engine.state_field!r} for {name}"
    assert "discard" in engine.move_names
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


ENGINE_CONSTANTS = {"TRANQUILITY", "ASCENT"}  # the names the two engines' objects go by (pnp/rules/<game>/entry.py)

# A name that stands for a table or a game's rules (`t`, `table`, `self.table`, `rules`, `f.rules`, `r`).
TABLE_OR_RULES = re.compile(r"(^|_)(t|table|tables|r|rules|deck)$")


def _mentions_engine(node: ast.AST) -> bool:
    return any(
        (isinstance(n, ast.Attribute) and "engine" in n.attr.lower())
        or (isinstance(n, ast.Name) and "engine" in n.id.lower())
        for n in ast.walk(node)
    )


def _is_engine_name(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and node.value in ENGINES) or (
        isinstance(node, ast.Name) and node.id in ENGINE_CONSTANTS
    )


def _last_name(node: ast.AST) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _engine_classes(node: ast.AST):
    """The engine-owned classes an isinstance tests against: (engine sub-package, class name)."""
    for n in ast.walk(node):
        name = _last_name(n)
        match = re.fullmatch(r"([A-Z][a-z]+)(Rules|Table|Deck)", name)
        if match and match.group(1).lower() in ENGINES:
            yield match.group(1).lower(), name


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


def _engine_switches(tree: ast.AST, package: str = ""):
    """Every look behind the engine protocol: a comparison with an engine name, a dict keyed by engine
    names, hasattr on a table or rules, isinstance with an engine's class outside `package` (the
    engine sub-package the module is in, "" when none)."""
    yield from _engine_comparisons(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(k is not None and _is_engine_name(k) for k in node.keys):
            yield node.lineno, "a dict keyed by engine names: " + ast.unparse(node)[:80]
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        if node.func.id == "hasattr" and TABLE_OR_RULES.search(_last_name(node.args[0])):
            yield node.lineno, ast.unparse(node)
        classes = _engine_classes(node.args[1]) if node.func.id == "isinstance" and len(node.args) == 2 else ()
        if any(engine != package for engine, _ in classes):
            yield node.lineno, ast.unparse(node)


def _package(path: Path) -> str:
    """The engine sub-package a module of pnp is in (pnp/rules/<engine>/…), else ""."""
    parts = path.relative_to(PNP_ROOT).parts
    return parts[1] if len(parts) > 2 and parts[0] == "rules" and parts[1] in ENGINES else ""


def test_no_module_looks_behind_the_engine_protocol():
    found = []
    for path in sorted(PNP_ROOT.rglob("*.py")):
        if "_bundled" in path.parts:
            continue
        relative = path.relative_to(PNP_ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        hits = [f"{relative}:{line}: {text}" for line, text in _engine_switches(tree, _package(path))]
        found += hits
    assert not found, "ask the engine (pnp/rules/engine.py, pnp/rules/engines.py) instead:\n" + "\n".join(found)


def test_the_scan_finds_a_comparison():
    tree = ast.parse('if game.engine == "tranquility":\n    pass\nx = state.engine in ("ascent",)\ny = e == ASCENT')
    assert [line for line, _ in _engine_comparisons(tree)] == [1, 3, 4]


def test_the_scan_finds_every_kind_of_switch():
    source = "\n".join(
        [
            'if hasattr(t, "cells"): pass',  # 1
            'if hasattr(self.table, "cells"): pass',  # 2
            "if isinstance(f.rules, AscentRules): pass",  # 3
            "if isinstance(x, (int, TranquilityTable)): pass",  # 4
            'ORDER = {"tranquility": 0, "ascent": 1}',  # 5
            "READERS = {TRANQUILITY: read}",  # 6
            'if game.engine != "ascent": pass',  # 7
            'ok = hasattr(value, "items")',  # 8: not a table
            "ok = isinstance(x, Rule)",  # 9: not an engine's class
            'ok = {"island": 1}',  # 10: not an engine name
        ]
    )
    tree = ast.parse(source)
    assert sorted({line for line, _ in _engine_switches(tree)}) == [1, 2, 3, 4, 5, 6, 7]
    inside = ast.parse("assert isinstance(rules, AscentRules)")
    assert list(_engine_switches(inside, "ascent")) == []
    assert [line for line, _ in _engine_switches(inside, "tranquility")] == [1]
