"""What `pnp validate`'s quick simulation would cost if the search bot judged too: CPU per spec and player count.

Usage: python bench/validate_judge.py [SPEC ...] [--games 100] [--seed 1]

For each bundled spec (default: all of them), as validate builds it (every module), and each player
count it allows: the baseline's games as validate plays them (`_wins`: 100 games from run seed 1,
stopping once 1 % is won), then, only where the baseline won under 1 %, the search bot on the same
deals, stopping at its first win. Prints the wins and the CPU seconds (time.process_time) of each
stage, and the totals: the cost of the design "nearly unwinnable only if no bot wins 1 %" in one
process on one core (validate spreads the player counts over every core). Run under `nice -n 19`.
"""

from __future__ import annotations

import argparse
import time

from pnp.core.locate import find_spec
from pnp.game.build import build_game
from pnp.game.params import rule_params
from pnp.pipeline.validate import VALIDATE_GAMES, VALIDATE_SEED, _wins
from pnp.spec.load import load_spec

BUNDLED = [
    "tranquility",
    "ascent",
    "ascent-hand-6",
    "big-sea",
    "fixed-cap",
    "galateia",
    "gap-cost",
    "orthogonal",
    "single-finish",
    "start-discard-hands",
]


def timed(game, players: int, games: int, seed: int, bot: str) -> tuple[int, float]:
    start = time.process_time()
    wins = _wins(game, players, games, seed, bot)
    return wins, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=BUNDLED)
    parser.add_argument("--games", type=int, default=VALIDATE_GAMES)
    parser.add_argument("--seed", type=int, default=VALIDATE_SEED)
    args = parser.parse_args()
    totals = {"baseline": 0.0, "search": 0.0}
    for name in args.specs:
        game = build_game(load_spec(find_spec(name)))
        r = rule_params(game)
        for n in range(r.min_players, r.max_players + 1):
            wins, seconds = timed(game, n, args.games, args.seed, "baseline")
            totals["baseline"] += seconds
            line = f"{name:<20} {n}p  baseline {'≥1 %' if wins < 0 else f'{wins} won'} ({seconds:6.2f} s)"
            if wins >= 0:
                wins, seconds = timed(game, n, args.games, args.seed, "search")
                totals["search"] += seconds
                line += f"  search {'won one' if wins < 0 else f'{wins} won'} ({seconds:6.2f} s)"
            print(line, flush=True)
    print(f"CPU: baseline {totals['baseline']:.1f} s, search {totals['search']:.1f} s")


if __name__ == "__main__":
    main()
