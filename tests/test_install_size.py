"""A plain `pip install .` stays light: at most 140 MB of site-packages, pip and setuptools left out.

The size is what the runtime dependencies (pyproject's `dependencies` and everything they require,
as installed in this environment) and pnp's own files take on disk, counted in the disk's blocks as
`du` counts them. Measured with a wheel installed in a new venv, the two agree within a few MB
(docs/decisions.md, "A plain install without numpy, Babel, lxml and fontTools").
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest
from packaging.requirements import Requirement

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).parent.parent
LIMIT_MB = 140
OWN = ("pnp", "card_specs", "templates", "docs")  # what the wheel holds (pnp/_bundled/ for the last three)


def _on_disk(path: Path) -> int:
    try:
        return path.stat().st_blocks * 512
    except OSError:
        return 0


def _runtime_sizes() -> dict[str, int]:
    """Each runtime distribution (by normalised name) → bytes on disk, with what it requires."""
    sizes: dict[str, int] = {}
    todo = [
        Requirement(r) for r in tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    ]
    while todo:
        requirement = todo.pop()
        key = re.sub(r"[-_.]+", "-", requirement.name).lower()
        if key in sizes:
            continue
        try:
            found = distribution(requirement.name)
        except PackageNotFoundError:
            pytest.fail(f"{requirement.name} (a runtime dependency) is not installed")
        sizes[key] = sum(_on_disk(found.locate_file(f)) for f in found.files or [])
        todo += [
            Requirement(r)
            for r in found.requires or []
            if not Requirement(r).marker or Requirement(r).marker.evaluate({"extra": ""})
        ]
    return sizes


def _own_size() -> int:
    return sum(
        _on_disk(path)
        for top in OWN
        for path in (ROOT / top).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and "art-source" not in path.parts
    )


def test_a_plain_install_is_at_most_140_mb():
    sizes = _runtime_sizes()
    total = sum(sizes.values()) + _own_size()
    biggest = ", ".join(f"{name} {size / 1e6:.0f}" for name, size in sorted(sizes.items(), key=lambda i: -i[1])[:6])
    assert total <= LIMIT_MB * 1e6, (
        f"a plain install takes {total / 1e6:.0f} MB (at most {LIMIT_MB}); biggest: {biggest}"
    )
