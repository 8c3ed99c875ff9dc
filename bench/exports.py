"""Export speed: `pnp export T GAME` cold, PDFium on every core (today) side by side with an
earlier path: the resvg rasteriser (resvg per face, Pillow's PNG encoder, one core), or, with
`--baseline DIR`, another checkout of the project (e.g. a worktree of an earlier commit).

Usage: python bench/exports.py [--runs 5] [--game tranquility] [--targets tgc mpc png tts]
                               [--no-resvg] [--baseline DIR]
Cold: a fresh, empty temporary folder each run, the CLI in a subprocess, interpreter start-up
included. The resvg side runs the same command with the image maker swapped for the earlier one
(tests/helpers/resvg_reference.py's `render_region` + Pillow), so everything else is equal. The baseline side runs
`pnp export GAME --target T` (the form every version understands) with DIR first on the Python
path. Goal (issue 15): every PNG export of the base game ≤ 2 s cold on the 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from measure import describe, measure, median_run, this_interpreters_pnp

RESVG = (
    "import sys\n"
    "import pnp.export.pixels as px\n"
    "from pnp.core import pool\n"
    f"sys.path.insert(0, {str(Path(__file__).resolve().parents[1] / 'tests')!r})\n"
    "from helpers import resvg_reference\n"
    "from pnp.export import raster\n"
    "pool.cores = lambda: 1\n"
    "px._Book.png = lambda self, picture: None\n"
    "px._Book.render = lambda self, tile: resvg_reference.render_region(self.faces[tile.face_id], tile.region)\n"
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
    parser.add_argument("--no-resvg", action="store_true", help="leave out the resvg side")
    parser.add_argument("--baseline", type=Path, help="a checkout of an earlier version to time side by side")
    args = parser.parse_args()
    sides = {"pdfium": this_interpreters_pnp()}
    if not args.no_resvg:
        sides["resvg"] = [sys.executable, "-c", RESVG]
    if args.baseline:
        sides["baseline"] = [sys.executable, "-c", "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"]
    baseline_env = {"PYTHONPATH": str(args.baseline.resolve())} if args.baseline else {}
    print(f"pnp export {args.game}, cold, median of {args.runs}")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-export-") as tmp:
        for target in args.targets:
            medians = {}
            for side, command in sides.items():
                runs = []
                for run in range(args.runs):
                    folder = Path(tmp) / f"{target}-{side}-{run}"
                    folder.mkdir()
                    form = (
                        ["export", args.game, "--target", target]
                        if side == "baseline"
                        else ["export", target, args.game]
                    )
                    env = baseline_env if side == "baseline" else {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
                    runs.append(measure([*command, *form, "--out", "out", "-q"], folder, env=env))
                medians[side] = median_run(runs).seconds
                print(f"  {target:9} {side:8} {describe(runs)}")
            for side in ("resvg", "baseline"):
                if side in medians:
                    ratio = medians[side] / medians["pdfium"]
                    print(f"  {target:9} {side}/today {ratio:.2f}×   goal today ≤ 2 s (PNG targets)")


if __name__ == "__main__":
    main()
