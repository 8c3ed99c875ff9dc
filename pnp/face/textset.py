"""Setting text into boxes: greedy wrapping at spaces, alignment, and shrinking to fit.

Sizes are in mm (the em size); lines are measured with pnp.face.text's metrics and kerning. A Setting's
lines are positioned by their baselines, relative to the box; pnp.face.layout places them on the face.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pnp.face.text import PT, TextError, check_text, metrics, text_width, width_units


def wrap(text: str, style: str, size: float, width: float) -> tuple[str, ...]:
    """Greedy word wrap to `width` mm; explicit newlines start new lines. Overlong words stay whole."""
    limit = width * metrics(style).units_per_em / size
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            candidate = f"{line} {word}"
            if width_units(candidate, style) <= limit:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@dataclass(frozen=True)
class SetLine:
    """One line of set text: its baseline origin (mm, relative to the box) and its text."""

    x: float
    y: float
    text: str
    style: str


@dataclass(frozen=True)
class Setting:
    """Paragraphs set into a box: the size chosen and the positioned lines."""

    size: float  # mm
    lines: tuple[SetLine, ...]
    bullets: tuple[SetLine, ...] = ()


@dataclass(frozen=True)
class Spec:
    """How to set text: style, sizes in mm, alignment, spacing (line height is a factor of size)."""

    style: str = "regular"
    size: float = 4.0
    min_size: float | None = None  # shrink down to this size to fit; None: never shrink
    line_height: float = 1.2
    align: str = "left"  # left | centre | right
    valign: str = "top"  # top | middle | bottom
    paragraph_gap: float = 0.0  # extra space between paragraphs, as a factor of size
    bullet: str = ""  # drawn before each paragraph, text hangs after it
    wrap: bool = True


@lru_cache(maxsize=1024)  # a card's number and its turned copy are the same setting
def set_text(paragraphs: tuple[str, ...], spec: Spec, width: float, height: float) -> Setting:
    """Set paragraphs into a width × height mm box, shrinking in 0.05 mm steps if allowed.

    Raises TextError when the text does not fit at the smallest allowed size.
    """
    for paragraph in paragraphs:
        check_text(paragraph + spec.bullet, spec.style)
    shrinks = spec.min_size is not None and spec.min_size < spec.size
    setting = _try_set(paragraphs, spec, round(spec.size, 4) if shrinks else spec.size, width, height)
    if setting is not None:  # the usual case: it fits at its own size
        return setting
    if spec.min_size is None or not shrinks:
        raise TextError(_overflow(paragraphs, spec.size, width, height))
    steps = math.floor((spec.size - spec.min_size) / 0.05 + 1e-9)
    lo, hi, best = 0, steps, None
    while lo <= hi:  # smallest step count (largest size) that fits
        mid = (lo + hi) // 2
        setting = _try_set(paragraphs, spec, round(spec.size - mid * 0.05, 4), width, height)
        if setting is not None:
            best, hi = setting, mid - 1
        else:
            lo = mid + 1
    if best is None:
        raise TextError(_overflow(paragraphs, spec.min_size, width, height))
    return best


def _overflow(paragraphs: tuple[str, ...], size: float, width: float, height: float) -> str:
    sample = " / ".join(paragraphs)
    if len(sample) > 60:
        sample = sample[:57] + "…"
    return (
        f"the text {sample!r} does not fit its {width:g} × {height:g} mm box even at "
        f"{size / PT:.1f} pt; shorten it, enlarge the box or allow a smaller size."
    )


def _try_set(paragraphs, spec: Spec, size: float, width: float, height: float) -> Setting | None:
    indent = text_width(spec.bullet + " ", spec.style, size) if spec.bullet else 0.0
    wrapped = []
    for paragraph in paragraphs:
        lines = wrap(paragraph, spec.style, size, width - indent) if spec.wrap else tuple(paragraph.split("\n"))
        if any(text_width(line, spec.style, size) > width - indent + 1e-6 for line in lines):
            return None
        wrapped.append(lines)
    step = spec.line_height * size
    cap = metrics(spec.style).cap_height * size / metrics(spec.style).units_per_em
    count = sum(len(lines) for lines in wrapped)
    if count == 0:
        return Setting(size, ())
    block = cap + (count - 1) * step + (len(wrapped) - 1) * spec.paragraph_gap * size
    descent = -metrics(spec.style).descender * size / metrics(spec.style).units_per_em
    if block + descent > height + 1e-6:
        return None
    top = {"top": 0.0, "middle": (height - block) / 2, "bottom": height - block - descent}[spec.valign]
    return _place(wrapped, spec, size, width, indent, top + cap, step)


def _place(wrapped, spec: Spec, size, width, indent, baseline, step) -> Setting:
    lines, bullets = [], []
    for lines_of_paragraph in wrapped:
        if spec.bullet:
            bullets.append(SetLine(0.0, baseline, spec.bullet, spec.style))
        for line in lines_of_paragraph:
            free = width - indent - text_width(line, spec.style, size)
            dx = {"left": 0.0, "centre": free / 2, "right": free}[spec.align]
            lines.append(SetLine(indent + dx, baseline, line, spec.style))
            baseline += step
        baseline += spec.paragraph_gap * size
    return Setting(size, tuple(lines), tuple(bullets))
