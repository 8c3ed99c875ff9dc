"""Fixtures shared by the test modules."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from helpers.imaging import SvglibMessages

CHECKOUT = Path(__file__).resolve().parent.parent
GOLDEN = "tests/golden/"  # what PNP_REGEN_GOLDEN=1 may rewrite (tests/helpers/imaging.py)
# What running the suite may change: Python's and the test tools' caches, never a file of the checkout.
CACHES = {
    ".git",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    ".cache",
    ".venv",
    "venv",
    ".ci-venv",
    ".ci-plain",
    ".venv-protograf",
    ".venv-pnp",
    ".tox",
    ".nox",
}


def checkout_files(root: Path = CHECKOUT) -> dict[str, tuple[int, int]]:
    """Every file and folder of the checkout (relative path → size, mtime in ns), caches left out.
    A plain walk, so it works whether or not the checkout is a git repository."""
    found: dict[str, tuple[int, int]] = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in CACHES and not d.endswith(".egg-info"))
        for name in dirs + [f for f in files if not f.startswith(".coverage")]:
            path = Path(folder, name)
            info = path.lstat()
            found[path.relative_to(root).as_posix()] = (info.st_size, info.st_mtime_ns) if name in files else (-1, 0)
    return found


def changes(before: dict, after: dict) -> list[str]:
    added = [f"added {p}" for p in sorted(after.keys() - before.keys())]
    removed = [f"removed {p}" for p in sorted(before.keys() - after.keys())]
    changed = [
        f"changed {p}" for p in sorted(before.keys() & after.keys()) if before[p] != after[p] and before[p][0] >= 0
    ]
    return added + removed + changed


@pytest.fixture(scope="session", autouse=True)
def _checkout_untouched():
    """No test may write outside its temporary folder: the suite fails when the checkout (or the
    folder pytest runs in) changed while it ran."""
    here = Path.cwd().resolve()
    roots = [CHECKOUT] + ([here] if here != CHECKOUT and CHECKOUT not in here.parents else [])
    before = [checkout_files(root) if root == CHECKOUT else _names(root) for root in roots]
    yield
    after = [checkout_files(root) if root == CHECKOUT else _names(root) for root in roots]
    found = [f"{line} (in {root})" for root, old, new in zip(roots, before, after) for line in changes(old, new)]
    if os.environ.get("PNP_REGEN_GOLDEN") == "1":  # the deliberate switch rewrites golden files, and only those
        found = [line for line in found if not line.split(" ", 1)[1].startswith(GOLDEN)]
    if found:
        pytest.fail(
            "the tests changed files outside their temporary folders (files you edited while the suite "
            "ran count too: run it again):\n  " + "\n  ".join(found[:50]),
            pytrace=False,
        )


@pytest.fixture(scope="session", autouse=True)
def _verdict_cache(tmp_path_factory):
    """`pnp validate` keeps its verdicts in the user's cache folder (pnp/pipeline/verdicts.py): the
    suite's go to one temporary folder, shared by its tests (a bundled spec is judged once a run)."""
    before = os.environ.get("PNP_CACHE_DIR")
    os.environ["PNP_CACHE_DIR"] = str(tmp_path_factory.mktemp("pnp-cache"))
    yield
    if before is None:
        os.environ.pop("PNP_CACHE_DIR", None)
    else:
        os.environ["PNP_CACHE_DIR"] = before


@pytest.fixture(scope="session", autouse=True)
def _printer_profile(tmp_path_factory):
    """The printer profile lives in the user's config folder (pnp/sheets/printer.py): the suite's in an
    empty temporary one, so neither the user's own profile changes a test's sheets nor a test writes it."""
    before = os.environ.get("PNP_CONFIG_DIR")
    os.environ["PNP_CONFIG_DIR"] = str(tmp_path_factory.mktemp("pnp-config"))
    yield
    if before is None:
        os.environ.pop("PNP_CONFIG_DIR", None)
    else:
        os.environ["PNP_CONFIG_DIR"] = before


def _names(folder: Path) -> dict[str, tuple[int, int]]:
    """The working folder outside the checkout: its top-level entries only (it may be large)."""
    return {entry.name: (-1, 0) for entry in os.scandir(folder)}


@pytest.fixture
def svglib_messages():
    """What svglib warned about or silently dropped while the test ran."""
    logger = logging.getLogger("svglib")
    handler, level = SvglibMessages(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler.messages
    logger.removeHandler(handler)
    logger.setLevel(level)
