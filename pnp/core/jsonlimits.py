"""What JSON allows but the tool refuses, found with its place: NaN and Infinity (and numbers too
large to be finite), and nesting deeper than a limit. Used by pnp/core/jsonsrc.py for every JSON file the
tool reads (specs, variants, templates, states)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from pnp.core.errors import Problem, quoted
from pnp.core.jsonpath import json_path


class NonFinite:
    """Stands in for NaN, Infinity, -Infinity or a number beyond the float range while parsing."""

    __slots__ = ("token",)

    def __init__(self, token: str):
        self.token = token


def finite_float(token: str) -> float | NonFinite:
    value = float(token)
    return value if math.isfinite(value) else NonFinite(token)


def non_finite_message(token: str) -> str:
    if token.lstrip("-") in ("NaN", "Infinity"):
        return f"{token} is not a number the tool can use; write a finite number such as 1.5"
    return f"{quoted(token)} is too large to be a finite number; write a number such as 1.5"


def non_finite_values(value: Any, parts: tuple = ()) -> Iterator[tuple[list, str]]:
    """(JSON path parts, token) of every non-finite number, in document order (the nesting is
    bounded before this runs)."""
    if isinstance(value, NonFinite):
        yield list(parts), value.token
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from non_finite_values(item, parts + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from non_finite_values(item, parts + (i,))


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]')


def too_deep_problem(text: str, name: str, limit: int) -> Problem:
    """Where the first array or object nested deeper than `limit` opens, with its JSON path.

    A scan of the text, not a parse: it also works where Python's parser gave up (RecursionError)."""
    stack: list[list] = []  # per open container: [kind, index or key]
    last_string = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token.startswith('"'):
            last_string = token
        elif token == ":" and stack and last_string is not None:
            stack[-1][1] = json.loads(last_string)
        elif token == ",":
            if stack and stack[-1][0] == "[":
                stack[-1][1] += 1
        elif token in "[{":
            if len(stack) >= limit:
                line = text.count("\n", 0, match.start()) + 1
                col = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
                path = json_path([frame[1] for frame in stack])
                path = path if len(path) <= 120 else path[:50] + "…" + path[-50:]  # keys may be long
                return Problem(name, line, col, path, f"is nested deeper than {limit} levels (arrays and objects)")
            stack.append([token, 0 if token == "[" else ""])
        elif token in "]}" and stack:
            stack.pop()
    return Problem(name, 0, 0, "$", f"is nested deeper than {limit} levels")
