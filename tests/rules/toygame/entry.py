"""Line as the engine registry sees it: every member of the `Engine` protocol (pnp/rules/engine.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from pnp.core.i18n import N_, Translator
from pnp.game.model import Game
from pnp.rules import moves
from pnp.rules.facts import Facts, Put, Rule, Violation
from pnp.rules.picture import SetupCanvas
from pnp.rules.play_kit import move_violation, spot
from pnp.rules.state.model import State
from pnp.rules.table_words import Names

from . import check
from .chapter import CHAPTER, LineChapter
from .engine import LineBot, LineDeck, LineRules, LineTable, Play, deal, line_deck, read_rules, table_from_state


class LineEngine:
    name = "line"
    title = "Line"
    progress_of = "cells"
    rules: tuple[Rule, ...] = check.RULES
    where: Mapping[str, frozenset[str]] = MappingProxyType({"step": frozenset({"hand", "pile", "discard", "cell"})})

    def deck(self, game: Game) -> LineDeck:
        return line_deck(game)

    def deal(self, deck: LineDeck, players: int, seed: int | None) -> LineTable:
        return deal(deck, players, seed)

    def table_from_state(self, deck: LineDeck, state: State) -> LineTable:
        return table_from_state(deck, state)

    def filled(self, table: LineTable) -> int:
        return len(table.line)

    def spaces(self, deck: LineDeck) -> int:
        return deck.rules.length

    def baseline(self) -> LineBot:
        return LineBot()

    def search(self, **options: Any) -> LineBot:
        return LineBot()  # no hidden card changes the toy's best play

    def hand_shortfall(self, facts: Facts, player: int) -> int:
        return 0

    def draw_setup(self, sheet: SetupCanvas, state: State) -> None:
        x, y, _w, _h = sheet.table
        for k, c in enumerate(check.cells(state)):
            if c:
                sheet.small_card(x + k * 16, y + 4, 14, c)
            else:
                sheet.page.rect(x + k * 16, y + 4, 14, 14, stroke=sheet.ink, width=0.3, dash="1 1")

    def setup_region(self, rules: Any, table: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x, y, _w, _h = table
        return x, y, rules.length * 16, 22

    wide_setup = True

    # ---- what the shared code asks of an engine instead of looking behind it -----------------
    state_field = "table"
    move_names: tuple[str, ...] = ("play", "discard")
    won_words = N_("Won: the Finish card is down.")
    won_log = "Won: the line is full."

    def move_data(self, action: Any, ids: list[str]) -> dict:
        return {"card": ids[action[1]], "cell": action[2], "paid": []}

    def read_move(self, table: LineTable, what: str, move: dict) -> Play:
        return Play("play", moves.card(table, move, "card"), moves.number(move, "cell"))

    def cards_used(self, action: Any) -> list[int]:
        return [action[1]]

    def judge(self, table: LineTable, p: int, action: Any, ids: list[str]) -> Violation | None:
        if action[0] == "discard":
            return None if len(action[1]) == 2 else move_violation("move-discard", "a discard takes two cards")
        if (action[1], action[2], 0) not in table.legal_plays(p):
            return move_violation("move-place", f"{ids[action[1]]} cannot go into cell {action[2]}")
        return None

    def places(self, table: LineTable, p: int, card: int) -> list[dict]:
        return [{"action": "play", "cell": k, "cost": 0} for c, k, _ in table.legal_plays(p) if c == card]

    def must_start(self, table: LineTable, p: int) -> int:
        return -1

    def table_view(self, table: LineTable, ids: list[str], face: Callable[[str | None], str | None]) -> dict:
        line = [ids[c] for c in table.line] + [None] * (table.rules.length - len(table.line))
        spots = [spot(f"cell:{k}", k - 1, 0, piece, face, str(k)) for k, piece in enumerate(line, 1)]
        return {"spots": spots, "size": [table.rules.length, 1], "label": "Line", "min_unit": 46, "must_start": False}

    def refusals(
        self, table: LineTable, p: int, card: int, allowed: set[str], has_place: bool, names: Names, w: Translator
    ) -> tuple[str, dict[str, str]]:
        why = "" if has_place else f"{names.of(table, card)} is not higher than the last card"
        keys = (f"cell:{k}" for k in range(1, table.rules.length + 1))
        return why, {key: why or "not the next cell" for key in keys if key not in allowed}

    def goals(self, table: LineTable, names: Names, w: Translator) -> list[dict]:
        return []

    def given_at_setup(self, rules: Any, players: int) -> tuple[int, ...]:
        return ()

    def lay_out(self, state: State, put: Put) -> None:
        check.lay_out(state, put)

    def problems(self, game: Game, rules: Any, kinds: Counter) -> list[str]:
        return [] if kinds["step"] >= rules.length else [f"a line of {rules.length} needs as many step cards"]

    def warnings(self, game: Game, rules: Any) -> list[str]:
        return []

    # ---- what the stages above the rules ask (validate, the booklet, the reference cards, the gallery)
    def params(self, game: Game) -> LineRules:
        return read_rules(game)

    modules: Mapping[str, type] = MappingProxyType({})
    topics: Mapping[str, Any] = MappingProxyType({})  # no reference card
    chapter: LineChapter = CHAPTER
    measured = None


LINE = LineEngine()
