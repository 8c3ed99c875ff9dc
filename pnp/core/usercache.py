"""The user's cache folder for pnp: what is worth keeping between runs and can be made again.

- `$PNP_CACHE_DIR` when it is set (the tests set it to a temporary folder);
- else `$XDG_CACHE_HOME/tranquility-pnp` (when that is an absolute path, as the XDG spec asks),
  else `~/.cache/tranquility-pnp`; with no home folder either, nothing is kept.

It holds `verdicts/` (pnp/pipeline/verdicts.py) and `pictures/` (pnp/pdf/picturecache.py). Every
file there is a convenience: one that cannot be read is made again, a folder that cannot be written
is skipped without a word. Delete the folder at any time.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path | None:
    """The user's cache folder for pnp (see the module's docstring); None when there is no home
    folder to put it in (then nothing is kept)."""
    chosen = os.environ.get("PNP_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG spec: a relative path is ignored
        return Path(xdg) / "tranquility-pnp"
    home = home_folder()
    return Path(home) / ".cache" / "tranquility-pnp" if home else None


def home_folder() -> str | None:
    """$HOME, else the user's entry in the password database; None for none, an empty one or `/`
    (`~` alone would then mean the working folder or the root of the disk)."""
    home = os.environ.get("HOME")
    if home is None:
        try:
            import pwd  # here: not on every platform

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (ImportError, KeyError, OSError):
            return None
    return home if os.path.isabs(home) and home.strip("/") else None
