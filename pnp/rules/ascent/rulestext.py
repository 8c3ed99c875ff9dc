"""The Ascent's rule sentences, from its rule parameters (mountain, hand, colours, cap, modules)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pnp.core.i18n import N_, Translator
from pnp.game.params import FEWEST_CARDS
from pnp.game.textfacts import Facts
from pnp.rules.ascent.params import AscentRules
from pnp.rules.sentences import Topic, cap

# The bundled terrain names, printed in sentences (a variant's own names print as they are).
TERRAIN_NAMES = (N_("Meadow"), N_("Canyon"), N_("Glacier"))


def terrain(facts: Facts, colour: str, t: Translator) -> str:
    """A colour's terrain name as a sentence prints it (lower case): 'meadow'."""
    own = facts.names.get(colour, {}).get(t.lang)  # a variant's name in this language
    return (own or t.gettext(facts.colours.get(colour, colour))).lower()


def turn(rules: AscentRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    lines = [
        t.gettext("Play one card, or discard two. Then draw back up to {hand}.", hand=rules.hand_size),
        t.gettext("A card rests on the two cards below it. Fill each row left to right."),
    ]
    placing = []
    if rules.row_minimum:
        placing.append(t.gettext("Number at least the row number."))
    if not rules.same_colour_in_row:
        placing.append(t.gettext("No two of one colour side by side."))
    if placing:
        lines.append(" ".join(placing))
    lines.append(t.gettext("Cost: the difference to the card on its left. Discard that many."))
    if rules.cost_cap is not None:
        lines.append(cap(rules.cost_cap, t))
    if rules.first_player == FEWEST_CARDS:
        lines.append(t.gettext("Dealt the fewest cards? You play first."))
    return t.gettext("Your turn"), lines


def mountain(rules: AscentRules, t: Translator) -> str:
    return t.gettext(
        "The mountain: {base} cards in row 1, one fewer in each row up to row {rows}, then the summit.",
        base=rules.base,
        rows=rules.rows,
    )


def special(rules: AscentRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    lines = []
    if facts.count("bridge"):
        lines.append(
            t.gettext("Bridge: not at a row's end; swap it for terrain later (greater difference).")
            if rules.bridge_swap_cost == "greater"
            else t.gettext("Bridge: not at a row's end; swap it for terrain later (smaller difference).")
        )
    if facts.count("campfire"):
        lines.append(t.gettext("Campfire: replaces a card of its colour, which moves up at once."))
    lines.append(t.gettext("Summit: last, on top, when no bridge is left. You win!"))
    return t.gettext("Special cards"), lines


def green_path(rules: AscentRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    name = terrain(facts, rules.green_path.colour if rules.green_path else "green", t)
    return t.gettext("The Green Path"), [
        t.gettext(
            "Before the summit, a chain of {terrain} cards must climb from row 1 to row {rows}.",
            terrain=name,
            rows=rules.rows,
        ),
        t.gettext("Each {terrain} card in the chain rests on the one before it.", terrain=name),
    ]


def panorama(rules: AscentRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    revealed = rules.panorama.revealed if rules.panorama else 3
    return t.gettext("The Panorama"), [
        t.ngettext(
            "At setup turn {n} panorama card to its numbered side.",
            "At setup turn {n} panorama cards to their numbered side.",
            revealed,
        ),
        t.ngettext(
            "Before the summit, its sequence must appear as three cards side by side, left to right, in one row.",
            "Before the summit, each sequence must appear as three cards side by side, left to right, in one row.",
            revealed,
        ),
    ]


def goats(rules: AscentRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    herd = rules.goats
    count, row, colour = (herd.goats, herd.target_row, herd.colour) if herd else (facts.count("goat"), 5, "green")
    name = terrain(facts, colour, t)
    return t.gettext("The Mountain Goats"), [
        t.ngettext("{n} goat waits at the foot of the mountain.", "{n} goats wait at the foot of the mountain.", count),
        t.gettext("A {terrain} card played in row 1 takes a waiting goat aboard.", terrain=name),
        t.gettext("A {terrain} card placed on a goat's card lets the goat climb onto it.", terrain=name),
        reach(count, row, rules.rows, t),
    ]


def reach(count: int, row: int, rows: int, t: Translator) -> str:
    """The goats' goal: the top terrain row is named as such (no row is higher but the summit's)."""
    if row == rows:
        return t.ngettext(
            "The goat must reach row {row}, the top terrain row, before the summit.",
            "Every goat must reach row {row}, the top terrain row, before the summit.",
            count,
            row=row,
        )
    return t.ngettext(
        "The goat must reach row {row} or higher before the summit.",
        "Every goat must reach row {row} or higher before the summit.",
        count,
        row=row,
    )


TOPICS: Mapping[str, Topic] = MappingProxyType(
    {"turn": turn, "special": special, "green-path": green_path, "panorama": panorama, "goats": goats}
)
