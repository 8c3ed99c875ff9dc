"""Playing many games on every core, or on a Dask cluster, with the same results as on one core.

A run's games are cut into batches in order; game g is dealt with the g-th seed drawn from
`random.Random(run seed)` (as on one core), so a game's result depends only on its seed and the
bot, never on which worker played it. Batches run on the process pool (pnp.core.pool: `--jobs`,
every core by default) or, given a scheduler address, on a Dask cluster (`pip install
'.[cluster]'`); results are put back in game order before anything is counted.

A `Game` holds read-only mappings (`types.MappingProxyType`), which pickle does not know. Only Dask
sends a batch (the local pool's forked workers inherit the batches and are sent nothing but their
index), so only `_on_dask` pickles them, with its own pickler that sends each mapping as a plain dict
turned read-only again on arrival (`pack`, `play_packed`); pickle itself is left as it is.
"""

from __future__ import annotations

import copyreg
import io
import pickle
import random
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType

from pnp.core import pool
from pnp.core.errors import UsageError, quoted
from pnp.game.model import Game
from pnp.rules.bots import play_game

Result = tuple[bool, int, int, str]  # won, cells or slots filled, turns, loss reason ("" when won)


@dataclass(frozen=True)
class Batch:
    """Games of one configuration to play: the game (variant), players, bot and one seed per game."""

    game: Game
    players: int
    bot: str
    seeds: tuple[int, ...]


def game_seeds(seed: int, games: int) -> Iterator[int]:
    """The seed of each game of a run, in order (the same on any number of workers)."""
    rng = random.Random(seed)
    for _ in range(games):
        yield rng.getrandbits(64)


def batches(game: Game, players: int, bot: str, seed: int, games: int, size: int) -> list[Batch]:
    seeds, out = list(game_seeds(seed, games)), []
    for a in range(0, games, size):
        out.append(Batch(game, players, bot, tuple(seeds[a : a + size])))
    return out


def play_batch(batch: Batch) -> list[Result]:
    """Play one batch (in a worker): each game from its own seed."""
    return [play_game(batch.game, batch.players, s, batch.bot) for s in batch.seeds]


def _proxy(data: dict) -> MappingProxyType:
    return MappingProxyType(data)


def pack(batch: Batch) -> bytes:
    """A batch pickled for a Dask worker, its read-only mappings as plain dicts made read-only again."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, MappingProxyType: lambda m: (_proxy, (dict(m),))}
    pickler.dump(batch)
    return buffer.getvalue()


def play_packed(data: bytes) -> list[Result]:
    """Play a batch `pack` made (on a Dask worker)."""
    return play_batch(pickle.loads(data))


def batch_size(games: int, jobs: int) -> int:
    """Small enough that every worker gets several batches, large enough to pay for sending one."""
    return max(16, min(2000, -(-games // (jobs * 8))))


def run_batches(
    work: Sequence[Batch], jobs: int = 1, scheduler: str | None = None, progress: Callable[[int], None] | None = None
) -> list[list[Result]]:
    """Every batch's results, in the order of `work`, on one core (`jobs` 1), the process pool or a
    Dask cluster."""
    if scheduler:
        return _on_dask(work, scheduler, progress)
    out, done = [], 0
    for b, result in zip(work, pool.results([partial(play_batch, b) for b in work], max(jobs, 1))):
        out.append(result)
        done += len(b.seeds)
        if progress:
            progress(done)
    return out


def _on_dask(work: Sequence[Batch], scheduler: str, progress) -> list[list[Result]]:
    try:
        # optional extra [cluster]: distributed (+728 ms CPU, measured) only when this runs
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'tranquility-pnp[cluster]'") from None
    inproc = scheduler.startswith("inproc://")  # a cluster in this process (a Python caller's, as the tests')
    client = _connect(Client, scheduler if inproc else parse_scheduler(scheduler))
    try:
        futures = client.map(play_packed, [pack(b) for b in work], pure=False)
        out, done = [], 0
        for b, fut in zip(work, futures):
            out.append(fut.result())
            done += len(b.seeds)
            if progress:
                progress(done)
        return out
    finally:
        client.close()


CONNECT_SECONDS = 10  # the most `--scheduler` waits for a Dask scheduler to answer, all steps together
_ADDRESS = re.compile(
    r"(?:(?P<scheme>[a-z]+)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?)"
    r"(?::(?P<port>[0-9]{1,5}))?"
)
SCHEMES = ("tcp", "tls")


def parse_scheduler(text: str) -> str:
    """`--scheduler`: a Dask scheduler's address, [tcp:// or tls://]HOST[:PORT] (port 8786 when left
    out), checked before anything connects; a usage error quoting at most 80 characters otherwise."""
    found = _ADDRESS.fullmatch(text.strip())
    scheme = found and (found["scheme"] or "tcp")
    port = int(found["port"] or 8786) if found else 0
    if found is None or scheme not in SCHEMES or not 1 <= port <= 65535:
        raise UsageError(
            f"--scheduler {quoted(text)}: expected a Dask scheduler's address, tcp://HOST:PORT or tls://HOST:PORT "
            "(a host name, an IPv4 address or an [IPv6] address; a port from 1 to 65535, 8786 when left out)"
        )
    return f"{scheme}://{found['host']}:{port}"


def _connect(client_class, address: str):
    """A Dask client connected to `address`, or a usage error naming it after CONNECT_SECONDS at most:
    Dask's own timeout applies to each step (connect, handshake, first answer) with retries, so a
    silent listener held a run for minutes; the client is made in a thread that is given up on."""
    started = time.monotonic()
    try:  # a refused port or an unknown host is told at once, not after the wait
        if not address.startswith("inproc://"):
            host, port = address.split("://", 1)[1].rsplit(":", 1)
            socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise UsageError(f"--scheduler {quoted(address)}: no Dask scheduler answers there ({why})") from None
    made: dict = {}

    def connect() -> None:
        try:
            made["client"] = client_class(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
        except Exception as exc:  # Dask raises OSError, TimeoutError, ValueError…: each reported below
            made["error"] = exc

    thread = threading.Thread(target=connect, name="pnp-dask-connect", daemon=True)
    thread.start()
    thread.join(max(0.0, CONNECT_SECONDS - (time.monotonic() - started)))
    if "client" in made:
        return made["client"]
    why = f" ({quoted(str(made['error']), 160)[1:-1]})" if "error" in made else f" within {CONNECT_SECONDS} s"
    raise UsageError(f"--scheduler {quoted(address)}: no Dask scheduler answers there{why}")


def resolve_jobs(jobs: int | None) -> int:
    """--jobs: None (left out) means every core; below 1 is a usage error."""
    return pool.check_jobs(jobs) or pool.cores()
