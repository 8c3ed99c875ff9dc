"""Imports go one way: no module of pnp imports (directly or through others) a module that imports it,
and the `pnp` command knows its commands from one explicit table, not from modules registering
themselves when imported."""

from __future__ import annotations

import importlib

import grimp
import typer

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
