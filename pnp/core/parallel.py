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

import contextlib
import multiprocessing
import os
import pickle
import signal
import threading
import traceback
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Generic, TypeVar, cast

from pnp.core.errors import PnpError, SpecError

T = TypeVar("T")

_IN_CHILD = False


def on_two_cores(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run `jobs`, two at a time where it can (see the module's docstring); results in order.

    An error is the one running them in order would give: the first failing job's. A PnpError in
    the child is raised again in the parent with its message and exit code (a SpecError with its
    problems, an OSError with its number and file), so it is reported the same way."""
    theirs = _start(partial(_run_all, jobs[1::2])) if len(jobs) >= 2 and may_fork() else None
    if theirs is None:
        return [job() for job in jobs]
    mine: list[T] = []
    try:
        for job in jobs[0::2]:
            mine.append(job())
    except BaseException as exc:
        if len(mine) == 0 or not isinstance(exc, (PnpError, OSError)):
            theirs.cancel()  # no job of the child's comes before this one
            raise
        _raise_first(theirs, 2 * len(mine), exc)
    results = theirs.result()
    return [mine[n // 2] if n % 2 == 0 else results[n // 2] for n in range(len(jobs))]


def _raise_first(theirs: Background[Any], index: int, exc: BaseException) -> None:
    """The parent's job `index` failed with `exc`: the child's error instead if one of its jobs
    that comes earlier failed too."""
    try:
        theirs.result()
    except (PnpError, OSError) as earlier:
        if 2 * getattr(earlier, "job_index", 0) + 1 < index:
            raise earlier from None
    raise exc


class Background(Generic[T]):
    """One job running in a forked child from now on (call only when `may_fork()`): `result()`
    waits for it and returns what it returned, or raises what it raised; `cancel()` stops it."""

    def __init__(self, job: Callable[[], T]):
        read, write = os.pipe()
        try:
            self.pid = os.fork()
        except OSError:  # no process to be had (EAGAIN): the caller runs the job itself
            os.close(read)
            os.close(write)
            raise
        if self.pid == 0:  # the child: run the job, send the result, and leave without cleaning up
            os.close(read)
            _child(job, write)
        os.close(write)
        self._pipe = os.fdopen(read, "rb")

    def result(self) -> T:
        try:
            data = self._pipe.read()
        finally:
            self._end()
        return _unpack(data)

    def cancel(self) -> None:
        """Stop the child (it gets SIGTERM, as on Ctrl-C) and wait for it to go."""
        if not self._pipe.closed:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGTERM)
            self._end()

    def _end(self) -> None:
        if not self._pipe.closed:
            self._pipe.close()  # a child still writing to a parent that gave up gets a broken pipe
            os.waitpid(self.pid, 0)


def _start(job: Callable[[], T]) -> Background[T] | None:
    try:
        return Background(job)
    except OSError:
        return None


def _run_all(jobs: Sequence[Callable[[], T]]) -> list[T]:
    results: list[T] = []
    for n, job in enumerate(jobs):
        try:
            results.append(job())
        except (PnpError, OSError) as exc:
            # which of the child's jobs failed (an attribute of our own, read back with getattr): the parent
            # picks the earliest error
            cast(Any, exc).job_index = n
            raise
    return results


def may_fork() -> bool:
    """Two cores, fork, one thread (forking a threaded program can deadlock the child), and not
    already a worker (ours or a multiprocessing pool's)."""
    return (
        not _IN_CHILD
        and (os.cpu_count() or 1) >= 2
        and threading.active_count() == 1
        and multiprocessing.parent_process() is None
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _child(job: Callable[[], T], write: int) -> None:
    global _IN_CHILD
    _IN_CHILD = True
    message: tuple[Any, ...]
    try:
        try:
            message = ("ok", job())
        except SpecError as exc:
            message = ("spec", exc.exit_code, exc.problems, getattr(exc, "job_index", 0))
        except PnpError as exc:
            message = ("pnp", exc.exit_code, str(exc), getattr(exc, "job_index", 0))
        except OSError as exc:
            message = ("os", exc.errno, exc.strerror, exc.filename, getattr(exc, "job_index", 0))
        except BaseException:
            message = ("crash", traceback.format_exc())
        try:
            data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            data = pickle.dumps(("crash", traceback.format_exc()), protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
    finally:
        os._exit(0)


def _unpack(data: bytes):
    try:
        message = pickle.loads(data)
    except Exception:
        raise PnpError(
            "a worker process stopped before it finished (killed, or out of memory?); the last good output is untouched"
        ) from None
    kind = message[0]
    if kind == "ok":
        return message[1]
    if kind == "crash":
        raise RuntimeError(f"a worker process failed:\n{message[1]}")
    if kind == "os":
        error: BaseException = OSError(message[1], message[2], message[3])
    elif kind == "spec":
        error = SpecError(message[2])
        error.exit_code = message[1]
    else:
        error = PnpError(message[2])
        error.exit_code = message[1]
    cast(Any, error).job_index = message[-1]  # an attribute of our own, read back with getattr by _raise_first
    raise error
