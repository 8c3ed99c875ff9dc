"""The DriveThruCards file of the 80-card photo deck (tests/helpers/photokit.py: a JPEG sky behind
every card, a PNG island per decade) with the sky in sRGB and as a CMYK JPEG with its FOGRA39
profile, side by side: the PDF's size, the face's SVG size and the export's median time.

    PYTHONPATH=$PWD:$PWD/tests python bench/drivethru_cmyk.py [--runs N] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from helpers.photokit import FOGRA, cmyk_sky_jpeg, photo_project

from pnp.export import export
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    here = Path.cwd()
    for name, sky in (("sRGB sky", None), ("CMYK sky", cmyk_sky_jpeg(FOGRA))):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            os.chdir(root)
            try:
                photo_project(root)
                if sky is not None:
                    (root / "templates/photo/art/sky.jpg").write_bytes(sky)
                game = load_game("photo")
                faces = render_faces(game, jobs=args.jobs)
                svg = len(next(f for f in faces if f.id == "island-01").svg.encode("utf-8"))
                times, pdf = [], b""
                for _ in range(args.runs):
                    started = time.perf_counter()
                    (pdf,) = export(game, faces, "drivethru", warn=lambda _: None, jobs=args.jobs).values()
                    times.append(time.perf_counter() - started)
            finally:
                os.chdir(here)
        print(
            f"{name}: PDF {len(pdf):,} bytes, face SVG {svg:,} bytes, export median "
            f"{statistics.median(times):.2f} s (min {min(times):.2f}) over {args.runs} runs, {args.jobs} job(s)"
        )


if __name__ == "__main__":
    main()
