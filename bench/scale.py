"""Scale: big synthetic decks through `pnp build`, side by side with protograf on the same job.

Usage: python bench/scale.py [--sizes 500 5000] [--runs 3] [--large-runs 1] [--no-protograf] [--booklet] [--editable]

The decks are variants of Tranquility with islands 1–N (plus its start, finish, border and
reference cards), written to a temporary card_specs/variants/ folder and built cold with
`pnp build bench-N --no-setup --no-booklet`: duplex sheets (fronts, then their backs), on A4 only
and on A4 and Letter, plus what pnp always makes besides (an SVG file per face, calibration sheets,
deck.json). `--booklet` builds the rules booklets too (pnp's default build; protograf makes none).
protograf (a Python card-design library) makes the same sheets: N cards of 70 mm square, each a
number and a few shapes on the front and a back design, duplex pages (fronts, then their backs),
one vector PDF per paper; for two papers it runs twice. It is installed only in
bench/.venv-protograf (created on first use with `python -m venv` and `pip install protograf`),
never as a project dependency; pnp likewise runs from bench/.venv-pnp, where the checkout is
installed again whenever its code changed (`installed_pnp` in bench/measure.py; `--editable`:
this interpreter's pnp). Printed: median wall times, peak memory (the biggest process's max
RSS, and one more pnp run that samples all its processes' summed PSS), protograf's time over
pnp's for the same sheets, and each tool's cost per extra card (the slope between the two sizes).
Goals (issue 7): ≥ 10× protograf, ≤ 3 ms per extra card, ≤ 300 MB at 5,000 cards.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from measure import EDITABLE_HELP, Run, describe, measure, median_run, pnp_command

HERE = Path(__file__).resolve().parent
PROTOGRAF_VENV = HERE / ".venv-protograf"

PROTOGRAF_DECK = """\
import os
from protograf import *

Create(filename="deck.pdf", paper=os.environ["BENCH_PAPER"], units="mm", margin=5)
Deck(cards=int(os.environ["BENCH_CARDS"]), width=70, height=70, fill="#f4c66b", bleed_fill="#2a4a63")
Card("*",
     rectangle(x=3, y=3, width=64, height=64, rounding=3, fill="#fbe3a6", stroke="#1f2a38", stroke_width=1),
     circle(cx=50, cy=20, radius=9, fill="#f4c66b", stroke="#c99a3e"),
     circle(cx=20, cy=50, radius=6, fill="#6f9a54", stroke=None),
     polygon(cx=35, cy=45, radius=14, sides=6, fill="#4f8fb0", stroke="#2c5d7c"),
     text(text="{{sequence}}", x=18, y=22, font_size=28, stroke="#1f2a38"))
CardBack("*",
     rectangle(x=3, y=3, width=64, height=64, rounding=3, fill="#2a4a63", stroke="#1f2a38", stroke_width=1),
     circle(cx=35, cy=35, radius=20, fill="#f4c66b", stroke="#c99a3e"))
Save()
"""


def variant(size: int) -> dict:
    return {
        "id": f"bench-{size}",
        "extends": "tranquility",
        "title": f"Benchmark: Tranquility with islands 1–{size}",
        "kinds": [{"id": "island", "each": {"number": {"from": 1, "to": size}}}],
    }


def protograf_python() -> Path:
    """bench/.venv-protograf's interpreter, creating the environment on first use."""
    python = PROTOGRAF_VENV / "bin" / "python"
    if not python.is_file():
        print(f"creating {PROTOGRAF_VENV.relative_to(HERE.parent)} and installing protograf …", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(PROTOGRAF_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "protograf"], check=True)
    return python


PNP: list[str] = []  # the pnp command measured (main: bench/.venv-pnp's, or --editable)
BOOKLET: list[str] = ["--no-booklet"]  # the same job as protograf's; bench/scale.py --booklet: pnp's default


def pnp_runs(folder: Path, size: int, runs: int, paper: list[str], sample_memory: bool = False) -> list[Run]:
    """Each run builds cold into an output folder of its own, as a first build does. The folders
    are removed with the benchmark's temporary folder, at the end, not between runs: on ext4, files
    created where thousands were deleted in the last minutes cost ~0.5 ms each instead of ~0.07 ms
    (the inode allocator skips "recently deleted" inodes one by one: `recently_deleted` in a perf
    profile), which made a rebuild after `rm -rf out` 0.1–0.45 s slower at 500 cards
    (docs/performance.md, "Measuring a cold build")."""
    result = []
    for _ in range(runs):
        out = _new_folder(folder, "out").name
        command = [*PNP, "build", f"bench-{size}", "--no-setup", *BOOKLET, "--out", out, "--quiet", *paper]
        result.append(measure(command, folder, sample_memory=sample_memory))
    return result


def _new_folder(folder: Path, stem: str) -> Path:
    """A name in `folder` not used yet: stem-1, stem-2, …"""
    n = 1
    while (folder / f"{stem}-{n}").exists():
        n += 1
    return folder / f"{stem}-{n}"


def protograf_runs(python: Path, folder: Path, size: int, runs: int, papers: list[str]) -> list[Run]:
    """One protograf run per paper (it makes one PDF a run); times add up, memory is the biggest."""
    (folder / "deck.py").write_text(PROTOGRAF_DECK, encoding="utf-8")
    result = []
    for _ in range(runs):
        each = [
            measure([str(python), "deck.py"], folder, env={"BENCH_CARDS": str(size), "BENCH_PAPER": paper})
            for paper in papers
        ]
        result.append(Run(sum(r.seconds for r in each), max(r.peak_mb for r in each)))
    return result


def slope_ms(results: dict[int, list[Run]]) -> str:
    sizes = sorted(results)
    if len(sizes) < 2:
        return "n/a (needs two sizes)"
    small, large = sizes[0], sizes[-1]
    seconds = median_run(results[large]).seconds - median_run(results[small]).seconds
    return f"{seconds / (large - small) * 1000:.2f} ms per extra card ({small} → {large})"


PAIRS = {  # pnp's command-line papers → protograf's papers for the same sheets
    "A4": (["--paper", "a4"], ["A4"]),
    "A4 + Letter": ([], ["A4", "Letter"]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--runs", type=int, default=3, help="runs for decks up to 1,000 cards")
    parser.add_argument("--large-runs", type=int, default=1, help="runs for bigger decks")
    parser.add_argument("--no-protograf", action="store_true", help="skip the protograf side")
    parser.add_argument("--booklet", action="store_true", help="pnp builds the rules booklets too")
    parser.add_argument("--editable", action="store_true", help=EDITABLE_HELP)
    args = parser.parse_args()
    PNP[:] = pnp_command(args.editable)
    if args.booklet:
        BOOKLET.clear()
    python = None if args.no_protograf else protograf_python()
    results: dict[str, dict[int, list[Run]]] = {
        f"{tool} ({papers})": {} for papers in PAIRS for tool in ("pnp", "protograf")
    }
    with tempfile.TemporaryDirectory(prefix="pnp-bench-scale-") as tmp:
        root = Path(tmp)
        (root / "card_specs" / "variants").mkdir(parents=True)
        for size in args.sizes:
            spec = root / "card_specs" / "variants" / f"bench-{size}.json"
            spec.write_text(json.dumps(variant(size), indent=2, ensure_ascii=False), encoding="utf-8")
            runs = args.runs if size <= 1000 else args.large_runs
            for papers, (pnp_paper, protograf_papers) in PAIRS.items():
                results[f"pnp ({papers})"][size] = pnp_runs(root, size, runs, pnp_paper)
                if python is not None:
                    pg = root / f"protograf-{size}"
                    pg.mkdir(exist_ok=True)
                    results[f"protograf ({papers})"][size] = protograf_runs(python, pg, size, runs, protograf_papers)
            memory = {
                papers: pnp_runs(root, size, 1, pnp_paper, sample_memory=True)[0]
                for papers, (pnp_paper, _) in PAIRS.items()
            }
            report_size(size, results, memory)
    print()
    for name, by_size in results.items():
        if by_size:
            print(f"{name:<26} {slope_ms(by_size)}")


def report_size(size: int, results: dict[str, dict[int, list[Run]]], memory: dict[str, Run]) -> None:
    print(f"\n{size} islands (+37 other Tranquility cards for pnp)")
    for name, by_size in results.items():
        if size in by_size:
            print(f"  {name:<26} {describe(by_size[size])}")
    for papers, run in memory.items():
        print(f"  pnp ({papers}), memory of all its processes: {run.total_mb:.0f} MB (summed PSS, sampled)")
    for papers in PAIRS:
        if size in results[f"protograf ({papers})"]:
            pg = median_run(results[f"protograf ({papers})"][size]).seconds
            ratio = pg / median_run(results[f"pnp ({papers})"][size]).seconds
            print(f"  protograf time / pnp time, {papers}: {ratio:.2f}×   goal ≥ 10×")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
