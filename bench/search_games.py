"""The search bot's games, recorded move by move: proof that a speed-up changed no decision, and its CPU per game.

Usage: python bench/search_games.py --record FILE [--set full|quick]
       python bench/search_games.py --check FILE [--set full|quick]
       python bench/search_games.py --time [--set full|quick] [--runs 3]

A fixed set of games (`--set full`: 20 Ascent games with every module, 20 with none, 15 with each
module alone, 40 Tranquility games with the published rules and 20 of three variants that take the
engine's other paths; players 1–5 in turn; seeds from run seed 1 as `pnp simulate` draws them) is
played with `--bot search` on this core. For each game it keeps the result (won, filled, turns,
loss reason), the number of searched turns and a SHA-256 of the whole move log (every action, in
order). `--record` writes them as JSON; `--check` plays them again and names every game that differs
(exit 1; `--set quick` plays the first games of three kinds of the full set). Both print the
search bot's CPU time per game (time.process_time, median per game kind).
`--time` plays the set `--runs` times and prints the median of each game's CPU time over the runs,
then the median per game kind. Run it under `nice -n 19` on a shared machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

from pnp.pipeline.load import load_game
from pnp.rules.bots import _deck, kit, make_bot
from pnp.rules.playout import PLAYING
from pnp.rules.workers import game_seeds

# (kind label, game or variant, modules, games); the games with modules were recorded with the modules as
# first reconstructed, before the default followed the re-read (docs/rules.md): they play that variant
SETS = {
    "full": [
        ("ascent all modules", "ascent-modules-reconstructed", "all", 20),
        ("ascent no module", "ascent", "none", 20),
        ("ascent green-path", "ascent-modules-reconstructed", "green-path", 15),
        ("ascent panorama", "ascent-modules-reconstructed", "panorama", 15),
        ("ascent goats", "ascent-modules-reconstructed", "goats", 15),
        ("tranquility", "tranquility", None, 40),
        ("gap-cost", "gap-cost", None, 8),
        ("orthogonal", "orthogonal", None, 6),
        ("start-discard-hands", "start-discard-hands", None, 6),
    ],
    "quick": [
        ("ascent all modules", "ascent-modules-reconstructed", "all", 3),
        ("ascent no module", "ascent", "none", 3),
        ("tranquility", "tranquility", None, 6),
    ],
}
SEED = 1


def games(which: str):
    """(kind, game, players, seed) of every game of the set."""
    for kind, name, modules, count in SETS[which]:
        game = load_game(name, modules=modules)
        for g, seed in enumerate(game_seeds(SEED, count)):
            yield kind, game, 1 + g % 5, seed


def play(game, players: int, seed: int) -> tuple[dict, float]:
    """One search game: its record and its CPU seconds."""
    k = kit(game)
    deck = _deck(game, k)
    start = time.process_time()
    table = k.deal(deck, players, seed)
    bot = make_bot(game, "search", seed)
    log = hashlib.sha256()
    while table.status == PLAYING:
        p = table.turn % table.n
        action = bot.choose(table, p)
        log.update(repr((p, action)).encode())
        if action is None:
            table.lose()
            break
        table.apply(p, action)
    seconds = time.process_time() - start
    won = table.status == "won"
    record = {
        "result": [won, k.filled(table), table.turn, "" if won else table.loss_reason()],
        "searched": bot.searched,
        "moves": log.hexdigest(),
    }
    return record, seconds


def run(which: str) -> tuple[dict, dict]:
    records, cpu = {}, {}
    for kind, game, players, seed in games(which):
        key = f"{kind}/{players}p/{seed}"
        records[key], cpu[key] = play(game, players, seed)
    return records, cpu


def per_kind(cpu: dict) -> None:
    kinds: dict[str, list[float]] = {}
    for key, seconds in cpu.items():
        kinds.setdefault(key.split("/")[0], []).append(seconds)
    for kind, times in kinds.items():
        print(f"{kind:<22} {len(times):>3} games  median {statistics.median(times):.3f} s CPU/game")
    print(f"{'all':<22} {len(cpu):>3} games  total  {sum(cpu.values()):.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="full", choices=sorted(SETS))
    parser.add_argument("--record", metavar="FILE")
    parser.add_argument("--check", metavar="FILE")
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if args.time:
        runs = [run(args.set)[1] for _ in range(args.runs)]
        per_kind({key: statistics.median(r[key] for r in runs) for key in runs[0]})
        return
    records, cpu = run(args.set)
    per_kind(cpu)
    if args.record:
        Path(args.record).write_text(json.dumps(records, indent=1) + "\n")
    if args.check:
        expected = json.loads(Path(args.check).read_text())
        wrong = [key for key in records if records[key] != expected.get(key)]
        for key in wrong:
            print(f"DIFFERENT: {key}: {records[key]} != {expected.get(key)}")
        print(f"{len(records) - len(wrong)} of {len(records)} games identical")
        sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
