"""Hostile and careless use of output folders (issue 26, "Outputs"): tampered and garbage manifests,
links, files pnp did not write, outputs of other options, runs racing into one folder, Ctrl-C.

Every case runs in its own temporary project folder; the race and Ctrl-C cases run real `pnp`
processes, each bounded by a timeout.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.tiny import TINY
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()
QUICK = ["--no-setup", "--no-booklet", "--paper", "a4", "-q", "-o", "out"]
PNP = [sys.executable, "-c", "import sys; from pnp.cli import main; sys.argv = ['pnp'] + sys.argv[1:]; main()"]
LIMIT = 120  # seconds any one pnp process may take before the test fails


def files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink() and p.name != ".pnp-lock"
    }


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A user's folder holding two small variants (tiny, tiny2), the current folder for the test."""
    variants = tmp_path / "card_specs" / "variants"
    variants.mkdir(parents=True)
    (variants / "tiny.json").write_text(json.dumps(TINY), encoding="utf-8")
    (variants / "tiny2.json").write_text(json.dumps(dict(TINY, id="tiny2", title="Tiny Two")), encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text("the user's secret\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.stderr
    return result


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tamper(manifest: Path, extra: dict) -> None:
    record = json.loads(manifest.read_text(encoding="utf-8"))
    record["files"].update(extra)
    manifest.write_text(json.dumps(record), encoding="utf-8")


# ---- manifests: only regular files inside the output folder ------------------------------------

SETUP = ["setup", "tranquility", "-o", "out", "-q"]
SETUP_MANIFEST = Path("out/.pnp-manifests/setup.tranquility.setup-3p-seed1.json")


def test_a_tampered_manifest_naming_a_link_to_a_file_outside_removes_nothing_outside(project):
    invoke(*SETUP)
    secret = project / "outside" / "secret.txt"
    (project / "out" / "tranquility" / "setup" / "secret.txt").symlink_to(secret)
    (project / "out" / "tranquility" / "through").symlink_to(project / "outside", target_is_directory=True)
    tamper(
        project / SETUP_MANIFEST,
        {"tranquility/setup/secret.txt": sha(secret), "tranquility/through/secret.txt": sha(secret)},
    )
    invoke(*SETUP)
    assert secret.read_text(encoding="utf-8") == "the user's secret\n"
    assert (project / "out" / "tranquility" / "setup" / "secret.txt").is_symlink()  # not ours: kept too


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,  # nested too deep for Python's JSON reader: RecursionError before
        '{"files": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "{not json",
        '{"files": ["tranquility/setup/setup-3p-seed1.json"]}',
        '{"files": {"../outside/secret.txt": "' + "0" * 64 + '"}}',
        '{"files": {"/etc/passwd": "' + "0" * 64 + '"}}',
        '{"files": {"tranquility/setup/setup-3p-seed1.json": "not a digest"}}',
        "\x00\xff\xfe",
    ],
    ids=["deep-list", "deep-files", "bad-json", "list", "outside", "absolute", "bad-digest", "binary"],
)
def test_a_garbage_manifest_is_read_as_none_with_a_warning(project, text):
    invoke(*SETUP)
    (project / SETUP_MANIFEST).write_text(text, encoding="utf-8", errors="surrogateescape")
    result = runner.invoke(
        app, ["setup", "tranquility", "-o", "out", "--seed", "2"]
    )  # another owner reads every manifest
    assert result.exit_code == 0, result.stderr
    assert (
        f"warning: {Path('out/.pnp-manifests/setup.tranquility.setup-3p-seed1.json')} is not a manifest pnp writes; "
        "it is ignored and the files it names are kept"
    ) in result.stderr
    assert "Traceback" not in result.stderr
    assert (project / "out" / "tranquility" / "setup" / "setup-3p-seed1.json").is_file()
    invoke(*SETUP)  # the same bytes again: nothing replaced, and the manifest is one pnp writes again
    assert json.loads((project / SETUP_MANIFEST).read_text(encoding="utf-8"))["owner"] == SETUP_MANIFEST.stem


# ---- files pnp did not write --------------------------------------------------------------------


def test_a_build_stops_before_replacing_a_users_index_and_deck_and_force_replaces_them(project):
    out = project / "out"
    (out / "tiny").mkdir(parents=True)
    (out / "index.html").write_text("<p>my own page</p>\n", encoding="utf-8")
    (out / "tiny" / "deck.json").write_text('{"mine": true}\n', encoding="utf-8")
    before = files(out)
    result = invoke("build", "tiny", *QUICK, code=1)
    assert result.stderr == (
        f"error: {Path('out/index.html')} was not written by pnp, and 1 other file in the way too; "
        "nothing was written (move them away, or give --force to replace them)\n"
    )
    assert files(out) == before
    invoke("build", "tiny", *QUICK, "--force")
    assert "my own page" not in (out / "index.html").read_text(encoding="utf-8")
    assert json.loads((out / "tiny" / "deck.json").read_text(encoding="utf-8"))["title"] == "Tiny"
    invoke("build", "tiny", *QUICK)  # pnp's own files now: no --force needed


@pytest.mark.parametrize(
    "command",
    [
        ["render", "tiny"],
        ["sheets", "tiny", "--paper", "a4"],
        ["booklet", "tiny"],
        ["export", "tts", "tiny"],
        ["setup", "tranquility"],
    ],
    ids=["render", "sheets", "booklet", "export", "setup"],
)
def test_every_command_stops_before_replacing_a_file_it_did_not_write(project, command):
    invoke(*command, "-o", "out", "-q")
    out = project / "out"
    written = sorted(p for p in out.rglob("*") if p.is_file() and ".pnp" not in str(p))
    victim = written[-1]
    victim.write_bytes(b"the user's edit\n")
    before = files(out)
    result = invoke(*command, "-o", "out", "-q", code=1)
    shown = victim.relative_to(project)
    assert result.stderr == (
        f"error: {shown} changed since pnp wrote it; "
        "nothing was written (move it away, or give --force to replace it)\n"
    )
    assert files(out) == before
    invoke(*command, "-o", "out", "-q", "--force")
    assert victim.read_bytes() != b"the user's edit\n"


def test_a_link_where_pnp_writes_is_not_written_through(project):
    out = project / "out"
    secret = project / "outside" / "secret.txt"
    (out / "tiny").mkdir(parents=True)
    (out / "tiny" / "deck.json").symlink_to(secret)
    result = invoke("build", "tiny", *QUICK, code=1)
    assert result.stderr == (
        f"error: {Path('out/tiny/deck.json')} is a symbolic link, not a file pnp wrote; "
        "nothing was written (move it away, or give --force to replace it)\n"
    )
    invoke("build", "tiny", *QUICK, "--force")  # replaces the link itself
    assert not (out / "tiny" / "deck.json").is_symlink()
    assert secret.read_text(encoding="utf-8") == "the user's secret\n"


def test_a_linked_folder_is_never_written_through_even_with_force(project):
    out = project / "out"
    out.mkdir()
    (out / "tiny").symlink_to(project / "outside", target_is_directory=True)
    for force in ([], ["--force"]):
        result = invoke("build", "tiny", *QUICK, *force, code=1)
        assert result.stderr == (
            f"error: {Path('out/tiny')} is a symbolic link, which pnp does not write through; "
            "nothing was written (move it away)\n"
        )
    assert sorted(p.name for p in (project / "outside").iterdir()) == ["secret.txt"]


# ---- other options, other names ------------------------------------------------------------------


def test_ink_saver_faces_have_their_own_folder_and_the_gallery_shows_the_default_faces(project):
    with_booklet = ["--no-setup", "--paper", "a4", "-q", "-o", "out"]
    invoke("build", "tiny", *with_booklet)
    default = {rel: d for rel, d in files(project / "out" / "tiny").items() if "ink-saver" not in rel}
    faces = files(project / "out" / "tiny" / "svg")
    invoke("render", "tiny", "--ink", "saver", "-o", "out", "-q")
    invoke("build", "tiny", *with_booklet, "--ink", "saver")
    now = files(project / "out" / "tiny")
    assert {rel: now.get(rel) for rel in default} == default  # the booklet too: rules-a4-ink-saver.pdf is its own
    assert "rules-a4-ink-saver.pdf" in now and "sheets/tiny-a4-ink-saver.pdf" in now
    assert set(files(project / "out" / "tiny" / "svg-ink-saver")) == set(faces)
    html = (project / "out" / "index.html").read_text(encoding="utf-8")
    assert 'src="tiny/svg/' in html and "svg-ink-saver" not in html


def test_a_build_of_all_modules_keeps_the_files_of_a_build_of_none(project):
    invoke("build", "ascent", "--modules", "none", "--paper", "a4", "--no-setup", "-q", "-o", "out")
    none = {rel: digest for rel, digest in files(project / "out").items() if "no-modules" in rel}
    assert "ascent/rules-a4-no-modules.pdf" in none and "ascent/deck-no-modules.json" in none
    invoke("build", "ascent", "--paper", "a4", "--no-setup", "-q", "-o", "out")
    now = files(project / "out")
    assert {rel: now.get(rel) for rel in none} == none
    html = (project / "out" / "index.html").read_text(encoding="utf-8")
    assert 'src="ascent/svg/goat.svg"' in html and "svg-no-modules" not in html


def test_a_build_in_another_language_keeps_the_english_files(project):
    invoke("build", "tiny", *QUICK)
    english = files(project / "out" / "tiny")
    invoke("build", "tiny", *QUICK, "--lang", "it")
    now = files(project / "out" / "tiny")
    assert {rel: now.get(rel) for rel in english} == english and "deck-it.json" in now


# ---- runs into one folder take turns ---------------------------------------------------------------


def run_together(*commands: list[str], cwd: Path) -> list[subprocess.CompletedProcess]:
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[2]), os.environ.get("PYTHONPATH", "")])
    )
    started = [
        subprocess.Popen(PNP + c, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for c in commands
    ]
    done = []
    for p in started:
        out, err = p.communicate(timeout=LIMIT)
        done.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return done


def test_two_builds_of_different_games_racing_both_end_in_the_gallery(project):
    for _ in range(2):
        results = run_together(["build", "tiny", *QUICK], ["build", "tiny2", *QUICK], cwd=project)
        assert [r.returncode for r in results] == [0, 0], [r.stderr for r in results]
        html = (project / "out" / "index.html").read_text(encoding="utf-8")
        assert 'id="tiny"' in html and 'id="tiny2"' in html


def test_two_builds_with_different_options_racing_leave_both_builds_files(project):
    results = run_together(["build", "tiny", *QUICK], ["build", "tiny", *QUICK, "--bleed", "3mm"], cwd=project)
    assert [r.returncode for r in results] == [0, 0], [r.stderr for r in results]
    left = files(project / "out")
    assert {"tiny/sheets/tiny-a4.pdf", "tiny/sheets/tiny-a4-bleed3mm.pdf"} <= set(left)
    assert "tiny/tiny-calibration-a4.pdf" in left and "tiny/tiny-calibration-a4-bleed3mm.pdf" in left


HOLD = """
import sys, time
from pathlib import Path
from pnp.core.outlock import holding
with holding(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(float(sys.argv[2])) if len(sys.argv) > 2 else sys.stdin.readline()
"""


def test_a_run_waits_for_the_lock_and_says_whom_it_waits_for(project):
    # the holder keeps the lock until the waiting run has said whom it waits for, however slow the machine
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, "out"], cwd=project, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[2]), os.environ.get("PYTHONPATH", "")])
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        run = subprocess.Popen(
            PNP + ["render", "tiny", "-o", "out"], cwd=project, env=env, stderr=subprocess.PIPE, text=True
        )
        assert run.stderr is not None
        said = run.stderr.readline()
        holder.communicate("go\n", timeout=LIMIT)
        rest = run.communicate(timeout=LIMIT)[1]
    finally:
        holder.kill()
        holder.wait()
    assert said == f"waiting for another pnp writing out{os.sep} (pid {holder.pid})…\n"
    assert run.returncode == 0, rest
    assert rest == "tiny: 12 faces (12 written) in out/tiny/svg/\n"


def test_a_lock_left_by_a_killed_run_does_not_stop_the_next(project):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, "out", "60"], cwd=project, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    holder.send_signal(signal.SIGKILL)
    holder.communicate()  # reaps it and closes its pipe
    assert (project / "out" / ".pnp-lock").read_text(encoding="ascii") == f"{holder.pid}\n"
    (result,) = run_together(["render", "tiny", "-o", "out"], cwd=project)
    assert result.returncode == 0 and "waiting" not in result.stderr


# ---- Ctrl-C at any moment ---------------------------------------------------------------------------


def temporaries(folder: Path) -> list[str]:
    return sorted(str(p) for p in folder.rglob("*.tmp")) if folder.exists() else []


@pytest.mark.parametrize(
    "command, folder",
    [
        (["simulate", "tranquility", "--games", "200", "--log", "out/logs", "-q"], "out/logs"),
        (["export", "png", "tiny", "--dpi", "40", "-o", "out", "-q"], "out"),
    ],
    ids=["simulate-log", "export-png"],
)
def test_ctrl_c_at_several_moments_leaves_no_temporary_file_after_the_next_run(project, command, folder):
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[2]), os.environ.get("PYTHONPATH", "")])
    )
    started = time.monotonic()
    (whole,) = run_together(command, cwd=project)  # how long a whole run takes here
    assert whole.returncode == 0, whole.stderr
    took = time.monotonic() - started
    for share in (0.3, 0.5, 0.7, 0.8, 0.9, 0.95):
        run = subprocess.Popen(
            PNP + command, cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        time.sleep(took * share)
        run.send_signal(signal.SIGINT)
        _, err = run.communicate(timeout=LIMIT)
        # 130: stopped by the command; -SIGINT: stopped while Python was still importing the command
        # (a KeyboardInterrupt traceback from the imports, before pnp runs) or ending. What a stop says
        # is not this test's subject (a pool worker may print its own KeyboardInterrupt): the files are.
        assert run.returncode in (0, 130, -signal.SIGINT), (run.returncode, err)
        assert "output.py" not in err and "owned.py" not in err, err
    (last,) = run_together(command, cwd=project)
    assert last.returncode == 0 and temporaries(project / folder) == []


def test_the_next_simulate_log_removes_what_a_killed_one_left(project):
    pid = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    left = project / "out" / "logs" / f".tranquility-3p-seed1-game0001.json.{pid.stdout.strip()}.tmp"
    left.parent.mkdir(parents=True)
    left.write_text("half a record", encoding="utf-8")
    invoke("simulate", "tranquility", "--games", "2", "--log", "out/logs", "-q")
    assert temporaries(project / "out") == []


def test_a_stop_between_writing_and_renaming_leaves_no_temporary_file(tmp_path, monkeypatch):
    from pnp.core import output

    def stopped(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(output.os, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        output.write_atomic(tmp_path / "record.json", "{}")
    with pytest.raises(KeyboardInterrupt):
        output.write_all_if_changed({tmp_path / "a.svg": "<svg/>", tmp_path / "b.svg": "<svg/>"})
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_lock_file_names_its_holder_only(project):
    invoke("render", "tiny", "-o", "out", "-q")
    assert re.fullmatch(r"[0-9]+\n", (project / "out" / ".pnp-lock").read_text(encoding="ascii"))


def test_a_link_in_place_of_the_tools_own_folders_is_never_written_through(project):
    out = project / "out"
    out.mkdir()
    (out / ".pnp-manifests").symlink_to(project / "outside", target_is_directory=True)
    for force in ([], ["--force"]):
        result = invoke("render", "tiny", "-o", "out", "-q", *force, code=1)
        assert result.stderr == (
            f"error: {Path('out/.pnp-manifests')} is a symbolic link, where pnp keeps its records in a folder; "
            "nothing was written (move it away)\n"
        )
    assert sorted(p.name for p in (project / "outside").iterdir()) == ["secret.txt"]
    assert not (out / "tiny").exists()


def test_the_gallery_lists_what_stays_on_disk_and_only_the_default_faces(tmp_path):
    from pnp.pipeline.gallery import gallery_outputs

    for rel in (
        "old/deck.json",
        "old/svg/a.svg",
        "old/svg/gone.svg",
        "old/svg-ink-saver/a.svg",
        "old/svg-no-modules-it/a.svg",
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}" if rel.endswith(".json") else "<svg/>", encoding="utf-8")
    (tmp_path / "old" / "svg" / "linked.svg").symlink_to(tmp_path / "old" / "svg" / "a.svg")
    made = {"new/deck.json": b"{}", "new/svg/b.svg": b"<svg/>", "new/svg-ink-saver/b.svg": b"<svg/>"}
    html = gallery_outputs(tmp_path, made, leaving={"old/svg/gone.svg"})["index.html"].decode()
    assert 'id="old"' in html and 'id="new"' in html  # a game built before stays listed
    assert 'src="old/svg/a.svg"' in html and 'src="new/svg/b.svg"' in html
    assert "gone.svg" not in html and "linked.svg" not in html  # about to be removed; a link
    assert "svg-ink-saver" not in html and "svg-no-modules" not in html


def test_a_game_with_only_ink_saver_faces_shows_them(tmp_path):
    from pnp.pipeline.gallery import gallery_outputs

    made = {"saver/deck.json": b"{}", "saver/svg-ink-saver/a.svg": b"<svg/>"}
    assert 'src="saver/svg-ink-saver/a.svg"' in gallery_outputs(tmp_path, made)["index.html"].decode()


def test_a_tampered_manifest_never_has_a_temporary_removed_through_a_link(project):
    invoke(*SETUP)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    bait = project / "outside" / f".secret.txt.{dead.stdout.strip()}.tmp"
    bait.write_text("looks like a stray temporary, but lies outside", encoding="utf-8")
    (project / "out" / "tranquility" / "through").symlink_to(project / "outside", target_is_directory=True)
    tamper(project / SETUP_MANIFEST, {"tranquility/through/secret.txt": "0" * 64})
    invoke(*SETUP)
    assert bait.is_file()
