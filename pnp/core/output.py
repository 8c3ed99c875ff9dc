"""Atomic output: write everything to temporary files, then rename into place.

A file is written to a hidden `.NAME.PID.tmp` beside its target and renamed over it, so readers
see the old file or the whole new one. A big build may *stage* files early (write the temporary
files on the idle core while it still computes others) and rename them all at the end.

No temporary file outlives its run: every one a process creates is listed (`_PENDING`) from the
moment its name is chosen until it is renamed into place, and whatever stops a write (Ctrl-C, an
error) removes the listed ones. A run killed outright (SIGKILL, a power cut) cannot clean up: the
next run writing the same files removes the `.NAME.PID.tmp` whose PID names no running process
(`remove_stray_temporaries`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

Staged = dict[Path, "Path | None"]  # target → its staged temporary file, or None: the target already holds it

_PENDING: set[Path] = set()  # this process's temporary files not yet renamed into place
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]{1,10})\.tmp")


def write_atomic(path: Path, data: bytes | str, tidy: bool = True) -> None:
    """Write `data` to `path` so that readers see either the old file or the whole new one. With
    `tidy`, first remove the temporaries a killed run left for this very file (a caller writing
    many files in one folder removes them once, with remove_stray_temporaries, instead)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if tidy:
        remove_stray_temporaries([path])
    try:
        _write_new(path, _bytes(data))
    except BaseException:
        discard_pending()
        raise


def write_all_if_changed(files: dict[Path, bytes | str], staged: Staged | None = None) -> dict[Path, bool]:
    """write_if_changed for many files, each folder made once; a file already staged (see
    `stage_files`) is renamed into place instead. One after the other: on four threads 5,000 faces
    took 1.5 s instead of 0.43 s (the files share a folder, whose lock they queue for)."""
    staged = staged or {}
    changed = {}
    try:
        for folder in sorted({path.parent for path in files}):
            folder.mkdir(parents=True, exist_ok=True)
        for path, data in files.items():
            if path in staged:
                tmp = staged[path]
                if tmp is not None:
                    os.replace(tmp, path)
                changed[path] = tmp is not None
            else:
                changed[path] = _changed_written(path, data)
    except BaseException:  # stopped: staged files not yet in place are removed, as a write's own would be
        for tmp in staged.values():
            if tmp is not None:
                tmp.unlink(missing_ok=True)
        discard_pending()
        raise
    return changed


def stage_files(files: dict[Path, bytes | str]) -> Staged:
    """Write each file to its temporary name beside its target, unless the target already holds
    these bytes; write_all_if_changed renames them into place later. Stopped, it removes what it
    staged."""
    staged: Staged = {}
    try:
        for folder in sorted({path.parent for path in files}):
            folder.mkdir(parents=True, exist_ok=True)
        for path, data in files.items():
            data = _bytes(data)
            staged[path] = None if _holds(path, data) else _write_temporary(path, data)
    except BaseException:
        for tmp in staged.values():
            if tmp is not None:
                tmp.unlink(missing_ok=True)
        discard_pending()
        raise
    _PENDING.difference_update(tmp for tmp in staged.values() if tmp is not None)  # the caller owns them now
    return staged


def temporary_name(path: Path, pid: int | None = None) -> Path:
    """The hidden file a process writes before renaming it to `path`."""
    return path.with_name(f".{path.name}.{pid or os.getpid()}.tmp")


def discard_pending() -> None:
    """Remove every temporary file this process made and did not rename into place."""
    while _PENDING:
        _PENDING.pop().unlink(missing_ok=True)


def remove_stray_temporaries(files: Iterable[Path], keep: set[Path] | frozenset = frozenset()) -> None:
    """Remove the temporary files (`.NAME.PID.tmp`) a killed run left beside `files`: only those
    whose NAME is one of `files` and whose PID is a process no longer running. Only the folders
    of `files` are looked at, never below them."""
    wanted: dict[Path, set[str]] = {}
    for path in files:
        wanted.setdefault(path.parent, set()).add(path.name)
    for folder, names in sorted(wanted.items()):
        try:
            entries = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".tmp")]
        except OSError:  # no such folder (yet)
            continue
        for entry in entries:
            match = _TEMPORARY.fullmatch(entry)
            if match and match["name"] in names and not _running(int(match["pid"])):
                stray = folder / entry
                if stray not in keep:
                    stray.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    """Whether the process that wrote a `.NAME.PID.tmp` file is still running (not ours: ours
    are never strays, except those a killed run of ours left under a reused pid)."""
    if pid in (0, os.getpid()):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's, or not a pid this system can have: not ours to remove
    return True


def _bytes(data: bytes | str) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


def _changed_written(path: Path, data: bytes | str) -> bool:
    data = _bytes(data)
    if _holds(path, data):
        return False
    _write_new(path, data)
    return True


def _write_new(path: Path, data: bytes) -> None:
    """Write into a folder that exists: a temporary file renamed over `path`."""
    tmp = _write_temporary(path, data)
    os.replace(tmp, path)
    _PENDING.discard(tmp)


def _write_temporary(path: Path, data: bytes) -> Path:
    tmp = temporary_name(path)
    _PENDING.add(tmp)  # listed before it exists: a stop at any moment after this removes it
    try:
        fd = os.open(tmp, _FLAGS, 0o666)  # the umask applies, as with open()
    except FileExistsError:  # left by a killed process that had this pid
        tmp.unlink()
        fd = os.open(tmp, _FLAGS, 0o666)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    return tmp


_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
