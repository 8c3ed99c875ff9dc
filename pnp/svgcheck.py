"""Does a face stay inside the SVG subset that svglib draws correctly? (STACK.md lists it.)

The PDF sheets draw faces through svglib; what it ignores or gets wrong would print differently
from the SVG a browser shows. `subset_problems` names each such use once, as a sentence fragment
the imposer turns into a build warning.
"""

from __future__ import annotations

import re
from functools import lru_cache

_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(.*\)|none|currentColor|transparent|inherit|url\(.*\))$")
_COLOUR_PROPERTIES = ("fill", "stroke", "stop-color", "color")

_ELEMENTS = {
    "mask": "<mask> is ignored by the PDF renderer",
    "pattern": "<pattern> is ignored by the PDF renderer",
    "filter": "<filter> is ignored by the PDF renderer",
    "foreignObject": "<foreignObject> is ignored by the PDF renderer",
    "symbol": "<symbol> with a viewBox is not scaled when used; use a <g> with a transform",
}
_ATTRIBUTES = {
    "opacity": "'opacity' is ignored: use fill-opacity and stroke-opacity",
    "mask": "'mask' is ignored",
    "filter": "'filter' is ignored",
    "letter-spacing": "'letter-spacing' is ignored",
    "dominant-baseline": "'dominant-baseline' is ignored: compute the baseline",
    "gradientTransform": "'gradientTransform' is ignored",
    "stop-opacity": "'stop-opacity' is ignored",
}


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _style(element) -> dict[str, str]:
    """Presentation attributes and style="…" declarations together (style wins)."""
    found = {_local(k): v for k, v in element.attrib.items()}
    for declaration in found.pop("style", "").split(";"):
        if ":" in declaration:
            key, value = declaration.split(":", 1)
            found[key.strip()] = value.strip()
    return found


def _element_problems(element, is_root: bool) -> list[str]:
    tag = _local(element.tag)
    props = _style(element)
    out = [_ELEMENTS[tag]] if tag in _ELEMENTS else []
    if tag == "svg" and not is_root:
        out.append("a nested <svg> gets the wrong size; flatten it to a <g transform>")
    out += [message for name, message in _ATTRIBUTES.items() if name in props]
    if props.get("clipPathUnits") == "objectBoundingBox":
        out.append("clipPathUnits='objectBoundingBox' makes the clipped element vanish")
    if props.get("stroke", "").startswith("url("):
        out.append("a gradient on a stroke makes it vanish")
    if tag in ("text", "tspan") and props.get("fill", "").startswith("url("):
        out.append("a gradient on text makes it vanish")
    if tag == "radialGradient" and ("fx" in props or "fy" in props):
        out.append("a radial gradient's fx/fy are ignored")
    if tag == "rect" and "rx" in props and "ry" in props and props["rx"] != props["ry"]:
        out.append("a rect with rx ≠ ry is drawn wrongly")
    if tag == "image" and "preserveAspectRatio" in props:
        out.append("'preserveAspectRatio' on an image is ignored")
    if props.get("font-weight", "").isdigit():
        out.append("a numeric font-weight is not understood: write 'bold'")
    if tag == "tspan" and ({"x", "y", "dx", "dy"} & props.keys()):
        out.append("<tspan> line placement (x, y, dx, dy) is ignored")
    for name in _COLOUR_PROPERTIES:
        value = props.get(name, "").strip()
        if value and not _COLOUR.match(value) and value.lower() not in _named_colours():
            out.append(f"the colour {value!r} cannot be read and prints black or not at all")
    return out


@lru_cache(maxsize=1)
def _named_colours() -> frozenset[str]:
    from reportlab.lib.colors import getAllNamedColors

    return frozenset(name.lower() for name in getAllNamedColors())


def subset_problems(root) -> list[str]:
    """Each distinct problem in an lxml SVG tree, in document order, once."""
    seen: list[str] = []
    for element in root.iter():
        for problem in _element_problems(element, element is root):
            if problem not in seen:
                seen.append(problem)
    return seen
