"""The back offset in words, and a warning when it is larger than any printer misregisters.

`--back-offset 1,5` meant as 1.5 mm with a decimal comma reads as dx = 1, dy = 5 mm: the run says
what it applied ("backs moved 1.0 mm right, 5.0 mm down") and warns above 3 mm."""

from __future__ import annotations

import re

LARGE = 3.0  # mm: duplex printers misregister by a millimetre or two; more is likely a typo


def offset_words(offset: tuple[float, float]) -> str:
    """(1, 5) → 'backs moved 1.0 mm right, 5.0 mm down'; (0, 0) → 'backs not moved'."""
    dx, dy = offset
    parts = []
    if dx:
        parts.append(f"{abs(dx):.1f} mm {'right' if dx > 0 else 'left'}")
    if dy:
        parts.append(f"{abs(dy):.1f} mm {'down' if dy > 0 else 'up'}")
    return "backs moved " + ", ".join(parts) if parts else "backs not moved"


def offset_warning(text: str, offset: tuple[float, float]) -> str | None:
    """A warning when a component is above 3 mm; it shows the decimal point when a comma looks like one."""
    big = [f"{name} = {value:g} mm" for name, value in zip(("dx", "dy"), offset) if abs(value) > LARGE]
    if not big:
        return None
    message = (
        f"--back-offset {text!r} gives {' and '.join(big)}, more than the {LARGE:g} mm printers "
        "usually misregister; dx and dy are separated by a comma"
    )
    decimal = re.fullmatch(r"\s*(-?\d+),(\d+)\s*", text)
    if decimal:
        message += (
            f": for {decimal.group(1)}.{decimal.group(2)} mm right write '{decimal.group(1)}.{decimal.group(2)},0'"
        )
    return message
