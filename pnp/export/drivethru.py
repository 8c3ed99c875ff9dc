"""DriveThruCards-style decks: one PDF per card size, one card per page, each card's back page
before its front page, every copy of every card, at the product's trim plus 1/8 in bleed.

Faces go in as 300 dpi CMYK images converted from sRGB by littleCMS into the FOGRA39 profile the
output intent embeds (perceptual intent, black point compensation), whose separation keeps every
spot within the service's 240 % ink; nothing is transparent. A face with CMYK JPEG art keeps that
art's own CMYK: the JPEG under the face's image, which a stencil mask leaves out where the art
shows (pnp/export/cmykart.py).

Speed: each face is drawn, turned to CMYK and deflated once, in the image workers (all cores);
the PDF is put together with pikepdf around those compressed images (one image and one content
stream per face, shared by every page that shows it) and saved without decoding them again.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache

import pikepdf
from isal import isal_zlib
from pikepdf import Array, Dictionary, Name
from PIL import Image, ImageCms

from pnp.core.units import PT_PER_MM
from pnp.export.cmykart import (
    BLACK,
    WHITE,
    CmykPicture,
    cmyk_pictures,
    ink_warning,
    measuring_faces,
    page_matrix,
    shown,
)
from pnp.export.faces import SHORT_BLEED_TOLERANCE, faces_in_use, product_region, refuse_pieces
from pnp.export.pdfx import output_profile, save_pdfx
from pnp.export.pixels import Picture, map_pictures
from pnp.export.products import DPI, NoProduct, product_for
from pnp.export.raster import drawn_edges
from pnp.game.model import Card, Face, Game

Warn = Callable[[str], None]


def to_cmyk(image: Image.Image) -> Image.Image:
    """sRGB → the CMYK of the embedded FOGRA39 output profile (at most 240 % ink)."""
    converted = ImageCms.applyTransform(image.convert("RGB"), _separation())
    if converted is None:  # only an in-place transform returns None
        raise RuntimeError("littleCMS returned no image")
    return converted


@cache
def _separation() -> ImageCms.ImageCmsTransform:
    fogra39 = ImageCms.ImageCmsProfile(io.BytesIO(output_profile()))
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        fogra39,
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.PERCEPTUAL,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def drivethru_decks(
    game: Game, faces, product: str | None = None, warn: Warn | None = None, jobs: int | None = None
) -> dict[str, bytes]:
    """{file name: PDF} with one PDF per card size."""
    by_id = {f.id: f for f in faces_in_use(game, faces)}
    groups: dict[tuple, list[Card]] = {}
    for card in game.cards:
        face = by_id[card.front_face_id]
        groups.setdefault((face.shape, round(face.width, 3), round(face.height, 3)), []).append(card)
    out: dict[str, bytes] = {}
    refused: dict[str, str] = {}
    for (shape, width, height), cards in groups.items():
        try:
            fit = product_for("drivethru", width, height, product, shape)
        except NoProduct as exc:
            refused.update({i: str(exc) for c in cards for i in (c.front_face_id, c.back_face_id)})
            continue
        if fit.note and warn is not None:
            warn(f"{width:.1f} × {height:.1f} mm cards: {fit.note}")
        out[_file_name(game.id, fit.product.name, width, height, out)] = _deck_pdf(game, cards, by_id, fit, warn, jobs)
    refuse_pieces(game, faces, refused, "drivethru", warn)
    return out


def _file_name(game_id: str, product: str, width: float, height: float, taken: Mapping[str, object]) -> str:
    """The product's name, or for a custom size its millimetres to a tenth, as the warnings give
    them (The Ascent's triangles: ascent-99x49.5mm.pdf, not ascent-98.995x49.498mm.pdf); to the
    thousandth only when another size of the deck has the same tenths."""
    if product != "custom":
        return f"{game_id}-{product}.pdf"
    name = f"{game_id}-{round(width, 1):g}x{round(height, 1):g}mm.pdf"
    return name if name not in taken else f"{game_id}-{width:g}x{height:g}mm.pdf"


@dataclass(frozen=True)
class CmykImage:
    """A face as a deflated DeviceCMYK image, ready for an image XObject; a face with CMYK art
    also has the art (`pictures`, drawn first) and a deflated stencil `mask` (1 bit a pixel, 1
    where the art shows and the face's image is left out)."""

    width: int
    height: int
    deflated: bytes
    pictures: tuple[CmykPicture, ...] = ()
    mask: bytes | None = None


def _cmyk(image: Image.Image, picture: Picture) -> CmykImage | Image.Image:
    """In the image worker: the face in CMYK, deflated (ISA-L level 1); of a measuring copy of a
    face with CMYK art (cmykart.py), one channel of its pixels."""
    if picture.tiles[0].face_id.endswith((WHITE, BLACK)):
        return image.getchannel("G")
    cmyk = to_cmyk(image)
    return CmykImage(cmyk.width, cmyk.height, isal_zlib.compress(cmyk.tobytes(), 1))


def _deck_pdf(
    game: Game, cards: list[Card], by_id: dict[str, Face], fit, warn: Warn | None, jobs: int | None = None
) -> bytes:
    product = fit.product
    page = ((product.width + 2 * product.bleed_x) * PT_PER_MM, (product.height + 2 * product.bleed_y) * PT_PER_MM)
    bleed_x, bleed_y = product.bleed_x * PT_PER_MM, product.bleed_y * PT_PER_MM
    media = Array([0, 0, round(page[0], 4), round(page[1], 4)])
    trim = Array([round(v, 4) for v in (bleed_x, bleed_y, page[0] - bleed_x, page[1] - bleed_y)])
    images = _face_images(
        [by_id[i] for c in cards for i in dict.fromkeys((c.back_face_id, c.front_face_id))], fit, warn, jobs
    )
    document = pikepdf.new()
    drawn = {}  # face id: (resources, content stream), shared by every page showing the face
    pictures: dict[str, object] = {}  # each CMYK picture once in the document
    for face_id, image in images.items():
        xobject = pikepdf.Stream(document, b"")
        xobject.write(image.deflated, filter=Name.FlateDecode)
        xobject.Type, xobject.Subtype = Name.XObject, Name.Image
        xobject.Width, xobject.Height = image.width, image.height
        xobject.ColorSpace, xobject.BitsPerComponent = Name.DeviceCMYK, 8
        xobjects = Dictionary(Face=document.make_indirect(xobject))
        operators = []
        if image.mask is not None:
            mask = pikepdf.Stream(document, b"")
            mask.write(image.mask, filter=Name.FlateDecode)
            mask.Type, mask.Subtype, mask.ImageMask = Name.XObject, Name.Image, True
            mask.Width, mask.Height = image.width, image.height
            xobject.Mask = document.make_indirect(mask)
            region, _ = product_region(by_id[face_id], fit)
            for picture in image.pictures:
                if picture.name not in pictures:
                    pictures[picture.name] = document.make_indirect(_picture_xobject(document, picture))
                xobjects[f"/{picture.name}"] = pictures[picture.name]
                m = " ".join(f"{v:.4f}" for v in page_matrix(picture, region, page))
                operators.append(f"q {m} cm /{picture.name} Do Q")
        operators.append(f"q {page[0]:.4f} 0 0 {page[1]:.4f} 0 0 cm /Face Do Q")
        content = pikepdf.Stream(document, "\n".join(operators).encode("ascii"))
        resources = document.make_indirect(Dictionary(XObject=xobjects))
        drawn[face_id] = resources, document.make_indirect(content)
    for card in (c for c in cards for _ in range(c.count)):
        for face_id in (card.back_face_id, card.front_face_id):
            resources, content = drawn[face_id]
            document.pages.append(
                pikepdf.Page(
                    Dictionary(
                        Type=Name.Page,
                        MediaBox=media,
                        BleedBox=media,
                        TrimBox=trim,
                        Resources=resources,
                        Contents=content,
                    )
                )
            )
    return save_pdfx(document, f"{game.title}: cards for DriveThruCards ({product.name})")


def _picture_xobject(document, picture: CmykPicture):
    """A CMYK JPEG as a DeviceCMYK image XObject, its bytes as they are (DCTDecode)."""
    xobject = pikepdf.Stream(document, b"")
    xobject.write(picture.jpeg, filter=Name.DCTDecode)
    xobject.Type, xobject.Subtype = Name.XObject, Name.Image
    xobject.Width, xobject.Height = picture.width, picture.height
    xobject.ColorSpace, xobject.BitsPerComponent = Name.DeviceCMYK, 8
    if picture.inverted:  # an Adobe JPEG keeps its CMYK inverted
        xobject.Decode = Array([1, 0] * 4)
    return xobject


def _face_images(faces: list[Face], fit, warn: Warn | None, jobs: int | None = None) -> dict[str, CmykImage]:
    """Each face (once) as a CMYK image of the product's size with bleed, rendered by PDFium; a
    face with CMYK art with its art and its mask, from two measuring copies (cmykart.py)."""
    faces = list({f.id: f for f in faces}.values())
    drawn, pictures = list(faces), []
    art: dict[str, tuple[CmykPicture, ...]] = {}
    for face in faces:
        region, needed = product_region(face, fit)
        if face.bleed + SHORT_BLEED_TOLERANCE < needed and warn is not None:
            warn(
                f"face {face.id}: has {face.bleed:.1f} mm of bleed but DriveThruCards needs {needed:.1f} mm; "
                "its outermost pixels are repeated"
            )
        pictures.append(Picture.of(face.id, region, DPI, full_bleed=face.shape == "triangle"))
        if found := tuple(cmyk_pictures(face, DPI)):
            art[face.id] = found
            for copy in measuring_faces(face):
                drawn.append(copy)
                pictures.append(Picture.of(copy.id, region, DPI, full_bleed=face.shape == "triangle"))
    made = dict(zip((p.tiles[0].face_id for p in pictures), map_pictures(drawn, pictures, _cmyk, jobs=jobs)))
    warned: set[str] = set()
    for face_id, found in art.items():
        face = next(f for f in faces if f.id == face_id)
        edges = drawn_edges(face, product_region(face, fit)[0])
        stencil = shown(made.pop(face_id + WHITE), made.pop(face_id + BLACK), edges)
        if stencil.getbbox() is None:  # the art is hidden everywhere: the face as it is
            continue
        made[face_id] = replace(made[face_id], pictures=found, mask=isal_zlib.compress(stencil.tobytes(), 3))
        for picture in found:
            message = ink_warning(picture) if picture.name not in warned else None
            warned.add(picture.name)
            if message and warn is not None:
                warn(message)
    return {face.id: made[face.id] for face in faces}


__all__ = ["drivethru_decks", "to_cmyk"]
