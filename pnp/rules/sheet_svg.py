"""A small deterministic SVG writer for the setup sheet: mm coordinates, explicit ids, text as outlines.

Text is set in the bundled Atkinson Hyperlegible via pnp.face.text (outlines), so the sheet needs no font
in the browser, in svglib or in the PDF. Only the subset svglib renders correctly is used (solid
fills and strokes, rects with rx == ry, polygons, circles, dash arrays, paths with transforms).
"""

from __future__ import annotations

from pnp.core.xmlattr import quoteattr
from pnp.face import text

SVG_NS = "http://www.w3.org/2000/svg"


def num(value: float) -> str:
    out = f"{round(value, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if out in ("-0", "") else out


class SvgPage:
    """Elements in drawing order; ids are the page prefix and a running number, so output is stable."""

    def __init__(self, width: float, height: float, prefix: str = "sheet"):
        self.width, self.height, self.prefix = width, height, prefix
        self.parts: list[str] = []
        self.count = 0

    def _id(self) -> str:
        self.count += 1
        return f"{self.prefix}-{self.count}"

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash: str | None) -> str:
        out = f" fill={quoteattr(fill or 'none')}"
        if stroke:
            out += f' stroke={quoteattr(stroke)} stroke-width="{num(width)}"'
            if dash:
                out += f" stroke-dasharray={quoteattr(dash)}"
        return out

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, radius=0.0, dash=None) -> None:
        r = f' rx="{num(radius)}" ry="{num(radius)}"' if radius else ""
        self.parts.append(
            f'<rect id="{self._id()}" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{r}'
            f"{self._paint(fill, stroke, width, dash)}/>"
        )

    def polygon(self, points, fill=None, stroke=None, width=0.3, dash=None) -> None:
        pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self.parts.append(f'<polygon id="{self._id()}" points="{pts}"{self._paint(fill, stroke, width, dash)}/>')

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3) -> None:
        self.parts.append(
            f'<circle id="{self._id()}" cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"'
            f"{self._paint(fill, stroke, width, None)}/>"
        )

    def line(self, x1, y1, x2, y2, stroke, width=0.3, dash=None) -> None:
        self.parts.append(
            f'<line id="{self._id()}" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
            f"{self._paint(None, stroke, width, dash)}/>"
        )

    def text(self, x, y, words: str, size: float, fill: str, style: str = "regular", anchor: str = "start") -> float:
        """Set one line with its baseline at y; anchor start | middle | end. Returns its width in mm."""
        text.check_text(words, style, "setup sheet")
        w = text.text_width(words, style, size)
        x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
        quantum = text.outline_quantum(size, style)
        d = text.line_outline(words, style, quantum)
        if d:
            k = f"{size * quantum / text.metrics(style).units_per_em:.7g}"
            self.parts.append(
                f'<path id="{self._id()}" fill={quoteattr(fill)} '
                f'transform="translate({num(x0)} {num(y)}) scale({k} -{k})" d="{d}"/>'
            )
        return w

    def fit_text(
        self, x, y, words: str, size: float, width: float, fill: str, style: str = "regular", anchor: str = "start"
    ) -> None:
        """Like text, shrinking the size so the line is at most `width` mm wide."""
        w = text.text_width(words, style, size)
        self.text(x, y, words, size * min(1.0, width / w) if w else size, fill, style, anchor)

    def svg(self, title: str) -> str:
        head = (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="{SVG_NS}" version="1.1" id="{self.prefix}" '
            f'width="{num(self.width)}mm" height="{num(self.height)}mm" '
            f'viewBox="0 0 {num(self.width)} {num(self.height)}">\n<title>{_escape(title)}</title>\n'
        )
        return head + "".join(p + "\n" for p in self.parts) + "</svg>\n"


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
