"""Two cores for one game: run independent jobs in a forked child while the parent runs others.

`on_two_cores(jobs)` returns every job's result in order, as running them one after another
would. When the machine has two cores and can fork, the odd-numbered jobs run in one forked child
(which inherits everything, so nothing but results crosses over: pickled through a pipe) while the
parent runs the even-numbered ones. Jobs must not write files or print: they return what they
made (and any warnings) and the caller uses it, so the output is the same bytes either way.

A child never forks again, and neither does a worker of build's per-game pool: one level of
parallelism, two processes at most per game.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import traceback
from typing import Callable, Sequence, TypeVar

from .errors import PnpError, SpecError

T = TypeVar("T")

_IN_CHILD = False


def on_two_cores(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run `jobs`, two at a time where it can (see the module's docstring); results in order.

    A PnpError in the child is raised again in the parent with its message and exit code (a
    SpecError as a SpecError with its problems, so it is reported the same way)."""
    if len(jobs) < 2 or not _may_fork():
        return [job() for job in jobs]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the odd jobs, send the results, and leave without cleaning up
        os.close(read)
        _child(jobs[1::2], write)
    os.close(write)
    pipe = os.fdopen(read, "rb")
    try:
        mine = [job() for job in jobs[0::2]]
        theirs = pipe.read()
    finally:  # closed first: a child still writing to a parent that failed gets a broken pipe and ends
        pipe.close()
        os.waitpid(pid, 0)
    results = _unpack(theirs)
    merged: list[T] = []
    for n in range(len(jobs)):
        merged.append(mine[n // 2] if n % 2 == 0 else results[n // 2])
    return merged


def _may_fork() -> bool:
    return (not _IN_CHILD and (os.cpu_count() or 1) >= 2 and multiprocessing.parent_process() is None
            and "fork" in multiprocessing.get_all_start_methods())


def _child(jobs: Sequence[Callable[[], T]], write: int) -> None:
    global _IN_CHILD
    _IN_CHILD = True
    try:
        try:
            message = ("ok", [job() for job in jobs])
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


def _unpack(data: bytes) -> list:
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
