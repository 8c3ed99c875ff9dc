"""Ink coverage of the printed sheets, default vs `--ink saver` (docs/printing.md).

Renders every page of each game's A4 sheets with pypdfium2 at 150 dpi (tests/helpers/inkcover.py says
why not less) and reports the median and mean coverage (C+M+Y+K, tests/helpers/inkcover.py) of the front
pages and of the back pages, and the saver's share of the default.

    PYTHONPATH=$PWD python bench/ink.py [GAME ...]   (default: tranquility ascent)
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the measuring helper the tests use

from helpers.inkcover import pdf_coverage

from pnp.pipeline.load import load_game
from pnp.sheets.impose import impose
from pnp.sheets.spec import SheetSpec
from pnp.svg.faces import render_faces


def coverage(game_name: str, ink: str) -> dict[str, list[float]]:
    """{'front': [...], 'back': [...]} page coverages of the game's A4 sheets in `ink`."""
    game = replace(load_game(game_name), ink=ink)
    pages = pdf_coverage(impose(game, render_faces(game), SheetSpec.from_options(paper="a4")))
    return {"front": pages[0::2], "back": pages[1::2]}


def main(games: list[str]) -> None:
    print(f"{'game':<12} {'side':<6} {'default %':>10} {'saver %':>9} {'saver/default':>14}")
    for name in games:
        normal, saver = coverage(name, "normal"), coverage(name, "saver")
        for side in ("front", "back"):
            a, b = statistics.mean(normal[side]), statistics.mean(saver[side])
            print(
                f"{name:<12} {side:<6} {a:>10.1f} {b:>9.1f} {b / a:>13.0%}"
                f"   (page medians {statistics.median(normal[side]):.1f} → {statistics.median(saver[side]):.1f})"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["tranquility", "ascent"], metavar="GAME")
    main(parser.parse_args().games)
