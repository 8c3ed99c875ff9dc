"""Simulation speed, and the win-rate tables of docs/rules.md.

Usage: python bench/simulate.py [--games 2000] [--runs 5] [--players 3]
       python bench/simulate.py --scaling [--games 2000] [--runs 5] [--players 3]
       python bench/simulate.py --tables [--games 2000] [--seed 1] [--jobs 2]

Speed: median games per second over several runs, on one core. Goal (issue 4): 2,000+ Tranquility
games per second with the published rules.
Scaling: games per second with 1 and 2 workers (`simulate(..., jobs=N)`, the process pool of
`pnp simulate --jobs`), per core, and the speed-up from 1 to 2 workers (medians).
Tables: every row of the tables in docs/rules.md ("What the simulator finds"), 1–5 players each, as
Markdown: win % and Wilson 95 % interval, the games and the seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from multiprocessing import Pool

from pnp.game.model import frozen_map
from pnp.pipeline.load import load_game
from pnp.rules import simulate

# (label, game or variant, modules, rule changes, goats module changes)
TRANQUILITY_ROWS = [
    ("published (start discard from hands and piles)", "tranquility", None, {}, {}),
    (
        "start discard from hands only (`start_discard_from: hands`)",
        "tranquility",
        None,
        {"start_discard_from": "hands"},
        {},
    ),
    ("galateia", "galateia", None, {}, {}),
    ("single-finish", "single-finish", None, {}, {}),
    ("gap-cost", "gap-cost", None, {}, {}),
    ("orthogonal", "orthogonal", None, {}, {}),
    ("fixed-cap", "fixed-cap", None, {}, {}),
    ("big-sea", "big-sea", None, {}, {}),
]
ASCENT_ROWS = [
    ("no module (published)", "ascent", None, {}, {}),
    ("ascent-hand-6 (no module)", "ascent-hand-6", None, {}, {}),
    ("bridge swap: smaller difference", "ascent", None, {"bridge_swap_cost": "smaller"}, {}),
    ("The Green Path", "ascent", ["green-path"], {}, {}),
    ("The Panorama (3 revealed)", "ascent", ["panorama"], {}, {}),
    ("The Mountain Goats (spec: 3 goats to row 5)", "ascent", ["goats"], {}, {}),
    ("The Mountain Goats, row 6 (first proposal)", "ascent", ["goats"], {}, {"target_row": 6}),
    ("all three modules", "ascent", "all", {}, {}),
]


def game_for(name: str, modules, rules: dict, goats: dict):
    game = load_game(name, modules=modules)
    if rules:
        game = dataclasses.replace(game, rules=frozen_map({**game.rules, **rules}))
    if goats:
        game = dataclasses.replace(
            game,
            modules=tuple(
                dataclasses.replace(m, rules=frozen_map({**m.rules, **goats})) if m.id == "goats" else m
                for m in game.modules
            ),
        )
    return game


def _cell(job):
    (_label, name, modules, rules, goats), players, games, seed = job
    report = simulate(game_for(name, modules, rules, goats), players, games, seed)
    lo, hi = report.interval
    return f"{100 * report.win_rate:.1f} ({100 * lo:.1f}–{100 * hi:.1f})"


def tables(games: int, seed: int, jobs: int) -> None:
    for title, rows in (("Tranquility", TRANQUILITY_ROWS), ("The Ascent", ASCENT_ROWS)):
        cells = [(row, players, games, seed) for row in rows for players in range(1, 6)]
        with Pool(jobs) as pool:
            results = pool.map(_cell, cells, chunksize=1)
        print(f"\n{title}, baseline bot, {games} games per cell, seed {seed} (win % and 95 % interval):\n")
        print("| rules | 1 player | 2 | 3 | 4 | 5 |\n|---|---|---|---|---|---|")
        for i, row in enumerate(rows):
            print(f"| {row[0]} | " + " | ".join(results[5 * i : 5 * i + 5]) + " |")


def games_per_second(game, players: int, games: int, runs: int) -> list[float]:
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        simulate(game, players, games, seed=run)
        rates.append(games / (time.perf_counter() - start))
    return rates


def scaling(games: int, runs: int, players: int) -> None:
    cases = [("tranquility", None, games), ("ascent", None, max(1, games // 5))]
    for name, modules, count in cases:
        game, medians = load_game(name, modules=modules), {}
        for jobs in (1, 2):
            rates = []
            for run in range(runs):
                start = time.perf_counter()
                simulate(game, players, count, seed=run, jobs=jobs)
                rates.append(count / (time.perf_counter() - start))
            medians[jobs] = statistics.median(rates)
            print(
                f"{name:<12} {players} players  {count:>6} games x {runs} runs, {jobs} worker(s): median "
                f"{medians[jobs]:8.0f} games/s, {medians[jobs] / jobs:8.0f} per core"
            )
        print(f"{name:<12} speed-up 1 -> 2 workers: {medians[2] / medians[1]:.2f}x")


def speed(games: int, runs: int, players: int) -> None:
    cases = [
        ("tranquility", None, games),
        ("ascent", None, max(1, games // 20)),
        ("ascent", "all", max(1, games // 20)),
    ]
    for name, modules, count in cases:
        rates = games_per_second(load_game(name, modules=modules), players, count, runs)
        label = name + (" + all modules" if modules else "")
        print(
            f"{label:<26} {players} players  {count:>6} games x {runs} runs: "
            f"median {statistics.median(rates):8.0f} games/s  (min {min(rates):.0f}, max {max(rates):.0f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tables", action="store_true", help="print the win-rate tables of docs/rules.md")
    parser.add_argument("--scaling", action="store_true", help="games/s with 1 and 2 workers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.tables:
        tables(args.games, args.seed, args.jobs)
    elif args.scaling:
        scaling(args.games, args.runs, args.players)
    else:
        speed(args.games, args.runs, args.players)


if __name__ == "__main__":
    main()
