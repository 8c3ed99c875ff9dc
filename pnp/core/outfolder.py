"""An output folder must stay apart from what the tool reads: specs and templates.

Writing into a spec folder puts files where spec discovery looks; writing into a template folder
changes the templates' fingerprint at every build; writing around the spec being built mixes the
user's sources with files a later run may replace or remove. Each is a usage error.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from pnp.core.errors import UsageError
from pnp.core.locate import find_spec, spec_roots, template_roots

ADVICE = "choose an output folder outside the specs and templates, e.g. --out output"


def check_out_folder(out: Path, games: Iterable[str], option: str = "--out") -> None:
    """Refuse (exit 2), before anything is drawn, an output folder (given as `option`) that is a
    file or lies inside one, that is or lies in a spec or template folder, or that holds the spec
    file of one of `games` (names or spec files)."""
    _check_not_a_file(out, option)
    advice = ADVICE if option == "--out" else "choose a folder outside the specs and templates"
    real = out.resolve()
    for kind, roots in (("spec", spec_roots()), ("template", template_roots())):
        for root in roots:
            where = root.resolve()
            if real == where or where in real.parents:
                inside = "" if real == where else "inside "
                raise UsageError(f"{option} {out} is {inside}the {kind} folder {_shown(root)}; {advice}")
    for name in games:
        try:
            spec = find_spec(name)
        except UsageError:  # an unknown game: loading it says so
            continue
        if real in spec.resolve().parents:
            raise UsageError(f"{option} {out} holds {spec}, the spec being built; {advice}")


def _check_not_a_file(out: Path, option: str) -> None:
    """The folder, or the nearest of its parents that exists, must be a folder: otherwise writing
    would fail only after every face was drawn."""
    for path in (out, *out.parents):
        if not os.path.lexists(path):
            continue
        if path.is_dir():
            return
        if path == out:
            raise UsageError(f"{option} {out} is a file, not a folder")
        raise UsageError(f"{option} {out} is inside {path}, a file, not a folder")


def _shown(folder: Path) -> Path:
    """A folder as the user knows it: relative to the current folder when inside it."""
    try:
        return folder.relative_to(Path.cwd())
    except ValueError:
        return folder
