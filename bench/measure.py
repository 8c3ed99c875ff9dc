"""Shared by the build benchmarks: run a command in its own process and time it.

Each measurement runs the command from a small wrapper process, so the wrapper's
`resource.getrusage(RUSAGE_CHILDREN).ru_maxrss` is the peak memory of the biggest process of that
one command (pnp forks one worker for a big game). On request the wrapper also samples the summed
PSS (proportional set size: shared pages split between the processes sharing them) of the command
and its children, which is what all of them together take.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_WRAPPER = r"""
import json, os, resource, subprocess, sys, time

def tree(root):
    # the process and its descendants, from /proc/*/stat (parent pid is the 4th field)
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += [child for child, parent in parents.items() if parent == pid]
    return found

def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("Pss:"))
    except (OSError, StopIteration, ValueError):
        return 0

start = time.perf_counter()
proc = subprocess.Popen(sys.argv[2:], cwd=sys.argv[1], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
peak_pss = 0
if os.environ.get("PNP_BENCH_SAMPLE") and os.path.exists("/proc/self/smaps_rollup"):
    while proc.poll() is None:
        peak_pss = max(peak_pss, sum(pss_kb(pid) for pid in tree(proc.pid)))
        time.sleep(0.02)
stderr = proc.communicate()[1]
seconds = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({
    "seconds": seconds, "peak_kb": peak_kb, "pss_kb": peak_pss, "code": proc.returncode, "stderr": stderr[-3000:]
}))
"""


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float  # max RSS of the biggest process (the command or a process it forked)
    total_mb: float = 0.0  # peak of the whole process tree's summed PSS, sampled every 20 ms (0: not on Linux)


HERE = Path(__file__).resolve().parent
PNP_VENV = HERE / ".venv-pnp"
EDITABLE_HELP = "time this interpreter's pnp (the checkout through this environment's install), not bench/.venv-pnp's"


def pnp_command(editable: bool = False) -> list[str]:
    """`pnp` as a user runs it: `installed_pnp()`; with `editable`, this interpreter's `pnp` (the
    checkout as it is, through whatever install this environment has)."""
    return this_interpreters_pnp() if editable else installed_pnp()


def installed_pnp() -> list[str]:
    """The `pnp` of bench/.venv-pnp: this checkout installed by pip into a venv of its own, as a user
    installs it and as protograf is measured (bench/.venv-protograf). The venv is made on first use;
    the checkout is installed again whenever what the wheel holds changed (`checkout_key`), so the
    code measured is the code as it is now. Why not this interpreter's pnp: pip compiles a package's
    bytecode when it installs it, but an editable install where PYTHONDONTWRITEBYTECODE is set (this
    machine, and CI's) compiles pnp's ~170 modules again on every run, and an interpreter's
    site-packages may run .pth files at every start (this machine's CA-injecting one imports
    certifi: ~30 ms). Measured side by side (2026-12-04, 500 cards, A4): the installed pnp
    0.86-0.92x the wall time of the editable one."""
    python = PNP_VENV / "bin" / "python"
    quiet = {"stdout": subprocess.DEVNULL, "check": True}
    stamp, key = PNP_VENV / "checkout-key", checkout_key()
    if not python.is_file():
        print(f"creating {PNP_VENV.relative_to(HERE.parent)} and installing pnp …", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(PNP_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(HERE.parent)], **quiet)
    elif not stamp.is_file() or stamp.read_text() != key:
        # only when the checkout changed: reinstalling deletes the old copy's files, and on ext4 files
        # created soon after many deletions are slow to create (docs/performance.md, "Measuring a cold build")
        args = ["install", "--quiet", "--force-reinstall", "--no-deps", str(HERE.parent)]
        subprocess.run([str(python), "-m", "pip", *args], **quiet)
        args = ["install", "--quiet", str(HERE.parent)]  # a dependency pyproject.toml added since
        subprocess.run([str(python), "-m", "pip", *args], **quiet)
    stamp.write_text(key)
    return [str(PNP_VENV / "bin" / "pnp")]


INSTALLED = ("pnp", "card_specs", "templates", "docs")  # what the wheel holds (pyproject: force-include)


def checkout_key() -> str:
    """A digest of what installing the checkout copies: pyproject.toml and every file of the folders
    the wheel holds (the package, and the bundled games, templates and docs)."""
    digest = hashlib.sha256((HERE.parent / "pyproject.toml").read_bytes())
    for folder in INSTALLED:
        for path in sorted((HERE.parent / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(HERE.parent).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def this_interpreters_pnp() -> list[str]:
    """The `pnp` console script of this interpreter's environment (or the same entry point)."""
    script = Path(sys.executable).with_name("pnp")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"]


def measure(command: list[str], cwd: Path, env: dict | None = None, sample_memory: bool = False) -> Run:
    """Wall time (including interpreter start-up) and peak RSS of one run of `command`; with
    `sample_memory`, also the peak summed PSS of it and the processes it forks (the sampling costs
    a little CPU, so time such runs separately)."""
    sampling = {"PNP_BENCH_SAMPLE": "1"} if sample_memory else {}
    out = subprocess.run(
        [sys.executable, "-c", _WRAPPER, str(cwd), *command],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {}), **sampling},
        check=True,
    )
    result = json.loads(out.stdout)
    if result["code"] != 0:
        raise SystemExit(f"`{' '.join(command)}` failed with exit code {result['code']}:\n{result['stderr']}")
    return Run(result["seconds"], result["peak_kb"] / 1024, result["pss_kb"] / 1024)


def median_run(runs: list[Run]) -> Run:
    return Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs), max(r.total_mb for r in runs))


def describe(runs: list[Run]) -> str:
    """'1.23 s (median of 5: 1.20–1.31), peak 110 MB'."""
    m = median_run(runs)
    spread = f"{min(r.seconds for r in runs):.2f}–{max(r.seconds for r in runs):.2f}"
    total = f", all processes {m.total_mb:.0f} MB" if m.total_mb else ""
    return f"{m.seconds:6.2f} s (median of {len(runs)}: {spread}), peak {m.peak_mb:.0f} MB{total}"
