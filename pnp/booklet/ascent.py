"""The Ascent's booklet sections: the mountain, its rows, supports and colours, the special cards
and the modules (each marked as a reconstruction), from the rule parameters and card counts."""

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
from pnp.booklet.tranquility import first_player
from pnp.rules.ascent import rulestext as cards
from pnp.rules.ascent.params import AscentRules

AsBook = Book[AscentRules]  # what this engine's sections read


def setup_steps(book: AsBook) -> list[str]:
    r, f, t = book.rules, book.facts, book.t
    spare = f.count("panorama") - r.base_pieces
    lines = [
        t.gettext(
            "Shuffle the {n} panorama triangles landscape side up, without looking at their numbered sides.",
            n=f.count("panorama"),
        )
    ]
    if spare > 0:
        lines.append(
            t.ngettext(
                "Put {n} of them back in the box unseen; {left} remain.",
                "Put {n} of them back in the box unseen; {left} remain.",
                spare,
                left=r.base_pieces,
            )
        )
    if r.panorama:
        lines.append(
            t.ngettext(
                "With The Panorama: take {n} triangle at random from them and turn it to its numbered side.",
                "With The Panorama: take {n} triangles at random from them and turn them to their numbered side.",
                r.panorama.revealed,
            )
        )
    return lines + [
        t.gettext(
            "Shuffle the {n} triangles again and lay them in a row in that order, long sides down: the {base} "
            "V-shaped gaps between them are the slots of row 1.",
            n=r.base_pieces,
            base=r.base,
        ),
        t.gettext(
            "Shuffle the terrain cards with the bridges, campfires and summits ({n} cards) and deal them "
            "as evenly as possible into one face-down draw pile per player.",
            n=f.count("terrain") + f.count("bridge") + f.count("campfire") + f.count("summit"),
        ),
        t.gettext("Each player draws {hand} cards from their own pile. From now on, nobody talks.", hand=r.hand_size),
    ]


def mountain(book: AsBook) -> list:
    r, f, t = book.rules, book.facts, book.t
    names = ", ".join(t.gettext(name) for name in f.colours.values())
    out = [
        heading(book, t.gettext("The mountain")),
        *body(
            book,
            cards.mountain(r, t),
            t.gettext(
                "Cards are played turned as diamonds. A card in row 2 or higher rests on the two "
                "cards below it: both must be down first. Each row is filled from left to right "
                "without gaps, so a row can start once the first two cards below it are down."
            ),
            t.gettext(
                "The terrain cards are numbered {low} to {high} in {n} terrains: {names}. Along a "
                "row numbers may rise, fall or repeat; rows are not linked by number.",
                low=f.low,
                high=f.high,
                n=len(f.colours),
                names=names,
            ),
        ),
    ]
    rules = []
    if r.row_minimum:
        rules.append(
            t.gettext(
                "A card's number must be at least its row number: a 1 only in row 1, a {high} anywhere.", high=f.high
            )
        )
    if not r.same_colour_in_row:
        rules.append(
            t.gettext(
                "Two cards of the same colour may not stand side by side in a row (the cards below do not count)."
            )
        )
    return out + bullets(book, rules)


def turn(book: AsBook) -> list:
    r, t = book.rules, book.t
    _title, lines = cards.turn(r, book.facts, t)
    return [
        heading(book, t.gettext("Your turn")),
        *body(book, first_player(book.rules, t), t.gettext("On your turn, do one of two things:")),
        *bullets(
            book,
            [
                t.gettext("play one card from your hand onto the mountain (and pay its cost), or"),
                t.gettext("discard two cards from your hand, face down, out of the game."),
            ],
        ),
        *body(
            book,
            t.gettext(
                "Then draw from your own pile until you hold {hand} cards again. When your "
                "pile is empty you play on with fewer cards.",
                hand=r.hand_size,
            ),
            t.gettext(
                "Cost: the difference between the new card and the card on its left in the row; "
                "the first card of a row costs nothing, and the cards below cost nothing. Discard "
                "that many cards. A play that costs more than the cards left in your hand after "
                "playing is not allowed."
            ),
        ),
        *([para(cards.cap(r.cost_cap, t), book.st.body)] if r.cost_cap is not None else []),
        sub(book, t.gettext("Worked examples")),
        *examples(book),
        *summary(book, lines),
    ]


def examples(book: AsBook) -> list:
    t, colours = book.t, (book.st.ink, book.st.paper, book.st.accent)
    return [
        CardRow([4, 7, None], 1, t.ngettext("costs {n} card", "costs {n} cards", 3), colours),
        para(t.gettext("A 7 next to a 4 costs 3; a card equal to its neighbour costs 0."), book.st.small),
        para(t.gettext("A campfire is skipped when counting: a 5 after 3 and a campfire costs 2."), book.st.small),
    ]


def special(book: AsBook) -> list:
    r, f, t = book.rules, book.facts, book.t
    _title, lines = cards.special(r, f, t)
    out = [heading(book, t.gettext("Special cards"))]
    if f.count("bridge"):
        out += [
            sub(book, t.gettext("Bridges")),
            *body(
                book,
                t.gettext(
                    "A bridge may not go at either end of a row. It holds its slot so the row can go on, and must "
                    "later be swapped for a terrain card; that swap costs the {which} of the two differences to its "
                    "neighbours. You cannot win while a bridge is uncovered.",
                    which=t.gettext("greater") if r.bridge_swap_cost == "greater" else t.gettext("smaller"),
                ),
            ),
        ]
    if f.count("campfire"):
        out += [
            sub(book, t.gettext("Campfires")),
            *body(
                book,
                t.gettext(
                    "A campfire replaces a terrain card of its colour already on the mountain. The replaced card moves "
                    "at once to a legal empty slot in a higher row; if there is none, the campfire cannot be played."
                ),
            ),
        ]
    out += [
        sub(book, t.gettext("The summit")),
        *body(
            book,
            t.gettext(
                "A summit card is played last, into row {row}, once all {slots} slots below hold terrain cards and no "
                "bridge is left. Playing it wins the game.",
                row=r.summit_row,
                slots=r.slots,
            ),
        ),
    ]
    return out + summary(book, lines)


def end(book: AsBook) -> list:
    t = book.t
    return [
        heading(book, t.gettext("End of the game")),
        *bullets(
            book,
            [
                t.gettext("You all win when the summit is placed and no bridge is uncovered."),
                t.gettext("You all lose when a player, on their turn, can neither play a card nor discard two."),
            ],
        ),
    ]


def modules(book: AsBook) -> list:
    r, f, t = book.rules, book.facts, book.t
    chosen = [
        m
        for m in (("green-path", cards.green_path), ("panorama", cards.panorama), ("goats", cards.goats))
        if m[0] in {mod.id for mod in book.game.modules}
    ]
    if not chosen:
        return []
    out = [
        heading(book, t.gettext("Modules")),
        *body(
            book,
            t.gettext(
                "The three mini-expansions can be added separately or together. Only the "
                "publisher's one-line descriptions are known; the rules here are this "
                "project's reconstructions, faithful to those descriptions."
            ),
        ),
    ]
    for _module_id, make in chosen:
        title, lines = make(r, f, t)
        out += [
            sub(book, title),
            *bullets(book, lines),
            reconstruction(book, t.gettext("the publisher describes this module in one line only.")),
        ]
    return out


def sections(book: AsBook) -> list:
    t = book.t
    setup = [
        heading(book, t.gettext("Setup")),
        *steps(book, setup_steps(book)),
        reconstruction(
            book,
            t.gettext(
                "no source gives the setup in full (nor which players start with a "
                "bridge); here every card is shuffled and dealt."
            ),
        ),
    ]
    return [
        ("setup", setup),
        ("mountain", mountain(book)),
        ("turn", turn(book)),
        ("special", special(book)),
        ("end", end(book)),
        ("modules", modules(book)),
    ]
