"""What `pip install .` installs is enough to run pnp: every package pnp/ imports is a dependency.

The tests run with the `test` extra installed, so a module imported only from a dependency of that
extra passes every other test and fails a user: `pnp validate` once crashed on a plain install
because its readability check imports numpy, then listed only under `test` and `dev`. Imports are
read from the source (every `import`, inside functions too) and each third-party module is mapped
to the distribution that installs it.
"""

from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).parent.parent
OPTIONAL = {  # distribution → (its extra, the requirement there, the only modules that may import it)
    "matplotlib": ("chart", "matplotlib", {"pnp/rules/sweep_chart.py"}),
    "distributed": ("cluster", "dask", {"pnp/rules/workers.py"}),  # dask[distributed]
    "babel": ("translate", "babel", {"pnp/core/i18n.py"}),
    "fonttools": ("fonts", "fonttools", {"pnp/face/fontdata.py"}),  # reading a TTF; its measures ship as JSON
}


def _name(requirement: str) -> str:
    return _normal(re.match(r"[A-Za-z0-9._-]+", requirement).group(0))


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _third_party_imports() -> dict[str, set[str]]:
    """Top-level module imported → the files of pnp/ importing it."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top != "pnp" and top not in sys.stdlib_module_names:
                    found.setdefault(top, set()).add(path.relative_to(ROOT).as_posix())
    return found


def test_every_imported_package_is_installed_with_pnp_or_named_as_an_extra():
    dependencies = {_name(r) for r in _project()["dependencies"]}
    installs = packages_distributions()
    missing = []
    for module, files in sorted(_third_party_imports().items()):
        distributions = {_normal(d) for d in installs.get(module, [module])}
        optional = [OPTIONAL[d] for d in distributions if d in OPTIONAL]
        if distributions & dependencies:
            continue
        if optional and files <= optional[0][2]:
            continue
        missing.append(f"{module} ({', '.join(sorted(distributions))}) imported by {', '.join(sorted(files))}")
    assert missing == []


def test_the_optional_packages_are_in_their_extras():
    extras = _project()["optional-dependencies"]
    for extra, requirement, _ in OPTIONAL.values():
        assert requirement in {_name(r) for r in extras[extra]}
