"""The Ascent's chapter of the rules booklet (`Engine.chapter`, pnp/rules/chapter.py): the mountain,
its rows, supports and colours, the special cards and the modules (each marked as a reconstruction),
what the components list says of its kinds, the setup picture's caption and the designer sheet's rule
options, from its rule parameters and card counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.core.i18n import Translator
from pnp.game.model import Game
from pnp.game.textfacts import Facts
from pnp.rules.ascent import rulestext as cards
from pnp.rules.ascent.params import AscentRules
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


def setup_steps(r: AscentRules, f: Facts, t: Translator) -> list[str]:
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


def mountain(r: AscentRules, f: Facts, t: Translator) -> list[Block]:
    names = ", ".join(t.gettext(name) for name in f.colours.values())
    out: list[Block] = [
        Heading(t.gettext("The mountain")),
        Body(cards.mountain(r, t)),
        Body(
            t.gettext(
                "Cards are played turned as diamonds. A card in row 2 or higher rests on the two "
                "cards below it: both must be down first. Each row is filled from left to right "
                "without gaps, so a row can start once the first two cards below it are down."
            )
        ),
        Body(
            t.gettext(
                "The terrain cards are numbered {low} to {high} in {n} terrains: {names}. Along a "
                "row numbers may rise, fall or repeat; rows are not linked by number.",
                low=f.low,
                high=f.high,
                n=len(f.colours),
                names=names,
            )
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
    return out + [Bullets(tuple(rules))]


def turn(r: AscentRules, f: Facts, t: Translator) -> list[Block]:
    _title, lines = cards.turn(r, f, t)
    return [
        Heading(t.gettext("Your turn")),
        Body(first_player(r, t)),
        Body(t.gettext("On your turn, do one of two things:")),
        Bullets(
            (
                t.gettext("play one card from your hand onto the mountain (and pay its cost), or"),
                t.gettext("discard two cards from your hand, face down, out of the game."),
            )
        ),
        Body(
            t.gettext(
                "Then draw from your own pile until you hold {hand} cards again. When your "
                "pile is empty you play on with fewer cards.",
                hand=r.hand_size,
            )
        ),
        Body(
            t.gettext(
                "Cost: the difference between the new card and the card on its left in the row; "
                "the first card of a row costs nothing, and the cards below cost nothing. Discard "
                "that many cards. A play that costs more than the cards left in your hand after "
                "playing is not allowed."
            )
        ),
        *([Body(cap(r.cost_cap, t))] if r.cost_cap is not None else []),
        Sub(t.gettext("Worked examples")),
        *examples(t),
        Summary(tuple(lines)),
    ]


def examples(t: Translator) -> list[Block]:
    return [
        Example((4, 7, None), 1, t.ngettext("costs {n} card", "costs {n} cards", 3)),
        Small(t.gettext("A 7 next to a 4 costs 3; a card equal to its neighbour costs 0.")),
        Small(t.gettext("A campfire is skipped when counting: a 5 after 3 and a campfire costs 2.")),
    ]


def special(r: AscentRules, f: Facts, t: Translator) -> list[Block]:
    _title, lines = cards.special(r, f, t)
    out: list[Block] = [Heading(t.gettext("Special cards"))]
    if f.count("bridge"):
        out += [
            Sub(t.gettext("Bridges")),
            Body(
                t.gettext(
                    "A bridge may not go at either end of a row. It holds its slot so the row can go on, and must "
                    "later be swapped for a terrain card; that swap costs the {which} of the two differences to its "
                    "neighbours. You cannot win while a bridge is uncovered.",
                    which=t.gettext("greater") if r.bridge_swap_cost == "greater" else t.gettext("smaller"),
                )
            ),
        ]
    if f.count("campfire"):
        out += [
            Sub(t.gettext("Campfires")),
            Body(
                t.gettext(
                    "A campfire replaces a terrain card of its colour already on the mountain. The replaced card moves "
                    "at once to a legal empty slot in a higher row; if there is none, the campfire cannot be played."
                )
            ),
        ]
    out += [
        Sub(t.gettext("The summit")),
        Body(
            t.gettext(
                "A summit card is played last, into row {row}, once all {slots} slots below hold terrain cards and no "
                "bridge is left. Playing it wins the game.",
                row=r.summit_row,
                slots=r.slots,
            )
        ),
    ]
    return out + [Summary(tuple(lines))]


def end(t: Translator) -> list[Block]:
    return [
        Heading(t.gettext("End of the game")),
        Bullets(
            (
                t.gettext("You all win when the summit is placed and no bridge is uncovered."),
                t.gettext("You all lose when a player, on their turn, can neither play a card nor discard two."),
            )
        ),
    ]


def modules(game: Game, r: AscentRules, f: Facts, t: Translator) -> list[Block]:
    chosen = [
        m
        for m in (("green-path", cards.green_path), ("panorama", cards.panorama), ("goats", cards.goats))
        if m[0] in {mod.id for mod in game.modules}
    ]
    if not chosen:
        return []
    out: list[Block] = [
        Heading(t.gettext("Modules")),
        Body(
            t.gettext(
                "The three mini-expansions can be added separately or together. Only the "
                "publisher's one-line descriptions are known; the rules here are this "
                "project's reconstructions, faithful to those descriptions."
            )
        ),
    ]
    for _module_id, make in chosen:
        title, lines = make(r, f, t)
        out += [
            Sub(title),
            Bullets(tuple(lines)),
            Reconstruction(t.gettext("the publisher describes this module in one line only.")),
        ]
    return out


class AscentChapter:
    def sections(self, game: Game, rules: AscentRules, facts: Facts, t: Translator) -> tuple[Section, ...]:
        setup = (
            Heading(t.gettext("Setup")),
            Steps(tuple(setup_steps(rules, facts, t))),
            Reconstruction(
                t.gettext(
                    "no source gives the setup in full (nor which players start with a "
                    "bridge); here every card is shuffled and dealt."
                )
            ),
        )
        return (
            Section("setup", setup),
            Section("mountain", tuple(mountain(rules, facts, t))),
            Section("turn", tuple(turn(rules, facts, t))),
            Section("special", tuple(special(rules, facts, t))),
            Section("end", tuple(end(t))),
            Section("modules", tuple(modules(game, rules, facts, t))),
        )

    def kind_notes(self, rules: AscentRules, facts: Facts, t: Translator) -> Mapping[str, str]:
        return {
            "terrain": t.gettext(
                "Numbered {low} to {high}, one colour and symbol per terrain.", low=facts.low, high=facts.high
            ),
            "summit": t.gettext("Played last, on top of the mountain."),
            "bridge": t.gettext("Holds a slot until swapped for terrain."),
            "campfire": t.gettext("Replaces terrain of its colour."),
            "panorama": t.gettext("Triangles at the foot of the mountain; numbered on the back."),
            "goat": t.gettext("Tokens for The Mountain Goats."),
        }

    def setup_caption(self, rules: AscentRules, players: int, t: Translator) -> str:
        words = [
            t.ngettext(
                "A table for {n} player, ready for the first turn: the panorama row at the foot, the empty slots of "
                "the mountain labelled row.slot (each card rests on the two below it; rows fill from the left), and "
                "the summit on top.",
                "A table for {n} players, ready for the first turn: the panorama row at the foot, the empty slots of "
                "the mountain labelled row.slot (each card rests on the two below it; rows fill from the left), and "
                "the summit on top.",
                players,
            )
        ]
        if rules.panorama:
            words.append(
                t.ngettext(
                    "The Panorama: the revealed triangle is coloured, its sequence written under it; the sequence "
                    "must stand side by side in one row before the summit.",
                    "The Panorama: the revealed triangles are coloured, their sequences written under them; each "
                    "sequence must stand side by side in one row before the summit.",
                    rules.panorama.revealed,
                )
            )
        if rules.goats:
            words.append(
                t.ngettext(
                    "The Mountain Goats: the goat (G) waits at the foot.",
                    "The Mountain Goats: the goats (G) wait at the foot.",
                    rules.goats.goats,
                )
            )
        return " ".join(words)

    options: tuple[tuple[str, Any], ...] = (
        ("first_player", None),
        ("row_minimum", False),
        ("same_colour_in_row", True),
        ("bridge_swap_cost", None),
        ("cost_cap", 4),
    )

    def option_sentence(self, rules: AscentRules, facts: Facts, name: str, t: Translator) -> str:
        return sentences(
            {
                "hand_size": lambda: t.gettext("Hands of {n} cards.", n=rules.hand_size),
                "base": lambda: cards.mountain(rules, t),
                "rows": lambda: cards.mountain(rules, t),
                "row_minimum": lambda: (
                    t.gettext("Any number may go in any row.")
                    if not rules.row_minimum
                    else t.gettext("Number at least the row number.")
                ),
                "same_colour_in_row": lambda: (
                    t.gettext("Two cards of one colour may stand side by side.")
                    if rules.same_colour_in_row
                    else t.gettext("No two of one colour side by side.")
                ),
                "cost_cap": lambda: (
                    cap(rules.cost_cap, t)
                    if rules.cost_cap is not None
                    else t.gettext("A play may cost up to the cards left in hand.")
                ),
                "bridge_swap_cost": lambda: cards.special(rules, facts, t)[1][0],
                "first_player": lambda: first_player(rules, t),
            },
            name,
        )


CHAPTER = AscentChapter()
