"""The bundled variants' differences and what each rule option changes, as sentences made from the
rule parameters (the same sentences as the reference cards where there is one)."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.booklet.common import Book, body, bullets, heading, para, sub
from pnp.core.i18n import N_
from pnp.core.locate import bundled_root
from pnp.game.params import FEWEST_CARDS, HANDS, HANDS_AND_PILES
from pnp.game.textfacts import game_facts
from pnp.rules.engines import engine_of
from pnp.rules.params import rule_params
from pnp.rules.rulestext import printed_game
from pnp.spec.load import Spec, merge


@lru_cache(maxsize=4)
def bundled_variants(engine: str) -> tuple:
    """(variant id, rules, totals) of every bundled variant of this engine. The bundled files are
    merged as `extends` says without validating them again (tests validate every bundled variant):
    validating eight specs took longer than drawing the booklet."""

    out = []
    for path in sorted((bundled_root() / "card_specs" / "variants").glob("*.json")):
        game = _bundled_game(path)
        if game.engine == engine:
            out.append((game.id, rule_params(game), dict(game_facts(game).totals)))
    return tuple(out)


def _bundled_game(path: Path):

    data = json.loads(path.read_text(encoding="utf-8"))
    chain = [data]
    while "extends" in chain[-1]:
        name = chain[-1]["extends"]
        parent = next(p for p in (path.parent / f"{name}.json", path.parent.parent / f"{name}.json") if p.is_file())
        chain.append(json.loads(parent.read_text(encoding="utf-8")))
    merged = chain[-1]
    for child in reversed(chain[:-1]):
        merged = merge(merged, child)
    return printed_game(Spec(id=data["id"], path=path, data=merged, sources=()))


def differences(book: Book, rules, totals: dict, base, base_totals: dict) -> list[str]:
    """Sentences for what `rules` (and counts) change against the base game."""
    t, out = book.t, []
    for field in fields(rules):
        if getattr(rules, field.name) != getattr(base, field.name):
            out.append(option_sentence(book, rules, field.name))
    for kind, total in sorted(totals.items()):
        if base_totals.get(kind) != total:
            out.append(
                t.gettext(
                    "{kind}: {n} instead of {m}.", kind=t.gettext(kind.title()), n=total, m=base_totals.get(kind, 0)
                )
            )
    return [s for i, s in enumerate(out) if s and s not in out[:i]]


def option_sentence(book: Book, rules, name: str) -> str:
    """The rule `rules` (the game's engine's parameters) play for the parameter `name`; "" for none."""
    return engine_of(book.game).chapter.option_sentence(rules, book.facts, name, book.t)


OPTION_NAMES = {  # each option's heading; the spec key it is set with follows it in brackets
    "adjacency": N_("Which cards are neighbours"),
    "cost": N_("What a play costs"),
    "cost_cap": N_("The most a play may cost"),
    "start_discard_from": N_("Where the start discard comes from"),
    "first_player": N_("Who plays first"),
    "row_minimum": N_("A number and its row"),
    "same_colour_in_row": N_("One colour side by side"),
    "bridge_swap_cost": N_("Replacing a bridge"),
}
_OTHER = {
    "first_player": {"quietest": FEWEST_CARDS, "first": FEWEST_CARDS, FEWEST_CARDS: "quietest"},
    "start_discard_from": {HANDS: HANDS_AND_PILES, HANDS_AND_PILES: HANDS},
    "bridge_swap_cost": {"greater": "smaller", "smaller": "greater"},
}


def options(book: Book) -> list:
    """Each rule option: the rule this game uses, what the other setting would say instead, the spec
    key that sets it and the command that plays both on the same deals."""
    t, r = book.t, book.rules
    rules: Any = r  # the engine's own dataclass, which `replace` copies
    out = [
        heading(book, t.gettext("Rule options")),
        para(
            t.gettext(
                "Where the sources read a rule in more than one way, or a variant may change it, the spec's "
                "“rules” choose. For each option: the rule this game plays, then the rule with the option."
            ),
            book.st.body,
        ),
    ]
    for name, other in engine_of(book.game).chapter.options:
        current = getattr(r, name)
        if other is None:
            other = _OTHER[name][current]
        if current == other:
            other = None if name == "cost_cap" else ("sequence" if name == "adjacency" else "nearest")
        change: dict[str, Any] = {name: other}
        alternative = replace(rules, **change)
        value = json_value("hand" if other is None else other)
        command = " ".join(("pnp simulate", book.game.id, "--vs", f"rules.{name}={value}"))
        out += [
            sub(book, t.gettext(OPTION_NAMES[name])),
            *bullets(
                book,
                [
                    t.gettext("This game: {rule}", rule=option_sentence(book, r, name)),
                    t.gettext(
                        "With “{key}”: “{value}”: {rule}",
                        key=name,
                        value=value,
                        rule=option_sentence(book, alternative, name),
                    ),
                    t.gettext("Try it: {command}", command=command),
                ],
            ),
        ]
    return out


def json_value(value) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def designer_cover(book: Book) -> list:
    """The designer's sheet's title and what it is for."""
    t = book.t
    return [
        para(t.gettext(book.game.title), book.st.title),
        para(t.gettext("For designers"), book.st.subtitle),
        *body(
            book,
            t.gettext(
                "Players do not need this sheet: the rules booklet has everything needed to play. It lists the "
                "variants that come with the kit and the rule options a spec can choose, with the commands that "
                "build and try them (docs/spec-format.md, docs/rules.md)."
            ),
        ),
    ]


def variants(book: Book) -> list:
    """The bundled variants, each as what it changes against the base game. Only the base game's
    booklet has them: they are alternatives to the base game, and a variant's booklet, whose every
    number is the variant's, would list them against numbers it does not play (docs/decisions.md)."""
    t = book.t
    found = bundled_variants(book.game.engine)
    if not found or book.game.extends:
        return []
    base = rule_params_of_base(book)
    out = [
        heading(book, t.gettext("Variants")),
        para(
            t.gettext(
                "These variants come with the kit; build one by name (for example “pnp build {id}”), or compare "
                "it with the base game (“pnp simulate {id} --vs {base}”).",
                id=found[0][0],
                base=book.game.engine,
            ),
            book.st.body,
        ),
    ]
    for variant_id, rules, totals in found:
        changes = differences(book, rules, totals, *base)
        if variant_id == "galateia":
            changes.insert(0, t.gettext("Galateia, from the published rulebook (§7.1)."))
        out += [sub(book, variant_id), *bullets(book, changes or [t.gettext("Same rules, other cards.")])]
    return out


@lru_cache(maxsize=4)
def base_game(engine: str):
    """The bundled base game of an engine (Tranquility, The Ascent): the published game its rules are."""
    return _bundled_game(bundled_root() / "card_specs" / f"{engine}.json")


@lru_cache(maxsize=4)
def _base(engine: str):
    game = base_game(engine)
    return rule_params(game), dict(game_facts(game).totals)


def rule_params_of_base(book: Book):
    return _base(book.game.engine)
