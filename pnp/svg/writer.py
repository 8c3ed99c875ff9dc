"""The one SVG writer: every SVG the project emits is built of svgwrite elements and written here.

Faces (pnp.svg.face), setup sheets (pnp.setupsheet.page), cut files (pnp.export.cut) and the art
generators (art-source/) all go through this module, so there is one number format (`num`, and
`factor` for dimensionless scale factors), one escaping (svgwrite's serialiser, ElementTree's) and
one document layout (`document`). Nothing else in the project formats SVG numbers or escapes SVG
text; tests/test_svg_writer.py checks that.

- Elements are svgwrite `BaseElement`s with validation off (`debug=False`: svgwrite's checks cost
  more than the writing). `Element` keeps attributes in the order they are set, where svgwrite
  would sort them: the PDF painter names the forms of big groups by a hash of their elements'
  attributes in document order, so the order the faces always had keeps the PDF bytes as they were.
- `document` writes the XML declaration, the root's start tag on a line of its own, one top-level
  element a line and `</svg>`: the PDF painter looks each line of a face up in its cache.
- `open_tag` is an element's start tag alone, so a writer can serialise the parts that repeat once
  (a face's art, its glyph runs) and put the parts around them together per card (pnp.svg.face).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

# svgwrite ships no types
from svgwrite.base import BaseElement, Title  # type: ignore[import-untyped]
from svgwrite.params import Parameter  # type: ignore[import-untyped]

SVG_NS = "http://www.w3.org/2000/svg"
XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'
_PARAMETER = Parameter(debug=False, profile="full")  # no validation: it costs more than the writing

Value = str | float | int | None


def num(value: float, places: int = 3) -> str:
    """A length: rounded to `places` decimals (0.001 mm by default), no trailing zeros, never '-0'."""
    text = f"{round(value, places):.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def factor(value: float) -> str:
    """A dimensionless factor (a scale, a matrix coefficient): seven significant digits."""
    text = f"{value:.7g}"
    return "0" if text == "-0" else text


def points(pairs: Iterable[tuple[float, float]], places: int = 3) -> str:
    """A `points` list: 'x,y x,y …'."""
    return " ".join(f"{num(x, places)},{num(y, places)}" for x, y in pairs)


class Element(BaseElement):
    """An svgwrite element of any tag in the project's SVG subset, its attributes written in the
    order they were given (None and "" are left out, as svgwrite does)."""

    def __init__(self, tag: str, attributes: Iterable[tuple[str, Value]] = (), children: Iterable = ()):
        # BaseElement.__init__ is skipped on purpose: it would run every attribute through
        # __setitem__ and the validator's debug check one by one; this is what it sets up.
        self.elementname = tag
        self._parameter = _PARAMETER
        self.attribs = {name: value for name, value in attributes if value is not None and value != ""}
        self.elements = list(children)

    def tostring(self) -> str:
        """svgwrite's tostring, less its round trip through UTF-8 bytes (svgwrite keeps that for
        Python 2; its own comment gives this line for Python 3)."""
        return ET.tostring(self.get_xml(), encoding="unicode")

    def get_xml(self) -> ET.Element:
        xml = ET.Element(self.elementname, {name: _text(value) for name, value in self.attribs.items()})
        xml.extend(child.get_xml() for child in self.elements)
        return xml


def _text(value: Value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return num(value)
    return str(value)


def element(tag: str, *children, **attributes: Value) -> Element:
    """`tag` with `attributes` in the order given (`stroke_width` → `stroke-width`, `class_` →
    `class`) and `children` (Elements, or `title(...)`)."""
    return Element(tag, ((name.rstrip("_").replace("_", "-"), value) for name, value in attributes.items()), children)


def title(words: str) -> Title:
    """A <title> holding `words` (escaped by the serialiser)."""
    return Title(words)


def tostring(node: BaseElement | Title) -> str:
    """The element and its children as XML text (svgwrite's serialiser: ElementTree's escaping)."""
    if isinstance(node, Title):
        return ET.tostring(node.get_xml(), encoding="unicode")
    return node.tostring()


def tostrings(nodes: list[Element]) -> list[str]:
    """Each element as XML text, as `tostring` gives it, written by one call of the serialiser
    (its cost is mostly per call): each goes on its own line in one wrapper, and the lines are
    split again. An element's text never holds a line break (the serialiser escapes those in
    attributes, and these elements hold no text)."""
    wrapper = ET.Element("_")
    for node in nodes:
        xml = node.get_xml()
        xml.tail = "\n"
        wrapper.append(xml)
    text = ET.tostring(wrapper, encoding="unicode")
    lines = text[len("<_>") : -len("</_>")].split("\n")[:-1] if nodes else []
    if len(lines) != len(nodes):
        raise AssertionError("an element's text held a line break")
    return lines


SLOT = "pnp-slot"  # the tag of an element that holds the place of text written before


def slot() -> Element:
    """An element that holds the place of text already written (a cached glyph run): the text is
    put in by `fill_slots` after serialisation."""
    return Element(SLOT)


def fill_slots(written: str, texts: list[str]) -> str:
    """`written` with its slots, in document order, replaced by `texts`."""
    if not texts:
        return written
    parts = written.split(f"<{SLOT} />")
    if len(parts) != len(texts) + 1:
        raise AssertionError(f"{len(texts)} texts for {len(parts) - 1} slots")
    return "".join(part + text for part, text in zip(parts, texts)) + parts[-1]


def close_tag(node: Element) -> str:
    """The element's end tag: '</g>'."""
    return f"</{node.elementname}>"


def open_tag(node: Element) -> str:
    """The element's start tag alone (its children are left out): '<g id="…">'."""
    empty = Element(node.elementname)
    empty.attribs = node.attribs
    text = tostring(empty)
    if not text.endswith(" />"):
        raise AssertionError(f"unexpected serialisation of an empty element: {text!r}")
    return text[:-3] + ">"


def multiline(node: Element) -> str:
    """The element written with each child on a line of its own (for files people read too)."""
    return "\n".join([open_tag(node), *(tostring(child) for child in node.elements), close_tag(node)])


def frame(root: Element) -> tuple[str, str]:
    """What a document puts before its lines (the XML declaration and `root`'s start tag, each on
    its line) and after them (the end tag)."""
    return f"{XML_DECLARATION}\n{open_tag(root)}\n", f"{close_tag(root)}\n"


def document(root: Element, lines: Iterable[str]) -> str:
    """A standalone SVG document: the XML declaration, `root`'s start tag, each of `lines` (one
    serialised top-level element each) on a line of its own, and the end tag."""
    head, tail = frame(root)
    return "".join((head, *(line + "\n" for line in lines), tail))


def document_of(root: Element) -> str:
    """`document` with `root`'s own children as the lines."""
    return document(root, (tostring(child) for child in root.elements))


def svg_root(width: float, height: float, view_box: tuple[float, float, float, float], **attributes: Value) -> Element:
    """The <svg> element of a document `width` × `height` mm showing `view_box`."""
    return element(
        "svg",
        xmlns=SVG_NS,
        **attributes,
        width=f"{num(width)}mm",
        height=f"{num(height)}mm",
        viewBox=" ".join(num(v) for v in view_box),
    )
