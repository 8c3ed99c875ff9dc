"""The Ascent as the engine registry (pnp/rules/engines.py) sees it: one object offering the `Engine`
protocol (pnp/rules/engine.py), built from this package's modules; its module rules (the Mountain
Goats', in goats.py) come after its own."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pnp.game.model import Game
from pnp.rules.ascent import check, counts, goats
from pnp.rules.ascent.bot import AscentBot
from pnp.rules.ascent.engine import AscentDeck, AscentTable, ascent_deck, deal_ascent, table_from_state
from pnp.rules.ascent.search import AscentRollout, AscentSearch
from pnp.rules.ascent.sheet import draw_mountain, mountain_region
from pnp.rules.facts import Facts, Rule
from pnp.rules.picture import SetupCanvas
from pnp.rules.state.model import State


class AscentEngine:
    name = "ascent"
    title = "The Ascent"
    progress_of = "slots"
    rules: tuple[Rule, ...] = (*counts.RULES, *check.RULES, *goats.RULES)
    where: Mapping[str, frozenset[str]] = MappingProxyType(
        {
            "terrain": frozenset({"hand", "pile", "discard", "slot"}),
            "bridge": frozenset({"hand", "pile", "discard", "slot"}),
            "campfire": frozenset({"hand", "pile", "discard", "slot"}),
            "summit": frozenset({"hand", "pile", "discard", "summit"}),
            "panorama": frozenset({"base", "box"}),
            "goat": frozenset({"goats", "box"}),
        }
    )

    def deck(self, game: Game) -> AscentDeck:
        return ascent_deck(game)

    def deal(self, deck: AscentDeck, players: int, seed: int | None) -> AscentTable:
        return deal_ascent(deck, players, seed)

    def table_from_state(self, deck: AscentDeck, state: State) -> AscentTable:
        return table_from_state(deck, state)

    def filled(self, table: AscentTable) -> int:
        return sum(table.fill)

    def spaces(self, deck: AscentDeck) -> int:
        return deck.rules.slots

    def baseline(self) -> AscentBot:
        return AscentRollout()  # the baseline bot move for move (tests/rules/test_search_bot.py), read faster

    def search(self, **options: Any) -> AscentSearch:
        return AscentSearch(**options)

    def hand_shortfall(self, facts: Facts, player: int) -> int:
        return 0  # every hand is drawn back up at the end of its turn

    def draw_setup(self, sheet: SetupCanvas, state: State) -> None:
        if state.mountain is not None:
            draw_mountain(sheet, state.mountain)

    wide_setup = True

    def setup_region(self, rules: Any, table: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return mountain_region(rules, table)


ASCENT = AscentEngine()
