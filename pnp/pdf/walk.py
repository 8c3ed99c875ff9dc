"""Walking a face's SVG tree into PDF content-stream operators: the subset pnp.pdf.paint draws.

`Walker(face_id, root, art, known)` checks every element and attribute against the subset (see
pnp/pdf/style.py), then walks the tree emitting operator text and `ArtRef`s: a big group (art) or a
big path outside art (a glyph) becomes a form named by a hash of its content, whose operators go
into `art`. Anything outside the subset raises `PaintError` naming the face and the element.
"""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from pnp.core.affine import IDENTITY, Matrix, invert, multiply
from pnp.core.errors import PnpError
from pnp.pdf.image import STASHED, picture, placement
from pnp.pdf.path import (
    ellipse_ops,
    fmt,
    fmt_matrix,
    parse_transform,
    path_ops,
    points_ops,
)
from pnp.pdf.style import (
    ALLOWED_NS,
    INHERITED,
    NS,
    ROOT_STYLE,
    SHAPES,
    STROKE_STATE,
    Style,
    float_or_none,
    length,
    parse_property,
    rect_geometry,
)

ART_MIN_ELEMENTS = 16  # a <g> with at least this many elements (itself included) becomes a form
PATH_FORM_MIN = 200  # a <path> outside art whose operators are at least this long becomes a form
_DRAWN_ELSEWHERE = ("defs", "clipPath", "title", "desc")


class PaintError(PnpError):
    """A face uses SVG outside the subset `paint_face` draws exactly."""


@dataclass(frozen=True)
class ArtRef:
    """Where a face draws an art form (`name`, defined by the painter on first use)."""

    name: str


@dataclass(frozen=True)
class ImageRef:
    """Where a face draws a picture (`name`, kept with the art forms) in the unit square set
    before it, printed `width` × `height` (face units, mm): the painter picks the pixels."""

    name: str
    width: float
    height: float


def _local(tag: str) -> str:
    return tag[len(NS) :] if tag.startswith(NS) else tag


class Walker:
    """One face: checks every element, then walks the tree emitting operators and paint state.
    With `art` (a dict to fill with new forms' operators) big groups become ArtRefs."""

    def __init__(self, face_id: str, root: ET.Element, art: dict[str, Any] | None, known: Mapping[str, Any]):
        self.face_id, self.root, self.art, self.known = face_id, root, art, known
        self.out: list = []
        self.clips: dict[str, ET.Element] = {}
        self.parents: dict[ET.Element, ET.Element] | None = None
        self.state: dict = {}  # paint state already set inside the current q … Q
        self.saved: list[dict] = []
        self.ctm: Matrix = IDENTITY  # face units (mm) from the current user space, for an image's printed size
        self.ctms: list[Matrix] = []

    def fail(self, element: ET.Element, message: str) -> NoReturn:
        tag, own, near = _local(element.tag), element.get("id"), self.near(element)
        where = f"<{tag} id={own!r}>" if own else f"a <{tag}>" + (f" inside {near!r}" if near else "")
        raise PaintError(f"The face {self.face_id!r} cannot be drawn into the PDF: {where}: {message}.")

    def parent(self, element: ET.Element) -> ET.Element | None:
        if self.parents is None:
            self.parents = {child: p for p in self.root.iter() for child in p}
        return self.parents.get(element)

    def near(self, element: ET.Element) -> str:
        """The id of the closest ancestor that has one ("" if none)."""
        up = self.parent(element)
        while up is not None and not up.get("id"):
            up = self.parent(up)
        return "" if up is None else up.get("id", "")

    def run(self, width_pt: float, height_pt: float) -> list:
        """Operator text and ArtRefs, in drawing order (consecutive text joined)."""
        root = self.root
        if root.tag != NS + "svg":
            self.fail(root, "the root element must be an SVG <svg>")
        self.check_all()
        style = self.style(root, ROOT_STYLE)
        self.out.append(self.viewbox(width_pt, height_pt))
        self.children(root, style)
        self.out.append("Q")
        return joined(self.out)

    def frame(self, width_pt: float, height_pt: float) -> str | None:
        """For an empty <svg> (a face's start tag alone): its opening operators, or None when
        it sets a style its elements would inherit (then the whole face is walked)."""
        root = self.root
        if root.tag != NS + "svg" or len(root) or not INHERITED.isdisjoint(root.attrib):
            return None
        self.check_all()
        return self.viewbox(width_pt, height_pt)

    def viewbox(self, width_pt: float, height_pt: float) -> str:
        """'q' and the matrix that fits the root's viewBox into the box, y up."""
        root = self.root
        box = [float_or_none(v) for v in (root.get("viewBox") or "").replace(",", " ").split()]
        numbers = [v for v in box if v is not None]
        if len(box) != 4 or len(numbers) != 4 or numbers[2] <= 0 or numbers[3] <= 0:
            self.fail(root, "it needs a viewBox with four numbers and a positive size")
        x, y, w, h = numbers
        s = min(width_pt / w, height_pt / h)  # xMidYMid meet; faces have equal proportions
        ex, ey = (width_pt - w * s) / 2 - x * s, (height_pt - h * s) / 2 - y * s
        return "q " + fmt_matrix((s, 0.0, 0.0, -s, ex, height_pt - ey))

    # --- tree and style --------------------------------------------------------------------

    def check_all(self) -> None:
        """Every element and attribute is in the subset (also those in <defs>, never drawn)."""
        for element in self.root.iter():
            allowed = ALLOWED_NS.get(element.tag)
            if allowed is None:
                self.fail(element, "this element is outside the SVG subset drawn into PDFs (see pnp/pdf/paint.py)")
            if not allowed.issuperset(element.attrib):
                extra = sorted(set(element.attrib) - allowed)
                self.fail(element, f"the attribute {extra[0]!r} is outside the SVG subset drawn into PDFs")
            if element.tag == NS + "clipPath":
                if element.get("clipPathUnits", "userSpaceOnUse").strip() != "userSpaceOnUse":
                    self.fail(element, "only clipPathUnits='userSpaceOnUse' is drawn")
                self.clips.setdefault(element.get("id", ""), element)  # the first wins, as in SVG

    def style(self, element: ET.Element, parent: Style) -> Style:
        attrib = element.attrib
        if INHERITED.isdisjoint(attrib):
            return parent
        style = dict(parent)
        for name in INHERITED.intersection(attrib):
            text = attrib[name]
            value = _PROPERTIES.get((name, text), _MISSING)
            if value is _MISSING:
                try:
                    value = _PROPERTIES[(name, text)] = parse_property(name, text.strip())
                except ValueError as exc:
                    self.fail(element, f"{name}={text!r}: {exc}")
            style[name] = value
        return style

    def inherited_style(self, element: ET.Element) -> Style:
        """The style `element` gets from its own ancestors (for clip paths, drawn elsewhere)."""
        chain = [element]
        while (up := self.parent(chain[-1])) is not None:
            chain.append(up)
        style = ROOT_STYLE
        for node in reversed(chain):
            style = self.style(node, style)
        return style

    def children(self, parent: ET.Element, style: Style) -> None:
        for element in parent:
            tag = element.tag[len(NS) :]
            if tag in _DRAWN_ELSEWHERE:
                continue  # not drawn where they stand (clip paths are drawn where used)
            own = self.style(element, style)
            transform, clip = element.get("transform"), element.get("clip-path")
            if clip is not None and clip.strip() == "none":
                clip = None
            if transform is not None or clip is not None:
                self.push()
                if transform is not None:
                    m = self.matrix(element)
                    self.out.append(fmt_matrix(m))
                    self.ctm = multiply(self.ctm, m)
                if clip is not None and not self.clip(element, clip):
                    self.pop()
                    continue
            if tag == "image":
                self.image(element)
            elif tag != "g":
                self.shape(element, tag, own)
            elif self.art is None or not self.art_form(element, style, own):
                self.children(element, own)
            if transform is not None or clip is not None:
                self.pop()

    def push(self) -> None:
        self.out.append("q")
        self.saved.append(self.state)
        self.state = dict(self.state)
        self.ctms.append(self.ctm)

    def pop(self) -> None:
        self.out.append("Q")
        self.state = self.saved.pop()
        self.ctm = self.ctms.pop()

    def matrix(self, element: ET.Element) -> Matrix:
        try:
            return parse_transform(element.get("transform", ""))
        except ValueError as exc:
            self.fail(element, str(exc))

    # --- art forms -------------------------------------------------------------------------

    def art_form(self, group: ET.Element, inherited: Style, own: Style) -> bool:
        """Draw a big, self-contained group's content as a form named by its content; False
        (draw inline) for small groups or groups that use clip paths from outside."""
        key = _art_key(group, inherited, self.clips)
        if key is None or self.art is None:
            return False
        name = _art_name(key)
        if name not in self.known and name not in self.art:
            inner = Walker(self.face_id, self.root, None, self.known)  # groups inside: inline
            inner.clips, inner.parents = self.clips, self.parents
            inner.children(group, own)
            self.art[name] = "".join(joined(inner.out))
        self.out.append(ArtRef(name))
        return True

    # --- clipping --------------------------------------------------------------------------

    def clip(self, element: ET.Element, reference: str) -> bool:
        """Intersect the clip with the referenced <clipPath>; False when nothing can show."""
        ref = reference.strip()
        clip_path = self.clips.get(ref[5:-1]) if ref.startswith("url(#") and ref.endswith(")") else None
        if clip_path is None:
            self.fail(element, f"clip-path={reference!r} must be url(#id) of a <clipPath> in this face")
        if clip_path.get("clip-path") is not None:
            self.fail(clip_path, "a <clipPath> cannot be clipped itself")
        shapes = list(clip_path)
        for shape in shapes:
            if shape.tag[len(NS) :] not in SHAPES:
                self.fail(
                    shape, "a <clipPath> may hold only shapes (path, rect, circle, ellipse, line, polyline, polygon)"
                )
            if shape.get("clip-path") is not None:
                self.fail(shape, "a shape inside a <clipPath> cannot be clipped itself")
        if len(shapes) > 1:
            self.fail(
                clip_path,
                "a <clipPath> with more than one shape cannot be drawn exactly in a PDF; merge them into one <path>",
            )
        if not shapes:
            return False  # an empty clip path shows nothing
        shape = shapes[0]
        rule = "W*" if self.inherited_style(shape)["clip-rule"] == "evenodd" else "W"
        m = multiply(self.matrix(clip_path), self.matrix(shape))
        back = invert(m)
        ops = self.geometry(shape, shape.tag[len(NS) :])
        if back is None or not ops:
            return False
        if m == IDENTITY:
            self.out.append(f"{ops} {rule} n")
        else:
            self.out.append(f"{fmt_matrix(m)} {ops} {rule} n {fmt_matrix(back)}")
        return True

    # --- images ----------------------------------------------------------------------------

    def image(self, element: ET.Element) -> None:
        """An <image> holding its picture (a data: URL): placed as preserveAspectRatio says,
        clipped to its box for `slice`; the picture is kept with the art forms, by its hash."""
        get = element.get
        try:
            x0, y0 = length(get("x"), "x"), length(get("y"), "y")
            box = (x0, y0, length(get("width"), "width"), length(get("height"), "height"))
            if box[2] < 0 or box[3] < 0:
                raise ValueError("a negative width or height is an error in SVG")
            href = get("href", "")
            stashed = self.art.get(href[len(STASHED) :]) if self.art is not None and href.startswith(STASHED) else None
            found = stashed or self.known.get(href[len(STASHED) :]) or picture(href)
            (x, y, w, h), clip = placement(box, (found.width, found.height), get("preserveAspectRatio", "xMidYMid"))
        except ValueError as exc:
            self.fail(element, str(exc))
        if box[2] == 0 or box[3] == 0:
            return
        if self.art is None:
            self.fail(element, "images are drawn only by the sheets' painter (pnp.pdf.paint.FacePainter)")
        if found.name not in self.known:
            self.art.setdefault(found.name, found)  # pictures are kept beside the art forms
        a, b, c, d, _, _ = self.ctm
        ops = ["q"]
        if clip:
            ops.append(f"{fmt(box[0])} {fmt(box[1])} {fmt(box[2])} {fmt(box[3])} re W n")
        ops.append(fmt_matrix((w, 0.0, 0.0, -h, x, y + h)))
        self.out.append("\n".join(ops))
        self.out.append(ImageRef(found.name, w * math.hypot(a, b), h * math.hypot(c, d)))
        self.out.append("Q")

    # --- shapes ----------------------------------------------------------------------------

    def shape(self, element: ET.Element, tag: str, style: Style) -> None:
        ops = self.geometry(element, tag)
        fill = style["fill"] if tag != "line" else None
        stroke = style["stroke"] if style["stroke-width"] > 0 else None
        if not ops or (fill is None and stroke is None):
            return
        state = self.state
        if fill is not None and state.get("fill") != fill:
            self.out.append(fill + " rg")
            state["fill"] = fill
        if stroke is not None:
            if state.get("stroke") != stroke:
                self.out.append(stroke + " RG")
                state["stroke"] = stroke
            self.stroke_state(style)
        even = style["fill-rule"] == "evenodd"
        paint = ("B*" if even else "B") if fill and stroke else ("f*" if even else "f") if fill else "S"
        if self.art is not None and tag == "path" and len(ops) >= PATH_FORM_MIN:
            self.out.append(ArtRef(self.path_form(self.art, f"{ops} {paint}")))  # drawn in the colours set here
        else:
            self.out.append(f"{ops} {paint}")

    def path_form(self, art: dict[str, str], content: str) -> str:
        """A form for one big path (a glyph, mostly), named by its content: a face then places a
        glyph it shares with other faces instead of carrying its outline."""
        name = _PATH_NAMES.get(content)
        if name is None:
            if len(_PATH_NAMES) >= 8192:
                _PATH_NAMES.clear()
            name = _PATH_NAMES[content] = "path" + hashlib.sha1(content.encode("ascii")).hexdigest()[:20]
        if name not in self.known and name not in art:
            art[name] = content
        return name

    def stroke_state(self, style: Style) -> None:
        state, out = self.state, self.out
        for name in STROKE_STATE:
            value = style[name]
            if state.get(name, "unset") == value:
                continue
            state[name] = value
            if name == "stroke-width":
                out.append(f"{fmt(value)} w")
            elif name == "stroke-linecap":
                out.append(f"{value} J")
            elif name == "stroke-linejoin":
                out.append(f"{value} j")
            elif name == "stroke-miterlimit":
                out.append(f"{fmt(value)} M")
            else:
                out.append(f"[{' '.join(fmt(v) for v in value)}] 0 d" if value else "[] 0 d")

    def geometry(self, element: ET.Element, tag: str) -> str:
        """The shape's path construction operators ("" when SVG draws nothing for it)."""
        get = element.get
        try:
            if tag == "path":
                return path_ops(get("d", ""))
            if tag in ("polygon", "polyline"):
                return points_ops(get("points", ""), tag == "polygon")
            if tag == "rect":
                x, y, w, h = (length(get(k), k) for k in ("x", "y", "width", "height"))
                return rect_geometry(x, y, w, h, get("rx"), get("ry"))
            if tag in ("circle", "ellipse"):
                cx, cy = length(get("cx"), "cx"), length(get("cy"), "cy")
                rx, ry = (length(get("r"), "r"),) * 2 if tag == "circle" else (length(get(k), k) for k in ("rx", "ry"))
                if rx < 0 or ry < 0:
                    raise ValueError("a negative radius is an error in SVG")
                return ellipse_ops(cx, cy, rx, ry) if rx > 0 and ry > 0 else ""
            x1, y1, x2, y2 = (length(get(k), k) for k in ("x1", "y1", "x2", "y2"))
            return f"{fmt(x1)} {fmt(y1)} m {fmt(x2)} {fmt(y2)} l"
        except ValueError as exc:
            self.fail(element, str(exc))


_MISSING = object()
_PROPERTIES: dict[tuple[str, str], object] = {}  # (name, text) → parsed value; a small, fixed set


def joined(out: list) -> list:
    """Consecutive operator strings joined by newlines (each piece ends with one)."""
    pieces: list = []
    run: list[str] = []
    for item in out:
        if isinstance(item, str):
            run.append(item)
            continue
        if run:
            pieces.append("\n".join(run) + "\n")
            run = []
        pieces.append(item)
    if run:
        pieces.append("\n".join(run) + "\n")
    return pieces


def _art_key(group: ET.Element, inherited: Style, clips: dict[str, ET.Element]) -> tuple | None:
    """Everything that decides a group's drawing, ids left out and clip references numbered
    within the group; None if the group is small or draws with a clip path outside itself."""
    nodes = list(group.iter())
    if len(nodes) < ART_MIN_ELEMENTS or any(node.tag == NS + "image" for node in nodes):
        return None  # small, or holding a picture (placed by the painter, not inside an art form)
    ids = {node.get("id"): n for n, node in enumerate(nodes) if node.get("id") is not None}
    parts: list = [tuple(inherited.values())]
    for n, node in enumerate(nodes):
        attrib = node.attrib
        if n == 0 or "id" in attrib or "clip-path" in attrib:
            attrib = {k: v for k, v in attrib.items() if k != "id" and not (n == 0 and k in ("transform", "clip-path"))}
            ref = attrib.get("clip-path", "").strip()
            if ref and ref != "none":
                target = ids.get(ref[5:-1]) if ref.startswith("url(#") and ref.endswith(")") else None
                if target is None or clips.get(ref[5:-1]) is not nodes[target]:
                    return None
                attrib["clip-path"] = f"#{target}"
        parts.append((node.tag, len(node), tuple(attrib.items())))
    return tuple(parts)


_PATH_NAMES: dict[str, str] = {}  # a big path's operators → its form name (a hash, the same in every run)
_ART_NAMES: dict[tuple, str] = {}  # art key → form name (a hash of the key, so the same in every run)


def _art_name(key: tuple) -> str:
    name = _ART_NAMES.get(key)
    if name is None:
        if len(_ART_NAMES) >= 4096:
            _ART_NAMES.clear()
        name = _ART_NAMES[key] = "art" + hashlib.sha1(repr(key).encode("utf-8")).hexdigest()[:20]
    return name
