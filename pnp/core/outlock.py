"""One writer at a time in an output folder: `<out>/.pnp-lock`, held while a command writes.

Two commands writing into one folder at once would each read the other's manifests half-way and
compute the gallery from half the files. `holding(out)` serialises them: the lock is an OS file
lock (flock on Unix, LockFileEx on Windows, through the `filelock` package), so it dies with its
process: a killed run leaves the file but never a held lock, and nothing has to judge it stale.
The holder writes its process id into the file, so that a waiting run can say whom it waits for.
Within one process the lock is re-entrant (`pnp build` holds it around the gallery and the
writing, which takes it again).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from pnp.core.errors import PnpError

LOCK_NAME = ".pnp-lock"


@contextmanager
def holding(out_root: Path, say: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the output folder's lock (making the folder); when another process holds it, `say`
    so once and wait for it."""
    out_root.mkdir(parents=True, exist_ok=True)
    path = out_root / LOCK_NAME
    if os.path.islink(path) or (path.exists() and not path.is_file()):
        raise PnpError(f"{path} is not the lock file pnp makes (a link or a folder); remove it and run again")
    lock = FileLock(path, is_singleton=True, on_acquired=_sign, preserve_lock_file=True)
    try:
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if say:
                holder = _holder(path)
                who = f" (pid {holder})" if holder else ""
                say(f"waiting for another pnp writing {out_root}{os.sep}{who}…")
            lock.acquire()
    except OSError as exc:
        if isinstance(exc, Timeout):
            raise
        raise PnpError(f"cannot lock {path}: {exc.strerror or exc}") from None
    try:
        yield
    finally:
        lock.release()


def _sign(fd: int) -> None:
    """Write the holder's process id into the lock file (on_acquired: the lock is ours)."""
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)


def _holder(path: Path) -> int | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdecimal() and len(text) <= 10 else None
