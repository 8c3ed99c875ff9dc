"""The strong bot with and without its screen: the same moves, and the CPU each takes per game.

Usage: python bench/strong_games.py [--players 2] [--games 30] [--seed 1] [--runs 1]

Plays the deals `pnp simulate tranquility --players N --games K --seed S` deals with the strong bot
twice, screened (the default: a turn whose baseline game wins every sample is played at once) and
unscreened (`screen=False`: the solver runs on every candidate and sample), alternating game by
game so both see the same machine. It checks that every game's moves are the same both ways and
prints the CPU per game (median over games of each game's median over `--runs`), the wins, and how
many turns were searched and screened. Games/s on every core: `pnp simulate tranquility --players N
--games K --seed S --bot strong` under `/usr/bin/time` (the standard pool, pnp/core/pool.py).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from pnp.pipeline.load import load_game
from pnp.rules.bots import _deck, kit
from pnp.rules.strong import StrongBot
from pnp.rules.workers import game_seeds


def play(game, players: int, seed: int, screen: bool) -> tuple[str, bool, float, int, int]:
    """(SHA-256 of the moves, won, CPU seconds, turns searched, turns screened)."""
    k = kit(game)
    t = k.deal(_deck(game, k), players, seed)
    bot = StrongBot(k.search(seed=seed), k.filled, seed, screen=screen)
    moves = hashlib.sha256()
    start = time.process_time()
    while t.status == "playing":
        p = t.turn % t.n
        action = bot.choose(t, p)
        if action is None:
            t.lose()
            break
        moves.update(repr((p, action)).encode())
        t.apply(p, action)
    return moves.hexdigest(), t.status == "won", time.process_time() - start, bot.searched, bot.screened


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    game = load_game("tranquility")
    seconds: dict[bool, list[float]] = {True: [], False: []}
    wins = {True: 0, False: 0}
    searched = screened = 0
    for seed in game_seeds(args.seed, args.games):
        logs = {}
        for screen in (True, False):
            runs = [play(game, args.players, seed, screen) for _ in range(args.runs)]
            log, won, _cpu, s, c = runs[0]
            logs[screen] = log
            wins[screen] += won
            seconds[screen].append(statistics.median(r[2] for r in runs))
            if screen:
                searched, screened = searched + s, screened + c
        if logs[True] != logs[False]:
            raise SystemExit(f"deal {seed}: the screened game differs from the unscreened one")
    n = args.games
    print(f"Tranquility, {args.players} players, {n} deals of seed {args.seed}: the same moves screened and not")
    for screen in (False, True):
        label = "screened" if screen else "unscreened"
        cpu = statistics.median(seconds[screen])
        print(f"  {label:10s}: won {wins[screen]}/{n}, CPU per game {cpu:.3f} s (median)")
    print(f"  close turns per game: {searched / n:.1f} searched, {screened / n:.1f} of them screened")


if __name__ == "__main__":
    main()
