"""Flat Monte Carlo with the baseline as rollout, on Tranquility: measured for the strong bot, not kept.

Usage: python bench/flat_mc.py [--players 2] [--games 120] [--seed 1] [--safe 7] [--margin 3]
                               [--dead 0.6] [--params] [--strong]

At each turn that is not a start or finish card the bot deals the hidden cards again 8 times (the
strong bot's `redeal`, or with `--dead Q` the unseen discard dealt from dead cards in a share Q of its
places) and plays the baseline's choice out on them with the baseline in every seat. Won on at least
`--safe` samples, it is played. Otherwise every distinct action (`Table.actions`, the first 40) is
played out on those samples, the best 4 on 24 more, and the best of all is played when it won at
least `--margin` samples more than the baseline's choice. Prints the wins on the deals of `pnp
simulate tranquility --seed S` and the CPU per game. `--params` instead plays the baseline with
changed rules of thumb on those deals (docs/rules.md, "Flat Monte Carlo with the baseline as rollout").
`--strong --dead Q` plays the strong bot (pnp/rules/strong.py) with its samples dealt as `--dead` says.
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from pnp.pipeline.load import load_game
from pnp.rules import strong
from pnp.rules.bots import _deck, kit
from pnp.rules.playout import play_out
from pnp.rules.search import FORCED
from pnp.rules.strong import StrongBot, redeal
from pnp.rules.tranquility.bot import TranquilityBot
from pnp.rules.workers import game_seeds


def dead_first(search, table, p: int, rng: random.Random, share: float) -> None:
    """The strong bot's redeal, but each unseen discard place takes a dead card with chance `share`."""
    spots = search.hidden(table, p)
    cards = [lst[i] for lst, i, _ in spots]
    owner = {c: q for (_lst, _i, q), c in zip(spots, cards) if search.stays(table, c)}
    free = sorted(c for c in cards if c not in owner)
    rng.shuffle(free)
    dead = [c for c in free if table.card_class(c) == -1]
    live = [c for c in free if table.card_class(c) != -1]
    taken: set[int] = set()
    for c in sorted(owner):
        mine = [n for n in range(len(spots)) if spots[n][2] == owner[c] and n not in taken]
        n = mine[rng.randrange(len(mine))]
        taken.add(n)
        lst, i, _ = spots[n]
        lst[i] = c
    order = [n for n in range(len(spots)) if spots[n][2] == -1 and n not in taken]
    rest = [n for n in range(len(spots)) if spots[n][2] != -1 and n not in taken]
    rng.shuffle(rest)
    pool = [(dead if dead and (rng.random() < share or not live) else live).pop() for _ in order]
    left = dead + live
    rng.shuffle(left)
    for n, c in zip(order + rest, pool + left):
        lst, i, _ = spots[n]
        lst[i] = c
    search.after_redeal(table)


class FlatMC:
    def __init__(self, k, seed: int, safe: int, margin: int, dead: float | None) -> None:
        self.k, self.seed, self.safe, self.margin, self.dead = k, seed, safe, margin, dead
        self.search = k.search(seed=seed)
        self.base = self.search.baseline

    def roll(self, dealt, p: int, action) -> int:
        t = dealt.clone()
        t.apply(p, action)
        return play_out(t, self.k.baseline()).status == "won"

    def choose(self, t, p: int):
        first = self.base.choose(t, p)
        action = first if first is None or first[0] in FORCED else self.pick(t, p, first)
        if action is not None:
            self.search.remember(t, p, action)
        return action

    def pick(self, t, p: int, first):
        actions, _ = t.actions(p)
        if len(actions) <= 1:
            return first
        rng = random.Random((self.seed * 1_000_003 + t.turn) ^ 0x57E0)
        deals = []

        def more(count: int) -> None:
            for _ in range(count):
                d = t.clone()
                r = random.Random(rng.getrandbits(32))
                redeal(self.search, d, p, r) if self.dead is None else dead_first(self.search, d, p, r, self.dead)
                deals.append(d)

        more(8)
        scores = {0: [self.roll(d, p, first) for d in deals]}
        if sum(scores[0]) >= self.safe:
            return first
        options = [first] + [a for a in actions if a != first][:40]
        for i in range(1, len(options)):
            scores[i] = [self.roll(d, p, options[i]) for d in deals]
        alive = sorted(scores, key=lambda i: (-sum(scores[i]), i))[:4]
        if 0 not in alive:
            alive.append(0)
        more(24)
        for i in alive:
            scores[i] += [self.roll(d, p, options[i]) for d in deals[8:]]
        best = max(alive, key=lambda i: (sum(scores[i]), i == 0))
        return options[best] if sum(scores[best]) - sum(scores[0]) >= self.margin else first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--safe", type=int, default=7)
    parser.add_argument("--margin", type=int, default=3)
    parser.add_argument("--dead", type=float, default=None)
    parser.add_argument("--params", action="store_true")
    parser.add_argument("--strong", action="store_true", help="the strong bot, its samples dealt as --dead says")
    args = parser.parse_args()
    game = load_game("tranquility")
    k = kit(game)
    deck = _deck(game, k)
    seeds = list(game_seeds(args.seed, args.games))
    if args.params:
        for options in (
            {},
            {"keep_finish": 3},
            {"keep_finish": 5},
            {"play_limit": 3.0},
            {"play_limit": 4.0},
            {"useless": 2.0},
            {"useless": 5.0},
            {"shift_penalty": 0.5},
            {"shift_penalty": 1.0},
        ):
            tables = [play_out(k.deal(deck, args.players, s), TranquilityBot(**options)) for s in seeds]
            losses = collections.Counter(t.loss_reason() for t in tables if t.status != "won")
            print(options or "the baseline", sum(t.status == "won" for t in tables), dict(losses))
        return
    if args.strong and args.dead is not None:
        share = args.dead
        strong.redeal = lambda search, table, p, rng: dead_first(search, table, p, rng, share)
    start, wins = time.process_time(), 0
    for s in seeds:
        if args.strong:
            bot = StrongBot(k.search(seed=s), k.filled, s)
        else:
            bot = FlatMC(k, s, args.safe, args.margin, args.dead)
        wins += play_out(k.deal(deck, args.players, s), bot).status == "won"
    cpu = (time.process_time() - start) / len(seeds)
    print(f"won {wins}/{len(seeds)}, {cpu:.3f} s CPU per game")


if __name__ == "__main__":
    main()
