"""Render a Layout as an SVG document (mm viewBox covering the bleed; text as outlines).

Every element is an svgwrite element written by pnp.svg.writer: explicit ids derived from the face
id, numbers rounded to µm, attributes in a fixed order, so the same layout gives the same bytes.

What repeats is serialised once (docs/decisions.md, "svgwrite writes every SVG"): a top-level
element's text is cached under everything that decides it but the face id, which stands in it as
`FACE_TOKEN` and is put in with one `str.replace` per face. The faces of one template share their
background, frame and art; a card's own text (its number) is written once per distinct line. A
glyph run's <path> elements are made once per (text, style, step) and reused by every text that
sets that run. Groups are put together from their children's cached texts.
"""

from __future__ import annotations

import re

from pnp.face import text
from pnp.face.art import ID_TOKEN, Art, ArtNode
from pnp.face.layout import ArtItem, CircleItem, GroupItem, Item, Layout, RectItem, Rotation, TextItem
from pnp.svg.writer import Element, document, element, factor, num, open_tag, svg_root, tostring

FACE_TOKEN = "@FACE@"  # stands for the face id in cached texts (ids are letters, digits, '_', '-', '.')
_PLAIN_ID = re.compile(r"[A-Za-z0-9_.-]+\Z")  # an id written as it is: the cache may hold it as a token
_CACHE_SIZE = 16384  # cached element texts; cleared when full (a 5,000-card deck needs about 10,000)
_texts: dict[tuple, str] = {}
_runs: dict[tuple[str, str, int], tuple[Element, ...]] = {}


def render_svg(layout: Layout) -> str:
    """The face as a standalone SVG string (see model.Face for the coordinate convention)."""
    face_id = layout.face_id
    if not _PLAIN_ID.match(face_id):  # not seen in practice (face ids are slugs): no cache
        b = layout.bleed
        w, h = layout.width + 2 * b, layout.height + 2 * b
        root = svg_root(w, h, (-b, -b, w, h), version="1.1", id=face_id)
        return document(root, (tostring(_element(item, face_id, len(face_id))) for item in layout.items))
    if len(_texts) > _CACHE_SIZE:
        _texts.clear()
    n = len(face_id)
    lines = [_head(layout), *(_cached(item, n) for item in layout.items), "</svg>\n"]
    return "".join(lines).replace(FACE_TOKEN, face_id)


def _head(layout: Layout) -> str:
    key = ("svg", layout.width, layout.height, layout.bleed)
    found = _texts.get(key)
    if found is None:
        b = layout.bleed
        w, h = layout.width + 2 * b, layout.height + 2 * b
        root = svg_root(w, h, (-b, -b, w, h), version="1.1", id=FACE_TOKEN)
        found = _texts[key] = document(root, ())[: -len("</svg>\n")]
    return found


def _cached(item: Item, n: int) -> str:
    """The item's line (with its newline), the face id as FACE_TOKEN."""
    if isinstance(item, GroupItem):
        return _group(item, n) + "\n"
    key = (type(item), item.id[n:], *tuple(item.__dict__.values())[1:])
    found = _texts.get(key)
    if found is None:
        found = _texts[key] = tostring(_element(item, FACE_TOKEN, n)) + "\n"
    return found


def _group(item: GroupItem, n: int) -> str:
    """A group put together from its children's cached texts (a scaled face is one big group)."""
    key = ("g", item.id[n:], item.rotate, item.scale)
    head = _texts.get(key)
    if head is None:
        head = _texts[key] = open_tag(_group_element(item, FACE_TOKEN + item.id[n:], ()))
    return head + "".join(_cached(child, n)[:-1] for child in item.items) + "</g>"


def _element(item: Item, prefix: str, n: int) -> Element:
    """The svgwrite element of one item, the face id (the first `n` characters of every item id)
    written as `prefix`."""
    ident = prefix + item.id[n:]
    if isinstance(item, RectItem):
        radius = num(item.radius) if item.radius else None
        return element(
            "rect",
            id=ident,
            x=num(item.x),
            y=num(item.y),
            width=num(item.width),
            height=num(item.height),
            rx=radius,
            ry=radius,
            transform=_rotate(item.rotate),
            **_paint(item.fill, item.stroke, item.stroke_width),
        )
    if isinstance(item, CircleItem):
        return element(
            "circle",
            id=ident,
            cx=num(item.cx),
            cy=num(item.cy),
            r=num(item.r),
            transform=_rotate(item.rotate),
            **_paint(item.fill, item.stroke, item.stroke_width),
        )
    if isinstance(item, ArtItem):
        a, b, c, d, e, f = item.placement
        matrix = f"matrix({factor(a)} {factor(b)} {factor(c)} {factor(d)} {num(e)} {num(f)})"
        transform = " ".join(t for t in (_rotate(item.rotate), matrix) if t)
        return element("g", *_art(item.art, ident), id=ident, transform=transform)
    if isinstance(item, TextItem):
        return _text(item, ident)
    if isinstance(item, GroupItem):
        children = [_element(child, prefix, n) for child in item.items]
        return _group_element(item, ident, children)
    raise TypeError(f"cannot render {type(item).__name__}")


def _group_element(item: GroupItem, ident: str, children) -> Element:
    scale = f"scale({factor(item.scale)})" if item.scale else ""
    transform = " ".join(t for t in (_rotate(item.rotate), scale) if t)
    return element("g", *children, id=ident, transform=transform)


def _rotate(rotation: Rotation | None) -> str | None:
    if not rotation:
        return None
    angle, px, py = rotation
    return f"rotate({num(angle)} {num(px)} {num(py)})"


def _paint(fill: str | None, stroke: str | None, stroke_width: float) -> dict:
    paint = {"fill": fill or "none"}
    if stroke:
        paint.update(stroke=stroke, stroke_width=num(stroke_width))
    return paint


def _art(art: Art, ident: str) -> list[Element]:
    """The art's elements, every id (and reference to one) made unique by `ident`."""
    return [_art_node(node, ident) for node in art.nodes]


def _art_node(node: ArtNode, ident: str) -> Element:
    tag, attributes, children = node
    return Element(
        tag,
        ((name, value.replace(ID_TOKEN, ident)) for name, value in attributes),
        [_art_node(child, ident) for child in children],
    )


def _text(item: TextItem, ident: str) -> Element:
    group = element("g", id=ident, fill=item.fill, transform=_rotate(item.rotate))
    for index, line in enumerate(item.lines):
        quantum = text.outline_quantum(item.size, line.style)
        glyphs = _glyph_run(line.text, line.style, quantum)
        if not glyphs:
            continue
        k = factor(item.size * quantum / text.metrics(line.style).units_per_em)
        transform = f"translate({num(line.x)} {num(line.y)}) scale({k} -{k})"
        group.elements.append(element("g", *glyphs, id=f"{ident}-{index}", transform=transform))
    for index, (x, y, w, h) in enumerate(item.underlines):
        group.elements.append(
            element("rect", id=f"{ident}-underline-{index}", x=num(x), y=num(y), width=num(w), height=num(h))
        )
    return group


def _glyph_run(words: str, style: str, quantum: int) -> tuple[Element, ...]:
    """One <path> a glyph, so a glyph's outline is the same string everywhere (made once a run)."""
    key = (words, style, quantum)
    run = _runs.get(key)
    if run is None:
        if len(_runs) > _CACHE_SIZE:
            _runs.clear()
        glyphs = text.line_glyphs(words, style, quantum)
        run = _runs[key] = tuple(
            element("path", transform=f"translate({origin})" if origin else None, d=d) for origin, d in glyphs
        )
    return run
