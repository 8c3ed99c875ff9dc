"""Named card sizes for `--card-size`: the common sleeve sizes and card formats, in mm.

Each name is the card's trim (the card that goes in the sleeve), not the sleeve itself, which is
a few millimetres larger. Sizes are the ones sleeve makers print on their packs (Mayday, Fantasy
Flight, Ultra Pro) and print services use for their decks.
"""

from __future__ import annotations

# name: (width mm, height mm, what it is)
CARD_PRESETS: dict[str, tuple[float, float, str]] = {
    "square-63.5": (63.5, 63.5, "small square, 2.5 × 2.5 in (print services' square deck)"),
    "square-70": (70.0, 70.0, "square, the Fantasy Flight / Mayday square sleeve (Tranquility's own size)"),
    "square-80": (80.0, 80.0, "large square, the Mayday 80 × 80 mm sleeve"),
    "square-89": (88.9, 88.9, "big square, 3.5 × 3.5 in"),
    "poker": (63.5, 88.9, "poker / standard, 2.5 × 3.5 in"),
    "standard": (63.0, 88.0, "standard card game size (Magic, Pokémon)"),
    "bridge": (57.0, 89.0, "bridge, 2.25 × 3.5 in"),
    "japanese": (59.0, 86.0, "Japanese / Yu-Gi-Oh! size"),
    "euro": (59.0, 92.0, "standard European board-game card"),
    "american": (56.0, 87.0, "standard American board-game card"),
    "mini-euro": (44.0, 68.0, "mini European board-game card"),
    "mini-american": (41.0, 63.0, "mini American board-game card"),
    "tarot": (70.0, 120.0, "tarot"),
}


def preset_size(text: str) -> tuple[float, float] | None:
    """(width, height) mm of a named size ('Square-70', ' poker '), or None if `text` names none."""
    preset = CARD_PRESETS.get(text.strip().lower())
    return None if preset is None else preset[:2]


def preset_names() -> str:
    """'square-63.5, square-70, …' for help texts and errors."""
    return ", ".join(CARD_PRESETS)
