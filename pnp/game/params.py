"""Rule parameters and physical pieces, read once from a Game (spec rules, kinds and modules).

Nothing here is game-specific code with numbers in it: grid size, hand size, rule options, card
counts and module parameters all come from the Game, so a variant needs no code change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypeVar

from pnp.game.model import Game

TRANQUILITY = "tranquility"
ASCENT = "ascent"
HANDS_AND_PILES, HANDS = "hands-and-piles", "hands"  # where the start discard comes from
START_DISCARD_FROM = (HANDS_AND_PILES, HANDS)
FEWEST_CARDS = "fewest-cards"  # first_player: the player with the fewest cards dealt (a review)
AT_ONCE = "at-once"  # start_discard_draw: every player draws back up right after the start discard
ONE_PER_PLAYER = "one-per-player"  # finish_cards: as many finish cards in play as players
STUCK_OR_EMPTY = "stuck-or-empty"  # loss: also lost when a player's hand and pile are both empty
LOCAL = "local"  # order: only the neighbours left of and below a cell hold less, right and above more
SHUFFLED = "shuffled"  # bridges_at_setup: every bridge shuffled into the deck


@dataclass(frozen=True)
class RuleOption:
    """A rule the published texts read in more than one way: each reading is a named value of one
    spec key; the first value is the engine's default (docs/rules.md quotes the source of each)."""

    key: str
    engines: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]  # (value, who reads the rule so)

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.readings)

    @property
    def default(self) -> str:
        return self.readings[0][0]


# The readings of issue 17 (the options of earlier work keep their own keys and checks). A value that
# is not a string (bridges_at_setup's table) is checked where it is read.
RULE_OPTIONS: dict[str, RuleOption] = {
    o.key: o
    for o in (
        RuleOption(
            "first_player",
            ("tranquility", "ascent"),
            (
                ("quietest", "publisher's blurb and retailers: the quietest player; played as player 1"),
                ("first", "Board Game Arena: the first player; played as player 1"),
                (FEWEST_CARDS, "a review: the player with the fewest cards in their deck"),
            ),
        ),
        RuleOption(
            "start_discard_draw",
            ("tranquility",),
            (
                ("own-turn", "project decision: each player draws back up at the end of their own turn"),
                (AT_ONCE, "two reviews: every player draws back up right after the start discard"),
            ),
        ),
        RuleOption(
            "finish_cards",
            ("tranquility",),
            (
                ("all", "rulebook and BGA: every finish card is shuffled in"),
                (ONE_PER_PLAYER, "a review: the cards used depend on the player count (no table given)"),
            ),
        ),
        RuleOption(
            "loss",
            ("tranquility",),
            (
                ("stuck", "published: lost when a player can neither play nor discard two"),
                (STUCK_OR_EMPTY, "seed 000: also lost when any player's hand and pile are both empty"),
            ),
        ),
        RuleOption(
            "order",
            ("tranquility",),
            (
                ("sequence", "published: numbers ascend along the whole reading order"),
                (LOCAL, "seed 000: above the adjacent cards left of and below it, under those right of and above it"),
            ),
        ),
        RuleOption(
            "bridges_at_setup",
            ("ascent",),
            (
                (SHUFFLED, "project decision: every bridge shuffled into the deck"),
                ("{players: [bridges per player]}", "The Ascent's preview: bridges to certain players (no table)"),
            ),
        ),
    )
}


@dataclass(frozen=True)
class Piece:
    """One physical card or token: each copy of a Card is a distinct piece with a stable id."""

    id: str  # "island-07", "start#3", "terrain-green-12#2"
    card: str  # the Card id it is a copy of
    kind: str
    number: int | None = None
    colour: str | None = None
    module: str | None = None


def physical_pieces(game: Game) -> tuple[Piece, ...]:
    """Every physical piece of a game, in kind order, card order, copy order."""
    out = []
    for card in game.cards:
        number = card.fields.get("number")
        number = number if isinstance(number, int) and not isinstance(number, bool) else None
        colour = card.fields.get("colour")
        colour = colour if isinstance(colour, str) else None
        for copy in range(1, card.count + 1):
            piece_id = card.id if card.count == 1 else f"{card.id}#{copy}"
            out.append(Piece(piece_id, card.id, card.kind, number, colour, card.module))
    return tuple(out)


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


Rules = TranquilityRules | AscentRules
# What reads one engine's parameters takes X[TranquilityRules] or X[AscentRules]; bare X takes either.
RulesT = TypeVar("RulesT", bound=Rules, default=Rules, covariant=True)


def rule_params(game: Game) -> Rules:
    """The frozen rule parameters of a game, by its engine."""
    read = _READERS.get(game.engine)
    if read is None:
        raise ValueError(f"unknown rules engine {game.engine!r}")
    return read(game)


def _players(rules: Mapping[str, Any]) -> tuple[int, int]:
    players = rules.get("players", {})
    return int(players.get("min", 1)), int(players.get("max", 5))


def _cap(value: Any) -> int | None:
    return None if value in (None, "hand") else int(value)


def _tranquility(rules: Mapping[str, Any]) -> TranquilityRules:
    low, high = _players(rules)
    grid = rules.get("grid", {})
    return TranquilityRules(
        min_players=low,
        max_players=high,
        hand_size=int(rules.get("hand_size", 5)),
        rows=int(grid.get("rows", 6)),
        cols=int(grid.get("cols", 6)),
        adjacency=str(rules.get("adjacency", "sequence")),
        cost=str(rules.get("cost", "nearest")),
        cost_cap=_cap(rules.get("cost_cap", "hand")),
        start_discard=int(rules.get("start_discard", 8)),
        start_discard_from=str(rules.get("start_discard_from", HANDS_AND_PILES)),
        remove_islands=int(rules.get("remove_islands", 0)),
        **_readings(rules, "first_player", "start_discard_draw", "finish_cards", "loss", "order"),
    )


def _readings(rules: Mapping[str, Any], *keys: str) -> dict[str, str]:
    return {key: str(rules.get(key, RULE_OPTIONS[key].default)) for key in keys}


def _bridges(value: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """`bridges_at_setup`: "shuffled", or {"3": [0, 1, 1], …}: per player count, bridges per player."""
    if value in (None, SHUFFLED):
        return ()
    if not isinstance(value, Mapping):
        raise ValueError(f"bridges_at_setup must be {SHUFFLED!r} or a table by player count, not {value!r}")
    return tuple(sorted((int(k), tuple(int(n) for n in v)) for k, v in value.items()))


def _ascent(rules: Mapping[str, Any], modules: Mapping[str, Mapping[str, Any]]) -> AscentRules:
    low, high = _players(rules)
    mountain = rules.get("mountain", {})
    green = modules.get("green-path")
    panorama = modules.get("panorama")
    goats = modules.get("goats")
    return AscentRules(
        min_players=low,
        max_players=high,
        hand_size=int(rules.get("hand_size", 5)),
        base=int(mountain.get("base", 9)),
        rows=int(mountain.get("rows", 8)),
        row_minimum=bool(rules.get("row_minimum", True)),
        same_colour_in_row=bool(rules.get("same_colour_in_row", False)),
        cost_cap=_cap(rules.get("cost_cap", "hand")),
        bridge_swap_cost=str(rules.get("bridge_swap_cost", "greater")),
        green_path=GreenPath(str(green.get("colour", "green"))) if green is not None else None,
        panorama=Panorama(int(panorama.get("revealed", 3))) if panorama is not None else None,
        goats=(
            Goats(int(goats.get("goats", 3)), int(goats.get("target_row", 6)), str(goats.get("colour", "green")))
            if goats is not None
            else None
        ),
        first_player=str(rules.get("first_player", RULE_OPTIONS["first_player"].default)),
        bridges_at_setup=_bridges(rules.get("bridges_at_setup")),
    )


def first_seat(rules: Rules, dealt: list[int]) -> int:
    """The seat (0-based, in dealing order) of the player who plays first, given the cards dealt to
    each: under `fewest-cards` the first seat with the fewest, else seat 0. The engines number players
    from the first player, so that seat becomes player 1 (docs/rules.md, "First player")."""
    if rules.first_player != FEWEST_CARDS or not dealt:
        return 0
    return dealt.index(min(dealt))


def effective_cap(cap: int | None, hand_after: int) -> int:
    """The largest cost a play may have: the cards left in hand, and a fixed cap when one is set."""
    return hand_after if cap is None else min(cap, hand_after)


# The parameters of each module of The Ascent (its spec `rules`, read by _ascent): the fields of its dataclass.
MODULE_PARAMS: dict[str, type] = {"green-path": GreenPath, "panorama": Panorama, "goats": Goats}


def module_keys(module: str) -> tuple[str, ...]:
    """The keys a module's `rules` may hold (what `--set modules.MODULE.KEY` may change); () for none."""
    params = MODULE_PARAMS.get(module)
    return tuple(sorted(f.name for f in dataclasses.fields(params))) if params is not None else ()


_READERS: dict[str, Callable[[Game], Rules]] = {  # an engine's rule parameters, from its spec's "rules"
    TRANQUILITY: lambda game: _tranquility(game.rules),
    ASCENT: lambda game: _ascent(game.rules, {m.id: m.rules for m in game.modules}),
}
