"""Tranquility's rule parameters, read once from a game's spec `rules` (docs/rules.md lists each
option and its source)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.game.model import Game
from pnp.game.params import HANDS_AND_PILES, cost_cap, players_range, readings


@dataclass(frozen=True)
class TranquilityRules:
    """Rule parameters of the base game (docs/rules.md lists each option and its source)."""

    min_players: int
    max_players: int
    hand_size: int
    rows: int
    cols: int
    adjacency: str  # "sequence" (published) | "orthogonal" (seed 001)
    cost: str  # "nearest" (published) | "gap" (seed 000)
    cost_cap: int | None  # None: the cards left in hand (published); an int: also at most this (seed 001)
    start_discard: int
    start_discard_from: str  # "hands-and-piles" (decision, default) | "hands" (the earlier reading)
    remove_islands: int
    first_player: str = "quietest"  # RULE_OPTIONS: "quietest" | "first" (both player 1) | "fewest-cards"
    start_discard_draw: str = "own-turn"  # "own-turn" (decision) | "at-once" (two reviews)
    finish_cards: str = "all"  # "all" (published) | "one-per-player" (a review's suggestion)
    loss: str = "stuck"  # "stuck" (published) | "stuck-or-empty" (seed 000)
    order: str = "sequence"  # "sequence" (published) | "local" (seed 000)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def frame(self) -> int:
        """Border cards around the grid: one per cell along each side, corners open."""
        return 2 * (self.rows + self.cols)


def tranquility_rules(game: Game) -> TranquilityRules:
    """The frozen rule parameters of a Tranquility game, from its spec's "rules"."""
    rules = game.rules
    low, high = players_range(rules)
    grid = rules.get("grid", {})
    return TranquilityRules(
        min_players=low,
        max_players=high,
        hand_size=int(rules.get("hand_size", 5)),
        rows=int(grid.get("rows", 6)),
        cols=int(grid.get("cols", 6)),
        adjacency=str(rules.get("adjacency", "sequence")),
        cost=str(rules.get("cost", "nearest")),
        cost_cap=cost_cap(rules.get("cost_cap", "hand")),
        start_discard=int(rules.get("start_discard", 8)),
        start_discard_from=str(rules.get("start_discard_from", HANDS_AND_PILES)),
        remove_islands=int(rules.get("remove_islands", 0)),
        **readings(rules, "first_player", "start_discard_draw", "finish_cards", "loss", "order"),
    )
