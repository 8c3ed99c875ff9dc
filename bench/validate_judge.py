"""What `pnp validate`'s quick simulation costs, bot by bot: CPU per spec and player count.

Usage: python bench/validate_judge.py [SPEC ...] [--seed 1]

For each bundled spec (default: all of them), as validate builds it (every module), and each player
count it allows, each bot of `OPINIONS` (pnp/pipeline/validate.py) as validate plays it, with no
cache: the baseline's 100 games from run seed 1, stopping once 1 % is won, then, only where it won
under 1 %, the search bot's 20 games on the first of the same deals, stopping at its first win.
Prints the wins and the CPU seconds (time.process_time) of each, and the totals, in one process on
one core (validate spreads the games over every core, and keeps its verdicts: a second run of an
unchanged spec plays nothing). Run under `nice -n 19` on a busy machine.
"""

from __future__ import annotations

import argparse
import math
import time

from pnp.core.locate import find_spec
from pnp.pipeline.validate import HARD, OPINIONS, VALIDATE_SEED, _wins
from pnp.rules.params import rule_params
from pnp.rules.rulestext import printed_game
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
    wins = _wins(game, players, seed, bot, range(games), math.ceil(HARD * games))
    return wins, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=BUNDLED)
    parser.add_argument("--seed", type=int, default=VALIDATE_SEED)
    args = parser.parse_args()
    totals = dict.fromkeys((o.bot for o in OPINIONS), 0.0)
    for name in args.specs:
        game = printed_game(load_spec(find_spec(name)))
        r = rule_params(game)
        for n in range(r.min_players, r.max_players + 1):
            line = f"{name:<20} {n}p"
            for opinion in OPINIONS:
                wins, seconds = timed(game, n, opinion.games, args.seed, opinion.bot)
                totals[opinion.bot] += seconds
                said = "≥1 %" if wins < 0 else f"{wins} of {opinion.games}"
                line += f"  {opinion.bot} {said} ({seconds:6.2f} s)"
                if wins < 0:
                    break
            print(line, flush=True)
    print("CPU: " + ", ".join(f"{bot} {seconds:.1f} s" for bot, seconds in totals.items()))


if __name__ == "__main__":
    main()
