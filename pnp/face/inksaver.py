"""The ink saver: faces redrawn with light grounds and dark line art, for home printers.

A transformation of the face model (`saver_layout`: a Layout → the same Layout in saver colours),
which svgwrite then writes into the SVG files and the PDF painter draws, like any face. It reaches
the art as well as the theme colours:
- every filled shape (background, art) becomes a light tint of its own colour (hue kept,
  lightness 0.92–0.98 in the original's order, so neighbouring areas stay apart in greyscale) and
  gets a thin dark outline of its own hue: the shapes read as line art;
- the art's own strokes (hatching, waves) become a mid shade of their hue and print thinner;
- every text colour becomes a dark shade of its own hue, so light text on a dark ground (the cream
  titles on the backs) stays readable on the light tint.

Colours are '#rrggbb' (what templates resolve to and art may use; art's '#rgb' is kept as it is).
"""

from __future__ import annotations

import colorsys
import re
from dataclasses import replace
from functools import lru_cache

from pnp.face import text
from pnp.face.art import Art, ArtNode
from pnp.face.layout import ArtItem, CircleItem, GroupItem, Item, Layout, RectItem, TextItem

INK_MODES = ("normal", "saver")
OUTLINE_MM = 0.2
STROKE_SCALE = 0.6  # the art's own strokes (frames, rings, hatching, grass) print thinner

_HEX = re.compile(r"#[0-9a-fA-F]{6}\Z")
_WIDTH = re.compile(r"[0-9.]+\Z")  # a stroke width the saver scales (art's own text, as written)
_FILLED = frozenset(("path", "circle", "ellipse", "rect", "polygon", "polyline"))  # art shapes given a ground


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _hex(rgb) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in rgb)


def _relightened(colour: str, lightness) -> str:
    h, light, s = colorsys.rgb_to_hls(*_rgb(colour))
    new_l, new_s = lightness(light, s)
    return _hex(colorsys.hls_to_rgb(h, new_l, new_s))


def ground(colour: str) -> str:
    """A light tint keeping the hue and the order of lightness."""
    return _relightened(colour, lambda lt, s: (0.955 + 0.03 * lt, 0.4 * s))


def line(colour: str) -> str:
    """A dark shade of the colour's hue, for outlines and strokes."""
    return _relightened(colour, lambda lt, s: (0.15 + 0.25 * lt, min(1.0, s)))


def pattern(colour: str) -> str:
    """A mid shade of the colour's hue, for the art's own strokes (hatching, waves, grass): they
    stay visible in greyscale without the ink of a dark line."""
    return _relightened(colour, lambda lt, s: (0.56 + 0.2 * lt, min(1.0, s)))


def text_colour(colour: str) -> str:
    """Text is always dark in the saver: the grounds are all light."""
    return _relightened(colour, lambda _lt, s: (0.12, min(0.8, s)))


def saver_layout(layout: Layout) -> Layout:
    """The face with light grounds, outlined shapes and dark strokes and text."""
    return replace(layout, items=tuple(_saved(item) for item in layout.items))


def _saved(item: Item) -> Item:
    if isinstance(item, (RectItem, CircleItem)):
        return _shape(item)
    if isinstance(item, TextItem):
        if item.fill is None or not _HEX.match(item.fill) or not _first_line_drawn(item):
            return item
        return replace(item, fill=text_colour(item.fill))
    if isinstance(item, ArtItem):
        return replace(item, art=saver_art(item.art))
    if isinstance(item, GroupItem):
        return replace(item, items=tuple(_saved(child) for child in item.items))
    return item  # pictures print as they are


def _first_line_drawn(item: TextItem) -> bool:
    """Whether the text's first line draws a glyph: the text's colour changes only then (it is
    what the saver always did; a text whose first line is blank keeps its colour)."""
    if not item.lines:
        return False
    first = item.lines[0]
    return bool(text.line_glyphs(first.text, first.style, text.outline_quantum(item.size, first.style)))


def _shape(item: RectItem | CircleItem) -> RectItem | CircleItem:
    if item.stroke:
        stroke = pattern(item.stroke) if _HEX.match(item.stroke) else item.stroke
        item = replace(item, stroke=stroke, stroke_width=item.stroke_width * STROKE_SCALE)
        if item.fill and _HEX.match(item.fill):
            item = replace(item, fill=ground(item.fill))
        return item
    if item.fill and _HEX.match(item.fill):
        return replace(item, fill=ground(item.fill), stroke=line(item.fill), stroke_width=OUTLINE_MM)
    return item


@lru_cache(maxsize=256)
def saver_art(art: Art) -> Art:
    """The art in saver colours (worked out once per art file)."""
    return replace(art, nodes=tuple(_saved_node(node) for node in art.nodes))


def _saved_node(node: ArtNode) -> ArtNode:
    tag, attributes, children = node
    names = {name for name, _ in attributes}
    out: list[tuple[str, str | float]] = []
    for name, value in attributes:
        if isinstance(value, str) and name == "stroke-width" and _WIDTH.match(value):
            value = float(value) * STROKE_SCALE  # written in pnp.svg's one number format
        elif isinstance(value, str) and name == "stroke" and _HEX.match(value):
            value = pattern(value)
        elif isinstance(value, str) and name == "fill" and tag in _FILLED and _HEX.match(value):
            out.append((name, ground(value)))
            if "stroke" not in names:
                out.extend((("stroke", line(value)), ("stroke-width", OUTLINE_MM)))
            continue
        out.append((name, value))
    return (tag, tuple(out), tuple(_saved_node(child) for child in children))
