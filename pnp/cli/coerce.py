"""Option values coerced without pydantic: the one module that touches typer's internals.

typer 0.29 turns each option's text into its Python value through a pydantic TypeAdapter, built
when a command first parses that option: importing pydantic and building the adapters cost a
command about 0.1 s of CPU (pnp list: 0.60 → 0.50 s, docs/decisions.md "Plumbing only where it
pays"). Our options are plain `str`, `int`, `bool`, `Path`, lists of those, enums and parser
functions, whose values need no pydantic.

`installed()` puts a quick coercion in front of typer's while `pnp.cli.main` runs the command, and
puts typer's back after it: nothing else in the process sees the change. It answers only for a
value it is sure of, and gives exactly what typer's adapter gives (tests/test_cli_coerce.py
compares the two over every option of every command). Anything else (a bad value, a type or an
option setting it does not know) goes to typer's own coercion, so every error message is typer's.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

import typer
import typer.core
from typer._coercion import RuntimeParam, TypeDescriptor
from typer._param_types import coerce_cli_choice, coerce_cli_path, routes_to_path

TYPER_BUILD = typer.core.build_runtime_param  # typer's own coercion: every value this module is not sure of
TYPER_VERSIONS = ("0.29.",)  # the versions whose internals this module was written and tested against

Quick = Callable[[Any, Any, Any], Any]  # (value, param, ctx) → the value; raises _Unsure to ask typer
_INT = re.compile(r"-?(0|[1-9][0-9]*)")


class _Unsure(Exception):
    """The quick coercion does not know this value: typer's decides (and words any error)."""


@dataclass(frozen=True)
class QuickParam(RuntimeParam):
    """typer's runtime coercion contract, answered by `quick` where it can, by typer otherwise."""

    descriptor: TypeDescriptor
    quick: Quick

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return self.quick(value, param, ctx)
        except Exception:  # a bad value, or one the quick path does not know: typer's coercion words it
            return TYPER_BUILD(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """Coerce option values through `quick_param` inside the block, typer's own coercion again after
    it (`pnp.cli.main` runs the command in it). A typer outside TYPER_VERSIONS keeps its own coercion."""
    if typer.core.build_runtime_param is quick_param or not typer.__version__.startswith(TYPER_VERSIONS):
        yield
        return
    typer.core.build_runtime_param = quick_param
    try:
        yield
    finally:
        typer.core.build_runtime_param = TYPER_BUILD


def quick_param(descriptor: TypeDescriptor) -> RuntimeParam:
    """A QuickParam for the option types we use; typer's own runtime param for any other."""
    quick = quick_coercion(descriptor)
    if quick is None:
        return TYPER_BUILD(descriptor)
    return QuickParam(
        parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor, quick=quick
    )


def quick_coercion(descriptor: TypeDescriptor) -> Quick | None:
    """The quick coercion of an option, or None where typer's is the only one."""
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.min is not None or info.max is not None or info.clamp:
        return None
    if info.parser is not None:
        parser = info.parser
        return lambda value, param, ctx: parser(value)
    return _leaf(descriptor.annotation, info)


def _leaf(annotation: Any, info: Any) -> Quick | None:
    if get_origin(annotation) is list:
        (item_type,) = get_args(annotation)
        item = _leaf(item_type, info)
        return None if item is None else _each(item)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        choices, case_sensitive = list(annotation), info.case_sensitive
        return lambda value, param, ctx: coerce_cli_choice(
            value, choices=choices, case_sensitive=case_sensitive, ctx=ctx
        )
    if annotation is bool:
        return _same(bool)
    if annotation is str:
        return _same(str)
    if annotation is int:
        return _int
    if annotation is Path and info.path_type is None and routes_to_path(annotation, info):
        return lambda value, param, ctx: coerce_cli_path(_path(value), info, path_type=Path, param=param, ctx=ctx)
    return None


def _same(kind: type) -> Quick:
    def quick(value: Any, param: Any, ctx: Any) -> Any:
        if type(value) is not kind:
            raise _Unsure
        return value

    return quick


def _int(value: Any, param: Any, ctx: Any) -> int:
    if type(value) is int:
        return value
    if type(value) is str and _INT.fullmatch(value):
        return int(value)
    raise _Unsure


def _path(value: Any) -> Path:
    if isinstance(value, Path):
        return value
    if type(value) is not str or not value or "\x00" in value:
        raise _Unsure
    return Path(value)


def _each(item: Quick) -> Quick:
    def quick(value: Any, param: Any, ctx: Any) -> list:
        values = value if isinstance(value, (list, tuple)) else [value]
        return [item(v, param, ctx) for v in values]

    return quick
