"""Scale: big synthetic decks through `pnp build`, side by side with protograf.

Usage: python bench/scale.py [--sizes 500 5000] [--runs 3] [--large-runs 1] [--no-protograf]

The decks are variants of Tranquility with islands 1–N (plus its start, finish, border and
reference cards), written to a temporary card_specs/variants/ folder and built cold with
`pnp build bench-N --no-setup` (A4 and Letter, duplex, SVG faces, calibration sheets).
protograf (a Python card-design library) draws comparable content: N cards of 70 mm square,
each a number and a few shapes, fronts only, as a vector PDF on A4. It is installed only in
bench/.venv-protograf (created on first use with `python -m venv` and `pip install protograf`),
never as a project dependency. Printed: median wall times, peak memory (max RSS of the process),
protograf's time over pnp's, and each tool's cost per extra card (the slope between the two
sizes). Goals (issue 7): ≥ 10× protograf, ≤ 3 ms per extra card, ≤ 300 MB at 5,000 cards.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from measure import Run, describe, measure, median_run, pnp_command

HERE = Path(__file__).resolve().parent
PROTOGRAF_VENV = HERE / ".venv-protograf"

PROTOGRAF_DECK = '''\
import os
from protograf import *

Create(filename="deck.pdf", paper="A4", units="mm", margin=5)
Deck(cards=int(os.environ["BENCH_CARDS"]), width=70, height=70, fill="#f4c66b", bleed_fill="#2a4a63")
Card("*",
     rectangle(x=3, y=3, width=64, height=64, rounding=3, fill="#fbe3a6", stroke="#1f2a38", stroke_width=1),
     circle(cx=50, cy=20, radius=9, fill="#f4c66b", stroke="#c99a3e"),
     circle(cx=20, cy=50, radius=6, fill="#6f9a54", stroke=None),
     polygon(cx=35, cy=45, radius=14, sides=6, fill="#4f8fb0", stroke="#2c5d7c"),
     text(text="{{sequence}}", x=18, y=22, font_size=28, stroke="#1f2a38"))
Save()
'''


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


def pnp_runs(folder: Path, size: int, runs: int, paper: list[str]) -> list[Run]:
    out = folder / "out"
    result = []
    for _ in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        result.append(measure([*pnp_command(), "build", f"bench-{size}", "--no-setup", "--out", "out", "--quiet", *paper], folder))
    return result


def protograf_runs(python: Path, folder: Path, size: int, runs: int) -> list[Run]:
    (folder / "deck.py").write_text(PROTOGRAF_DECK, encoding="utf-8")
    return [measure([str(python), "deck.py"], folder, env={"BENCH_CARDS": str(size)}) for _ in range(runs)]


def slope_ms(results: dict[int, list[Run]]) -> str:
    sizes = sorted(results)
    if len(sizes) < 2:
        return "n/a (needs two sizes)"
    small, large = sizes[0], sizes[-1]
    seconds = median_run(results[large]).seconds - median_run(results[small]).seconds
    return f"{seconds / (large - small) * 1000:.2f} ms per extra card ({small} → {large})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--runs", type=int, default=3, help="runs for decks up to 1,000 cards")
    parser.add_argument("--large-runs", type=int, default=1, help="runs for bigger decks")
    parser.add_argument("--no-protograf", action="store_true", help="skip the protograf side")
    args = parser.parse_args()
    python = None if args.no_protograf else protograf_python()
    cases = {"pnp build (A4 + Letter)": [], "pnp build --paper a4": []}
    results: dict[str, dict[int, list[Run]]] = {name: {} for name in [*cases, "protograf (A4)"]}
    with tempfile.TemporaryDirectory(prefix="pnp-bench-scale-") as tmp:
        root = Path(tmp)
        (root / "card_specs" / "variants").mkdir(parents=True)
        for size in args.sizes:
            spec = root / "card_specs" / "variants" / f"bench-{size}.json"
            spec.write_text(json.dumps(variant(size), indent=2, ensure_ascii=False), encoding="utf-8")
            runs = args.runs if size <= 1000 else args.large_runs
            results["pnp build (A4 + Letter)"][size] = pnp_runs(root, size, runs, [])
            results["pnp build --paper a4"][size] = pnp_runs(root, size, runs, ["--paper", "a4"])
            if python is not None:
                pg = root / f"protograf-{size}"
                pg.mkdir()
                results["protograf (A4)"][size] = protograf_runs(python, pg, size, runs)
            report_size(size, results)
    print()
    for name, by_size in results.items():
        if by_size:
            print(f"{name:<26} {slope_ms(by_size)}")


def report_size(size: int, results: dict[str, dict[int, list[Run]]]) -> None:
    print(f"\n{size} islands (+37 other Tranquility cards for pnp)")
    for name, by_size in results.items():
        if size in by_size:
            print(f"  {name:<26} {describe(by_size[size])}")
    if size in results["protograf (A4)"]:
        pg = median_run(results["protograf (A4)"][size]).seconds
        for name in ("pnp build (A4 + Letter)", "pnp build --paper a4"):
            ratio = pg / median_run(results[name][size]).seconds
            print(f"  protograf time / {name}: {ratio:.2f}×   goal ≥ 10×")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
