"""Render a Layout as an SVG document (mm viewBox covering the bleed; text as outlines).

Every element is an svgwrite element written by pnp.svg.writer: explicit ids derived from the face
id, numbers rounded to µm, attributes in a fixed order, so the same layout gives the same bytes.

What repeats is serialised once (docs/decisions.md, "svgwrite writes every SVG"): a top-level
element's text is cached under everything that decides it but the face id, which stands in it as
`FACE_TOKEN` and is put in with one `str.replace` per face. The faces of one template share their
background, frame and art; a card's own text (its number) is written once per distinct text item,
all of a face's new items in one call of the serialiser, with each glyph's <path> (per origin and
outline) written once and put in through a slot. Groups are put together from their children's
cached texts.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable

from pnp.face import text
from pnp.face.art import ID_TOKEN, Art, ArtNode
from pnp.face.layout import ArtItem, CircleItem, GroupItem, ImageItem, Item, Layout, RectItem, Rotation, TextItem
from pnp.svg.writer import (
    SLOT,
    Element,
    close_tag,
    document,
    element,
    factor,
    fill_slots,
    frame,
    num,
    open_tag,
    slot,
    svg_root,
    tostrings,
)

FACE_TOKEN = "@FACE@"  # stands for the face id in cached texts (ids are letters, digits, '_', '-', '.')
_PLAIN_ID = re.compile(r"[A-Za-z0-9_.-]+\Z")  # an id written as it is: the cache may hold it as a token
_CACHE_SIZE = 16384  # cached element texts; cleared when full (a 5,000-card deck needs about 10,000)
_texts: dict[tuple, str] = {}
_frames: dict[tuple, tuple[str, str]] = {}  # (width, height, bleed) → the document around a face
Glyphs = tuple[tuple[int, str], ...]  # a line's glyphs: (origin along the line, outline) each
_paths: dict[tuple[int, str], str] = {}  # (origin, outline) → the glyph's <path>: the same text everywhere


def clear_cache() -> None:
    """Forget every cached text (for benchmarks of a first build; the caches bound themselves)."""
    for cache in (_texts, _frames, _paths):
        cache.clear()


def render_svg(layout: Layout) -> str:
    """The face as a standalone SVG string (see model.Face for the coordinate convention)."""
    face_id = layout.face_id
    for cache in (_texts, _paths):
        if len(cache) > _CACHE_SIZE:
            cache.clear()
    missing: dict[tuple, Item] = {}
    try:
        if not _PLAIN_ID.match(face_id):  # not seen in practice (face ids are slugs)
            raise _Uncached
        keys = [_key(item, face_id, missing) for item in layout.items]
    except _Uncached:
        b = layout.bleed
        w, h = layout.width + 2 * b, layout.height + 2 * b
        root = svg_root(w, h, (-b, -b, w, h), version="1.1", id=face_id)
        return document(root, _write(layout.items, face_id, len(face_id)))
    n = len(face_id)
    glyphs = [g for g in dict.fromkeys(_glyphs_of(keys)) if g not in _paths]
    if missing or glyphs:  # serialised together: at most one call of the serialiser a face
        elements = [_element(item, FACE_TOKEN, n, [], _slotted) for item in missing.values()]
        texts, paths = _serialise(elements, glyphs)
        _texts.update(zip(missing, texts))
        _paths.update(zip(glyphs, paths))
    head, tail = _frame(layout)
    lines = [head, *(_line(key) + "\n" for key in keys), tail]
    return _put_pictures("".join(lines).replace(FACE_TOKEN, face_id), _pictures_of(keys))


def face_root(layout: Layout) -> Element:
    """The face's <svg> element, without its items (what `render_svg` writes around them)."""
    b = layout.bleed
    w, h = layout.width + 2 * b, layout.height + 2 * b
    return svg_root(w, h, (-b, -b, w, h), version="1.1", id=layout.face_id)


def item_element(item: Item, face_id: str, picture_href=None) -> Element:
    """The svgwrite element of one top-level item, whole (its text's glyph <path>s in place): the
    tree `render_svg` serialises for it, for a painter that draws the model without the text.
    `picture_href`: the href an image gets instead of its data: URL (the painter keeps the picture
    itself), given the item's Raster."""
    runs: list[Glyphs] = []
    node = _element(item, face_id, len(face_id), runs, picture_href)
    if runs:
        glyphs = iter(runs)
        _fill(node, glyphs)
    return node


def _fill(node: Element, runs) -> None:
    """Each slot under `node`, in document order, replaced by its run's glyph <path>s."""
    children: list[Element] = []
    for child in node.elements:
        if getattr(child, "elementname", None) == SLOT:
            children.extend(_glyph_path(origin, d) for origin, d in next(runs))
        else:
            _fill(child, runs)
            children.append(child)
    node.elements = children


def _glyph_path(origin: int, d: str) -> Element:
    return element("path", transform=f"translate({origin})" if origin else None, d=d)


# An image's cached text holds slots for its picture: the data: URL, as big as the file, is put in
# after the face id (so that neither the cache nor the id's replacement goes through megabytes).
_PICTURE_SLOT = "@PICTURE@"
_CMYK_SLOT = "@CMYK@"


def _slotted(_raster) -> str:
    """The `picture_href` of a cached text: a slot (see _put_pictures)."""
    return _PICTURE_SLOT


def _pictures_of(keys) -> list:
    """The rasters of the images among `keys`, in document order."""
    found = []
    for key in keys:
        if key[0] is GroupItem:
            found.extend(_pictures_of(key[2]))
        elif key[0] is _PICTURE:
            found.append(key[2])
    return found


def _put_pictures(text: str, rasters: list) -> str:
    """`text` with each picture slot filled with its raster's data: URL (and CMYK bytes), in order."""
    if not rasters:
        return text
    parts = text.split(_PICTURE_SLOT)
    out = [parts[0]]
    for raster, rest in zip(rasters, parts[1:]):
        out.append(raster.href)
        if raster.cmyk:
            rest = rest.replace(_CMYK_SLOT, cmyk_attribute(raster) or "", 1)
        out.append(rest)
    return "".join(out)


def _frame(layout: Layout) -> tuple[str, str]:
    """The document around the face's elements (pnp.svg.writer.frame)."""
    key = ("svg", layout.width, layout.height, layout.bleed)
    found = _frames.get(key)
    if found is None:
        b = layout.bleed
        w, h = layout.width + 2 * b, layout.height + 2 * b
        found = _frames[key] = frame(svg_root(w, h, (-b, -b, w, h), version="1.1", id=FACE_TOKEN))
    return found


class _Uncached(Exception):
    """The face cannot be written from the cache (an id that does not start with the face id)."""


def _key(item: Item, face_id: str, missing: dict[tuple, Item]) -> tuple:
    """What decides the item's text but the face id (which starts every id); the items not yet
    written go into `missing`. A group's key holds its children's keys. A text's key leaves out
    what its lines say: its cached text holds a slot for each line's glyphs, and the key carries
    the glyphs to put in (a card's number changes its glyphs, not where they stand)."""
    if not item.id.startswith(face_id):
        raise _Uncached
    n = len(face_id)
    if isinstance(item, GroupItem):
        head = ("g", item.id[n:], item.rotate, item.scale)
        if head not in _texts:
            group = _group_element(item, FACE_TOKEN + item.id[n:], ())
            _texts[head] = open_tag(group)
            _texts[head + ("end",)] = close_tag(group)
        return (GroupItem, head, tuple(_key(child, face_id, missing) for child in item.items))
    if isinstance(item, TextItem):
        runs = tuple(_line_glyphs(item, line) for line in item.lines)
        where = tuple((line.x, line.y, line.style, bool(run)) for line, run in zip(item.lines, runs))
        key = (TextItem, item.id[n:], item.fill, item.size, item.rotate, item.underlines, where)
        if key not in _texts:
            missing[key] = item
        return (_SLOTS, key, tuple(run for run in runs if run))
    if isinstance(item, ImageItem):  # the text has slots for the picture: its key, not the picture's bytes
        shape = (ImageItem, item.id[n:], item.box, item.fit, item.anchor, item.rotate, bool(item.raster.cmyk))
        if shape not in _texts:
            missing[shape] = item
        return (_PICTURE, shape, item.raster)
    key = (type(item), item.id[n:], *tuple(item.__dict__.values())[1:])
    if key not in _texts:
        missing[key] = item
    return key


_PICTURE = "picture"  # an image's key: its text's key and its raster


_SLOTS = "slots"  # a key whose text has slots for glyph runs


def _glyphs_of(keys) -> Iterable[tuple[int, str]]:
    for key in keys:
        if key[0] is GroupItem:
            yield from _glyphs_of(key[2])
        elif key[0] is _SLOTS:
            for run in key[2]:
                yield from run


def _line(key: tuple) -> str:
    """The text of the item with this key: a group put together from its children's texts, a
    text's glyphs put in its slots."""
    if key[0] is GroupItem:
        return _texts[key[1]] + "".join(_line(child) for child in key[2]) + _texts[key[1] + ("end",)]
    if key[0] is _SLOTS:
        return fill_slots(_texts[key[1]], ["".join(_paths[g] for g in run) for run in key[2]])
    if key[0] is _PICTURE:
        return _texts[key[1]]
    return _texts[key]


def _write(items: Iterable[Item], prefix: str, n: int) -> list[str]:
    """Each item's text, written whole (no cache): the face id (the first `n` characters of
    every item id) written as `prefix`."""
    runs: list[list[Glyphs]] = []
    elements = []
    for item in items:
        runs.append([])
        elements.append(_element(item, prefix, n, runs[-1]))
    glyphs = list(dict.fromkeys(g for item_runs in runs for run in item_runs for g in run))
    texts, written = _serialise(elements, glyphs)
    paths = dict(zip(glyphs, written))
    return [fill_slots(t, ["".join(paths[g] for g in run) for run in item_runs]) for t, item_runs in zip(texts, runs)]


def _serialise(elements: list[Element], glyphs: list[tuple[int, str]]) -> tuple[list[str], list[str]]:
    """The elements' texts and the glyphs' <path> texts, written in one call of the serialiser
    (its cost is mostly per call)."""
    paths = [_glyph_path(origin, d) for origin, d in glyphs]
    written = tostrings(elements + paths)
    return written[: len(elements)], written[len(elements) :]


def _line_glyphs(item: TextItem, line) -> Glyphs:
    return text.line_glyphs(line.text, line.style, text.outline_quantum(item.size, line.style))


def _element(item: Item, prefix: str, n: int, runs: list[Glyphs], picture_href=None) -> Element:
    """The svgwrite element of one item, the face id (the first `n` characters of every item id)
    written as `prefix`; its text's glyph runs are appended to `runs`, in document order (each
    in a slot). `picture_href(raster)`: an image's href in place of its data: URL."""
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
        if item.clip is not None:
            return _clipped_art(item, ident, matrix)
        transform = " ".join(t for t in (_rotate(item.rotate), matrix) if t)
        return element("g", *_art(item.art, ident), id=ident, transform=transform)
    if isinstance(item, ImageItem):
        x, y, w, h = item.box
        return element(
            "image",
            id=ident,
            x=num(x),
            y=num(y),
            width=num(w),
            height=num(h),
            preserveAspectRatio=aspect(item.fit, item.anchor),
            transform=_rotate(item.rotate),
            href=item.raster.href if picture_href is None else picture_href(item.raster),
            data_cmyk=_cmyk(item.raster, picture_href),
        )
    if isinstance(item, TextItem):
        return _text(item, ident, runs)
    if isinstance(item, GroupItem):
        children = [_element(child, prefix, n, runs, picture_href) for child in item.items]
        return _group_element(item, ident, children)
    raise TypeError(f"cannot render {type(item).__name__}")


_ANCHORS = {
    "centre": "xMidYMid",
    "top": "xMidYMin",
    "bottom": "xMidYMax",
    "left": "xMinYMid",
    "right": "xMaxYMid",
    "top-left": "xMinYMin",
    "top-right": "xMaxYMin",
    "bottom-left": "xMinYMax",
    "bottom-right": "xMaxYMax",
}


def _cmyk(raster, picture_href) -> str | None:
    """An image's data-cmyk: the bytes themselves, a slot in a cached text, none for the painter."""
    if picture_href is None:
        return cmyk_attribute(raster)
    return _CMYK_SLOT if picture_href is _slotted and raster.cmyk else None


def cmyk_attribute(raster) -> str | None:
    """A CMYK JPEG's own bytes (base64) beside its sRGB picture: what the DriveThruCards export
    prints (pnp/export/cmykart.py); renderers ignore the attribute."""
    return base64.b64encode(raster.cmyk).decode("ascii") if raster.cmyk else None


def aspect(fit: str, anchor: str) -> str:
    """An <image>'s preserveAspectRatio for a fit and an anchor."""
    if fit == "stretch":
        return "none"
    return f"{_ANCHORS[anchor]} {'slice' if fit == 'cover' else 'meet'}"


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


def inline_art(art: Art, ident: str) -> str:
    """The art's content as written into a face, its ids made unique by `ident`."""
    return "".join(tostrings(_art(art, ident)))


def _clipped_art(item: ArtItem, ident: str, matrix: str) -> Element:
    """Art cut to its box ("cover"), as a picture with preserveAspectRatio "… slice" is: the box
    a <clipPath> in the item's (rotated) space, the art placed inside it. The clip's id ends in
    "--box", which no art id (a letter first) can make."""
    x, y, w, h = item.clip or (0.0, 0.0, 0.0, 0.0)
    box = element("rect", x=num(x), y=num(y), width=num(w), height=num(h))
    clip = element("clipPath", box, id=f"{ident}--box")
    art = element("g", *_art(item.art, ident), transform=matrix)
    return element("g", clip, art, id=ident, transform=_rotate(item.rotate), clip_path=f"url(#{ident}--box)")


def _art(art: Art, ident: str) -> list[Element]:
    """The art's elements, every id (and reference to one) made unique by `ident`."""
    return [_art_node(node, ident) for node in art.nodes]


def _art_node(node: ArtNode, ident: str) -> Element:
    tag, attributes, children = node
    return Element(
        tag,
        ((name, value.replace(ID_TOKEN, ident) if isinstance(value, str) else value) for name, value in attributes),
        [_art_node(child, ident) for child in children],
    )


def _text(item: TextItem, ident: str, runs: list[Glyphs]) -> Element:
    group = element("g", id=ident, fill=item.fill, transform=_rotate(item.rotate))
    for index, line in enumerate(item.lines):
        quantum = text.outline_quantum(item.size, line.style)
        glyphs = _line_glyphs(item, line)  # one <path> a glyph, put in a slot (see _line and _write)
        if not glyphs:
            continue
        k = factor(item.size * quantum / text.metrics(line.style).units_per_em)
        transform = f"translate({num(line.x)} {num(line.y)}) scale({k} -{k})"
        group.elements.append(element("g", slot(), id=f"{ident}-{index}", transform=transform))
        runs.append(glyphs)
    for index, (x, y, w, h) in enumerate(item.underlines):
        group.elements.append(
            element("rect", id=f"{ident}-underline-{index}", x=num(x), y=num(y), width=num(w), height=num(h))
        )
    return group
