"""Read JSON keeping where every value came from, and refusing duplicate keys."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from json_source_map import calculate

from pnp.core.errors import Problem, SpecError, display_path
from pnp.core.inputs import read_regular
from pnp.core.jsonlimits import NonFinite, finite_float, non_finite_message, non_finite_values, too_deep_problem
from pnp.core.jsonpath import json_path

MAX_FILE_BYTES = 5 * 1024 * 1024  # 20,000 cards written out one by one fit; parsing stays within seconds
MAX_DEPTH = 64


Positions = dict[str, tuple[int, int]]  # JSON pointer → (line, col), both 1-based; "key:" + pointer → its key's
KEY = "key:"  # no JSON pointer starts so: a member's key is filed beside its value


class KeyPath(list):
    """A path whose last part is a key the object should not have: its problem points at the key
    (`"colour": "red"` at the quote before colour), not at the value."""


@dataclass(frozen=True)
class Source:
    """A parsed JSON document with a map from JSON pointer to (line, col), both 1-based: `where`
    is that map, or what makes it when a problem first needs it (mapping a spec's text took
    ~30 ms of every build that loads one, most of which find no problem)."""

    file: str
    data: Any
    where: Positions | Callable[[], Positions] = field(repr=False, compare=False)

    @cached_property
    def positions(self) -> Positions:
        return self.where() if callable(self.where) else self.where

    def problem(self, pointer: str | list, message: str) -> Problem:
        parts = pointer if isinstance(pointer, list) else _split_pointer(pointer)
        line, col = self.locate(parts)
        if isinstance(parts, KeyPath):
            line, col = self.positions.get(KEY + _pointer(parts), (line, col))
        return Problem(self.file, line, col, json_path(parts), message)

    def locate(self, parts: list) -> tuple[int, int]:
        """The position of the deepest existing value along the pointer."""
        parts = list(parts)
        while True:
            pointer = _pointer(parts)
            if pointer in self.positions:
                return self.positions[pointer]
            if not parts:
                return (1, 1)
            parts.pop()


def _pointer(parts: list) -> str:
    return "".join("/" + _escape(str(p)) for p in parts)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _split_pointer(pointer: str) -> list:
    if not pointer:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.lstrip("/").split("/")]


class _DuplicateKeys:
    """object_pairs_hook that records duplicate keys instead of silently keeping the last."""

    def __init__(self) -> None:
        self.duplicates: list[str] = []

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                self.duplicates.append(key)
            out[key] = value
        return out


def read_json(path: Path) -> Source:
    """Parse a JSON file; every syntax problem or duplicate key is a SpecError with its position."""
    name = display_path(path)
    try:
        raw = read_regular(path, MAX_FILE_BYTES)  # no further: a huge file costs nothing; a pipe is refused
    except FileNotFoundError:
        raise SpecError([Problem(name, 0, 0, "$", "file not found")]) from None
    except OSError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"cannot be read ({exc.strerror})")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise SpecError([Problem(name, 0, 0, "$", f"is larger than {MAX_FILE_BYTES // 2**20} MB")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(name, 0, 0, "$", f"is not UTF-8 text (byte {exc.start})")]) from None
    return parse_json(text, name)


def parse_json(text: str, name: str) -> Source:
    hook = _DuplicateKeys()
    try:
        data = json.loads(text, object_pairs_hook=hook, parse_constant=NonFinite, parse_float=finite_float)
    except json.JSONDecodeError as exc:
        raise SpecError([Problem(name, exc.lineno, exc.colno, "$", f"invalid JSON: {exc.msg}")]) from None
    except RecursionError:
        raise SpecError([too_deep_problem(text, name, MAX_DEPTH)]) from None
    except ValueError as exc:  # Python refuses integers of more than 4300 digits
        raise SpecError([_long_number_problem(text, name, exc)]) from None
    if _depth(data) > MAX_DEPTH:
        raise SpecError([too_deep_problem(text, name, MAX_DEPTH)])
    source = Source(name, data, partial(_positions, text))
    problems = [source.problem(parts, non_finite_message(token)) for parts, token in non_finite_values(data)]
    if hook.duplicates:
        problems += _duplicate_problems(text, name, hook.duplicates)
    if problems:
        raise SpecError(problems)
    return source


def _positions(text: str) -> Positions:
    positions: Positions = {}
    for pointer, entry in calculate(text).items():
        positions[pointer] = (entry.value_start.line + 1, entry.value_start.column + 1)
        if entry.key_start is not None:
            positions[KEY + pointer] = (entry.key_start.line + 1, entry.key_start.column + 1)
    return positions


def _long_number_problem(text: str, name: str, exc: ValueError) -> Problem:
    """Where the number Python would not read stands (Python 3.11 reads at most 4300 digits)."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    tokens = re.finditer(r'"(?:[^"\\]|\\.)*"|-?\d{%d,}' % (limit + 1), text) if limit else iter(())
    found = next((t for t in tokens if not t.group().startswith('"')), None)  # a number, not digits in a string
    if found is None:
        return Problem(name, 0, 0, "$", f"cannot be read: {exc}")
    line = text.count("\n", 0, found.start()) + 1
    col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    digits = len(found.group().lstrip("-"))
    return Problem(name, line, col, "$", f"holds a number of {digits} digits; numbers may have at most {limit}")


def _duplicate_problems(text: str, name: str, keys: list[str]) -> list[Problem]:
    """Find the second occurrence of each duplicated key to point at it."""
    problems = []
    for key in sorted(set(keys)):
        token = json.dumps(key)
        first = text.find(token)
        second = text.find(token, first + 1)
        at = second if second >= 0 else first
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        problems.append(Problem(name, line, col, "$", f"duplicate key {token}: each key may appear once per object"))
    return problems


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level
