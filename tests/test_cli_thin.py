"""Issue 27: every command is a thin wrapper (parse, call the facade in pnp/api.py, print). No
function registered on a typer app in pnp/cli/ is over MOST lines, from its `def` to its last line,
export targets are chosen only through the registry (`pnp.export.TARGETS`), never by comparing
their names, and pnp/cli imports from the stages (pnp.pipeline, pnp.server, pnp.rules, pnp.game)
only constants, types and value parsers: a command's work is a call in pnp/api.py."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path

import typer

import pnp.cli
from pnp.cli import COMMANDS
from pnp.export import TARGETS

MOST = 40
CLI = Path(pnp.cli.__file__).parent


def _registered(app: typer.Typer) -> list[Callable]:
    """Every function registered on `app` and the apps added to it: commands and callbacks."""
    found = [info.callback for info in app.registered_commands]
    if app.registered_callback is not None:
        found.append(app.registered_callback.callback)
    for group in app.registered_groups:
        if group.typer_instance is not None:
            found += _registered(group.typer_instance)
    return [inspect.unwrap(fn) for fn in found if fn is not None]


def _lengths(apps: list[typer.Typer]) -> dict[str, int]:
    """'module.py:function' → its length in lines, read from the module's syntax tree."""
    lengths = {}
    for fn in {fn for app in apps for fn in _registered(app)}:
        path = Path(inspect.getsourcefile(fn) or "")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        first = fn.__code__.co_firstlineno  # the first decorator's line
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == fn.__name__:
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                if start == first:
                    lengths[f"{path.name}:{node.name}"] = node.end_lineno - node.lineno + 1  # type: ignore[operator]
    return lengths


def _cli_apps() -> list[typer.Typer]:
    return [pnp.cli.app, *(importlib.import_module(f"pnp.cli.{m}").app for m in sorted(set(COMMANDS.values())))]


def test_every_command_function_is_at_most_40_lines():
    lengths = _lengths(_cli_apps())
    assert "rules_cmds.py:simulate" in lengths and "print_cmds.py:export_tgc" in lengths  # every app is walked
    long = {name: n for name, n in sorted(lengths.items()) if n > MOST}
    assert not long, f"command functions over {MOST} lines (move the work into pnp/api.py): {long}"


def test_the_length_rule_finds_a_long_command(tmp_path, monkeypatch):
    body = "".join(f"    x{i} = {i}\n" for i in range(MOST))
    source = (
        "import typer\n\napp = typer.Typer()\nsub = typer.Typer()\napp.add_typer(sub, name='sub')\n\n\n"
        f"@app.command()\ndef short() -> None:\n    pass\n\n\n@sub.command()\ndef long() -> None:\n{body}"
    )
    (tmp_path / "fake_cmds.py").write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("fake_cmds", tmp_path / "fake_cmds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "fake_cmds", module)
    spec.loader.exec_module(module)
    assert _lengths([module.app]) == {"fake_cmds.py:short": 2, "fake_cmds.py:long": MOST + 1}


def _name_comparisons(source: str) -> list[int]:
    """Lines comparing a value with an export target's name (== "tgc", in ("png", "cut"), match)."""
    names = set(TARGETS)

    def is_name(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in names
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(is_name(e) for e in node.elts)
        return False

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(is_name(n) for n in [node.left, *node.comparators]):
            found.append(node.lineno)
        if (
            isinstance(node, ast.match_case)
            and isinstance(node.pattern, ast.MatchValue)
            and is_name(node.pattern.value)
        ):
            found.append(node.pattern.lineno)
    return found


def test_export_targets_are_dispatched_only_through_the_registry():
    found = [
        f"{path.name}:{line}"
        for path in sorted(CLI.glob("*.py"))
        for line in _name_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"export targets compared by name in pnp/cli (go through pnp.export.TARGETS): {found}"


def test_the_dispatch_rule_finds_a_comparison():
    assert _name_comparisons('if target == "tgc":\n    pass\nok = t in ("png", "x")\nfine = t == "x"\n') == [1, 3]


STAGES = ("pnp.pipeline", "pnp.server", "pnp.rules", "pnp.game")
# Parsers of an option's value, which may stay where they live (issue 27): each turns an option's
# words into a value or refuses them, and does none of a command's work.
PARSERS = {"check_bot", "parse_scheduler", "resolve_jobs"}


def _stage_calls(source: str) -> list[str]:
    """'line: name' of each name imported from a stage that a command could call to do its work: not
    a CONSTANT, not a value parser, and not imported only for types (under `if TYPE_CHECKING:`)."""
    tree = ast.parse(source)
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
        for stmt in block.body
        for node in ast.walk(stmt)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and id(node) not in typing_only:
            found += [f"{node.lineno}: {a.name}" for a in node.names if a.name.startswith(STAGES)]
        if isinstance(node, ast.ImportFrom) and id(node) not in typing_only and (node.module or "").startswith(STAGES):
            found += [
                f"{node.lineno}: {node.module}.{a.name}"
                for a in node.names
                if not a.name.isupper() and a.name not in PARSERS
            ]
    return found


def test_commands_call_the_stages_only_through_the_facade():
    found = [f"{path.name}:{hit}" for path in sorted(CLI.glob("*.py")) for hit in _stage_calls(path.read_text("utf-8"))]
    assert not found, f"pnp/cli imports a stage's work (call it through pnp/api.py): {found}"


def test_the_facade_rule_finds_a_stage_call():
    source = (
        "from typing import TYPE_CHECKING\nfrom pnp.rules.bots import JUDGE_BOT, check_bot\n"
        "from pnp.server.run import serve\nimport pnp.pipeline.build\nfrom pnp.core.locate import find_spec\n"
        "if TYPE_CHECKING:\n    from pnp.rules.simulation import Report\n"
    )
    assert _stage_calls(source) == ["3: pnp.server.run.serve", "4: pnp.pipeline.build"]
