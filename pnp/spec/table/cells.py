"""A cell's value as a card field of one type; a ValueError's text says what was expected.

Types (a spec's `"columns"` names them; docs/spec-format.md, "Cards from a spreadsheet"):
text, integer, boolean, list (text items, one a line in the cell) and integer-list (whole numbers
separated by commas, spaces or line breaks: "2, 3, 4").
"""

from __future__ import annotations

import datetime
import re
from typing import Any

TYPES = ("text", "integer", "boolean", "list", "integer-list")
MAX_TEXT = 2000  # as the spec schema bounds a field's text
MAX_ITEMS, MAX_ITEM_TEXT = 50, 500  # as it bounds a list field

_DIGITS = re.compile(r"[+-]?[0-9]+")
_WHOLE = re.compile(r"[+-]?(0|[1-9][0-9]*)")
_TRUE, _FALSE = ("true", "yes"), ("false", "no")


def convert(value: Any, kind: str) -> Any:
    """`value` (never empty) as a field of type `kind`."""
    if kind == "integer":
        return whole(value)
    if kind == "boolean":
        return _boolean(value)
    if kind == "list":
        items = [item.strip() for item in _text(value).splitlines()]
        return _bounded([item for item in items if item])
    if kind == "integer-list":
        if not isinstance(value, str):
            return [whole(value)]
        return _bounded([whole(item) for item in re.split(r"[\s,;]+", value.strip()) if item])
    text = _text(value)
    if len(text) > MAX_TEXT:
        raise ValueError(f"expected at most {MAX_TEXT} characters of text, got {len(text)}")
    return text


def whole(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {_shown(value)}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        return int(value.strip())
    raise ValueError(f"expected a whole number, got {_shown(value)}")


def is_whole(value: Any) -> bool:
    """A cell a designer means as a whole number: a number cell without a fraction, or digits
    (a leading zero keeps text text: "007" is a code, not seven)."""
    if isinstance(value, str):
        return _WHOLE.fullmatch(value.strip()) is not None
    try:
        whole(value)
    except ValueError:
        return False
    return True


def is_boolean(value: Any) -> bool:
    return isinstance(value, bool) or (isinstance(value, str) and value.strip().lower() in ("true", "false"))


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower() if not isinstance(value, float) else ""
    if word in _TRUE or word == "1":
        return True
    if word in _FALSE or word == "0":
        return False
    raise ValueError(f"expected true or false (TRUE, FALSE, yes or no), got {_shown(value)}")


def _bounded(items: list) -> list:
    if len(items) > MAX_ITEMS:
        raise ValueError(f"expected at most {MAX_ITEMS} items, got {len(items)}")
    long = next((i for i in items if isinstance(i, str) and len(i) > MAX_ITEM_TEXT), None)
    if long is not None:
        raise ValueError(f"expected items of at most {MAX_ITEM_TEXT} characters, got one of {len(long)}")
    return items


def _text(value: Any) -> str:
    """What the spreadsheet showed: 7 for a whole number, 2.5, TRUE, 2026-12-04 for a date."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value).strip()


def _shown(value: Any) -> str:
    text = _text(value)
    shown = text if len(text) <= 40 else text[:37] + "..."
    return '"' + shown.replace('"', '\\"').replace("\n", "\\n") + '"'
