"""Two cores for one game: run independent jobs in a forked child while the parent runs others.

`on_two_cores(jobs)` returns every job's result in order, as running them one after another
would. When the machine has two cores and can fork, the odd-numbered jobs run in one forked child
(which inherits everything, so nothing but results crosses over: pickled through a pipe) while the
parent runs the even-numbered ones. Jobs must not print or write outputs: they return what they
made (and any warnings) and the caller uses it, so the output is the same bytes either way.
`Background(job)` runs one job in a forked child while the parent goes on (the build stages its
SVG files that way: hidden temporary files, renamed into place by the parent at the end).

A child never forks again, and neither does a worker of build's per-game pool: one level of
parallelism, two processes at most per game.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
import traceback
from functools import partial
from typing import Callable, Sequence, TypeVar

from .errors import PnpError, SpecError

T = TypeVar("T")

_IN_CHILD = False


def on_two_cores(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run `jobs`, two at a time where it can (see the module's docstring); results in order.

    A PnpError in the child is raised again in the parent with its message and exit code (a
    SpecError as a SpecError with its problems, so it is reported the same way)."""
    if len(jobs) < 2 or not may_fork():
        return [job() for job in jobs]
    theirs = Background(partial(_run_all, jobs[1::2]))
    try:
        mine = [job() for job in jobs[0::2]]
    except BaseException:
        theirs.cancel()
        raise
    results = theirs.result()
    return [mine[n // 2] if n % 2 == 0 else results[n // 2] for n in range(len(jobs))]


class Background:
    """One job running in a forked child from now on (call only when `may_fork()`): `result()`
    waits for it and returns what it returned, or raises what it raised; `cancel()` stops waiting."""

    def __init__(self, job: Callable[[], T]):
        read, write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child: run the job, send the result, and leave without cleaning up
            os.close(read)
            _child(job, write)
        os.close(write)
        self._pipe = os.fdopen(read, "rb")

    def result(self) -> T:
        try:
            data = self._pipe.read()
        finally:
            self.cancel()
        return _unpack(data)

    def cancel(self) -> None:
        """Closed first: a child still writing to a parent that gave up gets a broken pipe and ends."""
        if not self._pipe.closed:
            self._pipe.close()
            os.waitpid(self.pid, 0)


def _run_all(jobs: Sequence[Callable[[], T]]) -> list[T]:
    return [job() for job in jobs]


def may_fork() -> bool:
    """Two cores, fork, one thread (forking a threaded program can deadlock the child), and not
    already a worker (ours or a multiprocessing pool's)."""
    return (not _IN_CHILD and (os.cpu_count() or 1) >= 2 and threading.active_count() == 1
            and multiprocessing.parent_process() is None and "fork" in multiprocessing.get_all_start_methods())


def _child(job: Callable[[], T], write: int) -> None:
    global _IN_CHILD
    _IN_CHILD = True
    try:
        try:
            message = ("ok", job())
        except SpecError as exc:
            message = ("spec", exc.exit_code, exc.problems)
        except PnpError as exc:
            message = ("pnp", exc.exit_code, str(exc))
        except BaseException:  # noqa: BLE001 — reported by the parent, which owns the terminal
            message = ("crash", traceback.format_exc())
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
    finally:
        os._exit(0)


def _unpack(data: bytes):
    try:
        message = pickle.loads(data)
    except Exception:  # noqa: BLE001 — the child died before it finished writing
        raise RuntimeError("a worker process stopped before it sent its results (killed?)") from None
    if message[0] == "ok":
        return message[1]
    if message[0] in ("spec", "pnp"):
        error = SpecError(message[2]) if message[0] == "spec" else PnpError(message[2])
        error.exit_code = message[1]
        raise error
    raise RuntimeError(f"a worker process failed:\n{message[1]}")
