"""The counts and names the rule sentences print, read from the resolved game (never literal)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnp.game.model import Game


@dataclass(frozen=True)
class Facts:
    """Piece counts by kind (all copies), the number range of the numbered kind, colour names."""

    totals: Mapping[str, int]
    low: int  # lowest card number (islands, terrain); 0 when the game has none
    high: int
    colours: Mapping[str, str]  # theme colour → its terrain's name, e.g. green → Meadow
    names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # colour → a variant's names by language

    def count(self, kind: str) -> int:
        return self.totals.get(kind, 0)


def game_facts(game: Game) -> Facts:
    numbers = [
        c.fields["number"]
        for c in game.cards
        if isinstance(c.fields.get("number"), int) and c.kind in ("island", "terrain")
    ]
    colours = {colour: str(t.get("name", colour)) for colour, t in game.theme.terrain.items()}
    names: dict[str, dict[str, str]] = {}
    for colour, t in game.theme.terrain.items():
        own = t.get("names")
        names[colour] = dict(own) if isinstance(own, Mapping) else {}
    return Facts(
        totals={k.id: k.total for k in game.kinds},
        low=min(numbers, default=0),
        high=max(numbers, default=0),
        colours=colours,
        names=names,
    )
