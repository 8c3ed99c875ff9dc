"""The resolution an image prints at: `pnp validate` warns below 200 dpi and refuses below 100.

Each face is laid out as it will print (every module, every back once); each image on it is placed
as its `fit` says (pnp/pdf/image.py, the painter's own arithmetic), and its pixels over the printed
size give the dpi (the lower of across and down). Below WARN_DPI it is a warning naming the file,
the card, the element and the dpi; below REFUSE_DPI an error, unless the spec says
`"low_resolution": "allow"`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pnp.core.errors import PnpError, Problem
from pnp.face.layout import GroupItem, ImageItem, Item, layout_card
from pnp.face.template import Template, load_template
from pnp.pdf.image import placement
from pnp.pipeline.facecheck import card_paths, drawn_faces
from pnp.rules.rulestext import printed_game
from pnp.spec.load import Spec

WARN_DPI = 200.0
REFUSE_DPI = 100.0


@dataclass(frozen=True)
class LowResolution:
    """One image on one face that prints below WARN_DPI."""

    file: str
    card: str
    side: str
    element: str  # the image's id on the face
    box: tuple[float, float]  # the element's box, width × height in mm as printed
    dpi: float

    def sentence(self, refused: bool = False) -> str:
        whose = f"card {self.card}" if self.side == "front" else f"the back of card {self.card}"
        said = f"below {REFUSE_DPI:.0f} dpi it prints blurred" if refused else f"below {WARN_DPI:.0f} dpi it looks soft"
        advice = ', or say "low_resolution": "allow" in the spec' if refused else ""
        box = f"{self.box[0]:g} × {self.box[1]:g} mm"
        return (
            f"{self.file} prints at {self.dpi:.0f} dpi on {whose} ({self.element}, a {box} box): {said}; "
            f"give the image more pixels or a smaller box{advice}"
        )


def low_resolution(spec: Spec) -> list[LowResolution]:
    """Every image on every face of the spec's game that prints below WARN_DPI, once per file and element."""
    game = printed_game(spec)
    templates: dict[str, Template | None] = {}
    arts: dict = {}
    found: dict[tuple[str, str], LowResolution] = {}
    for card, side, name in drawn_faces(game):
        if name not in templates:
            try:
                templates[name] = load_template(game, name)
            except PnpError:
                templates[name] = None  # the face check reports it
        template = templates[name]
        if template is None:
            continue
        try:
            layout = layout_card(card, template, game, side, arts)
        except PnpError:
            continue  # the face check reports it
        for item, scale in _images(layout.items, 1.0):
            dpi = printed_dpi(item, scale)
            element = item.id[len(layout.face_id) + 1 :]
            if dpi < WARN_DPI and (item.raster.file, element) not in found:
                box = (round(item.box[2] * scale, 1), round(item.box[3] * scale, 1))
                found[(item.raster.file, element)] = LowResolution(item.raster.file, card.id, side, element, box, dpi)
    return list(found.values())


def printed_dpi(item: ImageItem, scale: float = 1.0) -> float:
    """The dpi the image prints at in its box (a template scaled to a bigger card: `scale`)."""
    raster = item.raster
    (_, _, w, h), _ = placement(item.box, (raster.width, raster.height), _aspect(item))
    return min(raster.width / (w * scale / 25.4), raster.height / (h * scale / 25.4))


def _aspect(item: ImageItem) -> str:
    return "none" if item.fit == "stretch" else f"xMidYMid {'slice' if item.fit == 'cover' else 'meet'}"


def _images(items: tuple[Item, ...], scale: float) -> Iterator[tuple[ImageItem, float]]:
    for item in items:
        if isinstance(item, ImageItem):
            yield item, scale
        elif isinstance(item, GroupItem):
            yield from _images(item.items, scale * (item.scale or 1.0))


def resolution_problems(spec: Spec) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings): images below REFUSE_DPI are errors unless the spec allows them; every
    image below WARN_DPI not refused is a warning. Each placed at the card's entry in the spec."""
    allow = spec.data.get("low_resolution") == "allow"
    where = card_paths(spec)
    errors, warnings = [], []
    for low in low_resolution(spec):
        path = where.get(low.card, [])
        if low.dpi < REFUSE_DPI and not allow:
            errors.append(spec.problem(path, low.sentence(refused=True)))
        else:
            warnings.append(spec.problem(path, low.sentence()))
    return errors, warnings


def resolution_errors(spec: Spec) -> list[Problem]:
    return resolution_problems(spec)[0]


def resolution_warnings(specs: list[Spec]) -> list[Problem]:
    return [warning for spec in specs for warning in resolution_problems(spec)[1]]
