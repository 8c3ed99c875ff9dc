"""Art as editors save it (Inkscape, Illustrator): drawn by resvg into a picture at print resolution.

Art outside the flat subset pnp/face/art.py draws as vectors (gradients, opacity, `style` and
`<style>` classes, `<use>`/`<symbol>`, masks, filters, embedded `<image>`, `<text>`) is drawn by
resvg (resvg-py, already the project's reference renderer), which implements all of SVG's static
features, into a PNG of EDITOR_ART_DPI at the size the art is printed; the face then carries that
picture like any raster art (pnp/face/raster.py), so the SVG faces, the PDF sheets and the exports
show the same pixels. Text is set in the project's font (Atkinson Hyperlegible, the only font resvg
is given: no system font is read, so every machine draws the same).

Before resvg sees it, `check_editor_svg` refuses, with the file, line and column, what resvg would
not draw or what would reach outside the file: scripts, animations, `<foreignObject>`, links to
anything but `#id` in the file or a `data:` picture (no `file:`, no `http:`), `@import` and `url()`
in CSS that leave the file, and references to ids the file does not have. The size, depth and
entity limits are art.py's: the same parser reads both.
"""

from __future__ import annotations

import hashlib
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from typing import NoReturn

import resvg_py
from fontpkg_atkinson_hyperlegible import ROOT as FONT_ROOT
from PIL import Image

from pnp.core.errors import PnpError
from pnp.face.raster import Raster

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
EDITOR_ART_DPI = 600  # pixels per inch at the size the art is printed
MAX_EDITOR_PIXELS = 40_000_000  # a picture of drawn art at most this big (a 25 × 25 cm board at 600 dpi)
FONT = "Atkinson Hyperlegible"
_FONT_FILES = tuple(
    str(FONT_ROOT / "files" / f"AtkinsonHyperlegible-{style}.ttf")
    for style in ("Regular", "Bold", "Italic", "BoldItalic")
)
_REFUSED = {
    "script": "scripts never run in art",
    "foreignObject": "HTML inside SVG is not drawn; convert it to shapes or text",
    "animate": "animations are not drawn on paper; save the frame you want",
    "animateMotion": "animations are not drawn on paper; save the frame you want",
    "animateTransform": "animations are not drawn on paper; save the frame you want",
    "animateColor": "animations are not drawn on paper; save the frame you want",
    "set": "animations are not drawn on paper; save the frame you want",
    "iframe": "embedded documents are not drawn",
    "video": "video is not drawn on paper",
    "audio": "sound is not drawn on paper",
    "canvas": "a canvas is drawn by scripts, which never run in art",
}
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_DATA_PICTURE = re.compile(r"^data:image/(png|jpeg|jpg|gif|webp|svg\+xml)[;,]", re.IGNORECASE)


class EditorArtError(PnpError):
    """Editor art with something that cannot be drawn, or that would reach outside the file."""


@dataclass(frozen=True, eq=False)
class EditorArt:
    """Checked editor art: its viewBox and the SVG as resvg will draw it (UTF-8, no DOCTYPE)."""

    file: str
    viewbox: tuple[float, float, float, float]
    svg: bytes
    digest: str

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EditorArt) and other.digest == self.digest and other.file == self.file

    def __hash__(self) -> int:
        return hash(self.digest)


def editor_art(
    name: str,
    root: ET.Element,
    viewbox: tuple[float, float, float, float],
    positions: dict[ET.Element, tuple[int, int]],
) -> EditorArt:
    """Check `root` (see the module's docstring) and keep it for drawing."""
    check_editor_svg(name, root, positions)
    svg = ET.tostring(root, encoding="utf-8")
    return EditorArt(name, viewbox, svg, hashlib.sha1(svg).hexdigest()[:20])


def check_editor_svg(name: str, root: ET.Element, positions: dict[ET.Element, tuple[int, int]]) -> None:
    ids = {element.get("id") for element in root.iter() if element.get("id")}

    def fail(element: ET.Element, message: str) -> NoReturn:
        line, col = positions.get(element, (0, 0))
        raise EditorArtError(f"{name}:{line}:{col}: {message}.")

    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if element.tag.startswith(f"{{{SVG_NS}}}") and tag in _REFUSED:
            fail(element, f"<{tag}> is not allowed in art ({_REFUSED[tag]})")
        for attribute, value in element.attrib.items():
            local = attribute.rsplit("}", 1)[-1]
            if local.lower().startswith("on"):
                fail(element, f"the attribute {local!r} on <{tag}> is a script, which never runs in art")
            if attribute in ("href", XLINK_HREF):
                _check_link(value, ids, lambda message, e=element: fail(e, message), tag)
            for match in _URL.finditer(value):
                _check_link(match.group(2), ids, lambda message, e=element: fail(e, message), tag)
        if tag == "style" and element.text:
            css = element.text
            if "@import" in css.lower():
                fail(element, "@import in a <style> is not allowed in art (nothing outside the file is read)")
            for match in _URL.finditer(css):
                _check_link(match.group(2), ids, lambda message, e=element: fail(e, message), tag)


def _check_link(target: str, ids: set, fail, tag: str) -> None:
    target = target.strip()
    if target.startswith("#"):
        if target[1:] not in ids:
            fail(f"<{tag}> refers to #{target[1:]}, which is not an id in this file")
        return
    if _DATA_PICTURE.match(target):
        return
    shown = target if len(target) <= 60 else target[:57] + "…"
    fail(f"<{tag}> links to {shown!r}: art may use only its own #ids and embedded data: pictures (no files, no web)")


def draw_editor_art(art: EditorArt, width_px: int, height_px: int) -> Raster:
    """The art drawn by resvg into `width_px` × `height_px` pixels (its viewBox's proportions), as a
    PNG picture for a face (cached)."""
    pixels = max(1, width_px) * max(1, height_px)
    if pixels > MAX_EDITOR_PIXELS:
        scale = (MAX_EDITOR_PIXELS / pixels) ** 0.5
        width_px, height_px = int(width_px * scale), int(height_px * scale)
    return _draw(art, max(1, width_px), max(1, height_px))


@lru_cache(maxsize=64)
def _draw(art: EditorArt, width_px: int, height_px: int) -> Raster:
    try:
        png = bytes(
            resvg_py.svg_to_bytes(
                svg_string=art.svg.decode("utf-8"),
                dpi=96,
                width=width_px,
                height=height_px,
                skip_system_fonts=True,
                font_files=list(_FONT_FILES),
                font_family=FONT,
                serif_family=FONT,
                sans_serif_family=FONT,
                cursive_family=FONT,
                fantasy_family=FONT,
                monospace_family=FONT,
            )
        )
    except ValueError as exc:
        raise EditorArtError(f"{art.file}: resvg cannot draw it ({exc}).") from None
    with Image.open(io.BytesIO(png)) as image:
        size = image.size
    digest = hashlib.sha1(png).hexdigest()[:20]
    return Raster(art.file, size[0], size[1], "image/png", png, digest, kept=False)
