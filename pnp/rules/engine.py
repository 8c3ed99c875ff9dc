"""What every rules engine offers: the `Engine` protocol, and the `Table` it plays on.

An engine is one object (pnp/rules/<game>/entry.py) registered by name in pnp/rules/engines.py; the
rest of the project asks the registry (`engine_of(game)`) and never compares engine names. Adding a
game: docs/architecture.md, "Adding a third game".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from pnp.core.i18n import Translator
from pnp.game.difficulty import Measured
from pnp.game.model import Game
from pnp.rules.chapter import Chapter
from pnp.rules.facts import Facts, Put, Rule, Violation
from pnp.rules.picture import SetupCanvas
from pnp.rules.sentences import Topic
from pnp.rules.state.model import State
from pnp.rules.table_words import Names

ActionT = TypeVar("ActionT")  # an engine's typed action (pnp/rules/<game>/engine.py: `Action`)


@runtime_checkable
class Table(Protocol[ActionT]):
    """A game in play: whose turn, what may be played, playing it, and the state it stands in. Typed by
    its engine's actions: `Table[tranquility.engine.Action]`; shared code takes `Table` (any action)."""

    n: int  # players
    turn: int  # turns completed
    status: str  # "playing" | "won" | "lost"

    engine: str  # the name of the engine that plays it (pnp/rules/engines.py)

    def legal_plays(self, p: int) -> list[ActionT]: ...

    def has_action(self, p: int) -> bool: ...

    def apply(self, p: int, action: ActionT) -> None:
        """Carry out player p's action: the engine's typed `Action` (NamedTuples equal to the plain tuples
        the records and bots have always used: pnp/rules/<game>/engine.py), and end the turn."""
        ...

    def lose(self) -> None: ...

    def loss_reason(self) -> str: ...

    def to_state(self) -> State: ...

    # what the open-hands solver (pnp/rules/solver.py) reads, the same on every engine
    def clone(self) -> Table[ActionT]:
        """A copy to play on without touching this table."""
        ...

    def key(self) -> tuple:
        """The position, hashable, interchangeable cards as one class (the solver's transposition table)."""
        ...

    def actions(self, p: int) -> tuple[list[ActionT], bool]:
        """Player p's distinct actions (interchangeable and dominated ones left out), and whether they
        are all of them up to those (False when a list was cut short: the solver then proves nothing)."""
        ...

    def doomed(self) -> bool:
        """True when no line of play can win from here (the engine's bound for the solver)."""
        ...


class Bot(Protocol):
    def choose(self, table: Any, p: int) -> Any: ...


@runtime_checkable
class Engine(Protocol):
    """One game's rules: its deck and deal, its table (legal plays, apply), its checks, its state
    section and its drawing on the setup sheet, its bots."""

    name: str  # the spec's and the state's "engine"
    title: str  # the game its rules are named after, in messages ("The Ascent")
    progress_of: str  # what `filled` counts, for reports: "cells" or "slots"
    rules: tuple[Rule, ...]  # its checks, in order (after the shared ones); module rules name their module
    where: Mapping[str, frozenset[str]]  # piece kind → the areas of a state it may lie in (cards-where)

    def deck(self, game: Game) -> Any:
        """The game's pieces as the engine counts them (built once per game: the costly part)."""
        ...

    def deal(self, deck: Any, players: int, seed: int | None) -> Table:
        """The setup by the rules, same seed, same table."""
        ...

    def table_from_state(self, deck: Any, state: State) -> Table:
        """The table a state (JSON, pnp/rules/state/) stands for, to play on from there."""
        ...

    def filled(self, table: Any) -> int:
        """How far a game got: cells (or slots) filled."""
        ...

    def spaces(self, deck: Any) -> int:
        """Cells (or slots) a game can fill: the top of `filled`."""
        ...

    def baseline(self) -> Bot:
        """The documented rule-of-thumb bot."""
        ...

    def search(self, **options: Any) -> Bot:
        """The bot that tries every candidate play against sampled hidden cards."""
        ...

    def hand_shortfall(self, facts: Facts, player: int) -> int:
        """Cards `player` (1-based) may hold fewer than the hand size without breaking hand-drawn."""
        ...

    def draw_setup(self, sheet: SetupCanvas, state: State) -> None:
        """Draw the state's table on the setup sheet (pnp/setupsheet/sheet.py) through the drawing
        protocol of pnp/rules/picture.py."""
        ...

    def setup_region(self, rules: Any, table: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """The part of the setup sheet's `table` (x, y, width, height in mm) that shows the dealt
        table, as the rules booklet pictures it."""
        ...

    wide_setup: bool
    """The dealt table is wider than high (the booklet gives its picture the whole text column)."""

    # What the stages above the rules ask an engine (validate, the booklet, the reference cards, the gallery)
    def params(self, game: Game) -> Any:
        """The game's rule parameters, read once from its spec's "rules" and chosen modules (a frozen
        dataclass holding at least `pnp.game.params.RuleParams`)."""
        ...

    modules: Mapping[str, type]
    """A module's id → the dataclass of its parameters (what `--set modules.ID.KEY` may change)."""

    topics: Mapping[str, Topic]
    """A reference card's topic → its sentences (pnp/rules/<game>/rulestext.py), in the order a
    validate message lists them."""

    chapter: Chapter
    """Its own chapter of the rules booklet: sections, kind notes, the setup picture's caption and the
    designer sheet's rule options (pnp/rules/<game>/chapter.py)."""

    measured: Measured | None
    """How hard its bundled game is with every module, as the strongest bot measured it (the booklet's
    cover and `pnp build` say so: pnp/rules/difficulty.py); None when not measured."""
    # ---- what the shared code asks of an engine instead of looking behind it (issue 27) -------
    state_field: str
    """The State field (pnp/rules/state/model.py) that holds its table; the state file's section is
    named as the engine."""

    move_names: tuple[str, ...]
    """The `action` names of its moves in a record (docs/record-format.md), "discard" among them."""

    won_words: str
    """The play page's sentence for a won game (a catalogue msgid)."""

    won_log: str
    """The session log's sentence for a won game (English)."""

    def move_data(self, action: Any, ids: list[str]) -> dict:
        """One of its actions other than a discard as a record's move fields (ids, 1-based places),
        besides "player" and "action" (docs/record-format.md)."""
        ...

    def read_move(self, table: Any, what: str, move: dict) -> Any:
        """A record's move named `what` (one of `move_names`, not "discard") as its action; a
        `MoveError` (pnp/rules/moves.py) when the move is not shaped as one."""
        ...

    def cards_used(self, action: Any) -> list[int]:
        """The cards of the hand an action other than a discard uses (the judge's move-hand rule)."""
        ...

    def judge(self, table: Any, p: int, action: Any, ids: list[str]) -> Violation | None:
        """The first of its own move rules (pnp/rules/judge.py's MOVE_RULES) that player p's action
        breaks, after the shared ones held; `ids` are the piece ids by card index."""
        ...

    def places(self, table: Any, p: int, card: int) -> list[dict]:
        """Where player p may put `card` of their hand, with each place's cost (the play page's
        choices, in the record's move format)."""
        ...

    def must_start(self, table: Any, p: int) -> int:
        """The card player p must play before any other (a start card), or -1."""
        ...

    def table_view(self, table: Any, ids: list[str], face: Callable[[str | None], str | None]) -> dict:
        """The play page's table: `spots` (pnp/rules/play_kit.py's `spot`), `size` in card units,
        `label` (its name for a screen reader, one of the page's words), `min_unit` (the smallest card
        side in px the page draws it at), `must_start`, and whatever else its page part reads."""
        ...

    def refusals(
        self, table: Any, p: int, card: int, allowed: set[str], has_place: bool, names: Names, w: Translator
    ) -> tuple[str, dict[str, str]]:
        """Why `card` has no place ("" when it has one), and why each place not in `allowed` (spot keys)
        refuses it, in the player's words."""
        ...

    def goals(self, table: Any, names: Names, w: Translator) -> list[dict]:
        """Its goals besides filling the table and how far the table is ([] when it has none)."""
        ...

    def given_at_setup(self, rules: Any, players: int) -> tuple[int, ...]:
        """Cards handed to each player at setup besides the deal, by player (() when none)."""
        ...

    def lay_out(self, state: State, put: Put) -> None:
        """`put` every piece on its table in `state` with its area and label ("cell", "cell 7"):
        where the shared rules (cards-once, cards-where) find it."""
        ...

    def problems(self, game: Game, rules: Any, kinds: Counter) -> list[str]:
        """Why its rules cannot be played with the game's pieces and parameters (pnp/rules/problems.py)."""
        ...

    def warnings(self, game: Game, rules: Any) -> list[str]:
        """Player counts or goals that can never win (worth telling, not fatal)."""
        ...
