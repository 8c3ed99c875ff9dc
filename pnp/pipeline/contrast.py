"""Text a player cannot read: each face's words against what is drawn under them.

A theme whose colours were all made white (to save ink by hand, say) leaves the cream titles of the
backs on white, and the spec is still valid. `pnp validate` warns about such text. The check looks
at the face as it will print, not at colour names: it draws the face without its text (the
ground, art included), draws each text alone to learn which pixels it covers, and compares the
text's colour with the median colour of the ground under those pixels by the WCAG 2 contrast ratio
(1:1 is invisible, 21:1 black on white). Below 3:1, the WCAG minimum for large text, the text is
reported with its card, element, colours and ratio.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, replace

import resvg_py
from PIL import Image, ImageChops

from pnp.core.errors import PnpError, Problem
from pnp.face.inksaver import saver_layout, text_colour
from pnp.face.layout import GroupItem, Item, Layout, TextItem, layout_card
from pnp.face.template import Template, load_template
from pnp.game.model import Card, Game
from pnp.pipeline.facecheck import drawn_faces
from pnp.rules.rulestext import printed_game
from pnp.spec.load import Spec
from pnp.svg.face import render_svg

MINIMUM_RATIO = 3.0  # WCAG 2: the least contrast for large text (SC 1.4.3)
PIXELS_PER_MM = 3.0  # 0.33 mm pixels: the stems of a 2.5 mm text still have whole pixels inside


@dataclass(frozen=True)
class LowContrast:
    """One text that does not stand out from its ground."""

    card: str  # the card id (for a back, the first card that uses it)
    side: str
    element: str  # the text item's id on the face
    text: str
    colour: str  # the text's colour, #rrggbb
    ground: str  # the median colour under it, #rrggbb
    ratio: float

    def sentence(self) -> str:
        whose = f"card {self.card}" if self.side == "front" else f"the back of card {self.card}"
        return (
            f"{whose}: the text {self.text!r} ({self.element}) is {self.colour} on {self.ground}, a contrast of "
            f"{self.ratio:.1f}:1; at least {MINIMUM_RATIO:g}:1 is needed to read it (WCAG 2, large text)"
        )


def contrast_warnings(spec: Spec) -> list[Problem]:
    """A warning for each unreadable text of a valid spec's faces, placed at the theme's colours."""
    return [spec.problem(["theme", "colours"], found.sentence()) for found in low_contrast(printed_game(spec))]


def low_contrast(game: Game) -> list[LowContrast]:
    """Every text of every face of `game` (as printed in its ink mode) below the minimum contrast.

    Faces with the same ground and the same text colours are checked once (the cards of a kind)."""
    found: list[LowContrast] = []
    templates: dict[str, Template] = {}
    seen: set[tuple] = set()
    arts: dict = {}  # each art file found and read once for all the faces (layout_card)
    for card, side, name in drawn_faces(game):
        try:
            template = templates.get(name) or templates.setdefault(name, load_template(game, name))
            layout = layout_card(card, template, game, side, arts)
        except PnpError:
            continue  # a face that cannot be drawn is an error reported by the face check
        texts = list(_texts(layout.items))
        bare = replace(layout, items=_without_texts(layout.items))
        ground = render_svg(saver_layout(bare) if game.ink == "saver" else bare)
        signature = (ground.replace(layout.face_id, "face"), tuple((_local(t.id, layout), t.fill) for t in texts))
        if texts and signature not in seen:
            seen.add(signature)
            found.extend(_face_contrast(game, card, side, layout, texts, ground))
    return found


def _face_contrast(
    game: Game, card: Card, side: str, layout: Layout, texts: list[TextItem], ground_svg: str
) -> Iterator[LowContrast]:
    ground = _pixels(ground_svg, layout).convert("RGB")
    keys = {item.id: _key(index) for index, item in enumerate(texts)}
    marked = replace(layout, items=_marked(layout.items, keys))
    mask = _pixels(render_svg(marked), marked)
    for item in texts:
        if item.fill is None:
            continue  # a text drawn in no colour is not seen
        covered = _covered(mask, _rgb(keys[item.id]))
        if covered.getbbox() is None:
            continue
        colour = _rgb(text_colour(item.fill) if game.ink == "saver" else item.fill)
        base = _median(ground, covered)
        ratio = contrast_ratio(colour, base)
        if ratio < MINIMUM_RATIO:
            words = " ".join(line.text for line in item.lines)
            yield LowContrast(card.id, side, item.id, words, _hex(colour), _hex(base), ratio)


def _covered(mask: Image.Image, key: tuple[int, int, int]) -> Image.Image:
    """The pixels drawn wholly in the colour `key`: a mode-"1" image, set where the mask's RGB is
    exactly `key` and its alpha is 255."""
    wanted = (*key, 255)
    channels = [band.point(lambda v, want=want: 255 if v == want else 0) for band, want in zip(mask.split(), wanted)]
    both = channels[0]
    for channel in channels[1:]:
        both = ImageChops.multiply(both, channel)
    return both.convert("1")


def _median(ground: Image.Image, covered: Image.Image) -> tuple[int, int, int]:
    """The per-channel median of the ground's colour under the covered pixels (the lower middle
    value, as numpy's median of integers rounded down)."""
    counts = ground.histogram(mask=covered)
    return tuple(_channel_median(counts[start : start + 256]) for start in (0, 256, 512))  # type: ignore[return-value]


def _channel_median(counts: list[int]) -> int:
    total = sum(counts)
    low, high = (total - 1) // 2, total // 2  # the two middle ranks (the same one for an odd count)
    seen, found = 0, list[int]()
    for value, count in enumerate(counts):
        seen += count
        while len(found) < 2 and seen > (low, high)[len(found)]:
            found.append(value)
    return (found[0] + found[1]) // 2


def _local(item_id: str, layout: Layout) -> str:
    return item_id.replace(layout.face_id, "face")


def _key(index: int) -> str:
    """A colour that names the text `index` in the mask drawing."""
    return f"#{(index + 1) >> 8:02x}{(index + 1) & 0xFF:02x}00"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG 2 contrast ratio of two sRGB colours (0–255 channels), from 1 to 21."""
    la, lb = _luminance(a), _luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _luminance(rgb: tuple[int, ...]) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _pixels(svg: str, layout: Layout) -> Image.Image:
    """The face drawn on white (the paper) as an RGBA image; the alpha is that of the drawing alone."""
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=PIXELS_PER_MM * 25.4, skip_system_fonts=True))
    drawn = Image.open(io.BytesIO(png)).convert("RGBA")
    paper = Image.new("RGBA", drawn.size, "white")
    paper.alpha_composite(drawn)
    paper.putalpha(drawn.getchannel("A"))
    return paper


def _hex(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb[:3])


def _texts(items: tuple[Item, ...]) -> Iterator[TextItem]:
    for item in items:
        if isinstance(item, TextItem):
            yield item
        elif isinstance(item, GroupItem):
            yield from _texts(item.items)


def _without_texts(items: tuple[Item, ...]) -> tuple[Item, ...]:
    kept: list[Item] = []
    for item in items:
        if isinstance(item, GroupItem):
            kept.append(replace(item, items=_without_texts(item.items)))
        elif not isinstance(item, TextItem):
            kept.append(item)
    return tuple(kept)


def _marked(items: tuple[Item, ...], keys: dict[str, str]) -> tuple[Item, ...]:
    """Only the texts, each in its key colour, inside the groups that place them."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, GroupItem):
            inner = _marked(item.items, keys)
            if inner:
                kept.append(replace(item, items=inner))
        elif isinstance(item, TextItem):
            kept.append(replace(item, fill=keys[item.id]))
    return tuple(kept)
