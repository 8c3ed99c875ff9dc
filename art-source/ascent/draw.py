"""Write every Ascent art file into templates/ascent/art/ from the bundled spec's palette.

    python templates/ascent/art-source/draw.py          # rewrite the art
    python templates/ascent/art-source/draw.py --check  # exit 1 if a file differs

tests/test_ascent_faces.py checks that the committed art is exactly what this script draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import panorama
import scenes
import symbols
from kit import theme

ART = Path(__file__).resolve().parents[2] / "templates" / "ascent" / "art"
SYMBOLS = {"meadow": symbols.meadow, "canyon": symbols.canyon, "glacier": symbols.glacier}


def all_art() -> dict[str, str]:
    """Art name → SVG text, for every file the Ascent templates use."""
    colours, terrain = theme()
    art: dict[str, str] = {}
    for key, look in sorted(terrain.items()):
        art[f"symbol-{key}"] = SYMBOLS[look["symbol"]](look, colours)
        art[f"ground-{key}"] = scenes.ground(look, colours)
    art["campfire"] = symbols.campfire(colours)
    art["goat"] = symbols.goat(colours, terrain)
    art["summit"] = scenes.summit(colours)
    art["bridge"] = scenes.bridge(colours)
    art["back"] = scenes.back(colours)
    art["emblem"] = scenes.emblem(colours, terrain)
    art.update(panorama.slices(colours, terrain))
    art["panorama-numbered"] = panorama.numbered(colours)
    return dict(sorted(art.items()))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, svg in all_art().items():
        target = ART / f"{name}.svg"
        if check:
            if not target.is_file() or target.read_text(encoding="utf-8") != svg:
                stale.append(target.name)
        else:
            ART.mkdir(exist_ok=True)
            target.write_text(svg, encoding="utf-8")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
