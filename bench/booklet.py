"""Time to make a game's rules booklet files (A4 and A5 set, letter refit, two imposed), median of N.

The first run of a process also walks the card faces into PDF operators (cached after); `pnp build`
has already done that for the sheets, so the median of the later runs is what a build adds.

    PYTHONPATH=$PWD python bench/booklet.py [GAME ...] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.booklet import booklet_outputs
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=["tranquility", "ascent"])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", default=None)
    args = parser.parse_args()
    for name in args.games:
        game = load_game(name)
        faces = render_faces(game)
        times = []
        for _ in range(args.runs + 1):
            started = time.perf_counter()
            outputs = booklet_outputs(game, faces, args.lang)
            times.append(time.perf_counter() - started)
        size = sum(len(v) for v in outputs.values()) / 1024
        print(
            f"{name}: first {times[0]:.2f} s, then median {statistics.median(times[1:]):.2f} s "
            f"(min {min(times[1:]):.2f}) over {args.runs} runs; {len(outputs)} files, {size:.0f} KB"
        )


if __name__ == "__main__":
    main()
