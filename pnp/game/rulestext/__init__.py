"""One source of printed rule sentences: the reference cards and the rules booklet both take their
sentences from here, built from the game's resolved rule parameters (`pnp.game.params`), its card
counts and its chosen modules, in the game's language (gettext catalogues, `pnp.core.i18n`).

A reference card names a `topic` in its fields (`{"topic": "turn"}`); `with_reference_text` fills its
`title` and `lines` fields from the sentences of that topic, so a variant's cards follow its rules.
A card without a topic keeps the literal title and lines of its spec.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from pnp.core.i18n import SOURCE_LANGUAGE, Translator, translator
from pnp.game.model import Game, frozen_map
from pnp.game.params import ASCENT, TRANQUILITY, rule_params
from pnp.game.rulestext import ascent, tranquility
from pnp.game.rulestext.facts import Facts, game_facts


@dataclass(frozen=True)
class CardText:
    """A reference card's printed words."""

    topic: str
    title: str
    lines: tuple[str, ...]


# A topic takes its own engine's rule parameters (TranquilityRules or AscentRules), picked by the same key.
Topic = Callable[[Any, Facts, Translator], tuple[str, list[str]]]
TOPICS: dict[str, Mapping[str, Topic]] = {TRANQUILITY: tranquility.TOPICS, ASCENT: ascent.TOPICS}


def game_language(game: Game) -> str | None:
    """The game's language (a spec's "language" or --lang), None for English."""
    return game.language


def with_language(game: Game, lang: str | None) -> Game:
    """The game printed in `lang` (None: as its spec says): faces, sheets, setup and booklet follow
    `game.language`, and the reference cards' sentences are made again in it. "en" is English (None)."""
    if lang is None:
        return game
    lang = None if lang == SOURCE_LANGUAGE else lang
    if lang == game.language:
        return game
    return with_reference_text(replace(game, language=lang), lang)


def topics(engine: str) -> tuple[str, ...]:
    return tuple(TOPICS.get(engine, {}))


def reference_text(game: Game, topic: str, lang: str | None = None) -> CardText:
    """The title and lines of one reference topic for this game's rules. KeyError: unknown topic."""
    make = TOPICS[game.engine][topic]
    title, lines = make(rule_params(game), game_facts(game), translator(lang))
    return CardText(topic, title, tuple(lines))


def with_reference_text(game: Game, lang: str | None = None) -> Game:
    """The game with every card that names a topic given that topic's title and lines."""
    lang = lang if lang is not None else game_language(game)
    kinds = []
    for kind in game.kinds:
        cards = tuple(_filled(card, game, lang) for card in kind.cards)
        kinds.append(kind if cards == kind.cards else replace(kind, cards=cards))
    return replace(game, kinds=tuple(kinds))


def _filled(card, game: Game, lang: str | None):
    topic = card.fields.get("topic")
    if not isinstance(topic, str):
        return card
    text = reference_text(game, topic, lang)
    return replace(card, fields=frozen_map({**card.fields, "title": text.title, "lines": list(text.lines)}))


__all__ = ["TOPICS", "CardText", "game_language", "reference_text", "topics", "with_language", "with_reference_text"]
