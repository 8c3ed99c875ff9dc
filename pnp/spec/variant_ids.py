"""A variant's kinds and modules that name no entry of the parent.

kinds and modules merge by id, so a typo ("isle" for "island") makes a new kind, which then lacks
a template and a back; the schema would only say "'back' is required here". This says what
happened: there is no such kind in the parent, which kinds there are, and what a new one needs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pnp.core.errors import Problem
from pnp.core.jsonsrc import Source
from pnp.core.names import did_you_mean

# What a new entry must give (the schema's `required` for a kind and a module, less the id).
NEEDS = {"kind": ("template", "back"), "module": ("title", "description")}


def unknown_id_problems(source: Source, parent: dict, parent_id: str) -> list[Problem]:
    """One problem per entry of the variant that names no entry of the parent and cannot stand as new."""
    own = source.data
    problems = list(_check(source, ["kinds"], own.get("kinds"), parent.get("kinds"), "kind", parent_id))
    parent_modules = {m.get("id"): m for m in _dicts(parent.get("modules"))}
    problems += _check(source, ["modules"], own.get("modules"), parent.get("modules"), "module", parent_id)
    for index, module in enumerate(_dicts(own.get("modules"))):
        base = parent_modules.get(module.get("id"))
        if base is not None:
            where = f"{parent_id}'s module {module.get('id')!r}"
            problems += _check(
                source, ["modules", index, "kinds"], module.get("kinds"), base.get("kinds"), "kind", where
            )
    return problems


def _check(source: Source, at: list, own: Any, parent: Any, what: str, parent_id: str) -> Iterator[Problem]:
    known = [item["id"] for item in _dicts(parent) if isinstance(item.get("id"), str)]
    for index, item in enumerate(own if isinstance(own, list) else []):
        item_id = item.get("id") if isinstance(item, dict) else None
        if not isinstance(item_id, str) or item_id in known:
            continue
        missing = [key for key in NEEDS[what] if key not in item]
        if item.get("remove") is not True and not missing:
            continue  # a complete new entry: fine
        choices = ", ".join(known) or "none"
        head = f"there is no {what} {item_id!r} in {parent_id}{did_you_mean(item_id, known)} ({what}s: {choices})"
        if item.get("remove") is True:
            yield source.problem(at + [index, "id"], f"{head}, so there is nothing to remove")
        else:
            needs = " and ".join(repr(k) for k in NEEDS[what])
            yield source.problem(
                at + [index, "id"],
                f"{head}; a new {what} needs {needs} (this one lacks {' and '.join(repr(k) for k in missing)})",
            )


def _dicts(value: Any) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def is_covered(problem: Problem, flagged: list[Problem]) -> bool:
    """A schema 'is required here' problem on an entry already explained as an unknown id."""
    return problem.message.endswith("is required here") and any(
        problem.file == f.file and f.path == problem.path + ".id" for f in flagged
    )
