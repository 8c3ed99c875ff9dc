"""An output folder must stay apart from what the tool reads: specs and templates.

Writing into a spec folder puts files where spec discovery looks; writing into a template folder
changes the templates' fingerprint at every build; writing around the spec being built mixes the
user's sources with files a later run may replace or remove. Each is a usage error.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp.core.errors import UsageError
from pnp.core.locate import find_spec, spec_roots, template_roots

ADVICE = "choose an output folder outside the specs and templates, e.g. --out output"


def check_out_folder(out: Path, games: Iterable[str]) -> None:
    """Refuse (exit 2) an --out that is or lies in a spec or template folder, or that holds the
    spec file of one of `games` (names or spec files)."""
    real = out.resolve()
    for kind, roots in (("spec", spec_roots()), ("template", template_roots())):
        for root in roots:
            where = root.resolve()
            if real == where or where in real.parents:
                inside = "" if real == where else "inside "
                raise UsageError(f"--out {out} is {inside}the {kind} folder {_shown(root)}; {ADVICE}")
    for name in games:
        try:
            spec = find_spec(name)
        except UsageError:  # an unknown game: loading it says so
            continue
        if real in spec.resolve().parents:
            raise UsageError(f"--out {out} holds {spec}, the spec being built; {ADVICE}")


def _shown(folder: Path) -> Path:
    """A folder as the user knows it: relative to the current folder when inside it."""
    try:
        return folder.relative_to(Path.cwd())
    except ValueError:
        return folder
