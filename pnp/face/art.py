"""Template art: standalone SVG files in a template folder's art/, checked and inlined into faces.

Art inside the flat subset the PDF painter draws as vectors (no transparency, gradients, styles,
text) is kept as a tree of plain tuples (tag, sorted attributes, children) whose ids carry a
placeholder; pnp.svg writes it into each face with ids unique per face ("<face>-<element>-<id>").
Art outside it (as Inkscape and Illustrator save it) is `EditorArt` (pnp/face/editorsvg.py): checked
for what cannot be drawn or reaches outside the file, then drawn by resvg at print resolution.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NoReturn

from pnp.core.artxml import ArtSyntaxError, parse_art_xml
from pnp.core.errors import PnpError, display_path
from pnp.core.inputs import OutsideLink, read_regular
from pnp.core.locate import first_file
from pnp.core.svgsubset import INHERITED, SHAPES
from pnp.core.svgsubset import NUMBER as _NUMBER
from pnp.face.editorsvg import EditorArt, EditorArtError, editor_art

SVG_NS = "http://www.w3.org/2000/svg"
ART_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}\Z")
MAX_ART_BYTES = 256 * 1024
ID_TOKEN = "@ART@"

_IS_NUMBER = re.compile(rf"^\s*{_NUMBER}\s*$")
_PATH_DATA = re.compile(r"^[MmZzLlHhVvCcSsQqTtAa0-9eE.,+\-\s]*$")
_TRANSFORM = re.compile(
    rf"^(\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(\s*{_NUMBER}([\s,]+{_NUMBER}){{0,5}}\s*\)\s*,?)+\s*$"
)
_POINTS = re.compile(rf"^\s*{_NUMBER}([\s,]+{_NUMBER})*\s*$")
_COLOUR = re.compile(r"^(none|#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})\Z")
_CLIP_REF = re.compile(r"^url\(#([A-Za-z][\w-]*)\)\Z")
_ID = re.compile(r"^[A-Za-z][\w-]{0,63}\Z")

_STYLE = INHERITED | {"id", "transform"}  # presentation attributes the PDF painter draws
_GEOMETRY = {
    "svg": {"viewBox", "width", "height", "version"},
    "g": {"clip-path"},
    "defs": set(),
    "clipPath": {"clipPathUnits"},
    **SHAPES,  # the shapes the PDF painter draws, with their geometry attributes
}
_DROPPED = {"title", "desc"}
_NUMERIC = {
    "x",
    "y",
    "width",
    "height",
    "rx",
    "ry",
    "cx",
    "cy",
    "r",
    "x1",
    "y1",
    "x2",
    "y2",
    "stroke-width",
    "stroke-miterlimit",
}
_ADVICE = {
    "opacity": "use solid colours (transparency is lost in the PDF)",
    "fill-opacity": "use solid colours (transparency is lost in the PDF)",
    "stroke-opacity": "use solid colours (transparency is lost in the PDF)",
    "style": 'write presentation attributes such as fill="#123456" instead',
    "class": 'write presentation attributes such as fill="#123456" instead',
    "mask": "svglib drops masks; use a clipPath on a <g>",
    "filter": "svglib drops filters",
    "text": "put text in the template (a text element), where it is set as outlines",
    "use": "repeat the shape (svglib does not scale <use> of symbols reliably)",
    "linearGradient": "use flat colours (gradients are lost in the PDF forms)",
    "radialGradient": "use flat colours (gradients are lost in the PDF forms)",
    "image": "art is vector only",
    "svg": "nested <svg> gets the wrong size in svglib; flatten it to a <g transform>",
}


class ArtError(PnpError):
    """An art file that is missing or outside the SVG subset every renderer draws the same way."""


ArtNode = tuple[str, tuple[tuple[str, str | float], ...], tuple["ArtNode", ...]]  # tag, attributes (sorted), children
# (an attribute is the file's text; a number the ink saver worked out is a float, which pnp.svg
# writes in its one number format)


@dataclass(frozen=True)
class Art:
    """A checked art file: its viewBox and its elements, ids (and references to them) starting
    with ID_TOKEN, which the face writer replaces by the art's element id."""

    file: str
    viewbox: tuple[float, float, float, float]
    nodes: tuple[ArtNode, ...]

    def __hash__(self) -> int:  # cheap: faces look their art up by it; equality still compares the tree
        return hash((self.file, self.viewbox, len(self.nodes)))


def find_art(art_dirs: tuple[Path, ...], name: str) -> Path:
    """art/<name>.svg from the first folder that has it; names are slugs, so never outside art/."""
    if not ART_NAME.match(name):
        raise ArtError(f"{name!r} is not an art name: use lower-case letters, digits and '-'.")
    try:
        found = first_file(art_dirs, f"{name}.svg")
    except OutsideLink as exc:
        raise ArtError(str(exc)) from None
    if found is not None:
        return found
    looked = ", ".join(display_path(d) for d in art_dirs) or "no art folders"
    raise ArtError(f"art {name!r} not found (looked for {name}.svg in {looked}).")


def load_art(path: Path) -> Art | EditorArt:
    """Read and check an art file (cached while the file is unchanged): `Art` when it is inside
    the subset drawn as vectors, `EditorArt` (drawn by resvg) when it is not but can be drawn."""
    stat = path.stat()
    return _load_art(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _load_art(path: str, _mtime: int, size: int) -> Art | EditorArt:
    name = display_path(path)
    raw = read_regular(path, MAX_ART_BYTES) if size <= MAX_ART_BYTES else b""
    if size > MAX_ART_BYTES or len(raw) > MAX_ART_BYTES:
        raise ArtError(f"{name}: art files may be at most {MAX_ART_BYTES // 1024} KB.")
    positions: dict[ET.Element, tuple[int, int]] = {}
    try:
        root = parse_art_xml(raw, positions)
    except ArtSyntaxError as exc:
        raise ArtError(f"{name}:{exc.line}:{exc.col}: {exc.message}.") from None
    if root.tag != f"{{{SVG_NS}}}svg":
        raise ArtError(f'{name}: the root element must be <svg xmlns="{SVG_NS}">.')
    viewbox = _viewbox(root.get("viewBox"), name)
    checker = _Checker(name)
    try:
        checker.check(root, is_root=True)
        checker.check_references()
    except ArtError:  # outside the vector subset: drawn by resvg, if it is safe and drawable
        try:
            return editor_art(name, root, viewbox, positions)
        except EditorArtError as exc:
            raise ArtError(str(exc)) from None
    nodes = tuple(_node(child) for child in root if _local(child.tag) not in _DROPPED)
    return Art(name, viewbox, nodes)


def _viewbox(value: str | None, name: str) -> tuple[float, float, float, float]:
    parts = (value or "").replace(",", " ").split()
    if len(parts) != 4 or not all(_IS_NUMBER.match(p) for p in parts):
        raise ArtError(f'{name}: the <svg> element needs viewBox="x y width height".')
    x, y, w, h = (float(p) for p in parts)
    if w <= 0 or h <= 0:
        raise ArtError(f"{name}: the viewBox width and height must be positive.")
    return (x, y, w, h)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _Checker:
    """Walks the art tree and refuses anything outside the safe subset, with advice."""

    def __init__(self, name: str):
        self.name = name
        self.ids: dict[str, str] = {}
        self.clip_refs: list[str] = []

    def fail(self, message: str) -> NoReturn:
        raise ArtError(f"{self.name}: {message}.")

    def check(self, node: ET.Element, is_root: bool = False) -> None:
        if not node.tag.startswith(f"{{{SVG_NS}}}"):
            self.fail(f"<{node.tag}> is not an SVG element")
        tag = _local(node.tag)
        if (tag not in _GEOMETRY and tag not in _DROPPED) or (tag == "svg" and not is_root):
            advice = _ADVICE.get(tag, "allowed: " + ", ".join(sorted(_GEOMETRY)))
            self.fail(f"<{tag}> is not allowed in art ({advice})")
        if tag in _DROPPED:
            return
        for attribute, value in node.attrib.items():
            self.attribute(tag, attribute, value)
        if tag == "rect" and not _equal_radii(node.get("rx"), node.get("ry")):
            self.fail("a <rect> needs rx and ry both given and equal, or neither (svglib draws rx != ry wrongly)")
        if tag == "clipPath" and node.get("clipPathUnits", "userSpaceOnUse") != "userSpaceOnUse":
            self.fail("clipPathUnits must be userSpaceOnUse (objectBoundingBox makes the element vanish in svglib)")
        node_id = node.get("id")
        if node_id:
            self.ids[node_id] = tag
        for child in node:
            self.check(child)

    def attribute(self, tag: str, attribute: str, value: str) -> None:
        if attribute.startswith("{"):
            self.fail(f"the attribute {attribute} on <{tag}> is not allowed (no foreign namespaces in art)")
        if attribute not in _STYLE and attribute not in _GEOMETRY[tag]:
            advice = _ADVICE.get(attribute, f"allowed on <{tag}>: {', '.join(sorted(_STYLE | _GEOMETRY[tag]))}")
            self.fail(f"the attribute {attribute!r} on <{tag}> is not allowed ({advice})")
        if attribute in ("fill", "stroke") and not _COLOUR.match(value.strip()):
            self.fail(f"{attribute}={value!r} on <{tag}>: use '#rrggbb' or 'none' (no gradients, patterns or names)")
        elif attribute in _NUMERIC and tag != "svg" and not _IS_NUMBER.match(value):
            self.fail(f"{attribute}={value!r} on <{tag}> must be a plain number in viewBox units")
        elif attribute == "d" and not _PATH_DATA.match(value):
            self.fail(f"the path data on <{tag}> has characters that are not path commands or numbers")
        elif attribute == "points" and not _POINTS.match(value):
            self.fail(f"points on <{tag}> must be numbers")
        elif attribute == "transform" and not _TRANSFORM.match(value):
            self.fail(f"transform={value!r} on <{tag}> is not a list of matrix/translate/scale/rotate/skew")
        elif attribute == "id" and not _ID.match(value):
            self.fail(f"id={value!r} must start with a letter and use letters, digits, '_' and '-'")
        elif attribute == "clip-path":
            match = _CLIP_REF.match(value.strip())
            if not match:
                self.fail(f"clip-path={value!r} must be url(#id)")
            self.clip_refs.append(match.group(1))

    def check_references(self) -> None:
        for ref in self.clip_refs:
            if self.ids.get(ref) != "clipPath":
                self.fail(f"clip-path refers to #{ref}, which is not a <clipPath> in this file")


def _node(node: ET.Element) -> ArtNode:
    """The checked element as plain tuples: attributes sorted and stripped, ids and clip
    references behind ID_TOKEN, <title> and <desc> left out."""
    attributes = []
    for key in sorted(node.attrib):
        value = node.attrib[key].strip()
        if key == "id":
            value = f"{ID_TOKEN}-{value}"
        elif key == "clip-path":
            match = _CLIP_REF.match(value)
            if match is None:  # the checker refuses such art before it is written out
                raise ArtError(f"clip-path={value!r} must be url(#id)")
            value = f"url(#{ID_TOKEN}-{match.group(1)})"
        attributes.append((key, value))
    children = tuple(_node(child) for child in node if _local(child.tag) not in _DROPPED)
    return (_local(node.tag), tuple(attributes), children)


def _equal_radii(rx: str | None, ry: str | None) -> bool:
    if rx is None or ry is None:
        return rx is None and ry is None
    return float(rx) == float(ry)
