"""Shared by the build benchmarks: run a command in its own process and time it.

Each measurement runs the command from a small wrapper process, so the wrapper's
`resource.getrusage(RUSAGE_CHILDREN).ru_maxrss` is that one command's peak memory.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_WRAPPER = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[2:], cwd=sys.argv[1], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
seconds = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": seconds, "peak_kb": peak_kb, "code": done.returncode, "stderr": done.stderr[-3000:]}))
"""


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float


def pnp_command() -> list[str]:
    """The `pnp` console script of this interpreter's environment (or the same entry point)."""
    script = Path(sys.executable).with_name("pnp")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"]


def measure(command: list[str], cwd: Path, env: dict | None = None) -> Run:
    """Wall time (including interpreter start-up) and peak RSS of one run of `command`."""
    out = subprocess.run([sys.executable, "-c", _WRAPPER, str(cwd), *command], capture_output=True, text=True,
                         env={**os.environ, **(env or {})}, check=True)
    result = json.loads(out.stdout)
    if result["code"] != 0:
        raise SystemExit(f"`{' '.join(command)}` failed with exit code {result['code']}:\n{result['stderr']}")
    return Run(result["seconds"], result["peak_kb"] / 1024)


def median_run(runs: list[Run]) -> Run:
    return Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs))


def describe(runs: list[Run]) -> str:
    """'1.23 s (median of 5: 1.20–1.31), peak 110 MB'."""
    m = median_run(runs)
    spread = f"{min(r.seconds for r in runs):.2f}–{max(r.seconds for r in runs):.2f}"
    return f"{m.seconds:6.2f} s (median of {len(runs)}: {spread}), peak {m.peak_mb:.0f} MB"
