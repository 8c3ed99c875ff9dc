"""The Ascent as the engine registry (pnp/rules/engines.py) sees it: one object offering the `Engine`
protocol (pnp/rules/engine.py), built from this package's modules; its module rules (the Mountain
Goats', in goats.py) come after its own."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from pnp.core.i18n import N_, Translator
from pnp.game.difficulty import Measured
from pnp.game.model import Game
from pnp.rules.ascent import check, counts, goats, play, problems, rulestext
from pnp.rules.ascent.bot import AscentBot
from pnp.rules.ascent.chapter import CHAPTER
from pnp.rules.ascent.difficulty import MEASURED
from pnp.rules.ascent.engine import Action, AscentDeck, AscentTable, ascent_deck, deal_ascent, table_from_state
from pnp.rules.ascent.params import MODULE_PARAMS, AscentRules, ascent_rules
from pnp.rules.ascent.search import AscentRollout, AscentSearch
from pnp.rules.ascent.sheet import draw_mountain, mountain_region
from pnp.rules.chapter import Chapter
from pnp.rules.facts import Facts, Put, Rule, Violation
from pnp.rules.picture import SetupCanvas
from pnp.rules.sentences import Topic
from pnp.rules.state.model import State
from pnp.rules.table_words import Names


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

    # What the stages above the rules ask (validate, the booklet, the reference cards, the gallery)
    def params(self, game: Game) -> AscentRules:
        return ascent_rules(game)

    topics: Mapping[str, Topic] = rulestext.TOPICS
    chapter: Chapter = CHAPTER
    measured: Measured | None = MEASURED
    modules: Mapping[str, type] = MODULE_PARAMS
    # ---- what the shared code asks of an engine instead of looking behind it (issue 27) -------
    state_field = "mountain"
    move_names: tuple[str, ...] = ("place", "swap", "campfire", "summit", "discard")
    won_words = N_("Won: the summit is reached.")
    won_log = "Won: the summit is reached."

    def move_data(self, action: Any, ids: list[str]) -> dict:
        return play.move_data(action, ids)

    def read_move(self, table: AscentTable, what: str, move: dict) -> Action:
        return play.read_move(table, what, move)

    def cards_used(self, action: Any) -> list[int]:
        return play.cards_used(action)

    def judge(self, table: AscentTable, p: int, action: Any, ids: list[str]) -> Violation | None:
        return play.judge(table, p, action, ids)

    def places(self, table: AscentTable, p: int, card: int) -> list[dict]:
        return play.places(table, p, card)

    def must_start(self, table: AscentTable, p: int) -> int:
        return -1  # The Ascent has no start card

    def table_view(self, table: AscentTable, ids: list[str], face: Callable[[str | None], str | None]) -> dict:
        return play.view(table, ids, face)

    def refusals(
        self, table: AscentTable, p: int, card: int, allowed: set[str], has_place: bool, names: Names, w: Translator
    ) -> tuple[str, dict[str, str]]:
        return play.refusals(table, p, card, allowed, has_place, names, w)

    def goals(self, table: AscentTable, names: Names, w: Translator) -> list[dict]:
        return play.ascent_goals(table, names, w)

    def given_at_setup(self, rules: Any, players: int) -> tuple[int, ...]:
        return rules.bridges_given(players)

    def lay_out(self, state: State, put: Put) -> None:
        check.lay_out(state, put)

    def problems(self, game: Game, rules: Any, kinds: Counter) -> list[str]:
        return problems.problems(game, rules, kinds)

    def warnings(self, game: Game, rules: Any) -> list[str]:
        return problems.warnings(game, rules)


ASCENT = AscentEngine()
