"""Write the Tranquility art (templates/tranquility/art/*.svg) from these sources.

Run from anywhere: `python templates/tranquility/art-source/make_art.py`. The files are committed;
tests/test_faces.py checks that they are exactly what this script writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cards  # noqa: E402
from islands import ISLANDS  # noqa: E402
from svgkit import DAY, NIGHT, clip_polygon, document, group  # noqa: E402

ART_DIR = HERE.parents[1] / "templates" / "tranquility" / "art"
ISLAND_BOX = (0, 0, 70, 70)  # island art is drawn on the trim box and placed over the sky


def island(decade: int) -> str:
    title, draw = ISLANDS[decade]
    defs = [
        clip_polygon("day", [(-10, -10), (80, -10), (-10, 80)]),
        clip_polygon("night", [(80, -10), (80, 80), (-10, 80)]),
    ]
    body = [group(draw(DAY, False), clip="day"), group(draw(NIGHT, True), clip="night")]
    return document(ISLAND_BOX, body, defs, f"Island {decade}: {title}, half day, half night")


def all_art() -> dict[str, str]:
    art = {f"island-{decade}": island(decade) for decade in ISLANDS}
    art.update(
        {
            "sky": cards.sky(),
            "start": cards.start(),
            "finish": cards.finish(),
            "border": cards.border(),
            "back": cards.back(),
            "reference-back": cards.reference_back(),
            "wave-rule": cards.ornament(),
        }
    )
    return art


def main() -> None:
    ART_DIR.mkdir(exist_ok=True)
    for name, svg in sorted(all_art().items()):
        (ART_DIR / f"{name}.svg").write_text(svg, encoding="utf-8")
        print(f"wrote {name}.svg ({len(svg)} bytes)")


if __name__ == "__main__":
    main()
