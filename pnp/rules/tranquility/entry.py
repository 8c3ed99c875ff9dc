"""Tranquility as the engine registry (pnp/rules/engines.py) sees it: one object offering the
`Engine` protocol (pnp/rules/engine.py), built from this package's modules."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pnp.game.model import Game
from pnp.rules.facts import Facts, Rule
from pnp.rules.picture import SetupCanvas
from pnp.rules.state.model import State
from pnp.rules.tranquility import check, counts
from pnp.rules.tranquility.bot import TranquilityBot
from pnp.rules.tranquility.engine import (
    TranquilityDeck,
    TranquilityTable,
    deal_table,
    table_from_state,
    tranquility_deck,
)
from pnp.rules.tranquility.search import TranquilitySearch
from pnp.rules.tranquility.sheet import draw_sea, sea_region


class TranquilityEngine:
    name = "tranquility"
    title = "Tranquility"
    progress_of = "cells"
    rules: tuple[Rule, ...] = (*counts.RULES, *check.RULES)
    where: Mapping[str, frozenset[str]] = MappingProxyType(
        {
            "island": frozenset({"hand", "pile", "discard", "cell", "box"}),
            "start": frozenset({"hand", "pile", "discard", "start", "box"}),
            "finish": frozenset({"hand", "pile", "discard", "finish", "box"}),  # spares under finish_cards (tq-box)
            "border": frozenset({"frame", "box"}),
        }
    )

    def deck(self, game: Game) -> TranquilityDeck:
        return tranquility_deck(game)

    def deal(self, deck: TranquilityDeck, players: int, seed: int | None) -> TranquilityTable:
        return deal_table(deck, players, seed)

    def table_from_state(self, deck: TranquilityDeck, state: State) -> TranquilityTable:
        return table_from_state(deck, state)

    def filled(self, table: TranquilityTable) -> int:
        return table.filled

    def spaces(self, deck: TranquilityDeck) -> int:
        return deck.rules.cells

    def baseline(self) -> TranquilityBot:
        return TranquilityBot()

    def search(self, **options: Any) -> TranquilitySearch:
        return TranquilitySearch(**options)

    def hand_shortfall(self, facts: Facts, player: int) -> int:
        return check.start_shortfall(facts, player)

    def draw_setup(self, sheet: SetupCanvas, state: State) -> None:
        if state.sea is not None:
            draw_sea(sheet, state.sea)

    wide_setup = False

    def setup_region(self, rules: Any, table: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return sea_region(rules, table)


TRANQUILITY = TranquilityEngine()
