"""Tranquility's chapter of the rules booklet (`Engine.chapter`, pnp/rules/chapter.py): its sections,
what the components list says of its kinds, the setup picture's caption and the designer sheet's rule
options, from its rule parameters and card counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.core.i18n import Translator
from pnp.game.model import Game
from pnp.game.params import HANDS_AND_PILES
from pnp.game.textfacts import Facts
from pnp.rules.chapter import (
    Block,
    Body,
    Bullets,
    Example,
    Heading,
    Reconstruction,
    Section,
    Small,
    Steps,
    Sub,
    Summary,
    first_player,
    sentences,
)
from pnp.rules.sentences import cap
from pnp.rules.tranquility import rulestext as cards
from pnp.rules.tranquility.params import TranquilityRules


def setup_steps(r: TranquilityRules, f: Facts, t: Translator) -> list[str]:
    lines = [
        t.gettext(
            "Lay {frame} border cards as a frame around an empty sea of {rows} rows and {cols} "
            "columns: one card along each side of every row and column, corners open.",
            frame=r.frame,
            rows=r.rows,
            cols=r.cols,
        )
    ]
    if r.remove_islands:
        lines.append(
            t.ngettext(
                "Remove {n} island card at random, unseen, back to the box.",
                "Remove {n} island cards at random, unseen, back to the box.",
                r.remove_islands,
            )
        )
    lines += [
        t.gettext(
            "Shuffle the island cards with the {finish} finish cards and deal them as evenly as possible "
            "into one face-down draw pile per player (sizes differ by one at most).",
            finish=f.count("finish"),
        ),
        t.gettext(
            "Each player draws {hand} cards from their own pile, then shuffles one start card into their "
            "remaining pile. Put the other start cards back in the box.",
            hand=r.hand_size,
        ),
        t.gettext("Sit so that everyone can reach the sea. From now on, nobody talks."),
    ]
    return lines


def turn(r: TranquilityRules, f: Facts, t: Translator) -> list[Block]:
    _title, lines = cards.turn(r, f, t)
    return [
        Heading(t.gettext("Your turn")),
        Body(first_player(r, t)),
        Body(t.gettext("On your turn, do one of two things:")),
        Bullets(
            (
                t.gettext("play one card from your hand into the sea (and pay its cost), or"),
                t.gettext("discard two cards from your hand, face down, out of the game."),
            )
        ),
        Body(
            t.gettext(
                "Then draw from your own pile until you hold {hand} cards again. When your "
                "pile is empty you play on with fewer cards. Draw piles are never used to "
                "pay.",
                hand=r.hand_size,
            )
        ),
        Summary(tuple(lines)),
    ]


def placing(r: TranquilityRules, t: Translator) -> list[Block]:
    out: list[Block] = [
        Heading(t.gettext("Placing islands and their cost")),
        Body(
            t.gettext(
                "The {cells} cells of the sea form one sequence in reading order: the bottom "
                "row from left to right, then the row above, and so on up to the top-right "
                "cell.",
                cells=r.cells,
            )
        ),
        Body(
            t.gettext(
                "An island may go into any empty cell, as long as the whole sequence stays strictly "
                "increasing: every filled cell before it holds a smaller number, every filled cell "
                "after it a larger one."
            )
        ),
        Body(cards.cost(r, t)),
    ]
    if r.adjacency == "sequence":
        out.append(
            Body(
                t.gettext(
                    "The neighbours of a cell are the cells just before and after it in the "
                    "sequence, including the jump from the end of one row to the start of the "
                    "row above."
                )
            )
        )
    out.append(
        Body(
            t.gettext(
                "The cost is paid from your hand, face down, out of the game. A play that costs more than "
                "the cards left in your hand after playing is not allowed."
            )
        )
    )
    if r.cost_cap is not None:
        out.append(Body(cap(r.cost_cap, t)))
    return out + [Sub(t.gettext("Worked examples")), *examples(r, t)]


def example_cost(rules: TranquilityRules, left: int | None, new: int, right: int | None) -> int:
    """The cost of `new` between `left` and `right` (None: empty) under the game's cost rule."""
    filled = [n for n in (left, right) if n is not None]
    if rules.cost == "gap":
        return abs(right - left) if left is not None and right is not None else 0
    return min((abs(new - n) for n in filled), default=0)


def examples(r: TranquilityRules, t: Translator) -> list[Block]:
    first, between = example_cost(r, 3, 5, None), example_cost(r, 3, 6, 7)
    return [
        Example((3, 5, None, None), 1, t.ngettext("costs {n} card", "costs {n} cards", first)),
        Small(t.gettext("A 5 next to a 3, with an empty cell on its other side, costs {n}.", n=first)),
        Example((3, 6, 7, None), 1, t.ngettext("costs {n} card", "costs {n} cards", between)),
        Small(t.gettext("A 6 between a 3 and a 7 costs {n}.", n=between)),
    ]


def start_finish(r: TranquilityRules, f: Facts, t: Translator) -> list[Block]:
    _title, lines = cards.start_finish(r, f, t)
    return [
        Heading(t.gettext("Start and finish")),
        Body(
            t.gettext(
                "A player holding a start card while none has been played must play it as "
                "their action. It goes outside the sea, at the bottom-left corner of the frame."
            )
        ),
        Body(cards.start_discard(r, t)),
        Body(
            t.gettext(
                "This is the only time you may talk, and only about how many cards each of you "
                "discards. Further start cards are dead cards: you may discard them."
            )
        ),
        Body(
            t.gettext(
                "A finish card may be played only when all {cells} cells are filled and a start "
                "card is down. It goes outside the sea at the top-right corner. Until then, finish "
                "cards can only be discarded.",
                cells=r.cells,
            )
        ),
        *start_discard_source(r, t),
        Summary(tuple(lines)),
    ]


def start_discard_source(r: TranquilityRules, t: Translator) -> list[Block]:
    """Where the start discard's default departs from a source, the source quoted and the reason
    (docs/rules.md, "Start and finish"); nothing where it follows it."""
    if r.start_discard_from != HANDS_AND_PILES:
        return []
    reason = (
        t.gettext(
            "From hands only, a solo game could never be won: a lone player's hand holds {left} cards besides "
            "the start card, fewer than {n}.",
            left=r.hand_size - 1,
            n=r.start_discard,
        )
        if r.hand_size - 1 < r.start_discard
        else t.gettext("From hands only, games with few players are mostly lost.")
    )
    return [
        Reconstruction(
            t.gettext(
                "one description of the game says the players discard “eight cards from their hands”. This kit "
                "also lets each share come off the top of your own pile. {reason}",
                reason=reason,
            )
        )
    ]


def end(t: Translator) -> list[Block]:
    return [
        Heading(t.gettext("End of the game")),
        Bullets(
            (
                t.gettext("You all win when the sea is full, a start card is down and a finish card is played."),
                t.gettext("You all lose when a player, on their turn, can neither play a card nor discard two."),
            )
        ),
    ]


class TranquilityChapter:
    def sections(self, game: Game, rules: TranquilityRules, facts: Facts, t: Translator) -> tuple[Section, ...]:
        return (
            Section("setup", (Heading(t.gettext("Setup")), Steps(tuple(setup_steps(rules, facts, t))))),
            Section("turn", tuple(turn(rules, facts, t))),
            Section("placing", tuple(placing(rules, t))),
            Section("start", tuple(start_finish(rules, facts, t))),
            Section("end", tuple(end(t))),
        )

    def kind_notes(self, rules: TranquilityRules, facts: Facts, t: Translator) -> Mapping[str, str]:
        return {
            "island": t.gettext("Numbered {low} to {high}.", low=facts.low, high=facts.high),
            "start": t.gettext("One per player is used; the rest stay in the box."),
            "finish": t.gettext("Shuffled in with the islands."),
            "border": t.gettext("{frame} frame the sea; any others are spares.", frame=rules.frame),
        }

    def setup_caption(self, rules: TranquilityRules, players: int, t: Translator) -> str:
        return t.ngettext(
            "A table for {n} player, ready for the first turn: the empty sea of {rows} × {cols} cells in its "
            "frame of {frame} border cards, the start card's corner at the bottom left and the finish card's at "
            "the top right. The small numbers are the reading order the islands ascend in.",
            "A table for {n} players, ready for the first turn: the empty sea of {rows} × {cols} cells in its "
            "frame of {frame} border cards, the start card's corner at the bottom left and the finish card's at "
            "the top right. The small numbers are the reading order the islands ascend in.",
            players,
            rows=rules.rows,
            cols=rules.cols,
            frame=rules.frame,
        )

    options: tuple[tuple[str, Any], ...] = (
        ("first_player", None),
        ("adjacency", "orthogonal"),
        ("cost", "gap"),
        ("cost_cap", 4),
        ("start_discard_from", None),
    )

    def option_sentence(self, rules: TranquilityRules, facts: Facts, name: str, t: Translator) -> str:
        return sentences(
            {
                "hand_size": lambda: t.gettext("Hands of {n} cards.", n=rules.hand_size),
                "rows": lambda: t.gettext("A sea of {rows} × {cols} cells.", rows=rules.rows, cols=rules.cols),
                "cols": lambda: t.gettext("A sea of {rows} × {cols} cells.", rows=rules.rows, cols=rules.cols),
                "adjacency": lambda: (
                    t.gettext("A cell's neighbours are the cells left, right, above and below it.")
                    if rules.adjacency == "orthogonal"
                    else t.gettext(
                        "A cell's neighbours are the cells just before and after it in reading order, across the "
                        "jump from a row's end to the next row's start."
                    )
                ),
                "first_player": lambda: first_player(rules, t),
                "cost": lambda: cards.cost(rules, t),
                "cost_cap": lambda: (
                    cap(rules.cost_cap, t)
                    if rules.cost_cap is not None
                    else t.gettext("A play may cost up to the cards left in hand.")
                ),
                "start_discard": lambda: cards.start_discard(rules, t),
                "start_discard_from": lambda: cards.start_discard(rules, t),
                "remove_islands": lambda: t.ngettext(
                    "Remove {n} island card at random, unseen, back to the box.",
                    "Remove {n} island cards at random, unseen, back to the box.",
                    rules.remove_islands,
                ),
            },
            name,
        )


CHAPTER = TranquilityChapter()
