"""Faces split into layers for drawing many images: a base the face shares with other faces (the
background and art of a template, the same on every card of a kind) and the rest (its number, its
words). PDFium draws a shared base once per image size; each face is then its base's pixels with
only the rest drawn over them.

Painting is sequential and opaque at the top of a face (no groups, no blending), so drawing the rest
over the base's pixels gives exactly the pixels of drawing the whole face (tests/export check it).
An island of the base game costs PDFium ~16 ms at The Game Crafter's 900 px, nearly all of it its
clipped background and island art; its number alone ~1 ms.

The split works on the face model (Face.layout): a face's top-level items, each known by
`item_key` (the item less the face's id), so faces share a base when their first items are equal;
the base and the rest are layouts of those items, which svgwrite writes and the painter draws as
any face. An item never refers to another item's ids (each id an item defines or uses starts with
its own), so any split is drawable. A face without a model (read back from its SVG file) is split
by the lines pnp/svg writes (the XML declaration, the <svg> start tag, one top-level element a
line, `</svg>`), unless its lines refer to ids across the split; in any other layout it is drawn
whole.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from pnp.face.layout import Layout, item_key
from pnp.game.model import Face
from pnp.pdf.paint import item_lines
from pnp.svg.face import render_svg

_DEFINED = re.compile(r'\bid="([^"]+)"')
_REFERRED = re.compile(r'#([^)"\s]+)')


@dataclass(frozen=True)
class Layers:
    """`face` drawn as `base` (shared: `base.id` names its content) then `rest` over it."""

    face: Face
    base: Face
    rest: Face


def split_layers(faces: Sequence[Face]) -> dict[str, Layers]:
    """For each face that shares its first elements with another of `faces`: its layers, the base
    as long as it can be (keyed by face id). Faces that share nothing are left out: drawn whole."""
    keys = {f.id: _keys(f) for f in faces}
    prefixes: dict[tuple, int] = {}
    for face in faces:
        for key in keys[face.id]:
            prefixes[key] = prefixes.get(key, 0) + 1
    out: dict[str, Layers] = {}
    for face in faces:
        found = keys[face.id]
        depth = max((n + 1 for n, key in enumerate(found) if prefixes[key] > 1), default=0)
        if depth and face.layout is not None:
            out[face.id] = _model_layers(face, face.layout, depth)
            continue
        lines = _lines(face) if depth else None
        if lines is None:
            continue
        header, items = lines
        plain = _plain(face, header, items)[1]
        while depth and _crosses(plain[:depth], plain[depth:]):
            depth -= 1
        if depth:
            out[face.id] = _layers(face, header, items, depth, found[depth - 1])
    return out


def _keys(face: Face) -> list[tuple]:
    """A key for each prefix of the face's items (nested tuples: cheap to build and to hash): its
    model's items, else its SVG lines; none for a face in neither form."""
    if face.layout is not None:
        key: tuple = ("model", face.width, face.height, face.bleed)
        out = []
        for item in face.layout.items:
            key = (key, item_key(item, face.id))
            out.append(key)
        return out
    lines = _lines(face)
    return [] if lines is None else list(_prefix_keys(face, *lines))


def _model_layers(face: Face, layout: Layout, depth: int) -> Layers:
    """The face's first `depth` items as the base, the others as the rest: layouts written by
    svgwrite (the base named by its text, the face's id taken out: equal bases, one name)."""
    base, rest = replace(layout, items=layout.items[:depth]), replace(layout, items=layout.items[depth:])
    base_svg, rest_svg = render_svg(base), render_svg(rest)
    plain = base_svg.replace(f'id="{face.id}', 'id="\x00').replace(f"#{face.id}-", "#\x00-")
    base_id = "base " + hashlib.sha1(plain.encode("utf-8")).hexdigest()  # a space: no face has it
    return Layers(
        face,
        replace(face, id=base_id, svg=base_svg, layout=base),
        replace(face, id=f"{face.id} rest", svg=rest_svg, layout=rest),
    )


def _lines(face: Face) -> tuple[str, list[str]] | None:
    """(the <svg> start tag, the element lines), or None when the face is not in the one-a-line layout."""
    return item_lines(face.svg)


def _plain(face: Face, header: str, items: list[str]) -> tuple[tuple, list[str]]:
    """The face's size and start tag, and its element lines, with the face's own id taken out of
    ids and references: equal texts, equal drawings."""
    own = (f'id="{face.id}-', f"#{face.id}-")

    def plain(text: str) -> str:
        return text.replace(own[0], 'id="\x00-').replace(own[1], "#\x00-")

    head = (face.width, face.height, face.bleed, plain(header).replace(f'id="{face.id}"', 'id=""', 1))
    return head, [plain(item) for item in items]


def _prefix_keys(face: Face, header: str, items: list[str]) -> Iterable[tuple]:
    """A key for each prefix of the face's elements (nested tuples: cheap to build and to hash)."""
    key, plain = _plain(face, header, items)
    for item in plain:
        key = (key, item)
        yield key


def _crosses(base: list[str], rest: list[str]) -> bool:
    """Whether an element of one layer refers to an id defined in the other (lines with the face's
    own id taken out: the ids of a template's lines are read once for all its faces)."""
    in_base = set().union(*(_ids(line)[0] for line in base))
    in_rest = set().union(*(_ids(line)[0] for line in rest))
    return any(not in_base.isdisjoint(_ids(line)[1]) for line in rest) or any(
        not in_rest.isdisjoint(_ids(line)[1]) for line in base
    )


@lru_cache(maxsize=4096)
def _ids(line: str) -> tuple[frozenset[str], frozenset[str]]:
    """The ids an element line defines, and those it refers to."""
    return frozenset(_DEFINED.findall(line)), frozenset(_REFERRED.findall(line))


def _layers(face: Face, header: str, items: list[str], depth: int, key: tuple) -> Layers:
    start = '<?xml version="1.0" encoding="UTF-8"?>\n' + header + "\n"
    base = "".join(line + "\n" for line in items[:depth])
    rest = "".join(line + "\n" for line in items[depth:])
    base_id = "base " + hashlib.sha1(repr(key).encode("utf-8")).hexdigest()  # a space: no face has it
    return Layers(
        face,
        replace(face, id=base_id, svg=start + base + "</svg>\n"),
        replace(face, id=f"{face.id} rest", svg=start + rest + "</svg>\n"),
    )


def order_key(face: Face) -> tuple:
    """Sorting by this puts faces that share their first elements next to each other."""
    found = _lines(face)
    if found is None:
        return (1, face.id)
    head, plain = _plain(face, *found)
    return (0, head, *plain)
