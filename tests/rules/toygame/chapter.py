"""Line's chapter of the rules booklet: what the booklet and the designer's sheet ask an engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.core.i18n import Translator
from pnp.game.model import Game
from pnp.rules.chapter import Body, Heading, Section, Steps
from pnp.rules.facts import Facts


class LineChapter:
    options: tuple[tuple[str, Any], ...] = ()

    def sections(self, game: Game, rules: Any, facts: Facts, t: Translator) -> tuple[Section, ...]:
        setup = Steps((f"Deal {rules.hand_size} cards to each player.", "Leave the line empty."))
        turn = Body("Play a card higher than the last one into the next cell, or discard two cards.")
        return (
            Section("setup", (Heading("Setup"), setup)),
            Section("turn", (Heading("Your turn"), turn)),
        )

    def kind_notes(self, rules: Any, facts: Facts, t: Translator) -> Mapping[str, str]:
        return {"step": "Numbered steps; each goes after a lower one."}

    def setup_caption(self, rules: Any, players: int, t: Translator) -> str:
        return f"A line of {rules.length} cells, dealt for {players} players."

    def option_sentence(self, rules: Any, facts: Facts, name: str, t: Translator) -> str:
        return ""


CHAPTER = LineChapter()
