"""The setup sheet's SVG page: mm coordinates, explicit ids, text as outlines, written by pnp.svg.writer.

Text is set in the bundled Atkinson Hyperlegible via pnp.face.text (outlines), so the sheet needs no font
in the browser, in svglib or in the PDF. Only the subset svglib renders correctly is used (solid
fills and strokes, rects with rx == ry, polygons, circles, dash arrays, paths with transforms).
"""

from __future__ import annotations

from pnp.face import text
from pnp.svg.writer import Element, document, element, factor, num, points, svg_root, title, tostring


class SvgPage:
    """Elements in drawing order; ids are the page prefix and a running number, so output is stable."""

    def __init__(self, width: float, height: float, prefix: str = "sheet"):
        self.width, self.height, self.prefix = width, height, prefix
        self.parts: list[Element] = []
        self.count = 0

    def _id(self) -> str:
        self.count += 1
        return f"{self.prefix}-{self.count}"

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash: str | None) -> dict:
        paint: dict[str, str | None] = {"fill": fill or "none"}
        if stroke:
            paint.update(stroke=stroke, stroke_width=num(width), stroke_dasharray=dash)
        return paint

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, radius=0.0, dash=None) -> None:
        r = num(radius) if radius else None
        self.parts.append(
            element(
                "rect",
                id=self._id(),
                x=num(x),
                y=num(y),
                width=num(w),
                height=num(h),
                rx=r,
                ry=r,
                **self._paint(fill, stroke, width, dash),
            )
        )

    def polygon(self, corners, fill=None, stroke=None, width=0.3, dash=None) -> None:
        self.parts.append(
            element("polygon", id=self._id(), points=points(corners), **self._paint(fill, stroke, width, dash))
        )

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3) -> None:
        self.parts.append(
            element("circle", id=self._id(), cx=num(cx), cy=num(cy), r=num(r), **self._paint(fill, stroke, width, None))
        )

    def line(self, x1, y1, x2, y2, stroke, width=0.3, dash=None) -> None:
        self.parts.append(
            element(
                "line",
                id=self._id(),
                x1=num(x1),
                y1=num(y1),
                x2=num(x2),
                y2=num(y2),
                **self._paint(None, stroke, width, dash),
            )
        )

    def text(self, x, y, words: str, size: float, fill: str, style: str = "regular", anchor: str = "start") -> float:
        """Set one line with its baseline at y; anchor start | middle | end. Returns its width in mm."""
        text.check_text(words, style, "setup sheet")
        w = text.text_width(words, style, size)
        x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
        quantum = text.outline_quantum(size, style)
        d = text.line_outline(words, style, quantum)
        if d:
            k = factor(size * quantum / text.metrics(style).units_per_em)
            transform = f"translate({num(x0)} {num(y)}) scale({k} -{k})"
            self.parts.append(element("path", id=self._id(), fill=fill, transform=transform, d=d))
        return w

    def fit_text(
        self, x, y, words: str, size: float, width: float, fill: str, style: str = "regular", anchor: str = "start"
    ) -> None:
        """Like text, shrinking the size so the line is at most `width` mm wide."""
        w = text.text_width(words, style, size)
        self.text(x, y, words, size * min(1.0, width / w) if w else size, fill, style, anchor)

    def svg(self, heading: str) -> str:
        """The page as a standalone SVG document whose <title> is `heading`."""
        root = svg_root(self.width, self.height, (0, 0, self.width, self.height), version="1.1", id=self.prefix)
        return document(root, [tostring(title(heading)), *(tostring(part) for part in self.parts)])
