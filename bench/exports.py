"""Export speed: `pnp export GAME --target T` cold, PDFium on every core (today) side by side with
the earlier path (resvg per face, Pillow's PNG encoder, one core).

Usage: python bench/exports.py [--runs 5] [--game tranquility] [--targets tgc mpc png tts]
Cold: a fresh, empty temporary folder each run, the CLI in a subprocess, interpreter start-up
included. The resvg side runs the same command with the image maker swapped for the earlier one
(`pnp.export.raster.render_region` + Pillow), so everything else is equal. Goal (issue 15):
every PNG export of the base game ≤ 2 s cold on the 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from measure import describe, measure, median_run, pnp_command

RESVG = (
    "import sys\n"
    "import pnp.export.pixels as px\n"
    "from pnp.export import raster\n"
    "px.cores = lambda: 1\n"
    "px._Book.render = lambda self, tile: raster.render_region(self.faces[tile.face_id], tile.region)\n"
    "px.png_bytes = raster.png_bytes\n"
    "sys.argv[0] = 'pnp'\n"
    "from pnp.cli import main\n"
    "main()\n"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (median is quoted)")
    parser.add_argument("--game", default="tranquility")
    parser.add_argument("--targets", nargs="*", default=["tgc", "mpc", "png", "tts"])
    parser.add_argument("--no-resvg", action="store_true", help="time the PDFium path only")
    args = parser.parse_args()
    sides = {"pdfium": pnp_command()}
    if not args.no_resvg:
        sides["resvg"] = [sys.executable, "-c", RESVG]
    print(f"pnp export {args.game}, cold, median of {args.runs}")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-export-") as tmp:
        for target in args.targets:
            medians = {}
            for side, command in sides.items():
                runs = []
                for run in range(args.runs):
                    folder = Path(tmp) / f"{target}-{side}-{run}"
                    folder.mkdir()
                    runs.append(
                        measure([*command, "export", args.game, "--target", target, "--out", "out", "-q"], folder)
                    )
                medians[side] = median_run(runs).seconds
                print(f"  {target:4} {side:6} {describe(runs)}")
            if len(medians) == 2:
                print(f"  {target:4} resvg/pdfium {medians['resvg'] / medians['pdfium']:.1f}×   goal pdfium ≤ 2 s")


if __name__ == "__main__":
    main()
