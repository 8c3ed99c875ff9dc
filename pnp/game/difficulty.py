"""How hard a bundled game is, measured: the shape of the figures an engine holds for its bundled game
(`Engine.measured`, e.g. pnp/rules/ascent/difficulty.py), from which the rules booklet and `pnp build`
say how hard the game is with every module (issue 29, "honest defaults"; pnp/rules/difficulty.py).
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
    source: str  # the file that holds these figures, as `pnp build` names it

    def percent(self, wins: Mapping[int, int]) -> float:
        """The win rate over every player count, in %."""
        return 100 * sum(wins.values()) / (self.games * len(wins))

    @property
    def total(self) -> int:
        """Games played per module set (every player count)."""
        return self.games * len(self.all_modules)
