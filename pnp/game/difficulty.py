"""How hard a bundled game is, measured: the one source of the sentence the rules booklet and
`pnp build` print about The Ascent with every module (issue 29, "honest defaults").

The figures are the win rates of the strongest bot the project has, playing the bundled spec with
all its modules and with none, at every player count. To update them (a stronger bot, more games),
run the command in `command` for each player count and module set and edit the table below: the
booklet and the build's summary follow it. Every figure is wins of `games` games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """Wins by player count of one bot on one game, with every module and without any."""

    game: str  # the bundled spec's id
    bot: str  # the bot's name, as `pnp simulate --bot` takes it
    games: int  # games per player count and module set
    seed: int
    date: str  # when it was measured (ISO)
    command: str  # how to measure one cell again
    all_modules: Mapping[int, int]  # players → wins with every module
    no_modules: Mapping[int, int] | None  # players → wins with --modules none (None: not measured)

    def percent(self, wins: Mapping[int, int]) -> float:
        """The win rate over every player count, in %."""
        return 100 * sum(wins.values()) / (self.games * len(wins))

    @property
    def total(self) -> int:
        """Games played per module set (every player count)."""
        return self.games * len(self.all_modules)


MEASURED: dict[str, Measured] = {
    "ascent": Measured(
        game="ascent",
        bot="search",
        games=300,
        seed=1,
        date="2026-12-04",
        command="pnp simulate ascent --players N --games 300 --seed 1 --bot search --modules all|none",
        all_modules={1: 23, 2: 34, 3: 23, 4: 28, 5: 18},  # the modules re-read (docs/rules.md, issue 30)
        no_modules={1: 133, 2: 131, 3: 117, 4: 83, 5: 64},
    ),
}


def measured(game) -> Measured | None:
    """The figures of a game built with every one of its modules, when it is a bundled game that has
    them and was measured (a variant plays other rules: its figures would not be these)."""
    found = MEASURED.get(game.id)
    if found is None or game.extends or not game.modules or game.modules_name:
        return None
    return found


def build_note(name: str, modules: str) -> str | None:
    """The line `pnp build` prints for a measured game built with every module (None otherwise)."""
    found = MEASURED.get(name)
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
        f"{max(found.all_modules)} players{plain} ({found.date}, pnp/game/difficulty.py). "
        f"Start without them: pnp build {name} --modules none"
    )
