"""The bots' win rates, side by side on the same games: the tables of docs/rules.md ("The two bots"):
the baseline, the search bot, the strong bot and the open-hands solver (an upper bound: it sees every card).

Usage: python bench/bot_tables.py [--games 40] [--tq-games 100] [--seed 1] [--jobs 2] [--players 2]
                                  [--bots baseline search strong open-hands]
                                  [--cache FILE] [--write docs/rules.md]

Every cell plays the same games with both bots: game g of a cell is dealt from the g-th seed of the
run's seed, as `pnp simulate --seed S` deals it, so a cell's figures are exactly
`pnp simulate GAME --players N --games K --seed S --bot baseline|search` (one result per game is
played here, on `--jobs` processes, and counted with `pnp.rules.simulation.report`). Cells: the base
game, and The Ascent with no module, each module alone and all three, at 1–5 players.

`--bots` plays only the bots named (a cell keeps the bots it already has from `--cache` or `--merge`).
`--cache FILE` keeps each finished cell (JSON) so a long run can stop and go on (`--only GAME` plays
one game's rows, `--merge FILES` takes finished cells from other caches); `--write PATH`
replaces the part of PATH between the markers `<!-- bot-tables:begin -->` and
`<!-- bot-tables:end -->` with the tables (atomically); without it the tables are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from pnp.pipeline.load import load_game
from pnp.rules.bots import kit, play_game
from pnp.rules.simulation import report
from pnp.rules.workers import game_seeds

BEGIN, END = "<!-- bot-tables:begin -->", "<!-- bot-tables:end -->"
# (label, game, modules)
ROWS = [
    ("Tranquility (published)", "tranquility", None),
    ("The Ascent, no module", "ascent", "none"),
    ("The Green Path", "ascent", "green-path"),
    ("The Panorama", "ascent", "panorama"),
    ("The Mountain Goats", "ascent", "goats"),
    ("all three modules", "ascent", "all"),
]
BOTS = ("baseline", "search", "strong", "open-hands")
_GAMES: dict = {}


def _game(name: str, modules):
    key = (name, modules)
    if key not in _GAMES:
        _GAMES[key] = load_game(name, modules=modules)
    return _GAMES[key]


def _play(task):
    name, modules, players, bot, seed = task
    start = time.process_time()
    result = play_game(_game(name, modules), players, seed, bot)
    return result, time.process_time() - start


def cells(tq_games: int, games: int, counts=range(1, 6)):
    for label, name, modules in ROWS:
        count = tq_games if name == "tranquility" else games
        for players in counts:
            yield label, name, modules, players, count


def run(args) -> dict:
    cache = Path(args.cache) if args.cache else None
    done = {}
    for path in args.merge or []:
        done.update(json.loads(Path(path).read_text()))
    if cache and cache.exists():
        done.update(json.loads(cache.read_text()))
    bots = args.bots or BOTS
    todo = [
        c
        for c in cells(args.tq_games, args.games, args.players or range(1, 6))
        if any(bot not in done.get(_key(c, args.seed), {}) for bot in bots)
    ]
    if args.only:
        todo = [c for c in todo if c[1] == args.only]
    with Pool(args.jobs) as pool:
        for label, name, modules, players, count in todo:
            seeds = list(game_seeds(args.seed, count))
            entry = dict(done.get(_key((label, name, modules, players, count), args.seed), {}))
            for bot in bots:
                if bot in entry:
                    continue
                tasks = [(name, modules, players, bot, s) for s in seeds]
                out = pool.map(_play, tasks, chunksize=1)
                game = _game(name, modules)
                r = report(game, players, args.seed, bot, [o[0] for o in out], kit(game).progress_of)
                seconds = sorted(o[1] for o in out)
                entry[bot] = {
                    "wins": r.wins,
                    "games": r.games,
                    "interval": list(r.interval),
                    "cpu_median": seconds[len(seconds) // 2],
                    "won": [o[0][0] for o in out],
                }
            done[_key((label, name, modules, players, count), args.seed)] = entry
            print(
                f"{label}, {players}p: "
                + ", ".join(f"{bot} {e['wins']}/{count} ({e['cpu_median']:.2f} s/game)" for bot, e in entry.items()),
                file=sys.stderr,
                flush=True,
            )
            if cache:
                _atomic(cache, json.dumps(done, indent=1))
    return done


def _key(cell, seed: int) -> str:
    _label, name, modules, players, count = cell
    return f"{name}|{modules}|{players}|{count}|{seed}"


def _pct(entry) -> str:
    lo, hi = entry["interval"]
    return f"{100 * entry['wins'] / entry['games']:.1f} ({100 * lo:.1f}–{100 * hi:.1f})"


def tables(done: dict, args) -> str:
    lines = [
        f"Win % with the 95 % Wilson interval; both bots play the same games (run seed {args.seed}): "
        f"{args.tq_games} games per cell for Tranquility, {args.games} per cell for The Ascent. "
        "Regenerate with `python bench/bot_tables.py "
        f"--games {args.games} --tq-games {args.tq_games} --seed {args.seed}"
        + (f" --bots {' '.join(args.bots)}" if args.bots else "")
        + " --write docs/rules.md`.",
        "",
        "| rules | bot | 1 player | 2 | 3 | 4 | 5 |",
        "|---|---|---|---|---|---|---|",
    ]
    swings = []
    for label, name, modules in ROWS:
        count = args.tq_games if name == "tranquility" else args.games
        for bot in BOTS:
            row = []
            for players in range(1, 6):
                entry = done.get(_key((label, name, modules, players, count), args.seed))
                row.append(_pct(entry[bot]) if entry and bot in entry else "not run")
            if any(cell != "not run" for cell in row):  # a bot no cell played has no row
                lines.append(f"| {label} | {bot} | " + " | ".join(row) + " |")
        gained = lost = played = 0
        seconds = []
        for players in range(1, 6):
            entry = done.get(_key((label, name, modules, players, count), args.seed))
            if entry and "search" in entry and "baseline" in entry:
                pairs = list(zip(entry["baseline"]["won"], entry["search"]["won"]))
                gained += sum(1 for b, s in pairs if s and not b)
                lost += sum(1 for b, s in pairs if b and not s)
                played += len(pairs)
                seconds.append(entry["search"]["cpu_median"])
        if played:
            swings.append(f"| {label} | {played} | {gained} | {lost} | {sorted(seconds)[len(seconds) // 2]:.2f} s |")
    lines += [
        "",
        "Game by game (the same deals): games the search bot won and the baseline lost, and the reverse; and the",
        "search bot's CPU time per game (median over the cells; on a shared, busy 2-core machine):",
        "",
        "| rules | games | won by search only | won by baseline only | search CPU per game |",
        "|---|---|---|---|---|",
        *swings,
    ]
    return "\n".join(lines)


def _atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per Ascent cell")
    parser.add_argument("--tq-games", type=int, default=100, help="games per Tranquility cell")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", help="player counts to play (default 1–5)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bots", nargs="*", choices=BOTS, help="the bots to play (default: all four)")
    parser.add_argument("--cache", help="JSON file keeping finished cells (resume a long run)")
    parser.add_argument("--only", help="play only this game's rows (tranquility or ascent)")
    parser.add_argument("--merge", nargs="*", help="cache files of earlier runs to take finished cells from")
    parser.add_argument("--write", help="a Markdown file whose bot-tables markers get the tables")
    args = parser.parse_args()
    text = tables(run(args), args)
    if args.write:
        path = Path(args.write)
        doc = path.read_text(encoding="utf-8")
        if BEGIN not in doc or END not in doc:
            sys.exit(f"{path}: no {BEGIN} … {END} markers to write the tables between")
        head, rest = doc.split(BEGIN, 1)
        _atomic(path, head + BEGIN + "\n" + text + "\n" + END + rest.split(END, 1)[1])
    else:
        print(text)


if __name__ == "__main__":
    main()
