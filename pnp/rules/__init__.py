"""The rules engine for Tranquility and The Ascent: setup, state checking, simulation, setup sheet.

Public API:
- `deal_setup(game, players, seed) -> State`            a setup dealt by the rules and checked
- `check_state(game, state) -> list[Violation]`         every broken rule ([] when all hold)
- `simulate(game, players, games, seed) -> Report`      baseline-bot games with a Wilson interval
- `render_setup_sheet(game, state) -> (svg, pdf bytes)` the table pictured from above
- `rule_problems(game) -> list[str]`                    why a game or variant cannot be played
- `read_state(path)`, `loads_state(text)`, `dump_state(state)`: the JSON state format
"""

from __future__ import annotations

from pnp.rules.check import RULES, Violation, check_state
from pnp.rules.deal import deal_setup
from pnp.rules.problems import rule_problems, rule_warnings
from pnp.rules.simulation import Report, simulate
from pnp.rules.state.model import State, dump_state
from pnp.rules.state.reader import loads_state, read_state

__all__ = [
    "RULES",
    "Report",
    "State",
    "Violation",
    "check_state",
    "deal_setup",
    "dump_state",
    "loads_state",
    "read_state",
    "render_setup_sheet",
    "rule_problems",
    "rule_warnings",
    "simulate",
]


def __getattr__(name: str):
    # the setup sheet pulls in reportlab: load it on first use
    if name == "render_setup_sheet":
        from pnp.rules.setup_sheet import render_setup_sheet

        return render_setup_sheet
    raise AttributeError(name)
