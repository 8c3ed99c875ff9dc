"""A Tabletop Simulator saved object that loads the whole game: copy GAME.json (with its images
beside it, or hosted under --base-url) into TTS's "Saved Objects" folder and spawn it from
Objects → Saved Objects.

The file is TTS's save format: `ObjectStates` holds one `DeckCustom` per deck (its cards as
`ContainedObjects`, each with its `CardID` = sheet key × 100 + slot, a nickname from the game and
the `CustomDeck` entries of its sheet: `FaceURL`, `BackURL`, `NumWidth`, `NumHeight`,
`BackIsHidden`, `UniqueBack`), a single `Card` for a deck of one, and one `Custom_Token` per
round piece (the goats), its image cut to the circle. Objects are laid out in a row.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pnp.game.model import Card, Game

DECK_SPACING = 3.0  # TTS units between neighbouring decks
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's own default tint


def nickname(game: Game, card: Card) -> str:
    """The card's name as the game speaks of it: 'Island 7', 'Terrain green 12', 'Reference: Your turn'."""
    kind = next((k.name for k in game.kinds if k.id == card.kind), card.kind)
    fields = card.fields
    if "title" in fields:
        return f"{kind}: {fields['title']}"
    parts = [kind]
    for key in ("colour", "number", "landscape"):
        if key in fields:
            parts.append(str(fields[key]))
    return " ".join(parts)


def _guid(*parts: Any) -> str:
    """TTS wants a 6-hex-digit GUID per object; derived from the content, so the file is stable."""
    return hashlib.sha1("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def _transform(x: float, face_down: bool = True, scale: float = 1.0) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": scale,
        "scaleY": 1.0,
        "scaleZ": scale,
    }


def _custom_deck(sheet, base_url: str) -> dict[str, Any]:
    return {
        "FaceURL": base_url + sheet.face,
        "BackURL": base_url + sheet.back,
        "NumWidth": sheet.columns,
        "NumHeight": sheet.rows,
        "BackIsHidden": True,
        "UniqueBack": sheet.unique_backs,
        "Type": 0,
    }


def _card(game: Game, card: Card, card_id: int, key: int, entry: dict, x: float, copy: int) -> dict[str, Any]:
    return {
        "GUID": _guid(game.id, card.id, copy),
        "Name": "Card",
        "Transform": _transform(x),
        "Nickname": nickname(game, card),
        "Description": card.id,
        "ColorDiffuse": GREY,
        "CardID": card_id,
        "CustomDeck": {str(key): entry},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Tooltip": True,
        "SidewaysCard": False,
        "Hands": True,
    }


def _decks(game: Game, sheets, base_url: str) -> list[dict[str, Any]]:
    """One DeckCustom per deck (its sheets as CustomDeck entries 1, 2, …), in sheet order."""
    by_deck: dict[str, list] = {}
    for sheet in sheets:
        by_deck.setdefault(sheet.deck, []).append(sheet)
    objects, key = [], 0
    for position, (name, deck_sheets) in enumerate(by_deck.items()):
        x = position * DECK_SPACING
        entries: dict[str, dict] = {}
        cards: list[dict] = []
        copies: dict[str, int] = {}
        for sheet in deck_sheets:
            key += 1
            entries[str(key)] = _custom_deck(sheet, base_url)
            for slot, card in enumerate(sheet.cards):
                copies[card.id] = copies.get(card.id, 0) + 1
                cards.append(_card(game, card, key * 100 + slot, key, entries[str(key)], x, copies[card.id]))
        if len(cards) == 1:
            objects.append(cards[0])
            continue
        objects.append(
            {
                "GUID": _guid(game.id, "deck", name),
                "Name": "DeckCustom",
                "Transform": _transform(x),
                "Nickname": f"{game.title}: {name}",
                "Description": "",
                "ColorDiffuse": GREY,
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": entries,
                "ContainedObjects": cards,
                "Locked": False,
                "Grid": True,
                "Snap": True,
                "Tooltip": True,
                "SidewaysCard": False,
                "Hands": False,
            }
        )
    return objects


def _tokens(game: Game, base_url: str, first_x: float) -> list[dict[str, Any]]:
    """One Custom_Token per round piece, its front and back images cut to the circle."""
    objects = []
    index = 0
    for card in game.cards:
        if card.shape != "circle":
            continue
        for copy in range(1, card.count + 1):
            x = first_x + index * 1.2
            index += 1
            objects.append(
                {
                    "GUID": _guid(game.id, "token", card.id, copy),
                    "Name": "Custom_Token",
                    "Transform": _transform(x, face_down=False, scale=card.size.width / 70.0),
                    "Nickname": nickname(game, card),
                    "Description": card.id,
                    "ColorDiffuse": GREY,
                    "CustomImage": {
                        "ImageURL": f"{base_url}token-{card.front_face_id}.png",
                        "ImageSecondaryURL": f"{base_url}token-{card.back_face_id}.png",
                        "ImageScale": 1.0,
                        "WidthScale": 0.0,
                        "CustomToken": {
                            "Thickness": 0.2,
                            "MergeDistancePixels": 15.0,
                            "StandUp": False,
                            "Stackable": True,
                        },
                    },
                    "Locked": False,
                    "Grid": True,
                    "Snap": True,
                    "Tooltip": True,
                }
            )
    return objects


def saved_object(game: Game, sheets, base_url: str) -> str:
    """The saved object as JSON text (sorted keys, so the same inputs give the same bytes)."""
    decks = _decks(game, sheets, base_url)
    tokens = _tokens(game, base_url, len(decks) * DECK_SPACING)
    state = {
        "SaveName": game.title,
        "GameMode": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": decks + tokens,
        "TabStates": {},
        "VersionNumber": "",
    }
    return json.dumps(state, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
