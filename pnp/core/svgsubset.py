"""The SVG subset the project writes, checks in art and draws into PDF: one definition for all three.

Art files are checked against it (pnp.face.art), faces are written in it (pnp.svg) and the PDF painter
draws exactly it (pnp.pdf); keeping the definition here lets each stage import it from below.
"""

from __future__ import annotations

NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"  # an SVG number
INHERITED = {
    "fill",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "fill-rule",
    "clip-rule",
}
SHAPES = {
    "path": {"d"},
    "rect": {"x", "y", "width", "height", "rx", "ry"},
    "circle": {"cx", "cy", "r"},
    "ellipse": {"cx", "cy", "rx", "ry"},
    "line": {"x1", "y1", "x2", "y2"},
    "polyline": {"points"},
    "polygon": {"points"},
}
