"""Bad input and bad luck never hurt: interrupted builds, markup in specs, no network, fuzzed CLI input."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.cli import app

ROOT = Path(__file__).parent.parent
runner = CliRunner()
BUILD = ["build", "titled", "--paper", "a4", "--no-setup", "--quiet"]


def pnp_process(args: list[str], cwd: Path) -> subprocess.Popen:
    code = "import sys; from pnp.cli import main; sys.argv = ['pnp'] + sys.argv[1:]; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def titled_variant(folder: Path, title: str) -> None:
    variants = folder / "card_specs" / "variants"
    variants.mkdir(parents=True, exist_ok=True)
    spec = {"id": "titled", "extends": "tranquility", "title": title}
    (variants / "titled.json").write_text(json.dumps(spec), encoding="utf-8")


def visible_files(out: Path) -> dict[str, str]:
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)
    }


@pytest.fixture(scope="module")
def two_good_builds(tmp_path_factory):
    """Clean builds of the same variant under an old and a new title, to compare killed builds with."""
    found = {}
    for title in ("Old sea", "New sea"):
        work = tmp_path_factory.mktemp("clean")
        titled_variant(work, title)
        started = time.perf_counter()
        assert pnp_process(BUILD, work).wait(timeout=300) == 0
        found["duration"] = time.perf_counter() - started
        found[title] = visible_files(work / "output")
    return found


@pytest.mark.parametrize(
    "how, when",
    [
        (signal.SIGTERM, 0.5),
        (signal.SIGTERM, 0.95),
        (signal.SIGKILL, 0.5),
        (signal.SIGKILL, 0.9),
        (signal.SIGKILL, 0.97),
        (signal.SIGKILL, 0.99),
    ],
)
def test_a_killed_build_leaves_only_whole_files_and_the_next_build_recovers(tmp_path, two_good_builds, how, when):
    """Killed at a fraction `when` of a clean build's duration (late fractions land in the writing)."""
    after = two_good_builds["duration"] * when
    titled_variant(tmp_path, "Old sea")
    assert pnp_process(BUILD, tmp_path).wait(timeout=300) == 0
    titled_variant(tmp_path, "New sea")
    process = pnp_process(BUILD, tmp_path)
    time.sleep(after)
    process.send_signal(how)
    process.wait(timeout=60)
    out = tmp_path / "output"
    old, new = two_good_builds["Old sea"], two_good_builds["New sea"]
    for rel, digest in visible_files(out).items():
        assert digest in (old.get(rel), new.get(rel)), f"{rel} is neither the old nor the new file"
    strays = list(out.rglob(".*.tmp"))
    if how == signal.SIGTERM:
        assert strays == [], "an interrupted build removes its temporary files"
    assert pnp_process(BUILD, tmp_path).wait(timeout=300) == 0
    assert visible_files(out) == new
    assert not list(out.rglob(".*.tmp"))


@pytest.mark.parametrize("staged", [False, True], ids=["written-at-the-end", "svg-staged-on-the-other-core"])
def test_a_build_interrupted_while_writing_keeps_every_file_whole(tmp_path, monkeypatch, two_good_builds, staged):
    """Interrupt the writing after some files were replaced: each file is old or new, none partial,
    and no temporary file is left, also when the SVG files were staged early by a forked child."""
    import pnp.core.output
    import pnp.pipeline.build

    if staged:
        monkeypatch.setattr(pnp.pipeline.build._SvgStager, "MIN_FILES", 10)
    monkeypatch.chdir(tmp_path)
    titled_variant(tmp_path, "Old sea")
    assert runner.invoke(app, BUILD).exit_code == 0
    titled_variant(tmp_path, "New sea")
    real_replace, calls = os.replace, []

    def replace_then_stop(src, dst):
        calls.append(dst)
        if len(calls) == 5:
            raise KeyboardInterrupt
        real_replace(src, dst)

    monkeypatch.setattr(pnp.core.output.os, "replace", replace_then_stop)
    result = runner.invoke(app, BUILD)
    assert result.exit_code == 130 and len(calls) == 5
    monkeypatch.setattr(pnp.core.output.os, "replace", real_replace)
    out = tmp_path / "output"
    old, new = two_good_builds["Old sea"], two_good_builds["New sea"]
    files = visible_files(out)
    assert any(files[rel] == new[rel] != old[rel] for rel in files)  # some files were already new
    for rel, digest in files.items():
        assert digest in (old.get(rel), new.get(rel)), rel
    assert not list(out.rglob(".*.tmp"))
    assert runner.invoke(app, BUILD).exit_code == 0
    assert visible_files(out) == new


def test_a_build_never_opens_a_network_connection(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the build tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "ascent", "--paper", "a4", "--quiet"])
    assert result.exit_code == 0, result.stderr


def test_markup_in_a_spec_is_escaped_everywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    titled_variant(tmp_path, '<script>alert("x")</script> & <b>sea</b>')
    result = runner.invoke(app, ["build", "titled", "--paper", "a4", "--no-setup", "--quiet"])
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "output"
    for path in [out / "index.html", *(out / "titled" / "svg").glob("*.svg")]:
        text = path.read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<b>sea" not in text, path
    assert "&lt;script&gt;" in (out / "index.html").read_text(encoding="utf-8")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: b.decode("latin-1"))))
def test_validate_on_any_file_exits_cleanly(tmp_path, text):
    path = tmp_path / "input.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code in (0, 1)
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        assert result.stderr.startswith(str(path)) or "input.json" in result.stderr


def test_a_state_file_that_is_not_json_is_a_clean_error(tmp_path):
    path = tmp_path / "state.json"
    path.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "state.json:1:2" in result.stderr and "Traceback" not in result.output


def test_an_output_folder_that_cannot_be_made_is_a_clean_error(tmp_path):
    """Inside a file: refused as a usage error before anything is drawn (pnp/core/outfolder.py)."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = runner.invoke(app, ["render", "tranquility", "--out", str(blocker / "output"), "--quiet"])
    assert result.exit_code == 2
    assert result.stderr == f"error: --out {blocker / 'output'} is inside {blocker}, a file, not a folder\n"


def test_a_state_naming_an_unknown_game_or_module_points_at_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["setup", "tranquility", "--players", "2", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    state = json.loads(result.stdout)
    state["modules"] = ["goats"]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state, indent=1), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert (
        result.stderr.startswith("state.json:6:")
        and "$.modules: unknown module 'goats' for tranquility" in result.stderr
    )
    state["modules"], state["game"] = [], "nosuch"
    path.write_text(json.dumps(state, indent=1), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "$.game: unknown game or variant 'nosuch'" in result.stderr
