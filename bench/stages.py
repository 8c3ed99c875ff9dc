"""Stages: where one cold build of a big synthetic deck spends its time, in process.

Usage: python bench/stages.py [--size 5000] [--paper a4 letter] [--runs 3]

Builds a Tranquility variant with islands 1–N (as bench/scale.py does) stage by stage, timing
each with perf_counter: importing, loading and checking the spec, laying out and rendering every
face as SVG, drawing each paper's sheets PDF (calibration sheets included) and writing the files.
Prints the median of each stage over the runs. Use it to see what a change to one stage is worth;
bench/scale.py measures the whole command, as a user runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

started = time.perf_counter()
from pnp.core.owned import owner, write_owned  # noqa: E402
from pnp.pipeline import build  # noqa: E402
from pnp.pipeline.load import load_game  # noqa: E402
from pnp.sheets import impose  # noqa: E402
from pnp.sheets import spec as sheet  # noqa: E402  (the import is a stage)
from pnp.svg.faces import render_faces  # noqa: E402

IMPORT_SECONDS = time.perf_counter() - started


def one_run(size: int, papers: list[str], root: Path) -> dict[str, float]:
    times: dict[str, float] = {"import pnp": IMPORT_SECONDS}

    def stage(name: str, start: float) -> float:
        now = time.perf_counter()
        times[name] = now - start
        return now

    t = time.perf_counter()
    loaded = load_game(f"bench-{size}")
    t = stage("load and check the spec", t)
    faces = render_faces(loaded)
    t = stage(f"lay out and render {len(faces)} faces", t)
    outputs = {**build.face_outputs(loaded, faces), **build.deck_output(loaded)}
    for paper in papers:
        spec = sheet.SheetSpec.from_options(paper=paper)
        outputs.update(impose.sheet_outputs(loaded, faces, (spec,)))
        t = stage(f"sheets PDF, {paper}", t)
    write_owned(root / "out", {owner("build", loaded.id): outputs})
    stage(f"write {len(outputs)} files", t)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5000)
    parser.add_argument("--paper", nargs="+", default=["a4", "letter"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-stages-") as tmp:
        root = Path(tmp)
        variants = root / "card_specs" / "variants"
        variants.mkdir(parents=True)
        deck = {
            "id": f"bench-{args.size}",
            "extends": "tranquility",
            "title": f"Benchmark {args.size}",
            "kinds": [{"id": "island", "each": {"number": {"from": 1, "to": args.size}}}],
        }
        (variants / f"bench-{args.size}.json").write_text(json.dumps(deck), encoding="utf-8")
        os.chdir(root)
        runs = []
        for n in range(args.runs):
            runs.append(one_run(args.size, args.paper, root / f"run-{n}"))
    print(
        f"{args.size} islands, papers {' '.join(args.paper)}: median of {args.runs} in-process runs "
        f"(the first run pays for font and template loading)"
    )
    total = 0.0
    for name in runs[0]:
        seconds = statistics.median(r[name] for r in runs)
        total += seconds
        print(f"  {name:<36} {seconds:7.3f} s")
    print(f"  {'total':<36} {total:7.3f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
