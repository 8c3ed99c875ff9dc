"""What an engine draws its table on, for the setup sheet: a small drawing protocol, so the rules
draw without importing rendering.

The setup sheet (pnp/setupsheet/sheet.py, a stage above the rules) offers `SetupCanvas`; an engine's
`draw_setup` (pnp/rules/<game>/sheet.py) draws the dealt table on it, in mm, inside `table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pnp.core.i18n import Translator
from pnp.game.model import Game
from pnp.game.params import Piece


class SetupPage(Protocol):
    """The page in mm: shapes and lines of text (set as outlines), in drawing order."""

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, radius=0.0, dash=None) -> None: ...

    def polygon(self, corners: Sequence[tuple[float, float]], fill=None, stroke=None, width=0.3, dash=None) -> None: ...

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3) -> None: ...

    def line(self, x1, y1, x2, y2, stroke, width=0.3, dash=None) -> None: ...

    def text(
        self, x, y, words: str, size: float, fill: str, style: str = "regular", anchor: str = "start"
    ) -> float: ...

    def fit_text(
        self, x, y, words: str, size: float, width: float, fill: str, style: str = "regular", anchor: str = "start"
    ) -> None: ...


class SetupCanvas(Protocol):
    """The setup sheet as an engine sees it: the page, where the table goes, the game's words,
    colours and pieces, and a card drawn in small."""

    @property
    def game(self) -> Game: ...

    @property
    def rules(self) -> Any:
        """The engine's rule parameters (pnp.game.params.rule_params)."""
        ...

    @property
    def pieces(self) -> Mapping[str, Piece]:
        """Piece id → piece."""
        ...

    @property
    def table(self) -> tuple[float, float, float, float]:
        """x, y, width, height in mm of the table picture."""
        ...

    @property
    def page(self) -> SetupPage: ...

    @property
    def colours(self) -> Mapping[str, str]: ...

    @property
    def ink(self) -> str: ...

    @property
    def paper(self) -> str: ...

    @property
    def t(self) -> Translator:
        """Every word in the game's language."""
        ...

    def label(self, piece_id: str | None) -> tuple[str, str, str]:
        """(text, fill, text colour) for a card drawn in small."""
        ...

    def small_card(self, x: float, y: float, size: float, piece_id: str | None) -> None: ...
