"""The process pool (pnp/core/pool.py): what it costs, what it stops how fast, and what it gains.

Usage: python bench/pool.py [--runs 5] [--size 2000]

In process, wall-clock, medians of the runs:
- overhead: 16 tasks that do nothing, on --jobs 1 (no pool) and on 2 and every core: starting the
  workers (forked), sending the indices and the results, shutting the pool down;
- an error while the other workers are sending big results (5 MB each, more than a pipe holds):
  how long until the error is raised and the pool is gone (tests/test_pool.py checks it happens);
- Ctrl-C: from a KeyboardInterrupt while every worker is busy to the workers reaped;
- what pays: the faces of a Tranquility variant with islands 1–SIZE, and its A4 and Letter sheets,
  on 1, 2 and every core.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path

from pnp.core import pool
from pnp.core.errors import PnpError


def nothing(n: int) -> int:
    return n


def big() -> bytes:
    return b"x" * 5_000_000


def fail() -> None:
    time.sleep(0.05)  # the big results are on their way by now
    raise PnpError("failed")


def busy() -> None:
    time.sleep(30)


def timed(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def median(runs: int, work) -> str:
    times = sorted(timed(work) for _ in range(runs))
    return f"{statistics.median(times) * 1000:7.1f} ms  ({times[0] * 1000:.1f}–{times[-1] * 1000:.1f})"


def error_run() -> None:
    try:
        pool.run([fail, big, big, big, big], jobs=2)
    except PnpError:
        return
    raise AssertionError("no error")


def interrupt_run() -> float:
    """Seconds from the KeyboardInterrupt to every worker reaped."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    started = 0.0
    try:
        started = time.perf_counter() + 0.3
        pool.run([busy] * 8, jobs=2)
    except KeyboardInterrupt:
        assert not multiprocessing.active_children()
        return time.perf_counter() - started
    finally:
        signal.signal(signal.SIGALRM, previous)
    raise AssertionError("not interrupted")


def what_pays(runs: int, size: int) -> None:
    from pnp.pipeline.load import load_game
    from pnp.sheets.impose import sheet_outputs
    from pnp.sheets.spec import SheetSpec
    from pnp.svg.faces import render_faces

    with tempfile.TemporaryDirectory(prefix="pnp-bench-pool-") as tmp:
        variants = Path(tmp) / "card_specs" / "variants"
        variants.mkdir(parents=True)
        deck = {
            "id": f"bench-{size}",
            "extends": "tranquility",
            "title": f"Benchmark {size}",
            "kinds": [{"id": "island", "each": {"number": {"from": 1, "to": size}}}],
        }
        (variants / f"bench-{size}.json").write_text(json.dumps(deck), encoding="utf-8")
        os.chdir(tmp)
        game = load_game(f"bench-{size}")
        faces = render_faces(game, jobs=1)  # warm: templates, art, glyphs
        papers = (SheetSpec.from_options(paper="a4"), SheetSpec.from_options(paper="letter"))
        for jobs in sorted({1, 2, pool.cores()}):
            drawing = partial(render_faces, game, jobs=jobs)
            drawing_sheets = partial(sheet_outputs, game, faces, papers, jobs=jobs)
            print(f"  {len(faces)} faces, --jobs {jobs}:       {median(runs, drawing)}")
            print(f"  A4 + Letter sheets, --jobs {jobs}: {median(runs, drawing_sheets)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=2000, help="islands of the synthetic deck")
    args = parser.parse_args()
    tasks = [partial(nothing, n) for n in range(16)]
    print(f"pnp/core/pool.py on {pool.cores()} core(s), medians of {args.runs} (min–max)")
    for jobs in sorted({1, 2, pool.cores()}):
        print(f"  16 empty tasks, --jobs {jobs}:     {median(args.runs, partial(pool.run, tasks, jobs))}")
    print(f"  error beside 4 × 5 MB results:  {median(args.runs, error_run)}")
    stops = sorted(interrupt_run() for _ in range(args.runs))
    print(f"  Ctrl-C to workers reaped:       {statistics.median(stops) * 1000:7.1f} ms")
    what_pays(args.runs, args.size)


if __name__ == "__main__":
    main()
