"""The reference rasteriser of the pixel tests: a region of a face's SVG drawn by resvg (lxml sets
the view box). The exports draw with PDFium (pnp/export/pixels.py); tests/print/test_pixels.py
compares the two, and bench/exports.py times this path beside PDFium's."""

from __future__ import annotations

import io

from PIL import Image

from pnp.core.errors import PnpError
from pnp.export.raster import Region, extend_edges
from pnp.game.model import Face


class RasterError(PnpError):
    """A face could not be rendered to pixels."""


def render_region(face: Face, region: Region, background: str | None = "#ffffff") -> Image.Image:
    """The region of the face as an RGB image (RGBA when `background` is None)."""
    import resvg_py
    from lxml import etree

    try:
        root = etree.fromstring(face.svg.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as exc:
        raise RasterError(f"The face {face.id!r} is not an SVG that can be drawn: {exc}.") from None
    root.set("viewBox", f"{region.x:.6f} {region.y:.6f} {region.width:.6f} {region.height:.6f}")
    root.set("width", str(region.px_width))
    root.set("height", str(region.px_height))
    root.set("preserveAspectRatio", "none")
    svg = etree.tostring(root, encoding="unicode")
    try:
        png = resvg_py.svg_to_bytes(
            svg_string=svg,
            width=region.px_width,
            height=region.px_height,
            skip_system_fonts=True,
            background=background,
        )
    except ValueError as exc:
        raise RasterError(f"The face {face.id!r} could not be rendered: {exc}.") from None
    image: Image.Image = Image.open(io.BytesIO(bytes(png)))
    image.load()
    image = extend_edges(image, face, region)
    return image.convert("RGB" if background else "RGBA")
