"""Tabletop Simulator: deck sheets of up to 10 × 7 card images (at most 4096 px wide), the last
slot holding the hidden-card image, the back image (or a sheet of backs for decks whose cards
each have their own back), round pieces as token images cut to their circle, decks.json (what the
Custom Deck dialog asks for) and GAME.json, a saved object that loads the whole game
(pnp/export/ttsobject.py)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pnp.export.faces import faces_in_use
from pnp.export.pixels import Picture, Progress, Tile, make_images, make_pngs, png_bytes
from pnp.export.raster import Region, trim_region
from pnp.export.ttsobject import saved_object
from pnp.game.model import Card, Face, Game

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card
DPI = 300  # the most detail a card gets; sheets with many columns get less
TOKEN_SUPERSAMPLE = 4  # the token's circle mask is drawn this much larger, then reduced: smooth edge


@dataclass(frozen=True)
class Deck:
    """Cards TTS can hold in one custom deck: one size, and one shared back (or a back each)."""

    name: str
    cards: tuple[Card, ...]  # one entry per physical card, in order
    unique_backs: bool

    @property
    def back_id(self) -> str:
        return self.cards[0].back_face_id


@dataclass(frozen=True)
class Sheet:
    """One TTS custom-deck entry: a face sheet, its back image and the cards in its slots."""

    deck: str
    face: str  # file names
    back: str
    unique_backs: bool
    columns: int
    rows: int
    cards: tuple[Card, ...]


def decks(game: Game, faces_by_id: dict[str, Face]) -> list[Deck]:
    """The game's cards (round tokens aside) grouped into TTS decks, in card order."""
    groups: dict[tuple, list[Card]] = {}
    for card in game.cards:
        face = faces_by_id[card.front_face_id]
        if face.shape == "circle":
            continue
        unique = card.back.per_card
        key = (face.shape, round(face.width, 3), round(face.height, 3), card.kind if unique else card.back_face_id)
        groups.setdefault(key, []).extend([card] * card.count)
    return [Deck(_name(cards), tuple(cards), cards[0].back.per_card) for cards in groups.values()]


def _name(cards: list[Card]) -> str:
    """A deck is named for its kinds: 'island-start-finish', or 'reference-and-3-more'."""
    kinds: list[str] = []
    for card in cards:
        if card.kind not in kinds:
            kinds.append(card.kind)
    return "-".join(kinds) if len(kinds) <= 3 else f"{kinds[0]}-and-{len(kinds) - 1}-more"


def grid_for(count: int) -> tuple[int, int]:
    """(columns, rows) for `count` cards plus the hidden-card slot."""
    slots = count + 1
    columns = min(MAX_COLUMNS, slots)
    return columns, math.ceil(slots / columns)


def card_pixels(face: Face, columns: int, rows: int) -> tuple[int, int]:
    """Slot size: 300 dpi at most, and the whole sheet within 4096 px each way."""
    full = round(face.width / 25.4 * DPI)
    width = min(full, MAX_PIXELS // columns, math.floor(MAX_PIXELS // rows * face.width / face.height))
    return width, round(width * face.height / face.width)


def _region(face: Face, size: tuple[int, int]) -> Region:
    region = trim_region(face, DPI)
    return Region(region.x, region.y, region.width, region.height, size[0], size[1])


def slot_dpi(face: Face, size: tuple[int, int]) -> float:
    """The resolution a face has in a slot of `size` pixels: 300 dpi, or less on a sheet that had to
    shrink its slots to stay within 4096 px (written in the PNG as it is, not as 300)."""
    return size[0] / (face.width / 25.4)


def _sheet(slots: list[Face], hidden: Face, columns: int, rows: int, size: tuple[int, int]) -> Picture:
    w, h = size
    tiles = []
    for index, face in enumerate(slots + [None] * (columns * rows - len(slots) - 1) + [hidden]):
        if face is not None:
            row, column = divmod(index, columns)
            tiles.append(Tile(face.id, _region(face, size), column * w, row * h))
    return Picture(columns * w, rows * h, tuple(tiles), slot_dpi(hidden, size))


def plan(game: Game, by_id: dict[str, Face]) -> tuple[list[Sheet], dict[str, Picture]]:
    """Every deck sheet and back image to make: (sheets, {file name: picture})."""
    sheets: list[Sheet] = []
    pictures: dict[str, Picture] = {}
    for deck in decks(game, by_id):
        chunks = [deck.cards[i : i + PER_SHEET] for i in range(0, len(deck.cards), PER_SHEET)]
        for number, chunk in enumerate(chunks, start=1):
            columns, rows = grid_for(len(chunk))
            size = card_pixels(by_id[chunk[0].front_face_id], columns, rows)
            stem = f"{deck.name}-{number}" if len(chunks) > 1 else deck.name
            hidden = by_id[deck.back_id]
            pictures[f"{stem}-faces.png"] = _sheet([by_id[c.front_face_id] for c in chunk], hidden, columns, rows, size)
            if deck.unique_backs:
                back_file = f"{stem}-backs.png"
                pictures[back_file] = _sheet([by_id[c.back_face_id] for c in chunk], hidden, columns, rows, size)
            else:
                back_file = f"{deck.name}-back.png"
                pictures[back_file] = Picture.of(hidden.id, _region(hidden, size), slot_dpi(hidden, size))
            sheets.append(
                Sheet(deck.name, f"{stem}-faces.png", back_file, deck.unique_backs, columns, rows, tuple(chunk))
            )
    return sheets, pictures


def token_faces(game: Game, by_id: dict[str, Face]) -> list[Face]:
    """The faces of round pieces (fronts and backs), each once: they become token images."""
    used: dict[str, Face] = {}
    for card in game.cards:
        if by_id[card.front_face_id].shape == "circle":
            for face_id in (card.front_face_id, card.back_face_id):
                used.setdefault(face_id, by_id[face_id])
    return list(used.values())


def cut_to_circle(image: Image.Image) -> Image.Image:
    """The image with everything outside its inscribed circle transparent (TTS cuts a token to
    its image's opaque pixels)."""
    big = Image.new("L", (image.width * TOKEN_SUPERSAMPLE, image.height * TOKEN_SUPERSAMPLE), 0)
    ImageDraw.Draw(big).ellipse((0, 0, big.width - 1, big.height - 1), fill=255)
    out = image.convert("RGBA")
    out.putalpha(big.resize(image.size, Image.Resampling.LANCZOS))
    return out


def tts_decks(
    game: Game, faces, base_url: str = "", progress: Progress | None = None, jobs: int | None = None
) -> dict[str, bytes]:
    """{file name: bytes}: the sheets, backs and tokens, decks.json and GAME.json (a saved object
    whose image URLs are `base_url` + file name)."""
    by_id = {f.id: f for f in faces_in_use(game, faces)}
    sheets, pictures = plan(game, by_id)
    out = dict(zip(pictures, make_pngs(faces, list(pictures.values()), progress, jobs)))
    tokens = token_faces(game, by_id)
    token_pictures = [Picture.of(f.id, trim_region(f, DPI), DPI) for f in tokens]
    for face, image in zip(tokens, make_images(faces, token_pictures, jobs=jobs)):
        out[f"token-{face.id}.png"] = png_bytes(cut_to_circle(image), DPI)
    manifest = [
        {
            "deck": s.deck,
            "face": s.face,
            "back": s.back,
            "unique_backs": s.unique_backs,
            "width": s.columns,
            "height": s.rows,
            "number": len(s.cards),
            "cards": [c.id for c in s.cards],
        }
        for s in sheets
    ]
    out["decks.json"] = (json.dumps(manifest, indent=2) + "\n").encode("utf-8")
    out[f"{game.id}.json"] = saved_object(game, sheets, base_url).encode("utf-8")
    return out
