"""DriveThruCards-style decks: one PDF per card size, one card per page, each card's back page
before its front page, every copy of every card, at the product's trim plus 1/8 in bleed.

Faces go in as 300 dpi CMYK images in which black ink replaces half of every colour's grey
component, so no spot ever carries more than 200 % ink (the service's limit is 240 %) and
nothing is transparent. The file is PDF/X-1a:2003 (pnp/export/pdfx.py: FOGRA39 output intent).
"""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image, ImageChops
from reportlab.lib.utils import ImageReader

from pnp.core.units import PT_PER_MM
from pnp.export.faces import SHORT_BLEED_TOLERANCE, faces_in_use, product_region, refuse_pieces
from pnp.export.pdfx import make_pdfx
from pnp.export.pixels import Picture, make_images
from pnp.export.products import DPI, NoProduct, product_for
from pnp.game.model import Card, Face, Game
from pnp.pdf.form import SheetCanvas

Warn = Callable[[str], None]


def to_cmyk(image: Image.Image) -> Image.Image:
    """RGB → CMYK replacing half of each colour's grey component with black ink.

    With c, m, y the complements of r, g, b and k half their smallest, the inks are
    c − k, m − k, y − k and k: their total, c + m + y − 2k, is at most 200 %.
    """
    cyan, magenta, yellow = (ImageChops.invert(channel) for channel in image.convert("RGB").split())
    grey = ImageChops.darker(ImageChops.darker(cyan, magenta), yellow)
    black = grey.point(lambda v: (v + 1) // 2)
    return Image.merge("CMYK", [ImageChops.subtract(ink, black) for ink in (cyan, magenta, yellow)] + [black])


def drivethru_decks(
    game: Game, faces, product: str | None = None, warn: Warn | None = None, jobs: int | None = None
) -> dict[str, bytes]:
    """{file name: PDF} with one PDF per card size."""
    by_id = {f.id: f for f in faces_in_use(game, faces)}
    groups: dict[tuple, list[Card]] = {}
    for card in game.cards:
        face = by_id[card.front_face_id]
        groups.setdefault((face.shape, round(face.width, 3), round(face.height, 3)), []).append(card)
    out, refused = {}, {}
    for (shape, width, height), cards in groups.items():
        try:
            fit = product_for("drivethru", width, height, product, shape)
        except NoProduct as exc:
            refused.update({i: str(exc) for c in cards for i in (c.front_face_id, c.back_face_id)})
            continue
        if fit.note and warn is not None:
            warn(f"{width:.1f} × {height:.1f} mm cards: {fit.note}")
        name = fit.product.name if fit.product.name != "custom" else f"{width:g}x{height:g}mm"
        out[f"{game.id}-{name}.pdf"] = _deck_pdf(game, cards, by_id, fit, warn, jobs)
    refuse_pieces(game, faces, refused, "drivethru", warn)
    return out


def _deck_pdf(
    game: Game, cards: list[Card], by_id: dict[str, Face], fit, warn: Warn | None, jobs: int | None = None
) -> bytes:
    product = fit.product
    page = ((product.width + 2 * product.bleed_x) * PT_PER_MM, (product.height + 2 * product.bleed_y) * PT_PER_MM)
    bleed_x, bleed_y = product.bleed_x * PT_PER_MM, product.bleed_y * PT_PER_MM
    trim = (bleed_x, bleed_y, page[0] - bleed_x, page[1] - bleed_y)
    out = io.BytesIO()
    canvas = SheetCanvas(out, page)
    canvas.setTitle(f"{game.title}: cards for DriveThruCards ({product.name})")
    canvas.setCreator("tranquility-pnp")
    images = _face_images(
        [by_id[i] for c in cards for i in dict.fromkeys((c.back_face_id, c.front_face_id))], fit, warn, jobs
    )
    for card in (c for c in cards for _ in range(c.count)):
        for face_id in (card.back_face_id, card.front_face_id):
            canvas.setTrimBox(trim)
            canvas.setBleedBox((0, 0, page[0], page[1]))
            canvas.drawImage(images[face_id], 0, 0, page[0], page[1])
            canvas.showPage()
    canvas.save()
    return make_pdfx(out.getvalue(), f"{game.title}: cards for DriveThruCards ({product.name})")


def _face_images(faces: list[Face], fit, warn: Warn | None, jobs: int | None = None) -> dict[str, ImageReader]:
    """Each face (once) as a CMYK image of the product's size with bleed, rendered by PDFium."""
    faces = list({f.id: f for f in faces}.values())
    pictures = []
    for face in faces:
        region, needed = product_region(face, fit)
        if face.bleed + SHORT_BLEED_TOLERANCE < needed and warn is not None:
            warn(
                f"face {face.id}: has {face.bleed:.1f} mm of bleed but DriveThruCards needs {needed:.1f} mm; its outermost pixels are repeated"
            )
        pictures.append(Picture.of(face.id, region, DPI, full_bleed=face.shape == "triangle"))
    return {face.id: ImageReader(to_cmyk(image)) for face, image in zip(faces, make_images(faces, pictures, jobs=jobs))}


__all__ = ["drivethru_decks", "to_cmyk"]
