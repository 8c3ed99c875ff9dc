"""Nothing lost: a command removes only what an earlier run of the same command and output set
wrote, never another command's files, never a file it did not make (pnp/core/owned.py)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.tiny import TINY
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()
BUILD = ["build", "tiny", "--no-setup", "--quiet", "--out", "out"]


def files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A user's folder holding a small variant (12 faces), the current folder for the test."""
    variants = tmp_path / "card_specs" / "variants"
    variants.mkdir(parents=True)
    (variants / "tiny.json").write_text(json.dumps(TINY), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def invoke(args: list[str]):
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    return result


@pytest.mark.parametrize(
    "command",
    [
        ["export", "tgc", "tiny"],
        ["export", "tts", "tiny"],
        ["export", "png", "tiny", "--dpi", "30"],
        ["export", "cut", "tiny"],
        ["sheets", "tiny", "--gutter-fold"],
    ],
    ids=["tgc", "tts", "png", "cut", "gutter-fold"],
)
def test_a_build_keeps_what_export_and_sheets_wrote(project, command):
    invoke(command + ["--out", "out", "--quiet"])
    theirs = files(project / "out" / "tiny")
    assert theirs
    invoke(BUILD)  # a first build
    invoke(BUILD + ["--bleed", "3mm"])  # a build with other options: its own files, beside the first's
    invoke(BUILD + ["--paper", "a4"])  # the first build's options on fewer papers: removes its own letter files
    now = files(project / "out" / "tiny")
    assert {rel: now.get(rel) for rel in theirs} == theirs
    assert "sheets/tiny-letter.pdf" not in now and "tiny-calibration-letter.pdf" not in now
    assert {"sheets/tiny-a4.pdf", "sheets/tiny-a4-bleed3mm.pdf", "sheets/tiny-letter-bleed3mm.pdf"} <= set(now)


def test_a_command_removes_what_its_own_earlier_run_wrote_and_no_longer_writes(project):
    invoke(["sheets", "tiny", "--paper", "a4", "--paper", "letter", "--out", "out", "-q"])
    invoke(["export", "cut", "tiny", "--paper", "letter", "--out", "out", "-q"])
    result = invoke(["sheets", "tiny", "--paper", "a4", "--out", "out"])
    assert result.stdout.splitlines()[-2:] == [
        f"removed {Path('out/tiny/sheets/tiny-letter.pdf')}",
        f"removed {Path('out/tiny/tiny-calibration-letter.pdf')}",
    ]
    result = invoke(["export", "cut", "tiny", "--paper", "a4", "--out", "out", "-q"])
    left = sorted(files(project / "out" / "tiny"))
    assert [rel for rel in left if "letter" in rel] == []
    assert "export/cut/tiny-a4-print.pdf" in left and "sheets/tiny-a4.pdf" in left


def test_a_file_edited_since_it_was_written_is_kept(project):
    invoke(["sheets", "tiny", "--paper", "a4", "--paper", "letter", "--out", "out", "-q"])
    mine = project / "out" / "tiny" / "sheets" / "tiny-letter.pdf"
    mine.write_bytes(b"%PDF my annotated copy")
    result = invoke(["sheets", "tiny", "--paper", "a4", "--out", "out"])
    assert mine.read_bytes() == b"%PDF my annotated copy"
    assert f"kept {Path('out/tiny/sheets/tiny-letter.pdf')}: changed since it was written" in result.stderr
    invoke(["sheets", "tiny", "--paper", "a4", "--out", "out", "-q"])  # no longer the command's: still kept
    assert mine.read_bytes() == b"%PDF my annotated copy"


def test_a_file_another_command_also_wrote_stays(project):
    invoke(["render", "tiny", "--out", "out", "-q"])
    invoke(BUILD)
    spec = project / "card_specs" / "variants" / "tiny.json"
    fewer = dict(TINY, kinds=[{"id": "island", "each": {"number": {"from": 1, "to": 3}}}] + TINY["kinds"][1:])
    spec.write_text(json.dumps(fewer), encoding="utf-8")
    invoke(BUILD)  # no longer makes island-04, which `pnp render` wrote too
    assert (project / "out" / "tiny" / "svg" / "island-04.svg").is_file()
    invoke(["render", "tiny", "--out", "out", "-q"])  # the last owner lets it go
    assert not (project / "out" / "tiny" / "svg" / "island-04.svg").exists()


def test_a_manifest_of_an_older_version_removes_nothing_and_lets_its_files_be_replaced(project):
    out = project / "out"
    (out / "tiny" / "export").mkdir(parents=True)
    (out / "tiny" / "export" / "tts.json").write_text("{}", encoding="utf-8")
    (out / "tiny" / "deck.json").write_text("{}", encoding="utf-8")
    legacy = ["tiny/deck.json", "tiny/export/tts.json"]
    (out / ".pnp-manifest.json").write_text(json.dumps(legacy), encoding="utf-8")
    invoke(BUILD)  # replaces deck.json, which the older version wrote, without --force
    assert (out / "tiny" / "export" / "tts.json").read_text(encoding="utf-8") == "{}"
    assert (out / "tiny" / "deck.json").read_text(encoding="utf-8") != "{}"
    assert json.loads((out / ".pnp-manifest.json").read_text(encoding="utf-8")) == ["tiny/export/tts.json"]


# ---- temporary files --------------------------------------------------------------------------


def dead_pid() -> str:
    return subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_a_build_removes_only_its_own_stray_temporaries(project):
    out = project / "out"
    invoke(BUILD)
    pid = dead_pid()
    precious = {
        out / ".notes.tmp": "precious",
        out / "sub" / ".draft.tmp": "x",
        out / "tiny" / "svg" / ".island-01.svg.notapid.tmp": "mine",
        out / "tiny" / "svg" / f".my-sketch.svg.{pid}.tmp": "not a file the build writes",
        out / "tiny" / "svg" / "deeper" / f".island-01.svg.{pid}.tmp": "not a folder the build writes",
    }
    strays = [
        out / "tiny" / "svg" / f".island-01.svg.{pid}.tmp",
        out / "tiny" / f".deck.json.{pid}.tmp",
        out / f".index.html.{pid}.tmp",
        out / ".pnp-cache" / f".tiny.json.{pid}.tmp",
    ]
    for path, text in precious.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for path in strays:
        path.write_text("left by a killed build", encoding="utf-8")
    (project / "card_specs" / "variants" / "tiny.json").write_text(
        json.dumps(dict(TINY, title="Tiny 2")), encoding="utf-8"
    )
    invoke(BUILD)
    assert {path: path.read_text(encoding="utf-8") for path in precious} == precious
    assert [path for path in strays if path.exists()] == []


def test_a_build_into_the_current_folder_leaves_git_alone(tmp_path, monkeypatch):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "tiny.json").write_text(json.dumps(TINY), encoding="utf-8")
    pack = tmp_path / "project" / ".git" / "objects" / ".pack.tmp"
    pack.parent.mkdir(parents=True)
    pack.write_text("a pack being written", encoding="utf-8")
    (tmp_path / "project" / f".pack.{dead_pid()}.tmp").write_text("not ours", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "project")
    invoke(["build", "../specs/tiny.json", "--no-setup", "--paper", "a4", "-q", "--out", "."])
    assert pack.read_text(encoding="utf-8") == "a pack being written"
    assert len(list((tmp_path / "project").glob(".pack.*.tmp"))) == 1


def test_a_temporary_file_of_a_build_still_running_is_not_a_stray(tmp_path):
    """Two builds into one folder: the second must not delete the first one's hidden files."""
    from pnp.core.owned import owner, write_owned

    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = tmp_path / "game" / f".deck.json.{other.pid}.tmp"
        stray = tmp_path / "game" / f".deck.json.{dead_pid()}.tmp"
        huge = tmp_path / "game" / ".deck.json.99999999999999999999.tmp"
        live.parent.mkdir(parents=True)
        for path in (live, stray, huge):
            path.write_text("being written")
        write_owned(tmp_path, {owner("build", "game"): {"game/deck.json": "{}\n"}})
        assert live.exists() and huge.exists() and not stray.exists()
    finally:
        other.kill()
        other.wait()


def test_owner_names_are_safe_file_names():
    from pnp.core.owned import owner

    assert owner("export", "tranquility", "tgc") == "export.tranquility.tgc"
    for bad in ("../x", ".hidden", "a/b", "", "a.b"):
        with pytest.raises(ValueError):
            owner("build", bad)


# ---- the output folder stays apart from specs and templates -----------------------------------

ADVICE = "choose an output folder outside the specs and templates, e.g. --out output"


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["build", "tiny", "--out", "card_specs"],
            f"error: --out card_specs is the spec folder card_specs; {ADVICE}\n",
        ),
        (
            ["build", "--out", "card_specs/variants"],
            f"error: --out card_specs/variants is inside the spec folder card_specs; {ADVICE}\n",
        ),
        (
            ["render", "tiny", "--out", "templates/tranquility"],
            f"error: --out templates/tranquility is inside the template folder templates; {ADVICE}\n",
        ),
        (
            ["sheets", "spec/mine.json", "--out", "."],
            f"error: --out . holds spec/mine.json, the spec being built; {ADVICE}\n",
        ),
        (
            ["export", "tts", "tiny", "--out", "card_specs"],
            f"error: --out card_specs is the spec folder card_specs; {ADVICE}\n",
        ),
        (
            ["setup", "tiny", "--out", "templates"],
            f"error: --out templates is the template folder templates; {ADVICE}\n",
        ),
    ],
)
def test_an_output_folder_among_the_specs_or_templates_is_a_usage_error(project, args, message):
    (project / "templates" / "tranquility").mkdir(parents=True)
    (project / "spec").mkdir()
    (project / "spec" / "mine.json").write_text(json.dumps(dict(TINY, id="mine")), encoding="utf-8")
    before = files(project)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (2, message.replace("/", os.sep) if os.sep != "/" else message)
    assert files(project) == before


@pytest.mark.parametrize(
    "args, message",
    [
        (["build", "tiny", "-o", "afile"], "error: --out afile is a file, not a folder\n"),
        (["build", "tiny", "-o", "afile/sub"], "error: --out afile/sub is inside afile, a file, not a folder\n"),
        (["render", "tiny", "-o", "afile"], "error: --out afile is a file, not a folder\n"),
        (["sheets", "tiny", "-o", "afile"], "error: --out afile is a file, not a folder\n"),
        (["export", "png", "tiny", "-o", "afile/x"], "error: --out afile/x is inside afile, a file, not a folder\n"),
        (["booklet", "tiny", "-o", "afile"], "error: --out afile is a file, not a folder\n"),
        (["setup", "tiny", "--out", "afile"], "error: --out afile is a file, not a folder\n"),
        (["simulate", "tiny", "--games", "2", "--log", "afile"], "error: --log afile is a file, not a folder\n"),
        (["sweep", "tiny", "--games", "2", "--out", "afile"], "error: --out afile is a file, not a folder\n"),
        (["serve", "tiny", "--out", "afile"], "error: --out afile is a file, not a folder\n"),
        (["play", "tiny", "--records", "afile", "--no-open"], "error: --records afile is a file, not a folder\n"),
    ],
)
def test_an_output_folder_that_is_a_file_is_a_usage_error_before_anything_is_drawn(project, monkeypatch, args, message):
    import pnp.server.run

    def never(*args, **kwargs):
        raise AssertionError("the server started")

    monkeypatch.setattr(pnp.server.run, "serve", never)
    monkeypatch.setattr(pnp.server.run, "serve_play", never)
    (project / "afile").write_text("mine\n", encoding="utf-8")
    before = files(project)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (2, message.replace("/", os.sep))
    assert files(project) == before


def test_hidden_files_in_a_spec_folder_are_not_specs(project):
    """What `pnp build --out card_specs` of an older version left, and editors' backups."""
    (project / "card_specs" / ".pnp-manifest.json").write_text('["tiny/deck.json"]', encoding="utf-8")
    (project / "card_specs" / "variants" / ".tiny.json").write_text("{", encoding="utf-8")
    result = invoke(["validate", "--no-simulate"])  # which files are specs; the games are not the point
    assert ".pnp-manifest" not in result.stdout and ".tiny" not in result.stdout and "tiny" in result.stdout
    assert runner.invoke(app, ["list", ".pnp-manifest"]).exit_code == 2


def test_a_run_stopped_after_writing_still_knows_every_file_it_may_have_left(tmp_path, monkeypatch):
    import pnp.core.owned
    from pnp.core.owned import owner, write_owned

    name = owner("export", "game", "png")
    write_owned(tmp_path, {name: {"game/a.png": b"a", "game/b.png": b"b"}})

    def stop(*args):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(pnp.core.owned, "_remove_stale", stop)
        with pytest.raises(KeyboardInterrupt):
            write_owned(tmp_path, {name: {"game/a.png": b"a", "game/c.png": b"c"}})
    assert sorted(files(tmp_path / "game")) == ["a.png", "b.png", "c.png"]
    report = write_owned(tmp_path, {name: {"game/a.png": b"a"}})
    assert report.removed == ("game/b.png", "game/c.png") and sorted(files(tmp_path / "game")) == ["a.png"]
