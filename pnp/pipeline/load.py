"""Load a game by name or path in one call: find, read, validate (schema and semantics) and build it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.core.errors import SpecError
from pnp.core.locate import find_spec
from pnp.game.build import ALL_MODULES
from pnp.game.model import Game
from pnp.pipeline.semantics import semantic_check
from pnp.rules.rulestext import printed_game
from pnp.spec.load import load_spec


def load_game(name: str | Path, modules: Sequence[str] | str | None = ALL_MODULES) -> Game:
    """Find, load, validate and build a game or variant by name or path.

    `modules`: "all" (default), None or [] for none, or a list of module ids.
    """
    path = name if isinstance(name, Path) else find_spec(str(name))
    spec = load_spec(path)
    problems, every_module = semantic_check(spec)
    if problems:
        raise SpecError(problems)
    if every_module is not None and modules == ALL_MODULES:
        return every_module  # built by the rules check: the same game
    return printed_game(spec, modules)
