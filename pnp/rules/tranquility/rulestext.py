"""Tranquility's rule sentences, from its rule parameters (grid, hand, cost, cap, start discard)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pnp.core.i18n import Translator
from pnp.game.params import AT_ONCE, FEWEST_CARDS, HANDS, STUCK_OR_EMPTY
from pnp.game.textfacts import Facts
from pnp.rules.sentences import Topic, cap
from pnp.rules.tranquility.params import TranquilityRules


def turn(rules: TranquilityRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    lines = [
        t.gettext("Play one card, or discard two cards."),
        t.gettext("Then draw back up to {hand} from your own pile.", hand=rules.hand_size),
        order(rules, t),
        cost(rules, t),
    ]
    if rules.cost_cap is not None:
        lines.append(cap(rules.cost_cap, t))
    if rules.first_player == FEWEST_CARDS:  # the default readings print nothing: the player 1 the table seats
        lines.append(t.gettext("Dealt the fewest cards? You play first."))
    lines.append(t.gettext("No talking."))
    return t.gettext("Your turn"), lines


def order(rules: TranquilityRules, t: Translator) -> str:
    return t.gettext("Islands ascend in reading order: bottom row left to right, then the row above.")


def cost(rules: TranquilityRules, t: Translator) -> str:
    if rules.cost == "gap" and rules.adjacency == "orthogonal":
        return t.gettext(
            "Cost: with two or more filled neighbours (left, right, above, below), the largest "
            "minus the smallest. Discard that many."
        )
    if rules.cost == "gap":
        return t.gettext("Cost: between two filled neighbours in that order, their difference. Discard that many.")
    if rules.adjacency == "orthogonal":
        return t.gettext(
            "Cost: the smallest difference to a filled neighbour left, right, above or below. Discard that many."
        )
    return t.gettext("Cost: the smaller difference to a filled neighbour in that order. Discard that many.")


def start_finish(rules: TranquilityRules, facts: Facts, t: Translator) -> tuple[str, list[str]]:
    return t.gettext("Start & finish"), [
        t.gettext("Holding a start card and none played? You must play it at the bottom-left corner."),
        start_discard(rules, t),
        *([t.gettext("Everyone then draws back up at once.")] if rules.start_discard_draw == AT_ONCE else []),
        t.gettext("Finish: only when all {cells} cells are filled and a start is down. You win!", cells=rules.cells),
        lose(rules, t),
    ]


def lose(rules: TranquilityRules, t: Translator) -> str:
    if rules.loss == STUCK_OR_EMPTY:
        return t.gettext("Lose: a player can neither play nor discard two, or anyone's hand and pile are empty.")
    return t.gettext("Lose: a player can neither play nor discard two.")


def start_discard(rules: TranquilityRules, t: Translator) -> str:
    if rules.start_discard_from == HANDS:
        return t.ngettext(
            "Then everyone discards {n} card in total from their hands, split as you agree.",
            "Then everyone discards {n} cards in total from their hands, split as you agree.",
            rules.start_discard,
        )
    return t.ngettext(
        "Then everyone discards {n} card in total, split as you agree (hand or top of pile).",
        "Then everyone discards {n} cards in total, split as you agree (hand or top of pile).",
        rules.start_discard,
    )


TOPICS: Mapping[str, Topic] = MappingProxyType({"turn": turn, "start-finish": start_finish})
