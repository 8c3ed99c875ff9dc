"""Tranquility as the engine registry (pnp/rules/engines.py) sees it: one object offering the
`Engine` protocol (pnp/rules/engine.py), built from this package's modules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from pnp.core.i18n import N_, Translator
from pnp.game.difficulty import Measured
from pnp.game.model import Game
from pnp.rules.chapter import Chapter
from pnp.rules.facts import Facts, Put, Rule, Violation
from pnp.rules.picture import SetupCanvas
from pnp.rules.sentences import Topic
from pnp.rules.state.model import State
from pnp.rules.table_words import Names
from pnp.rules.tranquility import check, counts, play, problems, rulestext
from pnp.rules.tranquility.bot import TranquilityBot
from pnp.rules.tranquility.chapter import CHAPTER
from pnp.rules.tranquility.engine import (
    Action,
    TranquilityDeck,
    TranquilityTable,
    deal_table,
    table_from_state,
    tranquility_deck,
)
from pnp.rules.tranquility.params import TranquilityRules, tranquility_rules
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

    # What the stages above the rules ask (validate, the booklet, the reference cards, the gallery)
    def params(self, game: Game) -> TranquilityRules:
        return tranquility_rules(game)

    topics: Mapping[str, Topic] = rulestext.TOPICS
    chapter: Chapter = CHAPTER
    measured: Measured | None = None
    modules: Mapping[str, type] = MappingProxyType({})
    # ---- what the shared code asks of an engine instead of looking behind it (issue 27) -------
    state_field = "sea"
    move_names: tuple[str, ...] = ("play", "start", "finish", "discard")
    won_words = N_("Won: the Finish card is down.")
    won_log = "Won: the finish card is down."

    def move_data(self, action: Any, ids: list[str]) -> dict:
        return play.move_data(action, ids)

    def read_move(self, table: TranquilityTable, what: str, move: dict) -> Action:
        return play.read_move(table, what, move)

    def cards_used(self, action: Any) -> list[int]:
        return play.cards_used(action)

    def judge(self, table: TranquilityTable, p: int, action: Any, ids: list[str]) -> Violation | None:
        return play.judge(table, p, action, ids)

    def places(self, table: TranquilityTable, p: int, card: int) -> list[dict]:
        return play.places(table, p, card)

    def must_start(self, table: TranquilityTable, p: int) -> int:
        return table.can_start(p)

    def table_view(self, table: TranquilityTable, ids: list[str], face: Callable[[str | None], str | None]) -> dict:
        return play.view(table, ids, face)

    def refusals(
        self,
        table: TranquilityTable,
        p: int,
        card: int,
        allowed: set[str],
        has_place: bool,
        names: Names,
        w: Translator,
    ) -> tuple[str, dict[str, str]]:
        return play.refusals(table, p, card, allowed, has_place, names, w)

    def goals(self, table: TranquilityTable, names: Names, w: Translator) -> list[dict]:
        return []

    def given_at_setup(self, rules: Any, players: int) -> tuple[int, ...]:
        return ()

    def lay_out(self, state: State, put: Put) -> None:
        check.lay_out(state, put)

    def problems(self, game: Game, rules: Any, kinds: Counter) -> list[str]:
        return problems.problems(game, rules, kinds)

    def warnings(self, game: Game, rules: Any) -> list[str]:
        return problems.warnings(game, rules)


TRANQUILITY = TranquilityEngine()
