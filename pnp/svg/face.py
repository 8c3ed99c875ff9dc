"""Render a Layout as an SVG document (mm viewBox covering the bleed; text as outlines).

The XML is written directly: every element has an explicit id derived from the face id, numbers
are rounded to µm, attributes come in a fixed order, so the same layout gives the same bytes.
"""

from __future__ import annotations

from pnp.core.xmlattr import quoteattr
from pnp.face import text
from pnp.face.layout import ArtItem, CircleItem, GroupItem, Item, Layout, RectItem, Rotation, TextItem

SVG_NS = "http://www.w3.org/2000/svg"


def render_svg(layout: Layout) -> str:
    """The face as a standalone SVG string (see model.Face for the coordinate convention)."""
    b = layout.bleed
    w, h = layout.width + 2 * b, layout.height + 2 * b
    head = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="{SVG_NS}" version="1.1" id={quoteattr(layout.face_id)} '
        f'width="{num(w)}mm" height="{num(h)}mm" viewBox="{num(-b)} {num(-b)} {num(w)} {num(h)}">\n'
    )
    return head + "".join(_item(item) + "\n" for item in layout.items) + "</svg>\n"


def num(value: float) -> str:
    """A coordinate in mm, rounded to 0.001 mm, without trailing zeros."""
    text_ = f"{round(value, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if text_ in ("-0", "") else text_


def _rotate(rotation: Rotation | None) -> str:
    if not rotation:
        return ""
    angle, px, py = rotation
    return f"rotate({num(angle)} {num(px)} {num(py)})"


def _attrs(**values: str | None) -> str:
    return "".join(f" {key.replace('_', '-')}={quoteattr(v)}" for key, v in values.items() if v)


def _paint(fill: str | None, stroke: str | None, stroke_width: float) -> dict:
    paint = {"fill": fill or "none"}
    if stroke:
        paint.update(stroke=stroke, stroke_width=num(stroke_width))
    return paint


def _item(item: Item) -> str:
    if isinstance(item, RectItem):
        radius = num(item.radius) if item.radius else None
        return (
            f"<rect{_attrs(id=item.id, x=num(item.x), y=num(item.y), width=num(item.width), height=num(item.height))}"
            f"{_attrs(rx=radius, ry=radius, transform=_rotate(item.rotate))}"
            f"{_attrs(**_paint(item.fill, item.stroke, item.stroke_width))}/>"
        )
    if isinstance(item, CircleItem):
        return (
            f"<circle{_attrs(id=item.id, cx=num(item.cx), cy=num(item.cy), r=num(item.r))}"
            f"{_attrs(transform=_rotate(item.rotate))}{_attrs(**_paint(item.fill, item.stroke, item.stroke_width))}/>"
        )
    if isinstance(item, ArtItem):
        a, b, c, d, e, f = item.placement
        matrix = f"matrix({' '.join(_scale(v) for v in (a, b, c, d))} {num(e)} {num(f)})"
        transform = " ".join(t for t in (_rotate(item.rotate), matrix) if t)
        return f"<g{_attrs(id=item.id, transform=transform)}>{item.art.inline(item.id)}</g>"
    if isinstance(item, TextItem):
        return _text(item)
    if isinstance(item, GroupItem):
        inner = "".join(_item(child) for child in item.items)
        scale = f"scale({_scale(item.scale)})" if item.scale else ""
        transform = " ".join(t for t in (_rotate(item.rotate), scale) if t)
        return f"<g{_attrs(id=item.id, transform=transform)}>{inner}</g>"
    raise TypeError(f"cannot render {type(item).__name__}")


def _text(item: TextItem) -> str:
    parts = [f"<g{_attrs(id=item.id, fill=item.fill, transform=_rotate(item.rotate))}>"]
    for index, line in enumerate(item.lines):
        quantum = text.outline_quantum(item.size, line.style)
        glyphs = text.line_glyphs(line.text, line.style, quantum)
        if not glyphs:
            continue
        k = _scale(item.size * quantum / text.metrics(line.style).units_per_em)
        parts.append(f'<g id="{item.id}-{index}" transform="translate({num(line.x)} {num(line.y)}) scale({k} -{k})">')
        for origin, d in glyphs:  # one path a glyph, so a glyph's outline is the same string everywhere
            parts.append(f'<path transform="translate({origin})" d="{d}"/>' if origin else f'<path d="{d}"/>')
        parts.append("</g>")
    for index, (x, y, w, h) in enumerate(item.underlines):
        parts.append(
            f"<rect{_attrs(id=f'{item.id}-underline-{index}', x=num(x), y=num(y), width=num(w), height=num(h))}/>"
        )
    parts.append("</g>")
    return "".join(parts)


def _scale(value: float) -> str:
    text_ = f"{value:.7g}"
    return "0" if text_ == "-0" else text_
