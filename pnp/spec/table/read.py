"""A kind's sheet file, found beside the spec that names it and read by its format.

Only a regular file inside the project (the working folder), the spec's own folder or the bundled
specs is read: a symbolic link that leads elsewhere is refused, naming the link, as for art.
"""

from __future__ import annotations

import os
from pathlib import Path

from pnp.core.errors import PnpError
from pnp.core.inputs import read_regular
from pnp.core.locate import bundled_root
from pnp.spec.table.csvfile import read_csv
from pnp.spec.table.grid import MAX_FILE_BYTES, Grid, file_problem
from pnp.spec.table.ods import read_ods
from pnp.spec.table.xlsx import read_xlsx

FORMATS = (".csv", ".xlsx", ".ods")


def sheet_path(spec_file: Path, name: str) -> Path:
    """Where a spec's `"from"` points: relative to the folder of the spec file that names it."""
    return Path(spec_file).parent / name


def read_grid(path: Path, shown: str, spec_folder: Path, sheet: str | None = None) -> Grid:
    """The sheet's rows; SpecError naming the file when it cannot be read as a sheet."""
    _check_inside(path, shown, spec_folder)
    suffix = path.suffix.lower()
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise file_problem(shown, "file not found (a spec's \"from\" is relative to the spec's folder)") from None
    except PnpError as exc:
        raise file_problem(shown, str(exc).split(": ", 1)[-1]) from None
    except OSError as exc:
        raise file_problem(shown, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise file_problem(shown, f"is larger than {MAX_FILE_BYTES // 2**20} MB; a kind holds at most 1,000 cards")
    if suffix == ".csv":
        return read_csv(raw, shown)
    if suffix == ".xlsx":
        return read_xlsx(raw, shown, sheet)
    return read_ods(raw, shown, sheet)


def _check_inside(path: Path, shown: str, spec_folder: Path) -> None:
    """The sheet's real path lies in the project, the spec's own folder or the bundled specs."""
    real = path.resolve()
    roots = (Path.cwd().resolve(), spec_folder.resolve(), (bundled_root() / "card_specs").resolve())
    if any(real == root or real.is_relative_to(root) for root in roots):
        return
    link = next((p for p in (path, *path.parents) if p.is_symlink()), None)
    via = f"the symbolic link {as_shown(link)} leads" if link is not None else "it lies"
    raise file_problem(
        shown,
        f"is not read: {via} outside the project (to {real}); a spec's sheets are read only from inside "
        "the project or the spec's folder: copy the file into the project instead",
    )


def as_shown(path: Path) -> str:
    """`path` as the user sees it, relative to the working folder when inside it, its symbolic links
    not followed (a link out of the project is named as the link)."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute, Path.cwd())
    return absolute if relative.startswith("..") else relative
