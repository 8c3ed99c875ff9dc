"""Atomic output: write everything to temporary files, then rename into place.

A file is written to a hidden `.NAME.PID.tmp` beside its target and renamed over it, so readers
see the old file or the whole new one. A big build may *stage* files early (write the temporary
files on the idle core while it still computes others) and rename them all at the end; the next
build removes any temporary file a killed build leaves.
"""

from __future__ import annotations

import os
from pathlib import Path

Staged = dict[Path, "Path | None"]  # target → its staged temporary file, or None: the target already holds it


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` to `path` so that readers see either the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_new(path, _bytes(data))


def write_all_if_changed(files: dict[Path, bytes | str], staged: Staged | None = None) -> dict[Path, bool]:
    """write_if_changed for many files, each folder made once; a file already staged (see
    `stage_files`) is renamed into place instead. One after the other: on four threads 5,000 faces
    took 1.5 s instead of 0.43 s (the files share a folder, whose lock they queue for)."""
    staged = staged or {}
    for folder in sorted({path.parent for path in files}):
        folder.mkdir(parents=True, exist_ok=True)
    changed = {}
    try:
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
        raise
    return changed


def stage_files(files: dict[Path, bytes | str]) -> Staged:
    """Write each file to its temporary name beside its target, unless the target already holds
    these bytes; write_all_if_changed renames them into place later."""
    for folder in sorted({path.parent for path in files}):
        folder.mkdir(parents=True, exist_ok=True)
    staged: Staged = {}
    for path, data in files.items():
        data = _bytes(data)
        staged[path] = None if _holds(path, data) else _write_temporary(path, data)
    return staged


def temporary_name(path: Path, pid: int | None = None) -> Path:
    """The hidden file a process writes before renaming it to `path`."""
    return path.with_name(f".{path.name}.{pid or os.getpid()}.tmp")


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
    """write_atomic into a folder that exists."""
    tmp = _write_temporary(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _write_temporary(path: Path, data: bytes) -> Path:
    tmp = temporary_name(path)
    try:
        fd = os.open(tmp, _FLAGS, 0o666)  # the umask applies, as with open()
    except FileExistsError:  # left by a killed process that had this pid
        tmp.unlink()
        fd = os.open(tmp, _FLAGS, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
