"""Every core the process may use, through the standard library's process pool.

`run(tasks, jobs)` returns each task's result in order, as calling them one after another would;
`results(tasks, jobs)` yields them in that order as they come (for progress). Tasks are plain
callables taking no argument (closures and partials over games, faces, sheet specs: anything).
This module alone decides how they run:

- **Workers**: `jobs` processes (`--jobs N`; None: every core this process may use,
  `os.sched_getaffinity` where there is one), never more than there are tasks. `jobs == 1`, a
  single task, a process that is already a worker (of this pool or any other: one level of
  parallelism), a process running other threads (forking a threaded program can deadlock its
  child: `pnp serve` builds from a thread) or a platform without fork: the tasks run here, one
  after another, with no pool at all.
- **Context**: `concurrent.futures.ProcessPoolExecutor` with the *fork* start method, created for
  one call and shut down at its end. The workers inherit the tasks (the list is set aside before
  the pool forks and each worker is sent only an index), so nothing but results is pickled: a
  `Game` (which holds mappingproxies) and 5,000 faces are not copied to anyone.
- **Chunking**: `split(items, count)` cuts a list into contiguous parts; `parts(count, jobs,
  smallest)` says into how many (a few per worker, so a loaded core does not hold the others
  up, each at least `smallest` items).
- **Errors**: the error is the one running the tasks in order gives: the first failing task's.
  A PnpError (a SpecError with its problems) or an OSError raised in a worker is raised here as
  itself, with its message and exit code, so the CLI reports it exactly as on one core. A worker
  that dies outright (killed, out of memory) is a PnpError saying so. On any error the pending
  tasks are cancelled and the workers stopped.
- **Ctrl-C**: workers ignore SIGINT (the terminal sends it to the whole process group; only this
  process acts on it) and die on SIGTERM. A KeyboardInterrupt here (Ctrl-C, or the SIGTERM the
  CLI turns into one) cancels the pending tasks, terminates the workers and waits for them, then
  goes on up: the caller removes what they had half-written (`.NAME.PID.tmp` files of processes
  no longer running) and the CLI exits with 130.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar

from pnp.core.errors import PnpError, UsageError

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

# multiprocessing and concurrent.futures are imported only where a pool is made: importing them
# took ~35 ms (measured with -X importtime), which `pnp build` with nothing to do need not pay.

T = TypeVar("T")
Task = Callable[[], T]

_TASKS: Sequence[Callable[[], object]] = ()  # the current call's tasks, inherited by its forked workers
_IN_WORKER = False
_STOP_AFTER = 5.0  # seconds a terminated worker gets to go before it is killed
_HELD = {signal.SIGINT, signal.SIGTERM}  # held back from a worker until it has set how it takes them


def cores() -> int:
    """The processors this process may run on (its affinity mask; the CPU count where there is none)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover  (not Linux)
        return os.cpu_count() or 1


def check_jobs(jobs: int | None) -> int | None:
    """`--jobs`: None (every core) or a whole number of processes, 1 or more."""
    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs must be 1 or more (leave it out for every core), not {jobs}")
    return jobs


def workers(jobs: int | None, tasks: int) -> int:
    """How many worker processes `tasks` tasks get; 1: they run in this process, with no pool."""
    wanted = min(cores() if jobs is None else jobs, tasks)
    return wanted if wanted >= 2 and may_fork() else 1


def may_fork() -> bool:
    """Not already a worker, no other thread running, and fork available."""
    return (
        not _IN_WORKER
        and multiprocessing.parent_process() is None
        and threading.active_count() == 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


def parts(count: int, jobs: int | None, smallest: int = 1) -> int:
    """Into how many parts to cut `count` items: up to four per worker, each of at least `smallest`
    items (1 when the items are too few to be worth a pool); a multiple of the workers when there
    are more parts than workers, so that none waits while another does the last part alone (508
    faces in parts of at least 150 on two workers: 2 parts, not 3)."""
    count_of_workers = workers(jobs, count)
    wanted = max(1, min(4 * count_of_workers, count // max(1, smallest)))
    return wanted - wanted % count_of_workers if wanted > count_of_workers else wanted


def split(items: Sequence[T], count: int) -> list[Sequence[T]]:
    """`items` cut into `count` contiguous parts of nearly equal length (none empty), in order."""
    count = max(1, min(count, len(items)))
    size, extra = divmod(len(items), count)
    out, at = [], 0
    for n in range(count):
        end = at + size + (1 if n < extra else 0)
        out.append(items[at:end])
        at = end
    return out


def run(tasks: Sequence[Task[T]], jobs: int | None = None, meanwhile: Callable[[], object] | None = None) -> list[T]:
    """Every task's result, in order (see the module's docstring for how they run). `meanwhile`:
    work this process does while the workers run the tasks (first, when there is no pool)."""
    return list(results(tasks, jobs, meanwhile))


def results(
    tasks: Sequence[Task[T]], jobs: int | None = None, meanwhile: Callable[[], object] | None = None
) -> Iterator[T]:
    """Each task's result in order, as soon as it and those before it are done."""
    count = workers(jobs, len(tasks))
    if count < 2:
        if meanwhile is not None:
            meanwhile()
        for task in tasks:
            yield task()
        return
    yield from _on_pool(tasks, count, meanwhile)


def _on_pool(tasks: Sequence[Task[T]], count: int, meanwhile: Callable[[], object] | None) -> Iterator[T]:
    # lazy: -21 ms on pnp build --help and a no-op build (docs/decisions.md "Plumbing only where it pays")
    from concurrent.futures import ProcessPoolExecutor

    global _TASKS
    _TASKS = tasks
    before = set(multiprocessing.active_children())
    executor = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("fork"), initializer=_start_worker)
    try:
        futures = _submit(executor, len(tasks))
    finally:
        _TASKS = ()  # the workers have their copy (all are forked at the first submit)
    _close_our_end_of_the_results(executor)
    started = [p for p in multiprocessing.active_children() if p not in before]
    finished = False
    try:
        if meanwhile is not None:
            meanwhile()
        for future in futures:
            yield _outcome(future)
        finished = True
    finally:
        if finished:
            executor.shutdown(wait=True)
        else:  # an error, Ctrl-C, or a caller that stopped reading: stop everything now
            _stop(executor, started)


def _submit(executor: ProcessPoolExecutor, count: int) -> list[Future]:
    """Submit every task by index. SIGINT and SIGTERM are held back while the workers are forked, so
    none of them can be interrupted before it has set itself to ignore the one and die quietly of the
    other: a worker forked with the CLI's SIGTERM handler, terminated by a Ctrl-C in the parent
    before its initializer ran, printed a KeyboardInterrupt traceback."""
    held = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    if held:
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        return [executor.submit(_work, index) for index in range(count)]
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _close_our_end_of_the_results(executor: ProcessPoolExecutor) -> None:
    """The workers send their results through one pipe, whose writing end this process holds too
    although it never writes: closed here, a worker stopped in the middle of sending a big result
    (Ctrl-C, or an error elsewhere) leaves the pool's reader an end of file instead of a wait for
    the rest that never ends. concurrent.futures keeps the pipe in private attributes
    (`_result_queue._writer`, Python 3.11–3.13); tests/test_pool.py fails loudly if they change."""
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


def _outcome(future: Future[T]) -> T:
    # lazy: as _on_pool's, -21 ms on pnp build --help (docs/decisions.md "Plumbing only where it pays")
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool:
        raise PnpError(
            "a worker process stopped before it finished (killed, or out of memory?); the last good output is untouched"
        ) from None


def _stop(executor: ProcessPoolExecutor, started: list) -> None:
    """Terminate the workers, wait for them to go, then shut the pool down, cancelling what had
    not started (its manager thread sees the workers gone and ends)."""
    for process in started:
        process.terminate()
    for process in started:
        process.join(_STOP_AFTER)
        if process.is_alive():  # pragma: no cover  (a worker that ignores SIGTERM)
            process.kill()
            process.join()
    executor.shutdown(wait=True, cancel_futures=True)


def _start_worker() -> None:
    """In each worker, first: Ctrl-C is for the parent (which stops the workers); SIGTERM ends the
    worker at once (the CLI's SIGTERM handler, inherited, would only interrupt the task); no pool
    inside a worker."""
    global _IN_WORKER
    _IN_WORKER = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)  # a SIGTERM held since the fork ends it now
    _end_with_parent()


def _end_with_parent() -> None:
    """Linux: the kernel sends the worker SIGTERM when the process that forked it dies, however it
    died (SIGKILL included), so no worker outlives a killed build waiting for work."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # pragma: no cover  (not Linux)
        return
    if os.getppid() == 1:  # pragma: no cover  (the parent died before the request was made)
        os._exit(1)


_PR_SET_PDEATHSIG = 1


def _work(index: int) -> object:
    """Run one inherited task in a worker; an error that pickle could not carry back as itself
    (an exception whose __init__ takes other arguments than its args, such as SpecError) is sent
    as its class, args and attributes, and rebuilt as the same error in the parent."""
    try:
        return _TASKS[index]()
    except Exception as exc:
        if _travels(exc):
            raise
        raise _Carried(exc) from None


def _travels(exc: BaseException) -> bool:
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return False
    return True


class _Carried(Exception):
    """An exception pickled as its class, args and attributes (see `_work`)."""

    def __init__(self, exc: Exception):
        super().__init__(str(exc))
        self.exc = exc

    def __reduce__(self):
        exc = self.exc
        return _rebuild, (type(exc), exc.args, dict(vars(exc)))


def _rebuild(cls: type[BaseException], args: tuple, state: dict) -> BaseException:
    exc = cls.__new__(cls, *args)
    exc.args = args
    exc.__dict__.update(state)
    return exc
