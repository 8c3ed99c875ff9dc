"""Checking a state against the rules: one pure function per rule, each with an id.

`check_state(game, state)` runs every rule that applies to the game (the rules every engine shares
below, the engine's rules, the chosen modules' rules: `rules_for`) and returns the violations in rule
order. A rule function takes the `Facts` of a state and yields `Violation`s; it never changes anything.
Which rules an engine checks is said once, in its entry in the registry (pnp/rules/engines.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType

from pnp.game.model import Game
from pnp.game.params import FEWEST_CARDS, physical_pieces
from pnp.rules import engines
from pnp.rules.engines import ENGINES, engine_of
from pnp.rules.facts import Facts, Rule, Violation, card_counter, locate, rule, slot_label
from pnp.rules.params import rule_params
from pnp.rules.state.model import State


def _rules_of(engine: str) -> str:
    """The rules an engine plays, in words for messages: "The Ascent's rules" (its id if it has no title)."""
    found = engines.ENGINES.get(engine)
    return f"{found.title}'s rules" if found else f"the {engine} rules"


def check_state(game: Game, state: State) -> list[Violation]:
    """Every violation of the rules in `state`, for `game` (with its chosen modules); [] when legal."""
    if state.engine != game.engine:
        return [
            Violation(
                "state-game",
                f"the state is for {_rules_of(state.engine)} but {game.id} is played by {_rules_of(game.engine)}",
            )
        ]
    facts = Facts(
        game, rule_params(game), state, {p.id: p for p in physical_pieces(game)}, locate(state, engine_of(game).lay_out)
    )
    out: list[Violation] = []
    for r in rules_for(game, [m.id for m in game.modules]):
        out.extend(r.check(facts))
    return out


def rules_for(game: Game, modules: Iterable[str]) -> list[Rule]:
    """The rules checked for `game` with `modules` chosen, in order: shared, then the engine's."""
    chosen = set(modules)
    return [r for r in (*SHARED_RULES, *engine_of(game).rules) if r.module is None or r.module in chosen]


def filled(cells: Iterable[str | None]) -> tuple[str, ...]:
    """The ids in cells or slots, without the empty ones (None)."""
    return tuple(c for c in cells if c is not None)


# ---- rules every engine shares -------------------------------------------------------------------

OUT_OF_PLAY = {"aside", "box"}  # where kinds the engine does not play with (reference cards) may lie


@rule("state-game", "The state belongs to the game it is checked against, with the same modules.")
def state_game(f: Facts) -> Iterator[Violation]:
    if f.state.game != f.game.id:
        yield Violation("state-game", f"the state says game {f.state.game!r} but is checked as {f.game.id!r}")
    chosen = sorted(m.id for m in f.game.modules)
    if sorted(f.state.modules) != chosen:
        yield Violation(
            "state-game",
            f"the state's modules ({', '.join(sorted(f.state.modules)) or 'none'}) are "
            f"not the game's ({', '.join(chosen) or 'none'})",
        )


@rule("players", "The number of players is within the game's range, with one hand and one pile each.")
def players(f: Facts) -> Iterator[Violation]:
    r, s = f.rules, f.state
    if not r.min_players <= s.players <= r.max_players:
        yield Violation(
            "players", f"{s.players} players is outside the game's range of {r.min_players}–{r.max_players}"
        )
    for name, lists in (("hands", s.hands), ("piles", s.piles)):
        if len(lists) != s.players:
            yield Violation("players", f"there are {len(lists)} {name} for {s.players} players")


@rule("turn-order", "Players take turns in order from player 1; current_player is the next to play.")
def turn_order(f: Facts) -> Iterator[Violation]:
    s = f.state
    expected = s.turn % max(s.players, 1) + 1
    if s.current_player != expected:
        yield Violation(
            "turn-order", f"after {s.turn} turns it is player {expected}'s turn, not player {s.current_player}'s"
        )


@rule("cards-known", "Every id in the state names a piece of this game.")
def cards_known(f: Facts) -> Iterator[Violation]:
    unknown = sorted(i for i in f.places if i not in f.pieces)
    if unknown:
        yield Violation("cards-known", f"{len(unknown)} id(s) are not pieces of {f.game.id}", tuple(unknown))


@rule("cards-once", "No piece is in two places at once.")
def cards_once(f: Facts) -> Iterator[Violation]:
    for piece_id, where in sorted(f.places.items()):
        if len(where) > 1:
            yield Violation(
                "cards-once",
                f"{piece_id} is in {len(where)} places at once",
                (piece_id,),
                tuple(label for _, label in where),
            )


@rule("cards-all", "Every piece of the game is somewhere: in play, in the box, or aside.")
def cards_all(f: Facts) -> Iterator[Violation]:
    missing = [p for p in f.pieces if p not in f.places]
    if missing:
        yield Violation(
            "cards-all", f"{len(missing)} piece(s) of {f.game.id} are missing from the state", tuple(missing)
        )


@rule("cards-where", "Each kind of piece lies only where the rules put it (islands never in the frame, …).")
def cards_where(f: Facts) -> Iterator[Violation]:
    allowed = engine_of(f.game).where
    for piece_id, where in sorted(f.places.items()):
        piece = f.pieces.get(piece_id)
        if piece is None:
            continue
        ok = allowed.get(piece.kind, OUT_OF_PLAY)
        for area, label in where:
            if area not in ok:
                yield Violation("cards-where", f"a {piece.kind} card cannot be in {label}", (piece_id,), (label,))


@rule("hand-limit", "No hand holds more cards than the hand size.")
def hand_limit(f: Facts) -> Iterator[Violation]:
    for q, hand in enumerate(f.state.hands, 1):
        if len(hand) > f.rules.hand_size:
            yield Violation(
                "hand-limit", f"player {q} holds {len(hand)} cards; the hand size is {f.rules.hand_size}", hand
            )


@rule(
    "hand-drawn",
    "Each player drew back up at the end of their turn: a short hand means an empty pile "
    "(or, in Tranquility, a start-discard share not yet drawn back).",
)
def hand_drawn(f: Facts) -> Iterator[Violation]:
    s = f.state
    engine = engine_of(f.game)
    for q, (hand, pile) in enumerate(zip(s.hands, s.piles), 1):
        if f.ended and q == s.current_player:
            continue  # the game ended during this player's turn: no draw followed
        short = engine.hand_shortfall(f, q)
        expected = f.rules.hand_size - short
        if pile and len(hand) != expected:
            yield Violation(
                "hand-drawn",
                f"player {q} holds {len(hand)} cards with cards left in their pile; they should hold {expected}",
                hand,
            )


# The summary is the one every check report prints: the option-dependent parts (first_player,
# bridges_at_setup) are in docs/rules.md, so a default build's reports keep their bytes.
@rule("setup-deal", "At setup the piles (with the opening hands) are dealt as evenly as possible.")
def setup_deal(f: Facts) -> Iterator[Violation]:
    s = f.state
    if s.turn != 0:
        return
    if s.status == "won":
        yield Violation("setup-deal", "a game cannot be won before the first turn")
    if s.discard:
        yield Violation("setup-deal", "nothing is discarded before the first turn", s.discard)
    given = _bridges_given(f)
    dealt = [sum(1 for c in h + p if f.kind(c) not in ("start",)) - g for h, p, g in zip(s.hands, s.piles, given)]
    if dealt and max(dealt) - min(dealt) > 1:
        yield Violation("setup-deal", f"the deal is uneven: {_dealt_counts(f, dealt, given)}")
    if dealt and f.rules.first_player == FEWEST_CARDS and dealt[0] != min(dealt):
        q = dealt.index(min(dealt)) + 1
        yield Violation(
            "setup-deal",
            f"under first_player: {FEWEST_CARDS} player 1 is the player dealt the fewest cards, but player 1 was "
            f"dealt {dealt[0]} and player {q} {dealt[q - 1]}",
        )
    for q, (hand, g) in enumerate(zip(s.hands, given), 1):
        held = sum(1 for c in hand if f.kind(c) == "bridge")
        if held < g:
            yield Violation(
                "setup-deal", f"bridges_at_setup gives player {q} {g} bridge(s), but their hand holds {held}", hand
            )


def _dealt_counts(f: Facts, dealt: list[int], given: tuple[int, ...]) -> str:
    """The dealt counts as a user counts them (hand and pile), saying what the deal leaves out."""
    s = f.state
    held = [len(h) + len(p) for h, p in zip(s.hands, s.piles)]
    sizes = ", ".join(str(d) for d in dealt)
    if held == dealt:
        return f"players hold {sizes} cards in hand and pile"
    left_out = [
        what
        for what, n in (
            ("start cards", sum(held) - sum(dealt) - sum(given)),
            ("bridges_at_setup's bridges", sum(given)),
        )
        if n
    ]
    return (
        f"players hold {', '.join(str(n) for n in held)} cards in hand and pile, "
        f"{sizes} without the {' and '.join(left_out)}"
    )


def _bridges_given(f: Facts) -> tuple[int, ...]:
    """Bridges handed to each player at setup (The Ascent's `bridges_at_setup`), 0 for every player else."""
    n = len(f.state.hands)
    given = engine_of(f.game).given_at_setup(f.rules, n)
    return tuple(given[:n]) + (0,) * (n - len(given))


SHARED_RULES: tuple[Rule, ...] = (
    state_game,
    players,
    turn_order,
    cards_known,
    cards_once,
    cards_all,
    cards_where,
    hand_limit,
    hand_drawn,
    setup_deal,
)


def _catalogue() -> Mapping[str, Rule]:
    out: dict[str, Rule] = {}
    for r in (*SHARED_RULES, *(r for engine in ENGINES.values() for r in engine.rules)):
        if r.id in out:
            raise ValueError(f"duplicate rule id {r.id}")
        out[r.id] = r
    return MappingProxyType(out)


RULES: Mapping[str, Rule] = _catalogue()  # every rule by id: the shared ones, then each engine's

__all__ = [
    "RULES",
    "SHARED_RULES",
    "Facts",
    "Rule",
    "Violation",
    "card_counter",
    "check_state",
    "locate",
    "rule",
    "rules_for",
    "slot_label",
]
