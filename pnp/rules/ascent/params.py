"""The Ascent's rule parameters and its modules' parameters, read once from a game's spec `rules`
and chosen modules (docs/rules.md lists each option and its source)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pnp.game.model import Game
from pnp.game.params import RULE_OPTIONS, SHUFFLED, cost_cap, players_range


@dataclass(frozen=True)
class GreenPath:
    colour: str


@dataclass(frozen=True)
class Panorama:
    revealed: int


@dataclass(frozen=True)
class Goats:
    goats: int
    target_row: int
    colour: str


@dataclass(frozen=True)
class AscentRules:
    """Rule parameters of The Ascent and the modules chosen for this game."""

    min_players: int
    max_players: int
    hand_size: int
    base: int  # terrain slots in row 1
    rows: int  # terrain rows; the summit row is rows + 1
    row_minimum: bool
    same_colour_in_row: bool
    cost_cap: int | None
    bridge_swap_cost: str  # "greater" (published) | "smaller"
    green_path: GreenPath | None = None
    panorama: Panorama | None = None
    goats: Goats | None = None
    first_player: str = "quietest"
    bridges_at_setup: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (players, bridges per player); () shuffled

    def bridges_given(self, players: int) -> tuple[int, ...]:
        """Bridges each player (in turn order) gets into the opening hand at setup: none by default."""
        return dict(self.bridges_at_setup).get(players, (0,) * players)

    def width(self, row: int) -> int:
        """Terrain slots in a row (1-based): base, base − 1, …"""
        return self.base - row + 1

    @property
    def slots(self) -> int:
        return sum(self.width(r) for r in range(1, self.rows + 1))

    @property
    def summit_row(self) -> int:
        return self.rows + 1

    @property
    def base_pieces(self) -> int:
        """Panorama triangles under row 1: one more than its slots, leaving V-shaped slots between."""
        return self.base + 1


# The parameters of each module of The Ascent (its spec `rules`, read by ascent_rules): the fields of its dataclass.
MODULE_PARAMS: Mapping[str, type] = MappingProxyType({"green-path": GreenPath, "panorama": Panorama, "goats": Goats})


def _bridges(value: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """`bridges_at_setup`: "shuffled", or {"3": [0, 1, 1], …}: per player count, bridges per player."""
    if value in (None, SHUFFLED):
        return ()
    if not isinstance(value, Mapping):
        raise ValueError(f"bridges_at_setup must be {SHUFFLED!r} or a table by player count, not {value!r}")
    return tuple(sorted((int(k), tuple(int(n) for n in v)) for k, v in value.items()))


def ascent_rules(game: Game) -> AscentRules:
    """The frozen rule parameters of an Ascent game, from its spec's "rules" and its chosen modules'."""
    rules = game.rules
    modules = {m.id: m.rules for m in game.modules}
    low, high = players_range(rules)
    mountain = rules.get("mountain", {})
    green = modules.get("green-path")
    panorama = modules.get("panorama")
    goats = modules.get("goats")
    rows = int(mountain.get("rows", 8))
    # a module's parameters left out: the re-read of the sources (docs/rules.md, "The modules re-read"):
    # one revealed sequence, one goat to the top terrain row
    return AscentRules(
        min_players=low,
        max_players=high,
        hand_size=int(rules.get("hand_size", 5)),
        base=int(mountain.get("base", 9)),
        rows=rows,
        row_minimum=bool(rules.get("row_minimum", True)),
        same_colour_in_row=bool(rules.get("same_colour_in_row", False)),
        cost_cap=cost_cap(rules.get("cost_cap", "hand")),
        bridge_swap_cost=str(rules.get("bridge_swap_cost", "greater")),
        green_path=GreenPath(str(green.get("colour", "green"))) if green is not None else None,
        panorama=Panorama(int(panorama.get("revealed", 1))) if panorama is not None else None,
        goats=(
            Goats(int(goats.get("goats", 1)), int(goats.get("target_row", rows)), str(goats.get("colour", "green")))
            if goats is not None
            else None
        ),
        first_player=str(rules.get("first_player", RULE_OPTIONS["first_player"].default)),
        bridges_at_setup=_bridges(rules.get("bridges_at_setup")),
    )
