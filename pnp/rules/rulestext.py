"""One source of printed rule sentences: the reference cards and the rules booklet both take their
sentences from the game's engine (`Engine.topics`, pnp/rules/<game>/rulestext.py), built from the
game's rule parameters (`Engine.params`), its card counts and its chosen modules, in the game's
language (gettext catalogues, `pnp.core.i18n`).

A reference card names a `topic` in its fields (`{"topic": "turn"}`); `with_reference_text` fills its
`title` and `lines` fields from the sentences of that topic, so a variant's cards follow its rules.
A card without a topic keeps the literal title and lines of its spec. `printed_game` is the Game
every stage draws: the spec's model (`pnp.game.build.build_game`, which knows no engine) with those
words filled in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pnp.core.i18n import SOURCE_LANGUAGE, translator
from pnp.game.build import ALL_MODULES, build_game
from pnp.game.model import Game, frozen_map
from pnp.game.textfacts import game_facts
from pnp.rules.engines import ENGINES, engine_of
from pnp.spec.load import Spec


@dataclass(frozen=True)
class CardText:
    """A reference card's printed words."""

    topic: str
    title: str
    lines: tuple[str, ...]


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
    """The reference topics of the engine called `engine`; () for an engine there is none of."""
    found = ENGINES.get(engine)
    return tuple(found.topics) if found is not None else ()


def reference_text(game: Game, topic: str, lang: str | None = None) -> CardText:
    """The title and lines of one reference topic for this game's rules. KeyError: unknown topic."""
    engine = engine_of(game)
    make = engine.topics[topic]
    title, lines = make(engine.params(game), game_facts(game), translator(lang))
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


def printed_game(spec: Spec, modules: Sequence[str] | str | None = ALL_MODULES) -> Game:
    """The Game of a spec that passed schema and semantic checks, its reference cards' words made
    from its rules (what every stage draws and plays)."""
    game = build_game(spec, modules)
    if any("topic" in card.fields for card in game.cards):  # reference cards: sentences from the rules
        game = with_reference_text(game)
    return game


__all__ = [
    "CardText",
    "game_language",
    "printed_game",
    "reference_text",
    "topics",
    "with_language",
    "with_reference_text",
]
