"""Layout: a template and a card's fields → positioned elements in mm (no I/O beyond cached art)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pnp.core.affine import IDENTITY, Matrix, multiply
from pnp.core.affine import apply as apply_point
from pnp.core.i18n import translator
from pnp.face import text, textset
from pnp.face.art import Art, ArtError, find_art, load_art
from pnp.face.editorsvg import EDITOR_ART_DPI, EditorArt, EditorArtError, draw_editor_art
from pnp.face.raster import Raster, RasterError, find_image, is_raster_name, load_raster
from pnp.face.template import (
    ArtElement,
    CircleElement,
    Element,
    Formatted,
    GroupElement,
    LinesElement,
    RectElement,
    Template,
    TemplateError,
    TextElement,
    TextStyle,
    When,
    field_value,
    resolve_colour,
)
from pnp.game.model import Card, Game, Shape

Rotation = tuple[float, float, float]  # degrees clockwise, pivot x, pivot y


@dataclass(frozen=True)
class RectItem:
    id: str
    x: float
    y: float
    width: float
    height: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    rotate: Rotation | None = None


@dataclass(frozen=True)
class CircleItem:
    id: str
    cx: float
    cy: float
    r: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0
    rotate: Rotation | None = None


@dataclass(frozen=True)
class ArtItem:
    id: str
    art: Art
    placement: Matrix  # art viewBox units → face mm
    rotate: Rotation | None = None
    clip: tuple[float, float, float, float] | None = None  # "cover": the box (face mm) the art is cut to


@dataclass(frozen=True)
class ImageItem:
    """A raster image drawn into the box (face mm) as `fit` says: "contain" (all of it, centred),
    "cover" (filling the box, cropped; `anchor` says which part stays) or "stretch"."""

    id: str
    raster: Raster
    box: tuple[float, float, float, float]  # x, y, width, height in face mm
    fit: str
    anchor: str = "centre"
    rotate: Rotation | None = None


@dataclass(frozen=True)
class TextItem:
    id: str
    fill: str | None  # None: the colour "none"
    size: float  # mm (em size)
    lines: tuple[textset.SetLine, ...]  # baselines in face mm
    rotate: Rotation | None = None
    underlines: tuple[tuple[float, float, float, float], ...] = ()  # x, y, width, height in face mm


@dataclass(frozen=True)
class GroupItem:
    id: str
    items: tuple[Item, ...]
    rotate: Rotation | None = None
    scale: float | None = None  # uniform scale about the trim's top-left corner


Item = RectItem | CircleItem | ArtItem | ImageItem | TextItem | GroupItem


@dataclass(frozen=True)
class Layout:
    """One face ready to draw: trim size and bleed in mm, items in drawing order."""

    face_id: str
    width: float
    height: float
    bleed: float
    shape: Shape
    items: tuple[Item, ...]


def item_key(item: Item, face_id: str) -> tuple:
    """What decides how an item looks, its id less the face's id: the same key, the same drawing
    on any face (ids draw nothing; inside an item they name its art's clip paths). The painter
    keeps an item's operators, and the export layers find the items faces share, by it."""
    own = item.id[len(face_id) :] if item.id.startswith(face_id) else item.id
    if isinstance(item, GroupItem):
        return (GroupItem, own, item.rotate, item.scale, tuple(item_key(child, face_id) for child in item.items))
    return (type(item), own, *tuple(item.__dict__.values())[1:])


def card_fields(card: Card, game: Game, side: str = "front") -> dict[str, Any]:
    """The fields a template may use: the card's own (not on a shared back) plus the built-ins
    game.title, card.id, card.kind, and terrain.name / terrain.symbol when the card's `colour`
    field names a terrain of the theme."""
    fields: dict[str, Any] = {"game.title": translator(game.language).gettext(game.title)}
    if side == "front" or card.back.per_card:
        fields.update(card.fields)
        fields.update({"card.id": card.id, "card.kind": card.kind})
        colour = str(card.fields.get("colour"))
        terrain = game.theme.terrain.get(colour)
        if terrain is not None:  # a card whose colour names a theme terrain, named in the game's language
            fields.update(
                {"terrain.name": game.theme.terrain_name(colour, game.language), "terrain.symbol": terrain["symbol"]}
            )
    return fields


def layout_card(
    card: Card,
    template: Template,
    game: Game,
    side: str = "front",
    arts: dict[tuple, Art | EditorArt | Raster] | None = None,
) -> Layout:
    """Place every element of `template` for one side of `card`. Raises TemplateError.

    `arts`: art files already found, checked and read during this drawing, by (art folders, name),
    filled as they are found. A deck's faces look the same art up hundreds of times, and each
    look-up cost ~0.2 ms of stats and path checks (a third of drawing an island face, warm); without
    it every look-up goes to the files again."""
    face_id = card.front_face_id if side == "front" else card.back_face_id
    size = card.size
    if game.theme.font != text.FAMILY:
        raise TemplateError(f"the theme font {game.theme.font!r} is not bundled; use {text.FAMILY!r}.")
    scale = template_scale(card, template)
    drawn = (
        card
        if scale == 1.0
        else replace(
            card,
            size=replace(
                size,
                width=template.width,
                height=template.height,
                bleed=size.bleed / scale,
                safe=size.safe / scale,
                radius=size.radius / scale,
            ),
        )
    )
    context = _Context(drawn, template, game, card_fields(card, game, side), face_id, arts)
    items = context.background() + context.items(template.elements, IDENTITY)
    if scale != 1.0:
        items = (GroupItem(f"{face_id}-scaled", items, scale=scale),)
    return Layout(face_id, size.width, size.height, size.bleed, card.shape, items)


def template_scale(card: Card, template: Template) -> float:
    """1.0 when the card has the template's size; a uniform scale when only the size differs
    (a variant with bigger cards); an error when the proportions differ."""
    size = card.size
    if abs(size.width - template.width) <= 0.01 and abs(size.height - template.height) <= 0.01:
        return 1.0
    scale = size.width / template.width
    if abs(size.height - template.height * scale) > 0.01 * size.height:
        raise TemplateError(
            f"{template.file}: template {template.name!r} is drawn for {template.width:g} × {template.height:g} mm "
            f"cards, but {card.id} is {size.width:g} × {size.height:g} mm; a template scales to other sizes of the "
            "same proportions only, so make a template for that shape."
        )
    return scale


class FaceError(TemplateError):
    """One element of a template cannot be drawn for one face: where in the template, which
    card or face, and why (`pnp validate` places it at the card's line in the spec)."""

    def __init__(self, where: str, label: str, reason: str):
        self.where, self.label, self.reason = where, label, reason
        super().__init__(f"{where}: {label}: {reason}")


class _Context:
    def __init__(
        self,
        card: Card,
        template: Template,
        game: Game,
        fields: Mapping[str, Any],
        face_id: str,
        arts: dict[tuple, Art | EditorArt | Raster] | None = None,
    ):
        self.card, self.template, self.game, self.fields, self.face_id = card, template, game, fields, face_id
        self.label = f"card {card.id}" if face_id == card.front_face_id else f"face {face_id}"
        self.arts = arts

    def fail(self, where: str, message: str) -> TemplateError:
        return FaceError(where, self.label, message)

    def colour(self, value: Formatted | None, where: str) -> str | None:
        if value is None:
            return None
        reference = value.format(self.fields, where)
        try:
            return resolve_colour(reference, self.game.theme)
        except ValueError as exc:
            raise self.fail(where, str(exc)) from None

    def art(self, name: Formatted, where: str) -> Art | EditorArt | Raster:
        wanted = name.format(self.fields, where)
        key = (self.template.art_dirs, wanted)
        found = self.arts.get(key) if self.arts is not None else None
        if found is None:
            try:
                if is_raster_name(wanted):
                    found = load_raster(find_image(self.template.image_dirs, wanted))
                else:
                    found = load_art(find_art(self.template.art_dirs, wanted))
            except (ArtError, RasterError) as exc:
                raise self.fail(where, str(exc).rstrip(".")) from None
            if self.arts is not None:
                self.arts[key] = found
        return found

    def drawn(self, art: EditorArt, box: tuple[float, float, float, float], fit: str, where: str) -> Raster:
        """Editor art drawn by resvg at EDITOR_ART_DPI at the size it is printed in `box`."""
        sx, _, _, sy, _, _ = placement(box, art.viewbox, fit)
        _, _, vw, vh = art.viewbox
        density = max(abs(sx), abs(sy)) / 25.4 * EDITOR_ART_DPI  # pixels per viewBox unit
        try:
            return draw_editor_art(art, round(vw * density), round(vh * density))
        except EditorArtError as exc:
            raise self.fail(where, str(exc).rstrip(".")) from None

    def background(self) -> tuple[Item, ...]:
        bg = self.template.background
        if bg is None:
            return ()
        b, size = self.card.size.bleed, self.card.size
        box = (-b, -b, size.width + 2 * b, size.height + 2 * b)
        items: list[Item] = []
        if bg.fill is not None:
            items.append(RectItem(f"{self.face_id}-background", *box, fill=self.colour(bg.fill, bg.where)))
        if bg.art is not None:
            art = self.art(bg.art, bg.where)
            art_id = f"{self.face_id}-background-art"
            if isinstance(art, Raster):
                items.append(ImageItem(art_id, art, box, "cover"))
            elif isinstance(art, EditorArt):
                items.append(ImageItem(art_id, self.drawn(art, box, "contain", bg.where), box, "contain"))
            else:
                items.append(ArtItem(art_id, art, placement(box, art.viewbox, "contain")))
        return tuple(items)

    def items(self, elements: tuple[Element, ...], outer: Matrix) -> tuple[Item, ...]:
        out = []
        for element in elements:
            if element.when is not None and not self.holds(element.when, element.where):
                continue
            rotation = self.rotation(element)
            matrix = multiply(outer, _rotation_matrix(rotation)) if rotation else outer
            out.append(self.item(element, rotation, matrix))
        return tuple(out)

    def holds(self, when: When, where: str) -> bool:
        if when.test == "exists":
            return (when.field in self.fields) == when.value
        value = field_value(self.fields, when.field, f"{where}: the condition")
        if when.test == "equals":
            return value == when.value
        return (value in when.value) == (when.test == "in")

    def rotation(self, element: Element) -> Rotation | None:
        if not element.rotate:
            return None
        if element.pivot is not None:
            return (element.rotate, *element.pivot)
        if isinstance(element, CircleElement):
            return (element.rotate, *element.centre)
        if isinstance(element, GroupElement):
            return (element.rotate, self.card.size.width / 2, self.card.size.height / 2)
        if not isinstance(element, (RectElement, ArtElement, TextElement, LinesElement)):
            raise TypeError(f"{element.where}: no rotation for {type(element).__name__}")
        x, y, w, h = element.box
        return (element.rotate, x + w / 2, y + h / 2)

    def item(self, element: Element, rotation: Rotation | None, matrix: Matrix) -> Item:
        item_id = f"{self.face_id}-{element.id}"
        where = element.where
        if isinstance(element, RectElement):
            return RectItem(
                item_id,
                *element.box,
                fill=self.colour(element.fill, where),
                stroke=self.colour(element.stroke, where),
                stroke_width=element.stroke_width,
                radius=element.radius,
                rotate=rotation,
            )
        if isinstance(element, CircleElement):
            return CircleItem(
                item_id,
                *element.centre,
                element.r,
                fill=self.colour(element.fill, where),
                stroke=self.colour(element.stroke, where),
                stroke_width=element.stroke_width,
                rotate=rotation,
            )
        if isinstance(element, ArtElement):
            art = self.art(element.name, where)
            if isinstance(art, Raster):
                return ImageItem(item_id, art, element.box, element.fit, element.anchor, rotation)
            if isinstance(art, EditorArt):
                raster = self.drawn(art, element.box, element.fit, where)
                return ImageItem(item_id, raster, element.box, element.fit, element.anchor, rotation)
            matrix = placement(element.box, art.viewbox, element.fit, element.anchor)
            return ArtItem(item_id, art, matrix, rotation, element.box if element.fit == "cover" else None)
        if isinstance(element, GroupElement):
            return GroupItem(item_id, self.items(element.elements, matrix), rotation)
        if not isinstance(element, (TextElement, LinesElement)):
            raise TypeError(f"{where}: no layout for {type(element).__name__}")
        self.check_safe(element, matrix)
        if isinstance(element, TextElement):
            content = element.text.format(self.fields, where)
            if element.text.is_static:  # the template's own words, from the game's catalogue
                content = translator(self.game.language).gettext(content)
            if element.upper:
                content = content.upper()
            item = self.text_item(item_id, element, (content,), element.look, rotation, wrap=element.wrap)
            mark = element.underline if isinstance(element.underline, bool) else self.holds(element.underline, where)
            if mark:
                item = replace(item, underlines=tuple(text.underline(line, item.size) for line in item.lines))
            return item
        return self.text_item(
            item_id,
            element,
            self.paragraphs(element),
            element.look,
            rotation,
            gap=element.paragraph_gap,
            bullet=element.bullet,
        )

    def paragraphs(self, element: LinesElement) -> tuple[str, ...]:
        value = field_value(self.fields, element.field, element.where)
        if not isinstance(value, (list, tuple)):
            raise self.fail(element.where, f"the field {element.field!r} must be a list of lines, got {value!r}")
        return tuple(str(v) for v in value)

    def text_item(self, item_id, element, paragraphs, look: TextStyle, rotation, wrap=True, gap=0.0, bullet=""):
        x, y, w, h = element.box
        spec = textset.Spec(
            style=look.style,
            size=look.size_pt * text.PT,
            min_size=look.min_size_pt * text.PT if look.min_size_pt else None,
            line_height=look.line_height,
            align=look.align,
            valign=look.valign,
            paragraph_gap=gap,
            bullet=bullet,
            wrap=wrap,
        )
        try:
            setting = textset.set_text(paragraphs, spec, w, h)
        except text.TextError as exc:
            raise self.fail(element.where, str(exc)) from None
        lines = tuple(
            textset.SetLine(x + line.x, y + line.y, line.text, line.style) for line in setting.bullets + setting.lines
        )
        return TextItem(item_id, self.colour(look.fill, element.where), setting.size, lines, rotation)

    def check_safe(self, element: TextElement | LinesElement, matrix: Matrix) -> None:
        """Text boxes (after every rotation) must stay inside the safe zone."""
        x, y, w, h = element.box
        corners = [apply_point(matrix, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        safe, size = self.card.size.safe, self.card.size
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        if (
            min(xs) < safe - 0.01
            or min(ys) < safe - 0.01
            or max(xs) > size.width - safe + 0.01
            or max(ys) > size.height - safe + 0.01
        ):
            raise self.fail(
                element.where,
                (
                    f"the text box reaches ({min(xs):.1f}, {min(ys):.1f})–({max(xs):.1f}, {max(ys):.1f}) mm, outside "
                    f"the safe zone {safe:g} mm inside the trim ({size.width:g} × {size.height:g} mm)"
                ),
            )


ANCHORS = {  # where in the box the art is put: the share of the room left (or spilled) on the left and on top
    "centre": (0.5, 0.5),
    "top": (0.5, 0.0),
    "bottom": (0.5, 1.0),
    "left": (0.0, 0.5),
    "right": (1.0, 0.5),
    "top-left": (0.0, 0.0),
    "top-right": (1.0, 0.0),
    "bottom-left": (0.0, 1.0),
    "bottom-right": (1.0, 1.0),
}


def placement(box: tuple[float, float, float, float], viewbox, fit: str, anchor: str = "centre") -> Matrix:
    """The matrix that maps an art viewBox into a box: 'contain' (uniform, all of it in the box),
    'cover' (uniform, filling the box; what spills out is cut off by the item's clip) or
    'stretch'; `anchor` places it as SVG's preserveAspectRatio does a picture (xMinYMin …)."""
    x, y, w, h = box
    vx, vy, vw, vh = viewbox
    sx, sy = w / vw, h / vh
    if fit in ("contain", "cover"):
        sx = sy = min(sx, sy) if fit == "contain" else max(sx, sy)
    fx, fy = ANCHORS[anchor]
    return (sx, 0.0, 0.0, sy, x + (w - vw * sx) * fx - vx * sx, y + (h - vh * sy) * fy - vy * sy)


def _rotation_matrix(rotation: Rotation) -> Matrix:
    angle, px, py = rotation
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return (c, s, -s, c, px - c * px + s * py, py - s * px - c * py)
