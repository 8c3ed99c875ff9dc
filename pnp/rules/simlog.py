"""`pnp simulate --log DIR`: the simulated games again, each written as a game record.

Game g is dealt with the g-th seed of `random.Random(seed)`, exactly as `simulate` deals it, and played
by the bot the run names (`--bot`), made for that game's seed as `simulate` makes it, so the records are
the games the report counts, whichever bot played them.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.output import remove_stray_temporaries, write_atomic
from pnp.game.model import Game
from pnp.rules.engines import engine_of
from pnp.rules.playout import PLAYING
from pnp.rules.record import Recorder

MAX_LOGGED = 10_000  # records written by one run: one file each


def new_bot(game: Game):
    return engine_of(game).baseline()


def deal(game: Game, players: int, seed: int):
    engine = engine_of(game)
    return engine.deal(engine.deck(game), players, seed)


def bot_game(game: Game, players: int, seed: int, bot=None) -> Recorder:
    """One game dealt with `seed`, played to its end by the bot, with its record."""
    bot = bot or new_bot(game)
    recorder = Recorder(game, deal(game, players, seed), seats=["bot"] * players)
    table = recorder.table
    while table.status == PLAYING:
        p = table.turn % table.n
        action = bot.choose(table, p)
        if action is None:
            table.lose()
            break
        recorder.apply(p, action)
    return recorder


def log_stem(game: Game, players: int, seed: int, bot: str = "baseline") -> str:
    """GAME-Np-seedS, then the modules when not all are chosen (`Game.modules_name`, as in setups'
    names) and the bot when not the baseline: ascent-3p-seed1-no-modules-search. Runs that differ
    in either never overwrite each other's records; the default names stay as they were."""
    parts = [game.id, f"{players}p", f"seed{seed}", game.modules_name, "" if bot == "baseline" else bot]
    return "-".join(p for p in parts if p)


def write_logs(game: Game, players: int, games: int, seed: int, folder: Path, bot: str = "baseline") -> list[Path]:
    """Write one record per game, played by `bot` (`BOTS`): FOLDER/GAME-Np-seedS-gameNNNN.json, with
    the modules and the bot in the name when not the defaults (`log_stem`)."""
    # start-up: +13 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.bots import check_bot, make_bot
    from pnp.rules.workers import game_seeds

    check_bot(bot)
    written = []
    width = max(4, len(str(games)))
    stem = log_stem(game, players, seed, bot)
    paths = [folder / f"{stem}-game{g:0{width}d}.json" for g in range(1, games + 1)]
    remove_stray_temporaries(paths)  # what a killed run left, in one look at the folder
    for path, game_seed in zip(paths, game_seeds(seed, games)):
        recorder = bot_game(game, players, game_seed, make_bot(game, bot, game_seed))
        write_atomic(path, recorder.dumps().encode("utf-8"), tidy=False)
        written.append(path)
    return written
