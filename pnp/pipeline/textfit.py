"""Spec checks for reference cards: a `topic` must be one the game's rules engine prints, and each
card's sentences (and every face's catalogue words) must fit their text boxes in every shipped
language (`pnp validate`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from pnp.core.errors import Problem, quoted
from pnp.core.i18n import languages
from pnp.face.layout import layout_card
from pnp.face.template import GroupElement, TemplateError, TextElement, load_template
from pnp.rules.rulestext import printed_game, topics, with_language
from pnp.spec.load import Spec


def topic_problems(spec: Spec, kinds: Iterator[tuple[list, dict]]) -> Iterator[tuple[list, str]]:
    """A card naming a topic its engine has no sentences for."""
    engine = spec.data["rules"]["engine"]
    known = topics(engine)
    for path, kind in kinds:
        items = [(path + ["cards", i], c) for i, c in enumerate(kind.get("cards", []))]
        items.append((path + ["fields"], kind.get("fields", {})))
        for where, fields in items:
            topic = fields.get("topic") if isinstance(fields, dict) else None
            if topic is not None and topic not in known:
                yield (
                    where + ["topic"],
                    (f"unknown reference topic {topic!r} for the {engine} rules (choose from: {', '.join(known)})"),
                )


def fit_problems(spec: Spec) -> list[Problem]:
    """Every reference card whose sentences do not fit its template's boxes, per shipped language,
    and every other face with words of the catalogue (a template's own words, the game's title, a
    terrain's name) that cannot be drawn in a shipped language, placed at the card's entry in the
    spec. The spec must have passed the semantic checks."""
    base = printed_game(spec)
    problems = []
    templates: dict = {}  # read and checked once: a template does not change with the language

    def template(name: str):
        if name not in templates:
            templates[name] = load_template(base, name)
        return templates[name]

    titled: list[str] = []  # faces that do not fit only because of the game's title
    for lang in languages():
        game = with_language(base, lang)
        backs: set[str] = set()
        for card in game.cards:
            sides = [("front", card.template)] if "topic" in card.fields or _speaks(template(card.template)) else []
            if card.back_face_id not in backs and _speaks(template(card.back.template)):
                backs.add(card.back_face_id)
                sides.append(("back", card.back.template))
            for side, name in sides:
                try:
                    layout_card(card, template(name), game, side)
                except TemplateError as exc:
                    if _title_to_blame(card, template(name), game, side):
                        titled.append(f"the {side} of {card.id!r} ({lang}): {exc}")
                        continue
                    what = (
                        f"the reference card {card.id!r} ({lang}, {card.fields['title']!r})"
                        if "topic" in card.fields and side == "front"
                        else f"the {side} of {card.id!r} ({lang})"
                    )
                    problems.append(spec.problem(_card_path(spec, card), f"{what} does not fit: {exc}"))
    if titled:  # placed where the title is set (a variant's own file), not at the parent's cards
        more = f" (and {len(titled) - 1} other face(s))" if len(titled) > 1 else ""
        problems.append(spec.problem(["title"], f"the title {quoted(base.title)} does not fit{more}: {titled[0]}"))
    return problems


def _title_to_blame(card, template, game, side: str) -> bool:
    """Whether a face that does not fit would fit with a one-letter game title: then the title is at
    fault, and the problem belongs where the title is set."""
    try:
        layout_card(card, template, dataclasses.replace(game, title=game.title[:1]), side)
    except TemplateError:
        return False
    return True


_LANGUAGE_FIELDS = {"game.title", "terrain.name"}


def _speaks(template) -> bool:
    """Whether a template prints words that change with the language: its own static text or the
    translated built-in fields."""

    def words(elements) -> bool:
        for element in elements:
            if isinstance(element, GroupElement) and words(element.elements):
                return True
            if isinstance(element, TextElement) and (
                element.text.is_static or _LANGUAGE_FIELDS & set(element.text.names)
            ):
                return True
        return False

    return words(template.elements)


def _card_path(spec: Spec, card) -> list:
    for path, kind in _kinds(spec.data):
        if kind["id"] == card.kind:
            if "cards" in kind:
                return path + ["cards", int(card.id.rsplit("-", 1)[1]) - 1]
            return path + ["fields"]
    return ["kinds"]


def _kinds(data: dict) -> Iterator[tuple[list, dict]]:
    for i, kind in enumerate(data["kinds"]):
        yield ["kinds", i], kind
    for m, module in enumerate(data.get("modules", [])):
        for i, kind in enumerate(module.get("kinds", [])):
            yield ["modules", m, "kinds", i], kind
