"""The files of a rule-checked setup: state JSON, check report, setup sheet (SVG and PDF).

`setup_outputs(game, players, seed)` returns them in memory as {relative path: bytes} under
`<game>/setup/`, so `pnp setup` and `pnp build` write them the same way.
"""

from __future__ import annotations

from pnp.game.model import Game
from pnp.rules.check import check_state
from pnp.rules.deal import deal_setup
from pnp.rules.outputs import check_report, setup_name
from pnp.rules.state.model import dump_state
from pnp.setupsheet.sheet import render_setup_sheet

SAMPLE_PLAYERS = 3
SAMPLE_SEED = 1


def setup_outputs(game: Game, players: int = SAMPLE_PLAYERS, seed: int = SAMPLE_SEED) -> dict[str, bytes]:
    """The setup's files: <game>/setup/<stem>.json, .check.txt, .svg and .pdf."""
    state = deal_setup(game, players, seed)
    violations = check_state(game, state)
    svg, pdf = render_setup_sheet(game, state)
    stem = f"{game.id}/setup/{setup_name(game, players, seed)}"
    return {
        f"{stem}.json": dump_state(state).encode("utf-8"),
        f"{stem}.check.txt": check_report(game, state, violations).encode("utf-8"),
        f"{stem}.svg": svg.encode("utf-8"),
        f"{stem}.pdf": pdf,
    }
