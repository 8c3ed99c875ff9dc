"""2-D affine matrices as SVG writes them, matrix(a b c d e f): the one copy of the arithmetic the
layout (face positions, rotated boxes) and the PDF painter (transforms of the SVG subset) share."""

from __future__ import annotations

Matrix = tuple[float, float, float, float, float, float]  # SVG matrix(a b c d e f)

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m · n: apply n first, then m (SVG's "a b" means a(b(point)))."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    """The point (x, y) moved by `m`."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def invert(m: Matrix) -> Matrix | None:
    """The inverse matrix, or None when `m` flattens everything to a line or a point."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)
