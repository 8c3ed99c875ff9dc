"""Imports go one way: no module of pnp imports (directly or through others) a module that imports it,
and the `pnp` command knows its commands from one explicit table, not from modules registering
themselves when imported."""

from __future__ import annotations

import ast
import importlib
import io
import tokenize
from pathlib import Path

import grimp
import typer

import pnp
from pnp.cli import COMMANDS, app


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan), each sorted; [] when none."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:  # iterative: a deep import chain must not hit the recursion limit
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in order:
                    order[child] = low[child] = len(order)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], order[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == order[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return groups


def test_no_module_of_pnp_is_in_an_import_cycle():
    graph = grimp.build_graph("pnp", cache_dir=None)  # every import, in a function or not
    cycles = _cycles(graph)
    detail = []
    for group in cycles:
        for importer in group:
            for imported in sorted(graph.find_modules_directly_imported_by(importer) & set(group)):
                lines = [d["line_number"] for d in graph.get_import_details(importer=importer, imported=imported)]
                detail.append(f"  {importer} -> {imported} (line {', '.join(map(str, lines))})")
    assert not cycles, "import cycles in pnp:\n" + "\n".join(detail)


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for module in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(module)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.a")
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycles(graph) == [["p.a", "p.b"]]


def test_every_command_is_in_the_table_and_defined_by_the_module_it_names():
    by_module: dict[str, set[str]] = {}
    for name, module in COMMANDS.items():
        by_module.setdefault(module, set()).add(name)
    for module, names in by_module.items():
        defined = set(typer.main.get_group(importlib.import_module(f"pnp.cli.{module}").app).commands)
        assert defined == names, f"pnp.cli.{module} defines {sorted(defined)}, COMMANDS says {sorted(names)}"
    assert list(typer.main.get_command(app).list_commands(None)) == list(COMMANDS)


def _unexplained_imports(source: str) -> list[int]:
    """Lines of imports inside a function with no comment on their line, on the line above, or above
    the run of imports they belong to (one comment may explain a group)."""
    lines = source.splitlines()
    commented = {
        t.start[0] for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT
    }

    def explained(line: int) -> bool:
        while line >= 1:
            if line in commented:
                return True
            text = lines[line - 1].strip()
            if not text.startswith(("import ", "from ")):
                return False
            line -= 1
        return False

    found = []
    for function in ast.walk(ast.parse(source)):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and not explained(node.lineno):
                    found.append(node.lineno)
    return sorted(set(found))


def test_every_import_inside_a_function_says_why():
    """Issue 13: an import inside a function only where start-up time was measured, with a comment
    saying so (docs/performance.md "Start-up"); everything else goes at the top of the module."""
    root = Path(pnp.__file__).parent
    unexplained = [
        f"{path.relative_to(root.parent)}:{line}"
        for path in sorted(root.rglob("*.py"))
        for line in _unexplained_imports(path.read_text(encoding="utf-8"))
    ]
    assert not unexplained, "imports inside functions without a comment saying why:\n  " + "\n  ".join(unexplained)


def test_the_import_rule_finds_an_unexplained_import():
    source = (
        "import os\n\n\ndef f():\n    import json\n    # start-up\n    import csv\n    import re\n\n"
        "    import io  # cheap\n"
    )
    assert _unexplained_imports(source) == [5]
