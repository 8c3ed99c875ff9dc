"""pnp.core.pool: tasks on the pool give what running them in order gives, errors included, and
`--jobs` gives the same bytes for any number of workers. Correctness only: how fast the pool is
(and how fast it stops) is measured by bench/pool.py."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.svg.faces
from pnp.cli import app
from pnp.core import pool
from pnp.core.errors import PnpError, Problem, SpecError
from pnp.face.template import TemplateError
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

runner = CliRunner()

# evaluated when each test starts, not at import: a test that ran before may have left threads behind,
# and a task meant to kill its worker must never run in the test process itself
forking = pytest.mark.skipif("pool.workers(None, 2) < 2", reason="needs two cores, fork and a single thread")


def square(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


@forking
@pytest.mark.parametrize("count", [0, 1, 2, 3, 5, 17])
def test_results_come_back_in_order(count):
    results = pool.run([partial(square, n) for n in range(count)], jobs=2)
    assert [r[0] for r in results] == [n * n for n in range(count)]
    if count >= 2:  # on the pool: every task ran in a worker
        assert os.getpid() not in {pid for _, pid in results}
    assert threading.active_count() == 1  # the pool's own threads are gone


def test_one_job_runs_every_task_here_with_no_pool():
    assert {pid for _, pid in pool.run([partial(square, n) for n in range(5)], jobs=1)} == {os.getpid()}


@forking
def test_results_are_yielded_in_order_as_they_come():
    assert [r for r, _ in pool.results([partial(square, n) for n in range(6)], jobs=3)] == [0, 1, 4, 9, 16, 25]


def nested() -> list[int]:
    return [pid for _, pid in pool.run([partial(square, 1), partial(square, 2)], jobs=2)] + [os.getpid()]


@forking
def test_a_worker_never_starts_a_pool_of_its_own():
    for first, second, worker in pool.run([nested, nested], jobs=2):
        assert first == second == worker != os.getpid()


def test_jobs_below_one_are_a_usage_error():
    for jobs in (0, -3):
        with pytest.raises(PnpError, match=f"--jobs must be 1 or more .*, not {jobs}") as caught:
            pool.check_jobs(jobs)
        assert caught.value.exit_code == 2
    assert pool.check_jobs(None) is None and pool.check_jobs(3) == 3


def test_workers_are_every_core_at_most_and_never_more_than_the_tasks(monkeypatch):
    monkeypatch.setattr(pool, "may_fork", lambda: True)
    monkeypatch.setattr(pool, "cores", lambda: 16)
    assert pool.workers(None, 100) == 16
    assert pool.workers(None, 3) == 3
    assert pool.workers(4, 100) == 4
    assert pool.workers(1, 100) == pool.workers(None, 1) == 1
    monkeypatch.setattr(pool, "may_fork", lambda: False)
    assert pool.workers(None, 100) == 1


def test_cores_are_the_ones_this_process_may_use():
    if hasattr(os, "sched_getaffinity"):
        assert pool.cores() == len(os.sched_getaffinity(0))
    assert 1 <= pool.cores() <= (os.cpu_count() or 1)


@pytest.mark.parametrize("length, count", [(0, 3), (1, 3), (7, 3), (9, 3), (10, 1), (5, 9)])
def test_split_cuts_in_order_into_nearly_equal_parts(length, count):
    items = list(range(length))
    parts = pool.split(items, count)
    assert [x for part in parts for x in part] == items
    assert len(parts) == max(1, min(count, length))
    assert max(map(len, parts)) - min(map(len, parts)) <= 1


def test_parts_are_a_few_a_worker_each_of_at_least_the_smallest(monkeypatch):
    monkeypatch.setattr(pool, "may_fork", lambda: True)
    monkeypatch.setattr(pool, "cores", lambda: 2)
    assert pool.parts(5000, None, 150) == 8
    assert pool.parts(400, None, 150) == 2
    assert pool.parts(100, None, 150) == 1
    assert pool.parts(5000, 1, 150) == 4  # in process: the same parts cost nothing


def test_parts_are_a_multiple_of_the_workers_so_none_is_left_to_finish_alone(monkeypatch):
    monkeypatch.setattr(pool, "may_fork", lambda: True)
    monkeypatch.setattr(pool, "cores", lambda: 2)
    assert pool.parts(508, None, 150) == 2  # not 3: the third would run alone
    assert pool.parts(760, None, 150) == 4  # not 5
    monkeypatch.setattr(pool, "cores", lambda: 3)
    assert pool.parts(1200, None, 150) == 6  # not 8
    assert pool.parts(400, None, 150) == 2  # fewer parts than workers: as many as there are


@forking
@pytest.mark.parametrize("jobs", [1, 2])
def test_the_caller_works_meanwhile_once_on_the_pool_or_without_one(jobs):
    done: list[int] = []
    results = pool.run([partial(square, n) for n in range(4)], jobs, meanwhile=lambda: done.append(os.getpid()))
    assert [r for r, _ in results] == [0, 1, 4, 9]
    assert done == [os.getpid()]  # in this process, once


def refuse() -> None:
    error = PnpError("card_specs/x.json:3:5: $.cards: something is wrong")
    error.exit_code = 3
    raise error


@forking
def test_an_error_in_a_worker_is_raised_here_with_its_message_and_exit_code():
    with pytest.raises(PnpError) as caught:
        pool.run([partial(square, 1), refuse], jobs=2)
    assert str(caught.value) == "card_specs/x.json:3:5: $.cards: something is wrong"
    assert caught.value.exit_code == 3


def refuse_spec() -> None:
    raise SpecError([Problem("card_specs/x.json", 3, 5, "$.cards", "something is wrong")])


@forking
def test_a_spec_error_in_a_worker_keeps_its_problems():
    """SpecError's __init__ takes problems, not its message: pickle alone would fail to rebuild it."""
    with pytest.raises(SpecError) as caught:
        pool.run([partial(square, 1), refuse_spec], jobs=2)
    assert [str(p) for p in caught.value.problems] == ["card_specs/x.json:3:5: $.cards: something is wrong"]
    assert str(caught.value) == "card_specs/x.json:3:5: $.cards: something is wrong"


def disk_full() -> None:
    raise OSError(28, "No space left on device", "out/game/svg/x.svg")


@forking
def test_an_os_error_in_a_worker_is_an_os_error_here():
    """So the CLI reports it as it would on one core ('error: FILE: No space left…')."""
    with pytest.raises(OSError) as caught:
        pool.run([partial(square, 1), disk_full], jobs=2)
    assert (caught.value.errno, caught.value.strerror, caught.value.filename) == (
        28,
        "No space left on device",
        "out/game/svg/x.svg",
    )


def crash() -> None:
    raise ZeroDivisionError("boom")


@forking
def test_a_crash_in_a_worker_is_the_crash_with_the_worker_traceback_as_its_cause():
    with pytest.raises(ZeroDivisionError, match="boom") as caught:
        pool.run([partial(square, 1), crash], jobs=2)
    assert "in crash" in str(caught.value.__cause__)


def refuse_as(message: str, wait: float = 0.0):
    def refuse_now() -> None:
        time.sleep(wait)
        raise PnpError(message)

    return refuse_now


@forking
def test_the_first_failing_task_in_order_gives_the_error_as_on_one_core():
    tasks = [partial(square, 1), refuse_as("task 1 failed", wait=0.3), refuse_as("task 2 failed")]
    for jobs in (1, 3):  # on the pool, task 2 fails first
        with pytest.raises(PnpError, match="task 1 failed"):
            pool.run(tasks, jobs=jobs)


def big() -> bytes:
    return b"x" * 5_000_000  # far more than a pipe holds


@forking
def test_an_error_while_a_worker_sends_a_big_result_ends_the_pool_cleanly():
    with pytest.raises(PnpError, match="task 0 failed"):
        pool.run([refuse_as("task 0 failed"), big, big, big], jobs=2)
    assert threading.active_count() == 1
    assert pool.run([big, partial(square, 2)], jobs=2)[0] == big()  # and the next pool works


def test_the_private_pipe_end_the_pool_closes_is_still_there():
    """pool._close_our_end_of_the_results reaches into concurrent.futures (`_result_queue._writer`):
    without it, a worker stopped while sending a result hangs the pool's reader. Fails loudly on a
    Python whose ProcessPoolExecutor keeps the pipe elsewhere."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.connection import Connection

    executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    try:
        assert isinstance(executor._result_queue._writer, Connection)
    finally:
        executor.shutdown()


def killed() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


@forking
def test_a_worker_killed_outright_is_a_clean_error():
    with pytest.raises(PnpError, match="a worker process stopped before it finished"):
        pool.run([partial(square, 1), killed], jobs=2)


def test_a_program_with_threads_runs_the_tasks_here_without_forking():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        results = pool.run([partial(square, 1), partial(square, 2)], jobs=2)
    finally:
        stop.set()
        other.join()
    assert [r[1] for r in results] == [os.getpid(), os.getpid()]


@forking
def test_faces_drawn_in_parts_are_the_faces_drawn_in_one(monkeypatch):
    game = load_game("tranquility")
    monkeypatch.setattr(pnp.svg.faces, "PARALLEL_FACES", 10)
    assert render_faces(game, jobs=3) == render_faces(game, jobs=1)


@forking
def test_a_build_failing_in_a_worker_reports_as_on_one_core(tmp_path, monkeypatch):
    """A face that cannot be drawn, in a part a worker draws: the same message and exit code as
    with --jobs 1, and nothing written."""
    real_face = pnp.svg.faces._face

    def face(card, template, game, side, *rest):
        if card.id == "reference-2":
            raise TemplateError("tpl/reference.json:2:3: $.elements[0]: card reference-2: the text does not fit")
        return real_face(card, template, game, side, *rest)

    monkeypatch.setattr(pnp.svg.faces, "_face", face)
    monkeypatch.setattr(pnp.svg.faces, "PARALLEL_FACES", 10)
    results = []
    for jobs in ("2", "1"):
        out = tmp_path / f"out-{jobs}"
        results.append(runner.invoke(app, ["build", "tranquility", "--out", str(out), "--quiet", "--jobs", jobs]))
        assert not out.exists() or not any(out.rglob("*.svg"))
    assert results[0].exit_code == results[1].exit_code == 1
    assert (
        results[0].stderr
        == results[1].stderr
        == ("error: tpl/reference.json:2:3: $.elements[0]: card reference-2: the text does not fit\n")
    )


def files_in(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    "command",
    [
        ["sheets", "ascent", "--paper", "a4", "--paper", "letter", "--quiet"],
        ["export", "tranquility", "--target", "png", "--dpi", "40", "--quiet"],
        ["export", "ascent", "--target", "tts", "--base-url", "https://example.org/ascent/", "--quiet"],
    ],
    ids=["sheets", "export-png", "export-tts"],
)
def test_sheets_and_exports_are_the_same_bytes_for_any_number_of_jobs(tmp_path, command):
    made = {}
    for jobs in ("1", "2", "3"):
        result = runner.invoke(app, [*command, "--out", str(tmp_path / jobs), "--jobs", jobs])
        assert result.exit_code == 0, result.output
        made[jobs] = files_in(tmp_path / jobs)
    assert made["1"] == made["2"] == made["3"] and made["1"]


@pytest.mark.parametrize("command", [["build", "tranquility"], ["sheets", "ascent"], ["export", "ascent", "-t", "tgc"]])
@pytest.mark.parametrize("jobs", ["0", "-1"])
def test_jobs_below_one_are_refused_before_anything_is_done(tmp_path, command, jobs):
    result = runner.invoke(app, [*command, "--out", str(tmp_path / "out"), "--jobs", jobs])
    assert result.exit_code == 2
    assert f"1 or more (leave --jobs out for every core), not {jobs}" in result.output
    assert not (tmp_path / "out").exists()


# Ctrl-C on a real build ------------------------------------------------------------------------


def big_deck(folder: Path, cards: int) -> None:
    variants = folder / "card_specs" / "variants"
    variants.mkdir(parents=True)
    deck = {
        "id": "big",
        "extends": "tranquility",
        "title": "Big",
        "kinds": [{"id": "island", "each": {"number": {"from": 1, "to": cards}}}],
    }
    (variants / "big.json").write_text(json.dumps(deck), encoding="utf-8")


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, seconds: float = 240.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False


@forking
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
@pytest.mark.parametrize("when", ["drawing-faces", "staging-svg-files"])
def test_ctrl_c_stops_the_workers_and_leaves_no_stray_file(tmp_path, when):
    """A real `pnp build` of a big deck, interrupted while its workers run: by SIGINT to the process
    (while the faces are drawn) or to its whole process group, as a terminal's Ctrl-C sends it
    (while a worker writes the SVG files to their temporary names)."""
    big_deck(tmp_path, 1500)
    code = "import sys; from pnp.cli import main; sys.argv = ['pnp'] + sys.argv[1:]; main()"
    args = ["build", "big", "--paper", "a4", "--no-setup", "--jobs", "2", "--quiet"]
    process = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    out = tmp_path / "output"
    try:
        if when == "drawing-faces":
            assert wait_for(lambda: len(children_of(process.pid)) == 2), "the workers never started"
        else:
            assert wait_for(lambda: any(out.rglob(".*.tmp"))), "no file was staged"
        workers = children_of(process.pid)
        if when == "drawing-faces":
            process.send_signal(signal.SIGINT)
        else:
            os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, stderr) == (130, "interrupted; nothing was half-written\n"), stderr
    assert workers and wait_for(lambda: not any(alive(pid) for pid in workers), 10), "a worker survived"
    assert not list(out.rglob(".*.tmp")) if out.exists() else True
    assert not list(out.rglob("*.svg")) if out.exists() else True  # nothing was renamed into place
