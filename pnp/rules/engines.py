"""The one registry of rules engines: an engine's name (a spec's and a state's "engine") → the object
that plays, checks and draws it (the `Engine` protocol, pnp/rules/engine.py).

Nothing else compares engine names: ask `engine_of(game)` (tests/rules/test_engines.py scans for
comparisons). A third game is a new sub-package with its `entry.py` and one line here
(docs/architecture.md, "Adding a third game").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pnp.core.errors import UsageError
from pnp.game.model import Game
from pnp.rules.ascent.entry import ASCENT
from pnp.rules.engine import Engine
from pnp.rules.tranquility.entry import TRANQUILITY

ENGINES: Mapping[str, Engine] = MappingProxyType(
    {
        TRANQUILITY.name: TRANQUILITY,
        ASCENT.name: ASCENT,
    }
)


def engine_named(name: str) -> Engine:
    """The engine called `name`; a usage error naming the engines there are when there is none."""
    engine = ENGINES.get(name)
    if engine is None:
        raise UsageError(f"unknown rules engine {name!r}: expected one of {', '.join(ENGINES)}")
    return engine


def engine_of(game: Game) -> Engine:
    """The engine that plays `game` (its spec's "engine")."""
    return engine_named(game.engine)
