"""The rules engine for Tranquility and The Ascent: setup, state checking, simulation.

Public API:
- `deal_setup(game, players, seed) -> State`            a setup dealt by the rules and checked
- `check_state(game, state) -> list[Violation]`         every broken rule ([] when all hold)
- `simulate(game, players, games, seed) -> Report`      baseline-bot games with a Wilson interval
- `rule_problems(game) -> list[str]`                    why a game or variant cannot be played
- `read_state(path)`, `loads_state(text)`, `dump_state(state)`: the JSON state format

Each name is imported from its module on first use (PEP 562): importing one module of the package
(the engine registry for the gallery's order, the state format) does not load the checks, the
simulator and every rule, which saves 80–108 ms on a loaded 2-core machine (`python -c` timing
`import pnp.rules.engines` then the modules of these names, 5 runs) on every `pnp build`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.rules.check import RULES, Violation, check_state
    from pnp.rules.deal import deal_setup
    from pnp.rules.problems import rule_problems, rule_warnings
    from pnp.rules.simulation import Report, simulate
    from pnp.rules.state.model import State, dump_state
    from pnp.rules.state.reader import loads_state, read_state

_HOMES = {
    "RULES": "pnp.rules.check",
    "Violation": "pnp.rules.check",
    "check_state": "pnp.rules.check",
    "deal_setup": "pnp.rules.deal",
    "rule_problems": "pnp.rules.problems",
    "rule_warnings": "pnp.rules.problems",
    "Report": "pnp.rules.simulation",
    "simulate": "pnp.rules.simulation",
    "State": "pnp.rules.state.model",
    "dump_state": "pnp.rules.state.model",
    "loads_state": "pnp.rules.state.reader",
    "read_state": "pnp.rules.state.reader",
}

__all__ = [  # each name is served by __getattr__ below
    "RULES",
    "Report",
    "State",
    "Violation",
    "check_state",
    "deal_setup",
    "dump_state",
    "loads_state",
    "read_state",
    "rule_problems",
    "rule_warnings",
    "simulate",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pnp.rules' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
