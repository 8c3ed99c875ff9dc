"""Card templates: declarative JSON layouts (templates/<game>/<name>.json), checked and frozen.

A template places elements in mm on the trim box (0,0)-(W,H) of a card. Strings may hold `{field}`
placeholders filled from the card (see `Formatted`); colours are references resolved against the
game's theme (see `resolve_colour`). docs/templates.md is the reference for the format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from pnp.core.errors import PnpError, Problem, SpecError
from pnp.core.jsonsrc import Source, read_json
from pnp.core.locate import bundled_root, first_file
from pnp.face.art import ART_NAME, ArtError, find_art, load_art
from pnp.face.raster import RasterError, find_image, is_raster_name, load_raster
from pnp.game.model import Game, Theme
from pnp.spec.load import schema_problems

BUILTIN_FIELDS = ("game.title", "card.id", "card.kind", "terrain.name", "terrain.symbol")
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_FIELD_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}\Z")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}\Z")


class TemplateError(PnpError):
    """A template cannot be drawn for a card (missing field, unknown colour or art)."""


# --- {field} strings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    """A `{name}` placeholder."""

    name: str


@dataclass(frozen=True)
class Formatted:
    """A string with `{field}` placeholders, parsed once. Only plain names: no attribute access,
    no indexing, no format specs; `{{` and `}}` are literal braces."""

    source: str
    parts: tuple[str | Ref, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parts if isinstance(p, Ref))

    @property
    def is_static(self) -> bool:
        return not self.names

    def format(self, fields: Mapping[str, Any], where: str) -> str:
        out = []
        for part in self.parts:
            out.append(part if isinstance(part, str) else field_text(fields, part.name, where))
        return "".join(out)


def parse_formatted(source: str) -> Formatted:
    """Parse `{name}` placeholders; raises ValueError with a sentence for a malformed one."""
    parts: list[str | Ref] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(source):
        parts.append(source[pos : m.start()])
        token = m.group(0)
        if token in ("{{", "}}"):
            parts.append(token[0])
        elif m.group(1) is None:
            raise ValueError(f"unmatched {token!r} in {source!r}: write {token * 2!r} for a literal brace")
        elif _FIELD_NAME.match(m.group(1)) or m.group(1) in BUILTIN_FIELDS:
            parts.append(Ref(m.group(1)))
        else:
            raise ValueError(
                f"{{{m.group(1)}}} in {source!r} is not a field name: use {{name}} with lower-case letters, "
                f"digits and '_', or one of {', '.join('{' + b + '}' for b in BUILTIN_FIELDS)}"
            )
        pos = m.end()
    parts.append(source[pos:])
    return Formatted(source, tuple(p for p in parts if p != ""))


def field_text(fields: Mapping[str, Any], name: str, where: str) -> str:
    value = field_value(fields, name, where)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def field_value(fields: Mapping[str, Any], name: str, where: str) -> Any:
    if name not in fields:
        known = ", ".join(sorted(k for k in fields if "." not in k)) or "none"
        raise TemplateError(f"{where} uses the field {name!r}, which this card does not have (its fields: {known}).")
    return fields[name]


# --- colours --------------------------------------------------------------------------------------


def resolve_colour(reference: str, theme: Theme) -> str | None:
    """'ink' → theme colour; '#1f2a38' → itself; 'none' → None; 'terrain.green.fill' → theme.terrain.

    Raises ValueError with a sentence naming what exists.
    """
    if reference == "none":
        return None
    if reference.startswith("#"):
        if _HEX.match(reference):
            return reference.lower()
        raise ValueError(f"{reference!r} is not a colour: write '#rrggbb'")
    if reference.startswith("terrain."):
        parts = reference.split(".")
        if len(parts) != 3:
            raise ValueError(f"{reference!r} is not a terrain colour: write 'terrain.<key>.<attribute>'")
        terrain = theme.terrain.get(parts[1])
        if terrain is None:
            raise ValueError(f"no terrain {parts[1]!r} in the theme (terrains: {', '.join(theme.terrain) or 'none'})")
        value = terrain.get(parts[2])
        if not isinstance(value, str) or not _HEX.match(value):
            colours = ", ".join(k for k, v in terrain.items() if isinstance(v, str) and _HEX.match(v))
            raise ValueError(f"terrain {parts[1]!r} has no colour {parts[2]!r} (it has: {colours})")
        return value.lower()
    if reference in theme.colours:
        return theme.colours[reference].lower()
    raise ValueError(
        f"unknown colour {reference!r}: use a theme colour ({', '.join(theme.colours)}), "
        f"'#rrggbb', 'none' or 'terrain.<key>.<attribute>'"
    )


# --- the template model ---------------------------------------------------------------------------

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class When:
    field: str
    test: str  # "equals" | "in" | "not_in" | "exists"
    value: Any


@dataclass(frozen=True, kw_only=True)
class Element:
    id: str  # unique within the template: given or "e<index path>"
    where: str  # "file:line:col: $.elements[3]" for messages
    when: When | None = None
    rotate: float = 0.0
    pivot: tuple[float, float] | None = None


@dataclass(frozen=True, kw_only=True)
class RectElement(Element):
    box: Box
    fill: Formatted | None
    stroke: Formatted | None
    stroke_width: float
    radius: float


@dataclass(frozen=True, kw_only=True)
class CircleElement(Element):
    centre: tuple[float, float]
    r: float
    fill: Formatted | None
    stroke: Formatted | None
    stroke_width: float


@dataclass(frozen=True, kw_only=True)
class ArtElement(Element):
    name: Formatted  # art/<name>.svg, or an image file (with its extension)
    box: Box
    fit: str  # "contain" | "cover" | "stretch"
    anchor: str = "centre"  # what `cover` keeps in view


@dataclass(frozen=True, kw_only=True)
class TextStyle:
    size_pt: float
    min_size_pt: float | None
    style: str  # text.STYLES
    align: str
    valign: str
    line_height: float
    fill: Formatted


@dataclass(frozen=True, kw_only=True)
class TextElement(Element):
    text: Formatted
    box: Box
    look: TextStyle
    wrap: bool
    underline: bool | When
    upper: bool = False  # "case": "upper": printed in capitals after translation (MEADOW, PRATO)


@dataclass(frozen=True, kw_only=True)
class LinesElement(Element):
    field: str
    box: Box
    look: TextStyle
    paragraph_gap: float
    bullet: str


@dataclass(frozen=True, kw_only=True)
class GroupElement(Element):
    elements: tuple[Element, ...]


@dataclass(frozen=True)
class Background:
    fill: Formatted | None
    art: Formatted | None
    where: str


@dataclass(frozen=True)
class Template:
    name: str
    file: str  # as shown to users
    width: float
    height: float
    background: Background | None
    elements: tuple[Element, ...] = field(default=())
    art_dirs: tuple[Path, ...] = ()  # art/ folders searched in order
    image_dirs: tuple[Path, ...] = ()  # where image files are looked up: the spec's folder, then art_dirs


# --- loading --------------------------------------------------------------------------------------


def load_template(game: Game, name: str) -> Template:
    """Find templates/<dir>/<name>.json in game.template_dirs (first wins), check and freeze it.

    Raises SpecError (every problem with file:line:col and JSON path) or TemplateError.
    """
    path = find_template(game.template_dirs, name)
    source = read_json(path)
    problems = _schema_problems(source)
    if problems:
        raise SpecError(problems)
    builder = _Builder(source, game)
    template = builder.template(name)
    if builder.problems:
        raise SpecError(builder.problems)
    return template


def find_template(template_dirs: tuple[Path, ...], name: str) -> Path:
    if not ART_NAME.match(name):
        raise TemplateError(f"{name!r} is not a template name (lower-case letters, digits and '-').")
    found = first_file(template_dirs, f"{name}.json")
    if found is not None:
        return found
    looked = ", ".join(str(d) for d in template_dirs) or "no template folders"
    raise TemplateError(f"template {name!r} not found (looked for {name}.json in {looked}).")


@lru_cache(maxsize=1)
def template_validator() -> Draft202012Validator:
    """The bundled template schema's validator (that the schema is valid is a test, not a check
    on every run; see tests/test_template.py)."""
    path = bundled_root() / "templates" / "schema" / "template.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def _schema_problems(source: Source) -> list[Problem]:

    errors = template_validator().iter_errors(source.data)
    return [source.problem(path, message) for path, message in schema_problems(errors)]


class _Builder:
    """Turns checked template data into frozen elements, collecting semantic problems."""

    def __init__(self, source: Source, game: Game):
        self.source = source
        self.game = game
        self.problems: list[Problem] = []
        self.art_dirs = tuple(d / "art" for d in game.template_dirs)
        self.image_dirs = (Path(game.spec_file).parent, *self.art_dirs)
        self.ids: set[str] = set()

    def template(self, name: str) -> Template:
        data = self.source.data
        background = None
        if "background" in data:
            bg = data["background"]
            background = Background(
                self.colour(bg, ["background"], "fill"),
                self.art_name(bg, ["background"], "art") if "art" in bg else None,
                self.where(["background"]),
            )
        elements = self.elements(data["elements"], ["elements"])
        width, height = data["size"]
        return Template(
            name, self.source.file, float(width), float(height), background, elements, self.art_dirs, self.image_dirs
        )

    def where(self, path: list) -> str:
        problem = self.source.problem(path, "")
        return f"{problem.file}:{problem.line}:{problem.col}: {problem.path}"

    def fail(self, path: list, message: str) -> None:
        self.problems.append(self.source.problem(path, message))

    def elements(self, items: list, path: list) -> tuple[Element, ...]:
        return tuple(self.element(item, path + [i]) for i, item in enumerate(items))

    def element(self, data: dict, path: list) -> Element:
        kind = data["type"]
        common = self.common(data, path)
        if kind == "rect":
            return RectElement(
                **common,
                box=tuple(data["box"]),
                fill=self.colour(data, path, "fill"),
                stroke=self.colour(data, path, "stroke"),
                stroke_width=float(data.get("stroke_width", 0.3)),
                radius=float(data.get("radius", 0)),
            )
        if kind == "circle":
            return CircleElement(
                **common,
                centre=tuple(data["centre"]),
                r=float(data["r"]),
                fill=self.colour(data, path, "fill"),
                stroke=self.colour(data, path, "stroke"),
                stroke_width=float(data.get("stroke_width", 0.3)),
            )
        if kind == "art":
            return ArtElement(
                **common,
                name=self.art_name(data, path, "name"),
                box=tuple(data["box"]),
                fit=data.get("fit", "contain"),
                anchor=data.get("anchor", "centre"),
            )
        if kind == "text":
            return TextElement(
                **common,
                text=self.formatted(data, path, "text"),
                box=tuple(data["box"]),
                look=self.look(data, path),
                wrap=data.get("wrap", True),
                underline=self.when(u) if isinstance(u := data.get("underline", False), dict) else u,
                upper=data.get("case") == "upper",
            )
        if kind == "lines":
            return LinesElement(
                **common,
                field=data["field"],
                box=tuple(data["box"]),
                look=self.look(data, path),
                paragraph_gap=float(data.get("paragraph_gap", 0.4)),
                bullet=data.get("bullet", ""),
            )
        return GroupElement(**common, elements=self.elements(data["elements"], path + ["elements"]))

    def common(self, data: dict, path: list) -> dict:
        element_id = data.get("id") or "e" + "-".join(str(p) for p in path if isinstance(p, int))
        if element_id in self.ids:
            self.fail(path + ["id"], f"the id {element_id!r} is used twice in this template; ids must be unique")
        self.ids.add(element_id)
        when = None
        if "when" in data:
            when = self.when(data["when"])
        pivot = tuple(data["pivot"]) if "pivot" in data else None
        return {
            "id": element_id,
            "where": self.where(path),
            "when": when,
            "rotate": float(data.get("rotate", 0.0)),
            "pivot": pivot,
        }

    @staticmethod
    def when(data: dict) -> When:
        test = next(k for k in ("equals", "in", "not_in", "exists") if k in data)  # the schema allows one
        value = tuple(data[test]) if isinstance(data[test], list) else data[test]
        return When(data["field"], test, value)

    def look(self, data: dict, path: list) -> TextStyle:
        size = float(data["size_pt"])
        smallest = data.get("min_size_pt")
        if smallest is not None and smallest > size:
            self.fail(path + ["min_size_pt"], f"min_size_pt {smallest:g} is larger than size_pt {size:g}")
        style = (
            ("bold" if data.get("weight") == "bold" else "regular")
            if not data.get("italic")
            else ("bold-italic" if data.get("weight") == "bold" else "italic")
        )
        fill = self.colour(data, path, "fill") or parse_formatted(
            "ink" if "ink" in self.game.theme.colours else "#000000"
        )
        return TextStyle(
            size_pt=size,
            min_size_pt=smallest,
            style=style,
            align=data.get("align", "left"),
            valign=data.get("valign", "top"),
            line_height=float(data.get("line_height", 1.2)),
            fill=fill,
        )

    def formatted(self, data: dict, path: list, key: str) -> Formatted:
        try:
            return parse_formatted(data[key])
        except ValueError as exc:
            self.fail(path + [key], str(exc))
            return Formatted(data[key], (data[key],))

    def colour(self, data: dict, path: list, key: str) -> Formatted | None:
        if key not in data:
            return None
        value = self.formatted(data, path, key)
        if value.is_static:
            try:
                resolve_colour(value.source, self.game.theme)
            except ValueError as exc:
                self.fail(path + [key], str(exc))
        return value

    def art_name(self, data: dict, path: list, key: str) -> Formatted:
        value = self.formatted(data, path, key)
        if value.is_static:
            try:
                if is_raster_name(value.source):
                    load_raster(find_image(self.image_dirs, value.source))
                else:
                    load_art(find_art(self.art_dirs, value.source))
            except (ArtError, RasterError) as exc:
                self.fail(path + [key], str(exc))
        return value
