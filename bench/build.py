"""Build speed: `pnp build` of the bundled games, cold and when nothing changed.

Usage: python bench/build.py [--runs 5] [--editable] [GAME ...]
pnp is the checkout installed in bench/.venv-pnp, as a user installs it (bench/measure.py,
`installed_pnp`); `--editable` times this interpreter's pnp instead.
Cold: a fresh, empty temporary folder each run (no output, no build cache), the `pnp` CLI in a
subprocess, interpreter start-up included. No-op: `pnp build` again in the same folder, inputs
unchanged. Goals (issue 7): cold ≤ 2 s, no-op ≤ 0.3 s.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from measure import EDITABLE_HELP, describe, measure, median_run, pnp_command


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (median is quoted)")
    parser.add_argument("games", nargs="*", help="games to build (default: every bundled game)")
    parser.add_argument("--editable", action="store_true", help=EDITABLE_HELP)
    args = parser.parse_args()
    pnp = pnp_command(args.editable)
    build = [*pnp, "build", *args.games, "--out", "output", "--quiet"]
    cold, noop = [], []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-build-") as tmp:
        for run in range(args.runs):
            folder = Path(tmp) / f"run-{run}"
            folder.mkdir()
            cold.append(measure(build, folder))
            noop.append(measure(build, folder))
        files = sum(1 for p in (Path(tmp) / "run-0" / "output").rglob("*") if p.is_file())
    label = " ".join(args.games) or "all bundled games"
    print(f"pnp build ({label}; {files} files written)")
    print(f"  cold   {describe(cold)}   goal ≤ 2 s")
    print(f"  no-op  {describe(noop)}   goal ≤ 0.3 s")
    print(f"  cold/no-op ratio {median_run(cold).seconds / median_run(noop).seconds:.1f}×")


if __name__ == "__main__":
    main()
