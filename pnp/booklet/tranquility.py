"""Tranquility's booklet sections, from its rule parameters and card counts."""

from __future__ import annotations

from pnp.booklet.common import (
    Book,
    body,
    bullets,
    heading,
    para,
    reconstruction,
    steps,
    sub,
    summary,
)
from pnp.booklet.figures import CardRow
from pnp.game.params import FEWEST_CARDS, HANDS_AND_PILES
from pnp.rules.tranquility import rulestext as cards
from pnp.rules.tranquility.params import TranquilityRules

TqBook = Book[TranquilityRules]  # what this engine's sections read


def setup_steps(book: TqBook) -> list[str]:
    r, f, t = book.rules, book.facts, book.t
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


def turn(book: TqBook) -> list:
    r, t = book.rules, book.t
    _title, lines = cards.turn(r, book.facts, t)
    return [
        heading(book, t.gettext("Your turn")),
        *body(book, first_player(book.rules, t), t.gettext("On your turn, do one of two things:")),
        *bullets(
            book,
            [
                t.gettext("play one card from your hand into the sea (and pay its cost), or"),
                t.gettext("discard two cards from your hand, face down, out of the game."),
            ],
        ),
        *body(
            book,
            t.gettext(
                "Then draw from your own pile until you hold {hand} cards again. When your "
                "pile is empty you play on with fewer cards. Draw piles are never used to "
                "pay.",
                hand=r.hand_size,
            ),
        ),
        *summary(book, lines),
    ]


def placing(book: TqBook) -> list:
    r, t = book.rules, book.t
    out = [
        heading(book, t.gettext("Placing islands and their cost")),
        *body(
            book,
            t.gettext(
                "The {cells} cells of the sea form one sequence in reading order: the bottom "
                "row from left to right, then the row above, and so on up to the top-right "
                "cell.",
                cells=r.cells,
            ),
            t.gettext(
                "An island may go into any empty cell, as long as the whole sequence stays strictly "
                "increasing: every filled cell before it holds a smaller number, every filled cell "
                "after it a larger one."
            ),
            cards.cost(r, t),
        ),
    ]
    if r.adjacency == "sequence":
        out += body(
            book,
            t.gettext(
                "The neighbours of a cell are the cells just before and after it in the "
                "sequence, including the jump from the end of one row to the start of the "
                "row above."
            ),
        )
    out += body(
        book,
        t.gettext(
            "The cost is paid from your hand, face down, out of the game. A play that costs more than "
            "the cards left in your hand after playing is not allowed."
        ),
    )
    if r.cost_cap is not None:
        out += body(book, cards.cap(r.cost_cap, t))
    return out + [sub(book, t.gettext("Worked examples")), *examples(book)]


def example_cost(rules, left: int | None, new: int, right: int | None) -> int:
    """The cost of `new` between `left` and `right` (None: empty) under the game's cost rule."""
    filled = [n for n in (left, right) if n is not None]
    if rules.cost == "gap":
        return abs(right - left) if left is not None and right is not None else 0
    return min((abs(new - n) for n in filled), default=0)


def examples(book: TqBook) -> list:
    r, t = book.rules, book.t
    colours = (book.st.ink, book.st.paper, book.st.accent)
    first, between = example_cost(r, 3, 5, None), example_cost(r, 3, 6, 7)
    return [
        CardRow([3, 5, None, None], 1, t.ngettext("costs {n} card", "costs {n} cards", first), colours),
        para(t.gettext("A 5 next to a 3, with an empty cell on its other side, costs {n}.", n=first), book.st.small),
        CardRow([3, 6, 7, None], 1, t.ngettext("costs {n} card", "costs {n} cards", between), colours),
        para(t.gettext("A 6 between a 3 and a 7 costs {n}.", n=between), book.st.small),
    ]


def start_finish(book: TqBook) -> list:
    r, t = book.rules, book.t
    _title, lines = cards.start_finish(r, book.facts, t)
    return [
        heading(book, t.gettext("Start and finish")),
        *body(
            book,
            t.gettext(
                "A player holding a start card while none has been played must play it as "
                "their action. It goes outside the sea, at the bottom-left corner of the frame."
            ),
            cards.start_discard(r, t),
            t.gettext(
                "This is the only time you may talk, and only about how many cards each of you "
                "discards. Further start cards are dead cards: you may discard them."
            ),
            t.gettext(
                "A finish card may be played only when all {cells} cells are filled and a start "
                "card is down. It goes outside the sea at the top-right corner. Until then, finish "
                "cards can only be discarded.",
                cells=r.cells,
            ),
        ),
        *start_discard_source(book),
        *summary(book, lines),
    ]


def start_discard_source(book: TqBook) -> list:
    """Where the start discard's default departs from a source, the source quoted and the reason
    (docs/rules.md, "Start and finish"); nothing where it follows it."""
    r, t = book.rules, book.t
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
        reconstruction(
            book,
            t.gettext(
                "one description of the game says the players discard “eight cards from their hands”. This kit "
                "also lets each share come off the top of your own pile. {reason}",
                reason=reason,
            ),
        )
    ]


def first_player(rules, t) -> str:
    """Who plays first, as the rule option `first_player` reads it (docs/rules.md); play goes clockwise."""
    if rules.first_player == FEWEST_CARDS:
        return t.gettext(
            "The player dealt the fewest cards (hand and pile together) plays first; if several tie, the one "
            "dealt first among them. Play then goes clockwise."
        )
    if rules.first_player == "first":
        return t.gettext("Choose who plays first. Play then goes clockwise.")
    return t.gettext("The quietest player plays first. Play then goes clockwise.")


def end(book: TqBook) -> list:
    t = book.t
    return [
        heading(book, t.gettext("End of the game")),
        *bullets(
            book,
            [
                t.gettext("You all win when the sea is full, a start card is down and a finish card is played."),
                t.gettext("You all lose when a player, on their turn, can neither play a card nor discard two."),
            ],
        ),
    ]


def sections(book: TqBook) -> list:
    t = book.t
    return [
        ("setup", [heading(book, t.gettext("Setup")), *steps(book, setup_steps(book))]),
        ("turn", turn(book)),
        ("placing", placing(book)),
        ("start", start_finish(book)),
        ("end", end(book)),
    ]
