"""Tabletop Simulator decks: sheets of up to 10 × 7 card images (at most 4096 px wide), the last
slot holding the hidden-card image, plus the back image (or a sheet of backs for decks whose
cards each have their own back) and decks.json with the numbers TTS asks for on import."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from PIL import Image

from ..model import Card, Face, Game
from .faces import faces_in_use
from .raster import png_bytes, render_region, trim_region

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card
DPI = 300  # the most detail a card gets; sheets with many columns get less


@dataclass(frozen=True)
class Deck:
    """Cards TTS can hold in one custom deck: one size, and one shared back (or a back each)."""

    name: str
    cards: tuple[Card, ...]  # one entry per physical card, in order
    unique_backs: bool

    @property
    def back_id(self) -> str:
        return self.cards[0].back_face_id


def decks(game: Game, faces_by_id: dict[str, Face]) -> list[Deck]:
    """The game's cards grouped into TTS decks, in card order."""
    groups: dict[tuple, list[Card]] = {}
    for card in game.cards:
        face = faces_by_id[card.front_face_id]
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


def tts_decks(game: Game, faces) -> dict[str, bytes]:
    by_id = {f.id: f for f in faces_in_use(game, faces)}
    out: dict[str, bytes] = {}
    manifest = []
    for deck in decks(game, by_id):
        chunks = [deck.cards[i : i + PER_SHEET] for i in range(0, len(deck.cards), PER_SHEET)]
        for number, chunk in enumerate(chunks, start=1):
            columns, rows = grid_for(len(chunk))
            size = card_pixels(by_id[chunk[0].front_face_id], columns, rows)
            stem = f"{deck.name}-{number}" if len(chunks) > 1 else deck.name
            hidden = by_id[deck.back_id]
            out[f"{stem}-faces.png"] = _sheet([by_id[c.front_face_id] for c in chunk], hidden, columns, rows, size)
            if deck.unique_backs:
                back_file = f"{stem}-backs.png"
                out[back_file] = _sheet([by_id[c.back_face_id] for c in chunk], hidden, columns, rows, size)
            else:
                back_file = f"{deck.name}-back.png"
                out[back_file] = png_bytes(_render(hidden, size), DPI)
            manifest.append(
                {"deck": deck.name, "face": f"{stem}-faces.png", "back": back_file, "unique_backs": deck.unique_backs,
                 "width": columns, "height": rows, "number": len(chunk), "cards": [c.id for c in chunk]}
            )
    out["decks.json"] = (json.dumps(manifest, indent=2) + "\n").encode("utf-8")
    return out


def _render(face: Face, size: tuple[int, int]) -> Image.Image:
    region = trim_region(face, DPI)
    return render_region(face, type(region)(region.x, region.y, region.width, region.height, size[0], size[1]))


def _sheet(slots: list[Face], hidden: Face, columns: int, rows: int, size: tuple[int, int]) -> bytes:
    w, h = size
    sheet = Image.new("RGB", (columns * w, rows * h), (255, 255, 255))
    rendered: dict[str, Image.Image] = {}
    for index, face in enumerate(slots + [None] * (columns * rows - len(slots) - 1) + [hidden]):
        if face is None:
            continue
        if face.id not in rendered:
            rendered[face.id] = _render(face, size)
        row, column = divmod(index, columns)
        sheet.paste(rendered[face.id], (column * w, row * h))
    return png_bytes(sheet, DPI)
