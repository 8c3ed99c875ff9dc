"""Two commands timed side by side, in turn (A B A B ...), so that the ratio A/B is taken pair by pair
and holds while a shared machine's speed drifts.

Usage: python bench/pairs.py [--runs 9] [--warmup 1] -- COMMAND_A ... [-- COMMAND_B ...]

Each run is the whole process, its start-up included: wall seconds from a monotonic clock around
it, CPU seconds (user + system) and the peak resident memory of the largest process it waited for,
from the operating system's accounting of the finished child (os.wait4). Prints the min, MEDIAN and
max of each, and of the ratios A/B taken pair by pair: quote the medians. With one command, times it
alone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def run_once(command: list[str]) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of one run of `command`, its output thrown away."""
    started = time.monotonic()
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        sys.exit(f"{' '.join(command)} exited with {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def spread(values: list[float], unit: str) -> str:
    return f"{min(values):.3f} / {statistics.median(values):.3f} / {max(values):.3f}{unit}"


def split_commands(words: list[str]) -> tuple[list[str], list[str]]:
    """COMMAND_A and COMMAND_B (empty when only one is given)."""
    if words[:1] == ["--"]:
        words = words[1:]
    if not words or words[0] == "--":
        raise SystemExit("give a command: -- COMMAND_A ... [-- COMMAND_B ...]")
    cut = words.index("--") if "--" in words else len(words)
    return words[:cut], words[cut + 1 :]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="pairs timed (medians are quoted)")
    parser.add_argument("--warmup", type=int, default=1, help="pairs run first and not counted")
    parser.add_argument("commands", nargs=argparse.REMAINDER, help="-- COMMAND_A ... -- COMMAND_B ...")
    args = parser.parse_args()
    a, b = split_commands(args.commands)
    commands = [a, b] if b else [a]
    for _ in range(args.warmup):
        for command in commands:
            run_once(command)
    runs = [[run_once(command) for command in commands] for _ in range(args.runs)]
    print(f"{args.runs} {'pairs' if b else 'runs'}; min / median / max")
    for label, side in zip("AB", range(len(commands))):
        walls, cpus, peaks = zip(*(pair[side] for pair in runs))
        peak = spread(list(peaks), " MB")
        print(f"  {label}: wall {spread(list(walls), ' s')}, CPU {spread(list(cpus), ' s')}, peak {peak}")
    if b:
        walls = [x[0] / y[0] for x, y in runs]
        print(f"  A/B wall {spread(walls, '')}, CPU {spread([x[1] / y[1] for x, y in runs], '')}")


if __name__ == "__main__":
    main()
