"""Median time of `pnp validate` over every bundled spec, with and without drawing the faces in memory.

Run: PYTHONPATH=$PWD python bench/validate_faces.py
"""

from __future__ import annotations

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
    with_faces = median_seconds()
    validate.face_problems = lambda spec: []
    without = median_seconds()
    print(
        f"validate, every bundled spec: {without:.2f} s without faces, {with_faces:.2f} s with faces (CPU, median of 5)"
    )
