"""The benchmark scripts stay runnable: each answers --help, and the in-process ones finish a tiny run.

They print figures and judge nothing (bench/README.md); what is tested here is only that a change to
the code they drive has not left them broken (bench/stages.py once failed with an AttributeError for
a session after `load_game` moved). The scripts that install pnp or protograf into a venv of their
own (build, scale, exports) are only asked for --help.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
SCRIPTS = sorted(p.name for p in (ROOT / "bench").glob("*.py") if p.name != "measure.py")
TINY_RUNS = {  # script → arguments of a run of a second or two
    "stages.py": ["--size", "40", "--paper", "a4", "--runs", "1"],
    "faces.py": ["--runs", "1"],
    "pool.py": ["--runs", "1", "--size", "50"],
    "simulate.py": ["--games", "20", "--runs", "1"],
    "validate_faces.py": ["--runs", "1"],
    "validate_judge.py": ["card_specs/variants/fixed-cap.json"],
    "search_games.py": ["--check", "bench/search_games.json", "--set", "quick"],
    "export_png.py": ["--faces", "2", "--runs", "1"],
    "booklet.py": ["tranquility", "--runs", "1"],
}


def _run(script: str, args: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path), "PNP_CACHE_DIR": str(tmp_path / "cache")}
    return subprocess.run(
        [sys.executable, f"bench/{script}", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def test_every_script_is_named_in_the_readme():
    readme = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    assert [s for s in SCRIPTS if f"bench/{s}" not in readme] == []


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_benchmark_script_answers_help(script, tmp_path):
    result = _run(script, ["--help"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage:")


@pytest.mark.parametrize("script", sorted(TINY_RUNS))
def test_a_benchmark_script_finishes_a_tiny_run(script, tmp_path):
    result = _run(script, TINY_RUNS[script], tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip()
