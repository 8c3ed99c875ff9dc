"""XML attribute values, quoted exactly as xml.sax.saxutils.quoteattr quotes them.

Our own because xml.sax.saxutils imports urllib.request, which cost every command ~15 ms to start;
tests/test_template.py checks the two agree on any text.

No SVG is written with it: pnp/svg/writer.py writes every SVG (ElementTree's escaping). The PDF
painter uses it to find a face's id in the face's start tag; for every id a face carries (letters,
digits, '-', '_', '.') both quote it the same way.
"""

from __future__ import annotations

import re

_PLAIN = re.compile(r"[^&<>\"'\n\r\t]*")


def quoteattr(value: str) -> str:
    """`value` escaped and in quotes, ready to follow `name=` in a tag."""
    if _PLAIN.fullmatch(value):  # the usual value: a number or an id
        return f'"{value}"'
    value = value.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    value = value.replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in value:
        if "'" not in value:
            return f"'{value}'"
        value = value.replace('"', "&quot;")
    return f'"{value}"'
