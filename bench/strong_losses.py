"""Where a Tranquility bot loses games the open-hands solver wins, and how fair its samples are.

Usage: python bench/strong_losses.py [--players 2] [--bot baseline] [--deals 50] [--seed 1]
                                     [--budget 20000] [--calibrate 200] [--turns 20 30]

1. **The losing decision.** The bot plays the deals `pnp simulate tranquility --seed S` deals, in order,
   until `--deals` of its lost games are found that the open-hands solver wins from the deal. Along a
   played game a position that no line wins from stays so, so the last turn from which the solver still
   wins (with every card seen, `--budget` positions) is found by bisection: the bot's action on that
   turn is the one that lost the game. Each is printed (the loss reason, the turn, the cells filled,
   whether the start card was down, the bot's action and the first action of the solver's winning
   line); then the tally by loss reason and kind of action.
2. **How fair the samples are** (`--calibrate K`): on the first K deals, the baseline plays to turn T
   (then to the first turn that is not a start or finish card); the strong bot's `redeal` deals the
   hidden cards again 16 times and the baseline plays each sample out. The mean of those estimates is
   compared with the share of the true tables the baseline wins from there: a fair belief gives the
   same number.
"""

from __future__ import annotations

import argparse
import collections
import random

from pnp.pipeline.load import load_game
from pnp.rules.bots import _deck, kit, make_bot
from pnp.rules.playout import play_out
from pnp.rules.search import FORCED
from pnp.rules.solver import WON, solve
from pnp.rules.strong import redeal
from pnp.rules.tranquility.engine import FINISH, START
from pnp.rules.workers import game_seeds


def describe(deck, action) -> str:
    """An action in a few words: 'play, cost 2', 'discard 2 islands', 'discard a finish card', 'start'."""
    kind = deck.kind
    if action[0] == "discard":
        finishes = sum(kind[c] == FINISH for c in action[1])
        starts = sum(kind[c] == START for c in action[1])
        return "discard" + (" a finish card" if finishes else " a start card" if starts else " 2 islands")
    if action[0] == "play":
        paid_finish = any(kind[c] == FINISH for c in action[3])
        return f"play, cost {len(action[3])}" + (" (a finish card paid)" if paid_finish else "")
    return action[0]


def losing_turns(players: int, bot_name: str, deals: int, seed: int, budget: int) -> None:
    game = load_game("tranquility")
    k = kit(game)
    deck = _deck(game, k)
    tally: collections.Counter = collections.Counter()
    found = 0
    for s in game_seeds(seed, 100_000):
        t = k.deal(deck, players, s)
        bot = make_bot(game, bot_name, s)
        history = []
        while t.status == "playing":
            p = t.turn % t.n
            action = bot.choose(t, p)
            history.append((t.clone(), p, action))
            t.apply(p, action)
        if t.status == WON or not history:
            continue

        def wins(i: int, history=history) -> bool:
            return solve(history[i][0], k.baseline().choose, k.filled, budget).verdict == WON

        if not wins(0):
            continue
        lo, hi = 0, len(history) - 1  # the solver wins from turn lo
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if wins(mid) else (lo, mid - 1)
        table, p, action = history[lo]
        line = solve(table, k.baseline().choose, k.filled, budget).line
        print(
            f"deal {s}: {t.loss_reason()}; turn {lo} of {len(history)}, {table.filled} cells filled, "
            f"start {'down' if table.start >= 0 else 'not down'}; bot: {describe(deck, action)}; "
            f"solver: {describe(deck, line[0][1])}",
            flush=True,
        )
        tally[(t.loss_reason(), action[0], table.filled >= 2 * table.N // 3)] += 1
        found += 1
        if found == deals:
            break
    print(f"\n{found} lost deals the solver wins ({bot_name}, {players} players, seed {seed}):")
    for (reason, what, late), count in tally.most_common():
        print(f"  {count:3d}  {reason}, the bot's {what}, {'at' if late else 'before'} 2/3 of the cells filled")


def calibrate(players: int, deals: int, seed: int, turns: list[int]) -> None:
    game = load_game("tranquility")
    k = kit(game)
    deck = _deck(game, k)
    for at in turns:
        estimated = actual = count = 0.0
        for s in list(game_seeds(seed, deals)):
            search = k.search(seed=s)
            base = k.baseline()
            t = k.deal(deck, players, s)
            while t.status == "playing" and (t.turn < at or base.choose(t, t.turn % t.n)[0] in FORCED):
                p = t.turn % t.n
                action = base.choose(t, p)
                search.remember(t, p, action)
                t.apply(p, action)
            if t.status != "playing":
                continue
            p = t.turn % t.n
            rng = random.Random(s)
            wins = 0
            for _ in range(16):
                sample = t.clone()
                redeal(search, sample, p, random.Random(rng.getrandbits(32)))
                wins += play_out(sample, k.baseline()).status == WON
            estimated += wins / 16
            actual += play_out(t.clone(), k.baseline()).status == WON
            count += 1
        print(
            f"turn {at}: {int(count)} tables; the baseline wins {100 * estimated / count:.1f} % of the samples, "
            f"{100 * actual / count:.1f} % of the true tables"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="baseline")
    parser.add_argument("--deals", type=int, default=50, help="lost deals to look at")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=20_000, help="solver positions per search")
    parser.add_argument("--calibrate", type=int, default=0, help="deals for the sample check (0: skip)")
    parser.add_argument("--turns", type=int, nargs="*", default=[20, 30])
    args = parser.parse_args()
    if args.deals:
        losing_turns(args.players, args.bot, args.deals, args.seed, args.budget)
    if args.calibrate:
        calibrate(args.players, args.calibrate, args.seed, args.turns)


if __name__ == "__main__":
    main()
