"""Every distinct face of a game as SVG: one front per card, each back once, sorted by id."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from pnp.core import pool
from pnp.face.inksaver import saver_layout
from pnp.face.layout import layout_card
from pnp.face.raster import is_raster_name
from pnp.face.template import ArtElement, GroupElement, Template, TemplateError, load_template
from pnp.game.model import Card, Face, Game

T = TypeVar("T")


@dataclass(frozen=True)
class After(Generic[T]):
    """Work on the faces just drawn, done where they were drawn (a worker's part of them), and what
    this process does with each part's result (e.g. the PDF painter walking them: pnp/pdf/paint.py)."""

    run: Callable[[list[Face]], T]
    keep: Callable[[T], None]


def render_faces(
    game: Game,
    cached: Mapping[str, Face] | None = None,
    jobs: int | None = None,
    meanwhile: Callable[[], object] | None = None,
    after: After[Any] | None = None,
) -> tuple[Face, ...]:
    """Fronts (Card.front_face_id) and backs (Card.back_face_id; a shared back is drawn once,
    from the first card that uses it, with no card fields), sorted by face id.

    Faces found in `cached` (an incremental build's unchanged faces) are taken from there. A big
    deck's faces are drawn in parts on `jobs` worker processes (None: every core; see
    pnp.core.pool), with the same result; `meanwhile` is work this process does while they draw,
    `after` work on each part's faces where it was drawn (not on the cached ones)."""
    cached = cached or {}
    templates: dict[str, Template] = {}
    faces: dict[str, Face] = {}
    todo: list[tuple[Card, str, str]] = []  # (card, side, template name) of each face to draw
    back_owner: dict[str, Card] = {}
    for card in game.cards:
        if card.front_face_id in cached:
            faces[card.front_face_id] = cached[card.front_face_id]
        else:
            todo.append((card, "front", card.template))
        owner = back_owner.setdefault(card.back_face_id, card)
        if owner is card:
            if card.back_face_id in cached:
                faces[card.back_face_id] = cached[card.back_face_id]
            else:
                todo.append((card, "back", card.back.template))
        elif (owner.size.width, owner.size.height, owner.size.bleed) != (
            card.size.width,
            card.size.height,
            card.size.bleed,
        ):
            raise TemplateError(
                f"{owner.id} and {card.id} share the back {card.back.template!r} but differ in size or bleed; "
                f"give one of them its own back template."
            )
    for _, _, name in todo:  # loaded (and checked) before the work is shared out
        if name not in templates:
            templates[name] = load_template(game, name)
    if todo:  # svgwrite (through pnp.svg.face, see _face) imported once here, not again in each worker
        import pnp.svg.face  # noqa: F401
    if len(todo) >= PICTURE_FACES and any(_draws_pictures(template) for template in templates.values()):
        count = pool.parts(len(todo), jobs, PICTURE_FACES)  # a picture costs what ~100 vector faces do
    else:
        count = pool.parts(len(todo), jobs, FACES_PER_PART) if len(todo) >= PARALLEL_FACES else 1
    run = after.run if after else None
    tasks = [partial(_draw, part, templates, game, run) for part in pool.split(_costly_first(todo), count)]
    for part, result in pool.run(tasks, jobs, meanwhile):
        faces.update((face.id, face) for face in part)
        if after and result is not None:
            after.keep(result)
    return tuple(faces[key] for key in sorted(faces))


PARALLEL_FACES = 300  # fewer are drawn in one process (a pool would cost more)
# A big deck's faces go out in parts of at least this many, up to four parts a worker (pool.parts): a
# worker that is done takes the next part, so the workers finish together. With one part a worker,
# the 500-card benchmark's two workers finished 0.1-0.23 s apart (measured).
FACES_PER_PART = 50
PICTURE_FACES = 8  # faces of templates with pictures: shared out from this many, in parts of at least this many


def _draws_pictures(template: Template) -> bool:
    """Whether the template places image files (decoded, resized and encoded for the PDF where the
    faces are drawn: tens of milliseconds each)."""
    background = template.background
    if background is not None and background.art is not None and _may_be_picture(background.art.source):
        return True
    return _places_pictures(template.elements)


def _may_be_picture(name: str) -> bool:
    """An image file's name, or a name that is a card field alone ("{photo}": a field naming a
    file); SVG art is named without its extension ("island-{decade}")."""
    return is_raster_name(name) or (name.startswith("{") and name.endswith("}") and name.count("{") == 1)


def _places_pictures(elements) -> bool:
    for element in elements:
        if isinstance(element, ArtElement) and _may_be_picture(element.name.source):
            return True
        if isinstance(element, GroupElement) and _places_pictures(element.elements):
            return True
    return False


def _costly_first(todo: list[tuple[Card, str, str]]) -> list[tuple[Card, str, str]]:
    """The faces in the order they are shared out: those of the rarest templates first, in card
    order within a template. A face of a template drawn once costs 10-40 ms (its text set and its
    art walked from cold), one of a template drawn hundreds of times ~1 ms (measured: a 500-island
    deck's 8 other faces took 0.16 s, its 500 islands 0.55 s). Started first, the costly part
    does not keep one worker busy after the other is done; the faces are the same in any order."""
    uses = Counter(name for _, _, name in todo)
    return [item for _, item in sorted(enumerate(todo), key=lambda pair: (uses[pair[1][2]], pair[0]))]


def _draw(
    todo: Sequence[tuple[Card, str, str]],
    templates: dict[str, Template],
    game: Game,
    after: Callable[[list[Face]], object] | None = None,
) -> tuple[list[Face], object]:
    arts: dict = {}  # the art this part's faces use, found and read once (layout_card)
    faces = [_face(card, templates[name], game, side, arts) for card, side, name in todo]
    return faces, after(faces) if after and faces else None


def _face(card: Card, template: Template, game: Game, side: str, arts: dict | None = None) -> Face:
    # lazy: -40 to -110 ms on a build with every face cached (docs/decisions.md "Plumbing only where it pays")
    from pnp.svg.face import render_svg

    layout = layout_card(card, template, game, side, arts)
    if game.ink == "saver":
        layout = saver_layout(layout)
    svg = render_svg(layout)
    return Face(
        id=layout.face_id,
        svg=svg,
        width=layout.width,
        height=layout.height,
        bleed=layout.bleed,
        shape=layout.shape,
        layout=layout,
    )
