"""Atomic output: write everything to temporary files, then rename into place."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


FILE_MODE = 0o666 & ~_umask()  # what open() would give a new file (mkstemp gives 0600)


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` to `path` so that readers see either the old file or the whole new one."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_if_changed(path: Path, data: bytes | str) -> bool:
    """Atomic write that leaves an identical file untouched; True when the file changed."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    write_atomic(path, data)
    return True
