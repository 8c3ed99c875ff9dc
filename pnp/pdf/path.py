"""SVG geometry as PDF path operators: path data (every command, arcs as cubic Béziers), basic
shapes and transform lists, in the SVG element's own user space (the caller sets the matrix).

Each function returns operator text such as "1 2 m 3 4 l h" and raises ValueError with a sentence
fragment for input outside SVG's grammar. Results are cached: faces repeat the same art.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from pnp.core.affine import IDENTITY, Matrix, multiply
from pnp.core.svgsubset import NUMBER

_TOKEN = re.compile(rf"[MmZzLlHhVvCcSsQqTtAa]|{NUMBER}")
_SEPARATORS = re.compile(r"[\s,]*")
_NUMBER_AT = re.compile(rf"[\s,]*({NUMBER})")
_FLAG_AT = re.compile(r"[\s,]*([01])")
_COMMAND_AT = re.compile(r"[\s,]*([MmZzLlHhVvCcSsQqTtAa])")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
_KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle as one cubic


def fmt(value: float) -> str:
    """A number as PDF writes it: fixed point, at most 4 decimals, no exponent, no '-0'."""
    if value.is_integer():
        return "%d" % value if abs(value) < 1e15 else _too_big(value)
    text = ("%.4f" % value).rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _too_big(value: float) -> str:
    raise ValueError(f"the number {value!r} is too large to draw")


_TRAILING_ZEROS = re.compile(r"(\.\d*?[1-9])0+(?=\s|$)")
_POINT_ZEROS = re.compile(r"\.0+(?=\s|$)")


def trim(ops: str) -> str:
    """Operators written with "%.4f" numbers, without their trailing zeros ("1.5000" → "1.5")."""
    return _POINT_ZEROS.sub("", _TRAILING_ZEROS.sub(r"\1", ops))


@lru_cache(maxsize=4096)  # glyph and element transforms repeat from face to face
def fmt_matrix(m: Matrix) -> str:
    """`a b c d e f cm` with enough digits for small font scales (PDF has no exponents)."""
    parts = []
    for v in m:
        text = ("%.9f" % v).rstrip("0").rstrip(".")
        parts.append("0" if text in ("-0", "") else text)
    return " ".join(parts) + " cm"


# --- path data ---------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def path_ops(d: str) -> str:
    """The path data `d` (SVG 1.1 grammar) as PDF construction operators, without painting."""
    tokens = _arc_tokens(d) if ("a" in d or "A" in d) else _tokens(d)
    return trim(" ".join(_Pen().run(tokens)))


def _tokens(d: str) -> list:
    found = _TOKEN.findall(d)
    if _SEPARATORS.fullmatch(_TOKEN.sub(" ", d)) is None:
        bad = _TOKEN.sub(" ", d).strip(" \t\r\n,")[:12]
        raise ValueError(f"the path data has {bad!r}, which is not a command or a number")
    return [t if t.isalpha() and len(t) == 1 else float(t) for t in found]


def _arc_tokens(d: str) -> list:
    """Tokens for path data with arcs, whose flags may be written without separators ("011")."""
    out: list = []
    pos, command, index = 0, "", 0
    while True:
        found = _COMMAND_AT.match(d, pos)
        if found:
            command, index, pos = found.group(1), 0, found.end()
            out.append(command)
            continue
        if _SEPARATORS.fullmatch(d, pos):  # nothing but separators left
            return out
        flag = command in "Aa" and index % 7 in (3, 4)
        found = (_FLAG_AT if flag else _NUMBER_AT).match(d, pos)
        if found is None:
            what = "an arc flag (0 or 1)" if flag else "a number or a command"
            raise ValueError(f"the path data has {d[pos : pos + 12].strip()!r} where {what} should be")
        out.append(float(found.group(1)))
        index, pos = index + 1, found.end()


class _Pen:
    """Walks SVG path tokens keeping the current point, subpath start and last control point."""

    def __init__(self) -> None:
        self.x = self.y = self.sx = self.sy = 0.0
        self.cx = self.cy = 0.0  # last control point (reflected by S and T)
        self.last = ""  # last command, lower case
        self.closed = False  # the last command was Z: a drawing command must start a subpath
        self.out: list[str] = []

    def run(self, tokens: list) -> list[str]:
        i, n, command = 0, len(tokens), ""
        if n and not (isinstance(tokens[0], str) and tokens[0] in "Mm"):
            raise ValueError("the path data must start with a moveto (M or m)")
        while i < n:
            token = tokens[i]
            if isinstance(token, str):
                command, i = token, i + 1
                if command in "Zz":
                    self.close()
                    continue
            elif command in "Zz":
                raise ValueError("the path data has numbers after a closepath (Z) without a command")
            arity = _ARITY[command.lower()]
            args = tokens[i : i + arity]
            if len(args) < arity or any(isinstance(a, str) for a in args):
                raise ValueError(f"the path command {command!r} needs {arity} numbers")
            i += arity
            self.segment(command, args)
            if command in "Mm":
                command = "L" if command == "M" else "l"
        return self.out

    def close(self) -> None:
        if self.out:
            self.out.append("h")
        self.x, self.y, self.last, self.closed = self.sx, self.sy, "z", True

    def segment(self, command: str, a: list) -> None:
        lower = command.lower()
        rel = command != command.upper()
        ox, oy = (self.x, self.y) if rel else (0.0, 0.0)
        if lower == "m":
            self.x, self.y = self.sx, self.sy = a[0] + ox, a[1] + oy
            self.out.append("%.4f %.4f m" % (self.x, self.y))
            self.last, self.closed = "m", False
            return
        if self.closed:  # after Z the next subpath starts at the last subpath's start
            self.out.append("%.4f %.4f m" % (self.x, self.y))
            self.closed = False
        if lower in "lhv":
            x = a[0] + ox if lower != "v" else self.x
            y = (a[1] if lower == "l" else a[0]) + oy if lower != "h" else self.y
            self.line(x, y)
        elif lower in "cs":
            if lower == "c":
                x1, y1, rest = a[0] + ox, a[1] + oy, a[2:]
            else:
                x1, y1, _ = self._reflect("cs")
                rest = a
            self.curve(x1, y1, rest[0] + ox, rest[1] + oy, rest[2] + ox, rest[3] + oy)
        elif lower in "qt":
            if lower == "q":
                qx, qy, x, y = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
            else:
                qx, qy, _ = self._reflect("qt")
                x, y = a[0] + ox, a[1] + oy
            self.quad(qx, qy, x, y)
        else:
            self.arc(a[0], a[1], a[2], a[3] != 0, a[4] != 0, a[5] + ox, a[6] + oy)
        self.last = lower

    def _reflect(self, family: str) -> tuple[float, float, None]:
        if self.last in family:
            return 2 * self.x - self.cx, 2 * self.y - self.cy, None
        return self.x, self.y, None

    def line(self, x: float, y: float) -> None:
        self.out.append("%.4f %.4f l" % (x, y))
        self.x = self.cx = x
        self.y = self.cy = y

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.out.append("%.4f %.4f %.4f %.4f %.4f %.4f c" % (x1, y1, x2, y2, x, y))
        self.cx, self.cy, self.x, self.y = x2, y2, x, y

    def quad(self, qx: float, qy: float, x: float, y: float) -> None:
        x0, y0 = self.x, self.y
        self.curve(x0 + 2 * (qx - x0) / 3, y0 + 2 * (qy - y0) / 3, x + 2 * (qx - x) / 3, y + 2 * (qy - y) / 3, x, y)
        self.cx, self.cy = qx, qy

    def arc(self, rx: float, ry: float, angle: float, large: bool, sweep: bool, x: float, y: float) -> None:
        x0, y0 = self.x, self.y
        if (x0, y0) == (x, y):
            self.x, self.y, self.cx, self.cy = x, y, x, y
            return
        if rx == 0 or ry == 0:
            self.line(x, y)
            return
        for c in arc_cubics(x0, y0, abs(rx), abs(ry), angle, large, sweep, x, y):
            self.curve(*c)


def arc_cubics(x0, y0, rx, ry, angle, large, sweep, x, y) -> list[tuple[float, ...]]:
    """An SVG elliptical arc (endpoint form, SVG 1.1 F.6) as cubic Béziers of at most 90° each."""
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x0 - x) / 2, (y0 - y) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:  # radii too small: grow them just enough (F.6.6)
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    root = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = root * rx * y1p / ry, -root * ry * x1p / rx
    cx, cy = cos * cxp - sin * cyp + (x0 + x) / 2, sin * cxp + cos * cyp + (y0 + y) / 2
    start = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    delta = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    out = []
    t = start
    for _ in range(pieces):
        c1, s1, c2, s2 = math.cos(t), math.sin(t), math.cos(t + step), math.sin(t + step)
        p = [(c1 - k * s1, s1 + k * c1), (c2 + k * s2, s2 - k * c2), (c2, s2)]
        out.append(
            tuple(v for ux, uy in p for v in (cx + rx * ux * cos - ry * uy * sin, cy + rx * ux * sin + ry * uy * cos))
        )
        t += step
    last = out[-1]
    out[-1] = last[:4] + (x, y)  # land exactly on the endpoint
    return out


# --- basic shapes ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def points_ops(points: str, close: bool) -> str:
    """polyline/polygon `points` as operators (a polygon closes its path)."""
    values = _TOKEN.findall(points)
    if _SEPARATORS.fullmatch(_TOKEN.sub(" ", points)) is None or any(v.isalpha() for v in values):
        raise ValueError("points must be numbers separated by spaces or commas")
    if len(values) % 2:
        raise ValueError("points must come in x,y pairs (an odd count was given)")
    if not values:
        return ""
    nums = [float(v) for v in values]
    ops = "%.4f %.4f m " % (nums[0], nums[1]) + ("%.4f %.4f l " * (len(nums) // 2 - 1)) % tuple(nums[2:])
    return trim(ops + "h" if close else ops.rstrip())


@lru_cache(maxsize=4096)
def rect_ops(x: float, y: float, w: float, h: float, rx: float, ry: float) -> str:
    """A rect (corner radii already resolved and clamped) in SVG's drawing order."""
    if rx <= 0 or ry <= 0:
        return trim("%.4f %.4f %.4f %.4f re" % (x, y, w, h))
    kx, ky = rx * _KAPPA, ry * _KAPPA
    r, b = x + w, y + h
    segments: list[tuple[Any, ...]] = [  # coordinates, then the operator
        (x + rx, y, "m"),
        (r - rx, y, "l"),
        (r - rx + kx, y, r, y + ry - ky, r, y + ry, "c"),
        (r, b - ry, "l"),
        (r, b - ry + ky, r - rx + kx, b, r - rx, b, "c"),
        (x + rx, b, "l"),
        (x + rx - kx, b, x, b - ry + ky, x, b - ry, "c"),
        (x, y + ry, "l"),
        (x, y + ry - ky, x + rx - kx, y, x + rx, y, "c"),
    ]
    return trim(" ".join(("%.4f " * (len(s) - 1)) % s[:-1] + s[-1] for s in segments) + " h")


@lru_cache(maxsize=4096)
def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> str:
    """A circle or ellipse: four cubics from (cx + rx, cy) in SVG's drawing order."""
    kx, ky = rx * _KAPPA, ry * _KAPPA
    segments = [
        (cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        (cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        (cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        (cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
    ]
    return trim("%.4f %.4f m " % (cx + rx, cy) + ("%.4f %.4f %.4f %.4f %.4f %.4f c " * 4) % sum(segments, ()) + "h")


# --- transforms --------------------------------------------------------------------------------

_TRANSFORM_ITEM = re.compile(r"\s*,?\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)\s*")
_TRANSFORM_ARITY = {
    "matrix": (6,),
    "translate": (1, 2),
    "scale": (1, 2),
    "rotate": (1, 3),
    "skewX": (1,),
    "skewY": (1,),
}


@lru_cache(maxsize=4096)
def parse_transform(text: str) -> Matrix:
    """An SVG transform list as one matrix (a b c d e f), applied left to right as SVG does."""
    m, pos = IDENTITY, 0
    text = text.strip()
    while pos < len(text):
        found = _TRANSFORM_ITEM.match(text, pos)
        if found is None:
            raise ValueError(f"the transform {text!r} is not a list of matrix/translate/scale/rotate/skewX/skewY")
        name, raw = found.group(1), found.group(2)
        values = _TOKEN.findall(raw)
        if _SEPARATORS.fullmatch(_TOKEN.sub(" ", raw)) is None or len(values) not in _TRANSFORM_ARITY[name]:
            raise ValueError(f"{name}({raw.strip()}) in the transform {text!r} has the wrong numbers")
        m = multiply(m, _one_transform(name, [float(v) for v in values]))
        pos = found.end()
    return m


def _one_transform(name: str, v: list[float]) -> Matrix:
    if name == "matrix":
        return tuple(v)  # type: ignore[return-value]
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
    if name == "scale":
        return (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
    if name == "rotate":
        a = math.radians(v[0])
        cos, sin = math.cos(a), math.sin(a)
        rot = (cos, sin, -sin, cos, 0.0, 0.0)
        if len(v) == 3:
            cx, cy = v[1], v[2]
            return multiply(multiply((1.0, 0.0, 0.0, 1.0, cx, cy), rot), (1.0, 0.0, 0.0, 1.0, -cx, -cy))
        return rot
    t = math.tan(math.radians(v[0]))
    return (1.0, 0.0, t, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, t, 0.0, 1.0, 0.0, 0.0)
