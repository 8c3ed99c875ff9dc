"""A game's rule parameters and its modules' parameter keys, as its engine reads them (`Engine.params`,
`Engine.modules`): the shared code asks here and never names an engine's dataclass."""

from __future__ import annotations

import dataclasses
from typing import Any

from pnp.game.model import Game
from pnp.rules.engines import ENGINES, engine_of


def rule_params(game: Game) -> Any:
    """The frozen rule parameters of a game, read by its engine: its own dataclass (TranquilityRules,
    AscentRules), which holds at least `pnp.game.params.RuleParams`."""
    return engine_of(game).params(game)


def module_params(engine: str, module: str) -> type | None:
    """The dataclass of a module's parameters under the engine called `engine`; None for none."""
    found = ENGINES.get(engine)
    return found.modules.get(module) if found is not None else None


def module_keys(engine: str, module: str) -> tuple[str, ...]:
    """The keys a module's `rules` may hold (what `--set modules.MODULE.KEY` may change); () for none."""
    params = module_params(engine, module)
    return tuple(sorted(f.name for f in dataclasses.fields(params))) if params is not None else ()
