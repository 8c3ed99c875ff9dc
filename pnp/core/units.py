"""Lengths: parsed once, at the edge, into millimetres (floats). Points only inside the PDF stage."""

from __future__ import annotations

import re

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0, "px": 25.4 / 96.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt|px)\s*$")


def parse_length(text: str | int | float) -> float:
    """'70mm' → 70.0, '2.5in' → 63.5, '18pt' → 6.35; a bare number is millimetres."""
    if isinstance(text, bool):
        raise ValueError(f"expected a length such as '70mm', got {text!r}")
    if isinstance(text, (int, float)):
        return float(text)
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(f"expected a length such as '70mm', '2.5in' or '18pt', got {text!r}")
    return round(float(match.group(1)) * MM_PER_UNIT[match.group(2)], 6)


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM
