"""Per-face images: print-on-demand PNGs (tgc, mpc) sized for the service's product, and PNG previews."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Set

from pnp.core.errors import UsageError
from pnp.export.pixels import Picture, Progress, make_pngs
from pnp.export.products import DPI, ROUND_PIECES_ELSEWHERE, SERVICE_NAMES, Fit, NoProduct, product_for
from pnp.export.raster import Region, trim_region
from pnp.game.model import Face, Game

Warn = Callable[[str], None]
SHORT_BLEED_TOLERANCE = 0.25  # mm: less than this missing is filled by repeating edge pixels, silently


def faces_in_use(game: Game, faces: tuple[Face, ...] | list[Face]) -> list[Face]:
    """The faces the game's cards use (fronts and backs), each once, in card order."""
    by_id = {f.id: f for f in faces}
    used: dict[str, Face] = {}
    for card in game.cards:
        for face_id in (card.front_face_id, card.back_face_id):
            if face_id not in by_id:
                raise UsageError(f"No face {face_id!r} was rendered for card {card.id!r}.")
            used.setdefault(face_id, by_id[face_id])
    return list(used.values())


def product_region(face: Face, fit: Fit) -> tuple[Region, float]:
    """The face region that becomes the product image, and the bleed (face mm) it needs."""
    product = fit.product
    if abs(product.width / product.height - face.width / face.height) > 0.01:
        raise UsageError(
            f"The face {face.id!r} is {face.width:.1f} × {face.height:.1f} mm and cannot be fitted to the "
            f"{product.name} ({product.width:.1f} × {product.height:.1f} mm) without stretching; "
            "choose another product."
        )
    per_mm = product.width / face.width  # product mm per face mm
    bleed_x, bleed_y = product.bleed_x / per_mm, product.bleed_y / per_mm
    px_w, px_h = product.pixels
    region = Region(-bleed_x, -bleed_y, face.width + 2 * bleed_x, face.height + 2 * bleed_y, px_w, px_h)
    return region, max(bleed_x, bleed_y)


def service_images(
    game: Game,
    faces,
    service: str,
    product: str | None = None,
    warn: Warn | None = None,
    progress: Progress | None = None,
    jobs: int | None = None,
) -> dict[str, bytes]:
    """One 300 dpi PNG per face, with bleed, at the service's product size; plus cards.csv
    (card, copies, front image, back image) for the order form. Round pieces go to the service's
    chits; a piece the service has no product for is left out, with a warning naming it."""
    pictures: dict[str, Picture] = {}
    told: set[str] = set()
    refused: dict[str, str] = {}
    for face in faces_in_use(game, faces):
        try:
            fit = product_for(service, face.width, face.height, product, face.shape)
        except NoProduct as exc:
            refused[face.id] = str(exc)
            continue
        region, needed = product_region(face, fit)
        for note in _notes(face, fit, needed):
            if warn is not None and note not in told:
                told.add(note)
                warn(note)
        pictures[f"{face.id}.png"] = Picture.of(face.id, region, DPI, full_bleed=face.shape == "triangle")
    left_out = refuse_pieces(game, faces, refused, service, warn)
    out = dict(zip(pictures, make_pngs(faces, list(pictures.values()), progress, jobs)))
    out["cards.csv"] = _card_list(game, left_out)
    return out


def refuse_pieces(game: Game, faces, refused: dict[str, str], service: str, warn: Warn | None) -> set[str]:
    """Warn once per card left out (a face of it was refused); the ids of those cards."""
    by_id = {f.id: f for f in faces}
    left_out = set()
    for card in game.cards:
        reason = refused.get(card.front_face_id) or refused.get(card.back_face_id)
        if reason is None:
            continue
        left_out.add(card.id)
        face = by_id[card.front_face_id]
        if warn is not None:
            warn(
                f"{card.id} ({card.count} × {face.width:.1f} mm {face.shape}): {reason}; left out of the "
                f"{SERVICE_NAMES[service]} export: {ROUND_PIECES_ELSEWHERE}"
            )
    return left_out


def _notes(face: Face, fit: Fit, needed: float) -> list[str]:
    notes = [f"{face.shape} faces of {face.width:.1f} × {face.height:.1f} mm: {fit.note}"] if fit.note else []
    if face.bleed + SHORT_BLEED_TOLERANCE < needed:
        notes.append(
            f"face {face.id}: has {face.bleed:.1f} mm of bleed but the {fit.product.name} needs {needed:.1f} mm; "
            "its outermost pixels are repeated to fill the rest"
        )
    return notes


def _card_list(game: Game, left_out: Set[str] = frozenset()) -> bytes:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["card", "copies", "front", "back"])
    for card in (c for c in game.cards if c.id not in left_out):
        writer.writerow([card.id, card.count, f"{card.front_face_id}.png", f"{card.back_face_id}.png"])
    return text.getvalue().encode("utf-8")


def preview_images(
    game: Game,
    faces,
    dpi: float = 150,
    bleed: bool = False,
    progress: Progress | None = None,
    jobs: int | None = None,
) -> dict[str, bytes]:
    """Every face as a PNG preview at `dpi`: the trim (the card as cut), or with its bleed."""
    pictures = {
        f"{face.id}.png": Picture.of(face.id, trim_region(face, dpi, face.bleed if bleed else 0.0), dpi)
        for face in faces_in_use(game, faces)
    }
    return dict(zip(pictures, make_pngs(faces, list(pictures.values()), progress, jobs)))
