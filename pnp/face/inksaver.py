"""The ink saver: faces redrawn with light grounds and dark line art, for home printers.

Works on the finished face SVG, so it reaches the art as well as the theme colours:
- every filled shape (background, art) becomes a light tint of its own colour (hue kept,
  lightness 0.92–0.98 in the original's order, so neighbouring areas stay apart in greyscale) and
  gets a thin dark outline of its own hue: the shapes read as line art;
- the art's own strokes (hatching, waves) become a mid shade of their hue;
- every text colour becomes a dark shade of its own hue, so light text on a dark ground (the cream
  titles on the backs) stays readable on the light tint.
"""

from __future__ import annotations

import colorsys
import re

INK_MODES = ("normal", "saver")
OUTLINE_MM = 0.2

_HEX = r"#[0-9a-fA-F]{6}"
_TEXT = re.compile(rf'(<g id="([^"]+)" fill=")({_HEX})("[^>]*><g id="\2-0")')
_FILLED = re.compile(rf'<(path|circle|ellipse|rect|polygon|polyline)\b([^>]*?) fill="({_HEX})"([^>]*?)(/?)>')
_STROKE = re.compile(rf'stroke="({_HEX})"')
_STROKE_WIDTH = re.compile(r'stroke-width="([0-9.]+)"')
STROKE_SCALE = 0.6  # the art's own strokes (frames, rings, hatching, grass) print thinner


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


def saver_svg(svg: str) -> str:
    """The face's SVG with light grounds, outlined shapes and dark strokes and text."""
    svg = _TEXT.sub(lambda m: f"{m.group(1)}TEXT{m.group(3)[1:]}{m.group(4)}", svg)
    svg = _STROKE_WIDTH.sub(lambda m: f'stroke-width="{float(m.group(1)) * STROKE_SCALE:.4g}"', svg)
    svg = _STROKE.sub(lambda m: f'stroke="LINE{pattern(m.group(1))[1:]}"', svg)
    svg = _FILLED.sub(_outlined, svg)
    svg = re.sub(r'"TEXT([0-9a-fA-F]{6})"', lambda m: f'"{text_colour("#" + m.group(1))}"', svg)
    return re.sub(r'"LINE([0-9a-fA-F]{6})"', r'"#\1"', svg)


def _outlined(m: re.Match) -> str:
    tag, before, colour, after, close = m.groups()
    stroke = "" if "stroke=" in before + after else f' stroke="LINE{line(colour)[1:]}" stroke-width="{OUTLINE_MM}"'
    return f'<{tag}{before} fill="{ground(colour)}"{stroke}{after}{close}>'
