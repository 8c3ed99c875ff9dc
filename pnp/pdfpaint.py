"""Faces into PDF drawing operators, directly: our own SVG subset, drawn exactly and fast.

The faces are written by our own code (render.py) and hold art that art.py has checked, so the
SVG they use is small and known: <svg>, <g>, <defs>, <clipPath> (userSpaceOnUse, one shape),
<path>, <rect>, <circle>, <ellipse>, <line>, <polyline>, <polygon>; flat '#rrggbb' colours; fill,
fill-rule, stroke and its width, caps, joins, miter limit and dashes; transform lists; clip-path.
`paint_face` draws such a face as PDF content-stream operators (reportlab's `addLiteral`) in the
canvas's current space, so it can fill a form between `beginForm` and `endForm`. Anything outside
the subset raises `PaintError` naming the face and the element: nothing is dropped silently.
docs/performance.md says why this replaces svglib (which took ~30 ms a face; this ~1 ms).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .errors import PnpError
from .model import Face
from .pdfpath import IDENTITY, Matrix, ellipse_ops, fmt, fmt_matrix, invert, multiply, parse_transform, path_ops, points_ops, rect_ops
from .units import mm_to_pt

NS = "{http://www.w3.org/2000/svg}"
Style = dict[str, Any]

_INHERITED = {"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
              "stroke-dasharray", "fill-rule", "clip-rule"}
_COMMON = _INHERITED | {"id", "transform"}
_SHAPES = {
    "path": {"d"},
    "rect": {"x", "y", "width", "height", "rx", "ry"},
    "circle": {"cx", "cy", "r"},
    "ellipse": {"cx", "cy", "rx", "ry"},
    "line": {"x1", "y1", "x2", "y2"},
    "polyline": {"points"},
    "polygon": {"points"},
}
_ALLOWED = {
    "svg": (_INHERITED | {"id", "version", "width", "height", "viewBox"}),
    "g": _COMMON | {"clip-path"},
    "defs": _COMMON,
    "clipPath": _COMMON | {"clipPathUnits"},
    "title": set(), "desc": set(),
    **{tag: _COMMON | {"clip-path"} | geometry for tag, geometry in _SHAPES.items()},
}
_ALLOWED_NS = {NS + tag: frozenset(attrs) for tag, attrs in _ALLOWED.items()}
_CAPS = {"butt": "0", "round": "1", "square": "2"}
_JOINS = {"miter": "0", "round": "1", "bevel": "2"}
_RULES = ("nonzero", "evenodd")
_ROOT_STYLE: Style = {"fill": "0 0 0", "stroke": None, "stroke-width": 1.0, "stroke-linecap": "0",
                      "stroke-linejoin": "0", "stroke-miterlimit": 4.0, "stroke-dasharray": None,
                      "fill-rule": "nonzero", "clip-rule": "nonzero"}
_STROKE_STATE = ("stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray")


class PaintError(PnpError):
    """A face uses SVG outside the subset `paint_face` draws exactly."""


def paint_face(canvas, face: Face) -> None:
    """Draw `face` into `canvas` filling the box (0, 0)–(bleed width, bleed height) in pt, y up:
    the same space pdfform's FormBook gives a face's form."""
    w = mm_to_pt(face.width + 2 * face.bleed)
    h = mm_to_pt(face.height + 2 * face.bleed)
    canvas.addLiteral(face_operators(face, w, h))


def face_operators(face: Face, width_pt: float, height_pt: float) -> str:
    """The face's drawing as PDF content-stream text, fitted into (0, 0)–(width_pt, height_pt)."""
    try:
        root = ET.fromstring(face.svg)
    except ET.ParseError as exc:
        raise PaintError(f"The face {face.id!r} is not an SVG that can be drawn: {exc}.") from None
    return _Painter(face.id, root).run(width_pt, height_pt)


def _local(tag: str) -> str:
    return tag[len(NS):] if tag.startswith(NS) else tag


class _Painter:
    """One face: checks every element, then walks the tree emitting operators and paint state."""

    def __init__(self, face_id: str, root: ET.Element):
        self.face_id = face_id
        self.root = root
        self.out: list[str] = []
        self.clips: dict[str, ET.Element] = {}
        self.parents: dict[ET.Element, ET.Element] | None = None
        self.state: dict[str, Any] = {}  # paint state already set inside the current q … Q
        self.saved: list[dict[str, Any]] = []

    def fail(self, element: ET.Element, message: str):
        tag = _local(element.tag)
        own = element.get("id")
        near = self.near(element)
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
        return "" if up is None else up.get("id")

    def run(self, width_pt: float, height_pt: float) -> str:
        root = self.root
        if root.tag != NS + "svg":
            self.fail(root, "the root element must be an SVG <svg>")
        self.check_all()
        style = self.style(root, _ROOT_STYLE)
        box = [_float_or_none(v) for v in (root.get("viewBox") or "").replace(",", " ").split()]
        if len(box) != 4 or None in box or box[2] <= 0 or box[3] <= 0:
            self.fail(root, "it needs a viewBox with four numbers and a positive size")
        x, y, w, h = box
        s = min(width_pt / w, height_pt / h)  # xMidYMid meet; faces have equal proportions
        ex, ey = (width_pt - w * s) / 2 - x * s, (height_pt - h * s) / 2 - y * s
        self.out.append("q " + fmt_matrix((s, 0.0, 0.0, -s, ex, height_pt - ey)))
        self.children(root, style)
        self.out.append("Q")
        return "\n".join(self.out) + "\n"

    # --- tree and style --------------------------------------------------------------------

    def check_all(self) -> None:
        """Every element and attribute is in the subset (also those in <defs>, never drawn)."""
        for element in self.root.iter():
            allowed = _ALLOWED_NS.get(element.tag)
            if allowed is None:
                self.fail(element, "this element is outside the SVG subset drawn into PDFs (see pnp/pdfpaint.py)")
            if not allowed.issuperset(element.attrib):
                extra = sorted(set(element.attrib) - allowed)
                self.fail(element, f"the attribute {extra[0]!r} is outside the SVG subset drawn into PDFs")
            if element.tag == NS + "clipPath":
                if element.get("clipPathUnits", "userSpaceOnUse").strip() != "userSpaceOnUse":
                    self.fail(element, "only clipPathUnits='userSpaceOnUse' is drawn")
                self.clips.setdefault(element.get("id", ""), element)  # the first wins, as in SVG

    def style(self, element: ET.Element, parent: Style) -> Style:
        attrib = element.attrib
        if _INHERITED.isdisjoint(attrib):
            return parent
        style = dict(parent)
        for name in _INHERITED.intersection(attrib):
            try:
                style[name] = _property(name, attrib[name].strip())
            except ValueError as exc:
                self.fail(element, f"{name}={attrib[name]!r}: {exc}")
        return style

    def inherited_style(self, element: ET.Element) -> Style:
        """The style `element` gets from its own ancestors (for clip paths, drawn elsewhere)."""
        chain = [element]
        while (up := self.parent(chain[-1])) is not None:
            chain.append(up)
        style = _ROOT_STYLE
        for node in reversed(chain):
            style = self.style(node, style)
        return style

    def children(self, parent: ET.Element, style: Style) -> None:
        for element in parent:
            tag = element.tag[len(NS):]
            if tag in ("defs", "clipPath", "title", "desc"):
                continue  # not drawn where they stand (clip paths are drawn where used)
            own = self.style(element, style)
            transform, clip = element.get("transform"), element.get("clip-path")
            if clip is not None and clip.strip() == "none":
                clip = None
            if transform is not None or clip is not None:
                self.push()
                if transform is not None:
                    self.out.append(fmt_matrix(self.matrix(element)))
                if clip is not None and not self.clip(element, clip):
                    self.pop()
                    continue
            if tag == "g":
                self.children(element, own)
            else:
                self.shape(element, tag, own)
            if transform is not None or clip is not None:
                self.pop()

    def push(self) -> None:
        self.out.append("q")
        self.saved.append(self.state)
        self.state = dict(self.state)

    def pop(self) -> None:
        self.out.append("Q")
        self.state = self.saved.pop()

    def matrix(self, element: ET.Element) -> Matrix:
        try:
            return parse_transform(element.get("transform", ""))
        except ValueError as exc:
            self.fail(element, str(exc))

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
            if shape.tag[len(NS):] not in _SHAPES:
                self.fail(shape, "a <clipPath> may hold only shapes (path, rect, circle, ellipse, line, polyline, polygon)")
            if shape.get("clip-path") is not None:
                self.fail(shape, "a shape inside a <clipPath> cannot be clipped itself")
        if len(shapes) > 1:
            self.fail(clip_path, "a <clipPath> with more than one shape cannot be drawn exactly in a PDF; merge them into one <path>")
        if not shapes:
            return False  # an empty clip path shows nothing
        shape = shapes[0]
        rule = "W*" if self.inherited_style(shape)["clip-rule"] == "evenodd" else "W"
        m = multiply(self.matrix(clip_path), self.matrix(shape))
        back = invert(m)
        ops = self.geometry(shape, shape.tag[len(NS):])
        if back is None or not ops:
            return False
        if m == IDENTITY:
            self.out.append(f"{ops} {rule} n")
        else:
            self.out.append(f"{fmt_matrix(m)} {ops} {rule} n {fmt_matrix(back)}")
        return True

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
        self.out.append(f"{ops} {paint}")

    def stroke_state(self, style: Style) -> None:
        state, out = self.state, self.out
        for name in _STROKE_STATE:
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
                return _rect(*(_length(get(k), k) for k in ("x", "y", "width", "height")), get("rx"), get("ry"))
            if tag in ("circle", "ellipse"):
                cx, cy = _length(get("cx"), "cx"), _length(get("cy"), "cy")
                rx, ry = (_length(get("r"), "r"),) * 2 if tag == "circle" else (_length(get(k), k) for k in ("rx", "ry"))
                if rx < 0 or ry < 0:
                    raise ValueError("a negative radius is an error in SVG")
                return ellipse_ops(cx, cy, rx, ry) if rx > 0 and ry > 0 else ""
            x1, y1, x2, y2 = (_length(get(k), k) for k in ("x1", "y1", "x2", "y2"))
            return f"{fmt(x1)} {fmt(y1)} m {fmt(x2)} {fmt(y2)} l"
        except ValueError as exc:
            self.fail(element, str(exc))


def _rect(x: float, y: float, w: float, h: float, rx_text: str | None, ry_text: str | None) -> str:
    if w < 0 or h < 0:
        raise ValueError("a negative width or height is an error in SVG")
    if w == 0 or h == 0:
        return ""
    rx = _length(rx_text, "rx") if rx_text is not None else None
    ry = _length(ry_text, "ry") if ry_text is not None else None
    if (rx is not None and rx < 0) or (ry is not None and ry < 0):
        raise ValueError("a negative corner radius is an error in SVG")
    rx = ry if rx is None else rx
    ry = rx if ry is None else ry
    return rect_ops(x, y, w, h, min(rx or 0.0, w / 2), min(ry or 0.0, h / 2))


def _length(text: str | None, name: str) -> float:
    """A plain number in user units; SVG's default 0 when absent."""
    if text is None:
        return 0.0
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} must be a plain number in user units") from None


def _float_or_none(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


_COLOURS: dict[str, str | None] = {"none": None}


def _colour(text: str) -> str | None:
    """'#rrggbb' or '#rgb' as PDF "r g b" (0–1), 'none' as None."""
    found = _COLOURS.get(text)
    if found is not None or text in _COLOURS:
        return found
    digits = text[1:] if text.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    try:
        if len(digits) != 6:
            raise ValueError
        rgb = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        raise ValueError("colours must be '#rrggbb', '#rgb' or 'none'") from None
    _COLOURS[text] = " ".join(fmt(round(v, 4)) for v in rgb)
    return _COLOURS[text]


def _property(name: str, text: str) -> Any:
    """A presentation attribute's value in the form the painter uses (ValueError if invalid)."""
    if name in ("fill", "stroke"):
        return _colour(text)
    if name in ("stroke-width", "stroke-miterlimit"):
        value = _length(text, name)
        if value < (1 if name == "stroke-miterlimit" else 0):
            raise ValueError("must be at least 1" if name == "stroke-miterlimit" else "must not be negative")
        return value
    if name == "stroke-linecap":
        return _keyword(text, _CAPS)
    if name == "stroke-linejoin":
        return _keyword(text, _JOINS)
    if name in ("fill-rule", "clip-rule"):
        if text not in _RULES:
            raise ValueError("must be 'nonzero' or 'evenodd'")
        return text
    return _dashes(text)


def _keyword(text: str, table: dict[str, str]) -> str:
    if text not in table:
        raise ValueError(f"must be one of {', '.join(table)}")
    return table[text]


def _dashes(text: str) -> tuple[float, ...] | None:
    if text == "none":
        return None
    values = tuple(_length(v, "stroke-dasharray") for v in text.replace(",", " ").split())
    if not values or any(v < 0 for v in values):
        raise ValueError("must be 'none' or non-negative numbers")
    if sum(values) == 0:
        return None  # all zero: SVG draws a solid line
    return values * 2 if len(values) % 2 else values
