"""The game model: frozen dataclasses built once from a validated spec. Lengths are mm."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pnp.core.i18n import translator

Shape = str  # "square" | "triangle" | "circle"


def frozen_map(data: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A read-only mapping with nested lists turned into tuples."""
    return MappingProxyType({k: _freeze(v) for k, v in sorted((data or {}).items())})


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return frozen_map(value)
    return value


@dataclass(frozen=True)
class CardSize:
    """A piece's trim size and print margins, in mm."""

    width: float
    height: float
    bleed: float = 3.0
    safe: float = 3.0
    radius: float = 3.0


@dataclass(frozen=True)
class Theme:
    """Look of a game: font family and named colours (hex strings)."""

    font: str
    colours: Mapping[str, str]
    terrain: Mapping[str, Mapping[str, str]] = field(default_factory=frozen_map)

    def terrain_name(self, colour: str, lang: str | None = None) -> str:
        """The printed name of a colour's terrain in `lang`: the spec's own name in that language
        (`names`), else its `name` through the catalogue (the bundled Meadow → Prato; a variant's
        own word prints as written); the colour itself when the theme has no such terrain."""
        terrain = self.terrain.get(colour)
        if terrain is None:
            return colour
        names = terrain.get("names")
        own = names.get(lang or "en") if isinstance(names, Mapping) else None
        return str(own) if own else translator(lang).gettext(str(terrain.get("name", colour)))


@dataclass(frozen=True)
class Back:
    """The back side of a kind: a template, either shared or drawn with each card's fields."""

    template: str
    per_card: bool = False


@dataclass(frozen=True)
class Card:
    """One distinct card face of a kind; `count` physical copies of it are in the game."""

    id: str  # e.g. "island-07", "terrain-green-12"
    kind: str  # CardKind.id
    count: int
    fields: Mapping[str, Any]  # e.g. {"number": 7, "decade": 1}
    template: str
    back: Back
    shape: Shape
    size: CardSize
    module: str | None = None

    @property
    def front_face_id(self) -> str:
        return self.id

    @property
    def back_face_id(self) -> str:
        return f"{self.id}-back" if self.back.per_card else f"back-{self.back.template}"


@dataclass(frozen=True)
class CardKind:
    """A kind of piece (island, start, finish, border, terrain, …) and the cards it expands to."""

    id: str
    name: str
    template: str
    back: Back
    shape: Shape
    size: CardSize
    cards: tuple[Card, ...]
    module: str | None = None

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)


@dataclass(frozen=True)
class Module:
    """An optional expansion module (The Green Path, The Panorama, The Mountain Goats)."""

    id: str
    title: str
    description: str
    rules: Mapping[str, Any]


@dataclass(frozen=True)
class Game:
    """A resolved game or variant: what gets rendered, imposed, set up and simulated."""

    id: str
    title: str
    engine: str  # "tranquility" | "ascent": which rules engine plays it
    spec_file: Path
    template_dirs: tuple[Path, ...]  # searched in order: the variant's own first, then its parents'
    card: CardSize
    theme: Theme
    kinds: tuple[CardKind, ...]
    rules: Mapping[str, Any]  # validated rule parameters (see docs/rules.md)
    modules: tuple[Module, ...] = ()  # the modules included in this build
    available_modules: tuple[Module, ...] = ()
    extends: str | None = None
    description: str = ""
    ink: str = "normal"  # "saver": light grounds and line art (pnp/face/inksaver.py)
    language: str | None = None  # the printed words' language (a shipped catalogue); None: English

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for kind in self.kinds for card in kind.cards)

    @property
    def modules_name(self) -> str:
        """The chosen modules as one part of an output name, the same in every output (sheets,
        exports, setups, simulation logs): '' when every module is chosen (the default, so default
        names stay as they are), 'no-modules' for none, else the chosen ids in the spec's order
        joined by '+' ('panorama+goats'), whatever order they were asked for in."""
        chosen = [m.id for m in self.modules]
        if chosen == [m.id for m in self.available_modules]:
            return ""
        return "+".join(chosen) if chosen else "no-modules"

    def kind(self, kind_id: str) -> CardKind:
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind
        raise KeyError(kind_id)

    def count(self, kind_id: str) -> int:
        """Physical pieces of a kind in this game (0 when the kind is absent)."""
        return sum(k.total for k in self.kinds if k.id == kind_id)


@dataclass(frozen=True)
class Face:
    """One rendered face (a front or a back) as an SVG document.

    The SVG's viewBox is in mm and covers the bleed: "-b -b W+2b H+2b", so the trim box is
    (0, 0)–(W, H) in face coordinates; width/height attributes are W+2b and H+2b in mm.
    """

    id: str  # Card.front_face_id or Card.back_face_id
    svg: str
    width: float  # trim width, mm
    height: float  # trim height, mm
    bleed: float  # mm drawn past the trim on every side
    shape: Shape = "square"
    # The face model the SVG was written from (pnp.face.layout.Layout), when this process or the
    # worker that drew it has it: the PDF painter and the export layers draw from it. None for
    # faces read back from files (an incremental build's unchanged faces) and SVG drawn by hand
    # (the setup sheet), which the painter reads as SVG text.
    layout: Any = field(default=None, compare=False, repr=False)

    @cached_property
    def digest(self) -> bytes:
        """SHA-1 of the SVG text, computed once and kept (pickled with the face): what tells the
        PDF painter two faces of one id apart. A worker forked after it was computed reads it
        without touching the SVG text, so the pages of 5,000 faces' text are not copied into each
        sheets worker (~20 MB each) and not hashed again (90 MB a paper at 5,000 cards)."""
        return hashlib.sha1(self.svg.encode("utf-8")).digest()

    def _repr_svg_(self) -> str:
        """Jupyter and IPython show a face as its picture."""
        return self.svg
