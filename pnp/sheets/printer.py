"""The printer profile: a printer's back offset, measured once on the calibration sheet and applied by
every later `pnp build` / `pnp sheets` (docs/printing.md, "Calibrate once").

It is read from the first of

- `pnp.toml` in the working folder (a project's own printer, kept beside its card_specs/);
- `printer.toml` in the user's config folder: `$PNP_CONFIG_DIR` when set (the tests set it to a
  temporary folder), else platformdirs' user config folder for tranquility-pnp
  (`~/.config/tranquility-pnp` on Linux);

both as

    [printer]
    back_offset = [1.5, -0.5]    # mm: + right, + down, as seen on the back page

`pnp printer --back-offset 1.5,-0.5` writes the user's file, `pnp printer --clear` removes it, and
`--back-offset` on a build's command line overrides either for that run.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from pnp.core.errors import PnpError, display_path
from pnp.core.output import write_atomic
from pnp.sheets.spec import parse_back_offset

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

APP = "tranquility-pnp"
LOCAL = "pnp.toml"
USER = "printer.toml"


@dataclass(frozen=True)
class PrinterProfile:
    """A printer's back offset (dx right, dy down, mm) and the file it was read from."""

    back_offset: tuple[float, float]
    source: Path

    @property
    def text(self) -> str:
        """'1.5,-0.5': as --back-offset takes it."""
        return ",".join(f"{v:g}" for v in self.back_offset)


def config_dir() -> Path:
    """The user's config folder for pnp (`$PNP_CONFIG_DIR`, else platformdirs')."""
    chosen = os.environ.get("PNP_CONFIG_DIR")
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def user_file() -> Path:
    return config_dir() / USER


def load_profile(folder: Path | None = None) -> PrinterProfile | None:
    """The profile in force: ./pnp.toml's [printer] table, else the user's printer.toml; None when
    neither has one. A file that cannot be read is an error naming it (a wrong offset would waste a
    printed sheet quietly)."""
    local = (folder or Path.cwd()) / LOCAL
    for path in (local, user_file()):
        if path.is_file():
            found = _read(path)
            if found is not None:
                return found
    return None


def save_profile(offset: tuple[float, float]) -> PrinterProfile:
    """Write the user's printer.toml with this back offset (atomically)."""
    path = user_file()
    text = ",".join(f"{v:g}" for v in offset)
    write_atomic(
        path,
        "# pnp's printer profile (pnp printer --help): the back offset read off the calibration sheet\n"
        f'[printer]\nback_offset = "{text}"  # mm: + right, + down, as seen on the back page\n',
    )
    return PrinterProfile(offset, path)


def clear_profile() -> Path | None:
    """Remove the user's printer.toml; the path removed, or None when there was none."""
    path = user_file()
    if not path.is_file():
        return None
    path.unlink()
    return path


def _read(path: Path) -> PrinterProfile | None:
    where = display_path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise PnpError(f"{where}: cannot read the printer profile: {exc}.") from None
    except tomllib.TOMLDecodeError as exc:
        raise PnpError(f"{where}: the printer profile is not TOML: {exc}.") from None
    printer = data.get("printer")
    if printer is None:
        return None
    value = printer.get("back_offset") if isinstance(printer, dict) else None
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        value = f"{value[0]},{value[1]}"
    if not isinstance(value, str):
        raise PnpError(
            f'{where}: [printer] back_offset should be two lengths in mm, e.g. back_offset = "1.5,-0.5" '
            f"or [1.5, -0.5], not {value!r}."
        )
    try:
        return PrinterProfile(parse_back_offset(value), path)
    except PnpError as exc:
        raise PnpError(f"{where}: [printer] back_offset: {exc}") from None
