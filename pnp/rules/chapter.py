"""A game's own chapter of the rules booklet, as its engine tells it: sections of blocks of sentences
(a heading, paragraphs, bullets, numbered steps, a worked example's row of cards), made from the rule
parameters, the card counts and the game's language. The booklet (pnp/booklet) sets the blocks on the
page; the engine (pnp/rules/<game>/chapter.py) knows what they say (`Engine.chapter`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.core.i18n import Translator
from pnp.game.model import Game
from pnp.game.params import FEWEST_CARDS
from pnp.game.textfacts import Facts


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Sub:
    """A subheading."""

    text: str


@dataclass(frozen=True)
class Body:
    """One paragraph of body text."""

    text: str


@dataclass(frozen=True)
class Small:
    """One paragraph in small print (a worked example's words)."""

    text: str


@dataclass(frozen=True)
class Bullets:
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Steps:
    """Numbered steps, from 1."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Summary:
    """The reference card's own sentences, framed as such."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Reconstruction:
    """The mark on a rule no published source describes: `what` says why."""

    what: str


@dataclass(frozen=True)
class Example:
    """A worked example: a row of cards (None: an empty slot), the new card at `new_at`, its cost's words."""

    numbers: tuple[int | None, ...]
    new_at: int
    caption: str


Block = Heading | Sub | Body | Small | Bullets | Steps | Summary | Reconstruction | Example


@dataclass(frozen=True)
class Section:
    """One of the game's sections, named for where the booklet puts shared things (the setup picture
    follows "setup")."""

    name: str
    blocks: tuple[Block, ...]


class Chapter(Protocol):
    """What an engine tells the booklet and the designer's sheet about its game."""

    def sections(self, game: Game, rules: Any, facts: Facts, t: Translator) -> tuple[Section, ...]:
        """The game's own sections, in order, between the components and the printing advice."""
        ...

    def kind_notes(self, rules: Any, facts: Facts, t: Translator) -> Mapping[str, str]:
        """A kind's id → what the components list says of it (the engine's own kinds)."""
        ...

    def setup_caption(self, rules: Any, players: int, t: Translator) -> str:
        """The words under the picture of a table dealt for `players`, ready for the first turn."""
        ...

    options: tuple[tuple[str, Any], ...]
    """The rule options the designer's sheet shows: (spec key, the other value to try, or None to take
    the key's other reading)."""

    def option_sentence(self, rules: Any, facts: Facts, name: str, t: Translator) -> str:
        """The rule `rules` play for the parameter `name`, in one sentence; "" for none."""
        ...


def sentences(make: Mapping[str, Callable[[], str]], name: str) -> str:
    """The sentence `make` gives for `name`, made only when asked; "" for a name it has none for."""
    found = make.get(name)
    return found() if found else ""


def first_player(rules: Any, t: Translator) -> str:
    """Who plays first, as the rule option `first_player` reads it (docs/rules.md); play goes clockwise."""
    if rules.first_player == FEWEST_CARDS:
        return t.gettext(
            "The player dealt the fewest cards (hand and pile together) plays first; if several tie, the one "
            "dealt first among them. Play then goes clockwise."
        )
    if rules.first_player == "first":
        return t.gettext("Choose who plays first. Play then goes clockwise.")
    return t.gettext("The quietest player plays first. Play then goes clockwise.")
