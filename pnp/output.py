"""Atomic output: write everything to temporary files, then rename into place."""

from __future__ import annotations

import os
from pathlib import Path


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` to `path` so that readers see either the old file or the whole new one."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_new(path, data)


def _write_new(path: Path, data: bytes) -> None:
    """write_atomic into a folder that exists: a hidden `.NAME.PID.tmp` beside `path`, renamed over
    it (the next build removes such files that a killed build leaves)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, _FLAGS, 0o666)  # the umask applies, as with open()
    except FileExistsError:  # left by a killed process that had this pid
        tmp.unlink()
        fd = os.open(tmp, _FLAGS, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def write_if_changed(path: Path, data: bytes | str) -> bool:
    """Atomic write that leaves an identical file untouched; True when the file changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return _changed_written(path, data)


def write_all_if_changed(files: dict[Path, bytes | str]) -> dict[Path, bool]:
    """write_if_changed for many files, each folder made once. One after the other: on four threads
    5,000 faces took 1.5 s instead of 0.43 s (the files share a folder, whose lock they queue for)."""
    for folder in sorted({path.parent for path in files}):
        folder.mkdir(parents=True, exist_ok=True)
    return {path: _changed_written(path, data) for path, data in files.items()}


def _changed_written(path: Path, data: bytes | str) -> bool:
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    _write_new(path, data)
    return True
