"""Every distinct face of a game as SVG: one front per card, each back once, sorted by id."""

from __future__ import annotations

from typing import Mapping

from .layout import layout_card
from .model import Card, Face, Game
from .render import render_svg
from .template import Template, TemplateError, load_template


def render_faces(game: Game, cached: Mapping[str, Face] | None = None) -> tuple[Face, ...]:
    """Fronts (Card.front_face_id) and backs (Card.back_face_id; a shared back is drawn once,
    from the first card that uses it, with no card fields), sorted by face id.

    Faces found in `cached` (an incremental build's unchanged faces) are taken from there."""
    cached = cached or {}
    templates: dict[str, Template] = {}

    def template(name: str) -> Template:
        if name not in templates:
            templates[name] = load_template(game, name)
        return templates[name]

    faces: dict[str, Face] = {}
    back_owner: dict[str, Card] = {}
    for card in game.cards:
        front = cached.get(card.front_face_id)
        faces[card.front_face_id] = front or _face(card, template(card.template), game, "front")
        owner = back_owner.setdefault(card.back_face_id, card)
        if owner is card:
            back = cached.get(card.back_face_id)
            faces[card.back_face_id] = back or _face(card, template(card.back.template), game, "back")
        elif (owner.size.width, owner.size.height, owner.size.bleed) != (card.size.width, card.size.height, card.size.bleed):
            raise TemplateError(
                f"{owner.id} and {card.id} share the back {card.back.template!r} but differ in size or bleed; "
                f"give one of them its own back template."
            )
    return tuple(faces[key] for key in sorted(faces))


def _face(card: Card, template: Template, game: Game, side: str) -> Face:
    layout = layout_card(card, template, game, side)
    return Face(
        id=layout.face_id, svg=render_svg(layout), width=layout.width, height=layout.height,
        bleed=layout.bleed, shape=layout.shape,
    )
