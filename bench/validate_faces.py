"""Median time of `pnp validate` over every bundled spec, with and without drawing the faces in memory.

Run: PYTHONPATH=$PWD python bench/validate_faces.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.cli.spec_cmds import _every_spec
from pnp.pipeline import validate


def median_seconds(runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.process_time()
        assert validate.validate_specs(_every_spec()) == []
        times.append(time.process_time() - started)
    return statistics.median(times)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with_faces = median_seconds(runs)
    validate.face_problems = lambda spec: []
    without = median_seconds(runs)
    print(
        f"validate, every bundled spec: {without:.2f} s without faces, {with_faces:.2f} s with faces "
        f"(CPU, median of {runs})"
    )
