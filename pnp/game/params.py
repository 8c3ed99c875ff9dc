"""What every engine's rule parameters share, and the physical pieces of a Game.

Each engine reads its own parameters into its own frozen dataclass (pnp/rules/<game>/params.py,
asked through `Engine.params`); here are the rule options' readings (a spec's vocabulary, which
`pnp variant diff` also reads), the parts of a spec's rules every engine reads alike, and the pieces.
Nothing here is game-specific code with numbers in it: a variant needs no code change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from typing_extensions import TypeVar

from pnp.game.model import Game

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


class RuleParams(Protocol):
    """What every engine's rule parameters hold (each engine's own dataclass has more: pnp/rules/<game>/params.py)."""

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def hand_size(self) -> int: ...

    @property
    def cost_cap(self) -> int | None: ...

    @property
    def first_player(self) -> str: ...


# What reads one engine's parameters takes X[TranquilityRules] or X[AscentRules]; bare X takes any engine's.
RulesT = TypeVar("RulesT", bound=RuleParams, default=RuleParams, covariant=True)


def players_range(rules: Mapping[str, Any]) -> tuple[int, int]:
    """A spec's `rules.players`: (min, max), 1 to 5 unless it says otherwise."""
    players = rules.get("players", {})
    return int(players.get("min", 1)), int(players.get("max", 5))


def cost_cap(value: Any) -> int | None:
    """A spec's `cost_cap`: None for "hand" (the cards left in hand), else the fixed cap."""
    return None if value in (None, "hand") else int(value)


def readings(rules: Mapping[str, Any], *keys: str) -> dict[str, str]:
    """The reading of each rule option `keys` a spec's rules choose, else its default (RULE_OPTIONS)."""
    return {key: str(rules.get(key, RULE_OPTIONS[key].default)) for key in keys}


def first_seat(rules: RuleParams, dealt: list[int]) -> int:
    """The seat (0-based, in dealing order) of the player who plays first, given the cards dealt to
    each: under `fewest-cards` the first seat with the fewest, else seat 0. The engines number players
    from the first player, so that seat becomes player 1 (docs/rules.md, "First player")."""
    if rules.first_player != FEWEST_CARDS or not dealt:
        return 0
    return dealt.index(min(dealt))


def effective_cap(cap: int | None, hand_after: int) -> int:
    """The largest cost a play may have: the cards left in hand, and a fixed cap when one is set."""
    return hand_after if cap is None else min(cap, hand_after)
