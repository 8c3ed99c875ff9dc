"""Simulation speed: median games per second over several runs, on one core.

Usage: python bench/simulate.py [--games 2000] [--runs 5] [--players 3]
Goal (issue 4): 2,000+ Tranquility games per second with the published rules.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.game import build_game
from pnp.locate import find_spec
from pnp.rules import simulate
from pnp.spec import load_spec


def games_per_second(game, players: int, games: int, runs: int) -> list[float]:
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        simulate(game, players, games, seed=run)
        rates.append(games / (time.perf_counter() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    cases = [("tranquility", None, args.games), ("ascent", None, max(1, args.games // 20)),
             ("ascent", "all", max(1, args.games // 20))]
    for name, modules, games in cases:
        game = build_game(load_spec(find_spec(name)), modules)
        rates = games_per_second(game, args.players, games, args.runs)
        label = name + (" + all modules" if modules else "")
        print(f"{label:<26} {args.players} players  {games:>6} games x {args.runs} runs: "
              f"median {statistics.median(rates):8.0f} games/s  (min {min(rates):.0f}, max {max(rates):.0f})")


if __name__ == "__main__":
    main()
