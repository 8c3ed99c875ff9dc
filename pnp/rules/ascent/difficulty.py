"""How hard The Ascent with every module is, measured (`Engine.measured`; the booklet's cover and
`pnp build ascent` say it: pnp/rules/difficulty.py).

The figures are the win rates of the strongest bot the project has, playing the bundled spec with
all its modules and with none, at every player count. To update them (a stronger bot, more games),
run the command in `command` for each player count and module set and edit the figures below: the
booklet and the build's summary follow them. Every figure is wins of `games` games.
"""

from __future__ import annotations

from pnp.game.difficulty import Measured

MEASURED = Measured(
    game="ascent",
    bot="search",
    games=300,
    seed=1,
    date="2026-12-04",
    command="pnp simulate ascent --players N --games 300 --seed 1 --bot search --modules all|none",
    all_modules={1: 23, 2: 34, 3: 23, 4: 28, 5: 18},  # the modules re-read (docs/rules.md, issue 30)
    no_modules={1: 133, 2: 131, 3: 117, 4: 83, 5: 64},
    source="pnp/rules/ascent/difficulty.py",
)
