"""How hard a bundled game is, measured: the one source of the sentence the rules booklet and
`pnp build` print about a game with every module (issue 29, "honest defaults"). Each engine holds the
figures of its bundled game (`Engine.measured`, e.g. pnp/rules/ascent/difficulty.py); the shape of
the figures is `pnp.game.difficulty.Measured`."""

from __future__ import annotations

from pnp.game.difficulty import Measured
from pnp.game.model import Game
from pnp.rules.engines import ENGINES, engine_of


def measured(game: Game) -> Measured | None:
    """The figures of a game built with every one of its modules, when it is a bundled game that has
    them and was measured (a variant plays other rules: its figures would not be these)."""
    found = engine_of(game).measured
    if found is None or found.game != game.id or game.extends or not game.modules or game.modules_name:
        return None
    return found


def measured_named(name: str) -> Measured | None:
    """The figures of the bundled game called `name`; None for a game no engine measured."""
    return next((e.measured for e in ENGINES.values() if e.measured is not None and e.measured.game == name), None)


def build_note(name: str, modules: str) -> str | None:
    """The line `pnp build` prints for a measured game built with every module (None otherwise)."""
    found = measured_named(name)
    if found is None or modules.strip().lower() != "all":
        return None
    plain = (
        f"; without modules it won {sum(found.no_modules.values())} of {found.total}"
        if found.no_modules is not None
        else ""
    )
    return (
        f"note: {name} with every module is very hard: the {found.bot} bot, the strongest this kit has, won "
        f"{sum(found.all_modules.values())} of {found.total} games at {min(found.all_modules)}-"
        f"{max(found.all_modules)} players{plain} ({found.date}, {found.source}). "
        f"Start without them: pnp build {name} --modules none"
    )
