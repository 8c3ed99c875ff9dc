"""`pnp simulate --log DIR`: the simulated games again, each written as a game record.

Game g is dealt with the g-th seed of `random.Random(seed)`, exactly as `simulate` deals it, and played
by the bot the run names (`--bot`), made for that game's seed as `simulate` makes it, so the records are
the games the report counts, whichever bot played them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from pnp.core.owned import owner, write_owned_in_batches
from pnp.game.model import Game
from pnp.rules.bots import check_bot
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


def write_logs(
    game: Game,
    players: int,
    games: int,
    seed: int,
    folder: Path,
    bot: str = "baseline",
    force: bool = False,
    say: Callable[[str], None] | None = None,
) -> list[Path]:
    """Write one record per game, played by `bot` (`BOTS`): FOLDER/GAME-Np-seedS-gameNNNN.json, with
    the modules and the bot in the name when not the defaults (`log_stem`). The records are the
    output set `simulate.STEM` of the folder (pnp/core/owned.py): a file in the way that pnp did not
    write stops it before any game is played, unless `force`."""
    check_bot(bot)
    width = max(4, len(str(games)))
    stem = log_stem(game, players, seed, bot)
    names = [f"{stem}-game{g:0{width}d}.json" for g in range(1, games + 1)]
    batches = _record_batches(game, players, seed, bot, names)
    write_owned_in_batches(folder, owner("simulate", stem), names, batches, force=force, say=say)
    return [folder / name for name in names]


BATCH = 200  # records made before they are written: ~1.6 MB of Tranquility records


def _record_batches(game: Game, players: int, seed: int, bot: str, names: list[str]) -> Iterator[dict[str, bytes]]:
    # start-up: with write_logs' import of the bots (+13 ms CPU, measured); docs/performance.md "Start-up"
    from pnp.rules.bots import make_bot
    from pnp.rules.workers import game_seeds

    batch: dict[str, bytes] = {}
    for name, game_seed in zip(names, game_seeds(seed, len(names))):
        recorder = bot_game(game, players, game_seed, make_bot(game, bot, game_seed))
        batch[name] = recorder.dumps().encode("utf-8")
        if len(batch) == BATCH:
            yield batch
            batch = {}
    if batch:
        yield batch
