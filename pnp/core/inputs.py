"""Input files are read only when they are what they claim to be.

- Only regular files are opened for reading: a named pipe, device or socket given as a spec,
  template, art or state file is a usage error, found without waiting on it (opened non-blocking,
  then checked with fstat on the same descriptor, so a swap between check and read cannot slip in).
- Template folders, template files and art are read only from inside the project (the working
  folder) or the bundled templates/: a symbolic link that leads elsewhere is refused, naming the link.
"""

from __future__ import annotations

import errno
import os
import stat
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from pnp.core.errors import PnpError, UsageError, display_path

_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegularFile(UsageError):
    """A path to read that is a pipe, a device or a socket."""


class OutsideLink(PnpError):
    """A template folder, template file or art file whose real path is outside the template roots."""


def not_regular_message(path: Path | str, mode: int) -> str:
    kind = next((word for test, word in _KINDS if test(mode)), "not a regular file")
    return f"{display_path(path)}: is {kind}, not a regular file; only regular files are read"


def open_regular(path: Path | str) -> BinaryIO:
    """`path` opened for binary reading if it is a regular file; NotRegularFile otherwise, and the
    usual OSError (IsADirectoryError for a folder) when it cannot be opened."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise NotRegularFile(not_regular_message(path, mode))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path | str, limit: int) -> bytes:
    """At most limit + 1 bytes of a regular file (so that a caller can tell it is too large)."""
    with open_regular(path) as handle:
        return handle.read(limit + 1)


def refuse_special(path: Path) -> None:
    """NotRegularFile when `path` exists and is neither a regular file nor a folder."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise NotRegularFile(not_regular_message(path, mode))


def check_inside_templates(path: Path, roots: tuple[Path, ...]) -> None:
    """OutsideLink when `path`, followed through every symbolic link, is outside `roots` (the project
    and the bundled templates: pnp.core.locate.template_real_roots)."""
    if not _inside(str(path), roots):
        real = path.resolve()
        link = _first_link(path)
        via = f"the symbolic link {_shown(link)}" if link else "a symbolic link"
        shown = " and ".join(str(r) for r in roots)
        raise OutsideLink(
            f"{_shown(path)}: {via} leads outside the project (to {real}); templates and "
            f"art are read only from inside {shown}: copy the file into the project instead"
        )


@lru_cache(maxsize=4096)
def _inside(path: str, roots: tuple[Path, ...]) -> bool:
    real = Path(path).resolve()
    return any(real == root or real.is_relative_to(root) for root in roots)


def _first_link(path: Path) -> Path | None:
    """The outermost symbolic link on the way to `path` (below the working folder for a relative path)."""
    chain = [p for p in reversed([path, *path.parents]) if str(p) not in (".", "/")]
    ancestors = set(Path.cwd().parents) | {Path.cwd()}
    return next((p for p in chain if p.is_symlink() and p not in ancestors), None)


def _shown(path: Path) -> str:
    """`path` relative to the working folder when it is inside it, without following its links
    (display_path resolves them, which would show where a link leads instead of the link)."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)
