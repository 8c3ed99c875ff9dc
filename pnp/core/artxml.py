"""Art SVG parsed by expat with the refusals in the parser itself, whatever the file's encoding:

- a DOCTYPE with an internal subset is refused when expat meets it, before the subset is read, so
  no ENTITY is ever declared or expanded (a byte search for "<!ENTITY" misses UTF-16 files); a
  DOCTYPE naming only the SVG 1.1 DTD (as Illustrator writes it) is allowed: expat never fetches it;
- elements nested deeper than MAX_ART_DEPTH are refused as they open (nothing recurses over a
  30,000-level tree afterwards).

Errors carry the line and column expat reports. The result is an ElementTree element, as
`xml.etree.ElementTree.fromstring` would give (with the text of <text> and <style>, for art saved
by editors); `positions`, when given, gets each element's line and column.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from xml.parsers import expat

MAX_ART_DEPTH = 32  # the bundled art nests at most 4 deep


class ArtSyntaxError(Exception):
    """Where (1-based line and column) and why the art cannot be read."""

    def __init__(self, line: int, col: int, message: str):
        super().__init__(f"{line}:{col}: {message}")
        self.line, self.col, self.message = line, col, message


def parse_art_xml(raw: bytes, positions: dict[ET.Element, tuple[int, int]] | None = None) -> ET.Element:
    parser = expat.ParserCreate(namespace_separator="}")
    builder = ET.TreeBuilder()
    depth = 0

    def refuse(message: str):
        raise ArtSyntaxError(parser.CurrentLineNumber, parser.CurrentColumnNumber + 1, message)

    def start(tag: str, attributes: dict) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_ART_DEPTH:
            refuse(f"<{tag.rsplit('}', 1)[-1]}> is nested deeper than {MAX_ART_DEPTH} levels; flatten the groups")
        element = builder.start(_name(tag), {_name(k): v for k, v in attributes.items()})
        if positions is not None:
            positions[element] = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)

    def end(tag: str) -> None:
        nonlocal depth
        depth -= 1
        builder.end(_name(tag))

    def doctype(_name: str, _system: str | None, _public: str | None, internal_subset: int) -> None:
        if internal_subset:
            refuse("DOCTYPE and ENTITY declarations are not allowed in art")

    parser.StartDoctypeDeclHandler = doctype
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = lambda *_: refuse("DOCTYPE and ENTITY declarations are not allowed in art")
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(raw, True)
    except expat.ExpatError as exc:
        raise ArtSyntaxError(
            exc.lineno, exc.offset + 1, f"not well-formed XML ({expat.ErrorString(exc.code)})"
        ) from None
    return builder.close()


def _name(name: str) -> str:
    """expat's 'namespace}local' as ElementTree's '{namespace}local'."""
    return "{" + name if "}" in name else name
