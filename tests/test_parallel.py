"""pnp.core.parallel: jobs on two cores give what running them in order gives, errors included."""

from __future__ import annotations

import os
import time
from functools import partial

import pytest
from typer.testing import CliRunner

import pnp.svg.faces
from pnp.cli import app
from pnp.core import parallel
from pnp.core.errors import PnpError, Problem, SpecError
from pnp.core.parallel import on_two_cores
from pnp.face.template import TemplateError
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

runner = CliRunner()

# evaluated when each test starts, not at import: a test that ran before may have left threads behind,
# and a job meant to kill a forked child must never run in the test process itself
forking = pytest.mark.skipif("not parallel.may_fork()", reason="needs two cores, fork and a single thread")


def square(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


@forking
@pytest.mark.parametrize("count", [0, 1, 2, 3, 5])
def test_results_come_back_in_order(count):
    results = on_two_cores([partial(square, n) for n in range(count)])
    assert [r[0] for r in results] == [n * n for n in range(count)]
    if count >= 2:  # the odd jobs ran in another process
        assert results[1][1] != os.getpid() == results[0][1]


def nested() -> list[int]:
    return [pid for _, pid in on_two_cores([partial(square, 1), partial(square, 2)])]


@forking
def test_a_child_never_forks_again():
    _, in_child = on_two_cores([nested, nested])
    assert in_child[0] == in_child[1] != os.getpid()


def refuse() -> None:
    error = PnpError("card_specs/x.json:3:5: $.cards: something is wrong")
    error.exit_code = 1
    raise error


@forking
def test_an_error_in_the_child_is_raised_in_the_parent_with_its_message_and_exit_code():
    with pytest.raises(PnpError) as caught:
        on_two_cores([partial(square, 1), refuse])
    assert str(caught.value) == "card_specs/x.json:3:5: $.cards: something is wrong"
    assert caught.value.exit_code == 1


def crash() -> None:
    raise ZeroDivisionError("boom")


@forking
def test_a_crash_in_the_child_names_the_crash():
    with pytest.raises(RuntimeError, match="ZeroDivisionError: boom"):
        on_two_cores([partial(square, 1), crash])


def big() -> bytes:
    return b"x" * 5_000_000  # far more than a pipe holds: the child blocks writing it


@forking
def test_an_error_in_the_parent_does_not_wait_forever_on_a_child_still_writing():
    started = time.perf_counter()
    with pytest.raises(PnpError):
        on_two_cores([refuse, big])
    assert time.perf_counter() - started < 10


@forking
def test_faces_drawn_in_two_halves_are_the_faces_drawn_in_one(monkeypatch):
    game = load_game("tranquility")
    monkeypatch.setattr(pnp.svg.faces, "PARALLEL_FACES", 10)
    halves = render_faces(game)
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 1)
    assert render_faces(game) == halves


def refuse_spec() -> None:
    raise SpecError([Problem("card_specs/x.json", 3, 5, "$.cards", "something is wrong")])


@forking
def test_a_spec_error_in_the_child_keeps_its_problems():
    with pytest.raises(SpecError) as caught:
        on_two_cores([partial(square, 1), refuse_spec])
    assert [str(p) for p in caught.value.problems] == ["card_specs/x.json:3:5: $.cards: something is wrong"]


@forking
def test_a_build_failing_in_a_worker_reports_as_on_one_core(tmp_path, monkeypatch):
    """A face that cannot be drawn, in the half a forked worker draws: the same message and exit
    code as without the worker, and nothing written."""
    real_face = pnp.svg.faces._face

    def face(card, template, game, side):
        if card.id == "reference-2":
            raise TemplateError("tpl/reference.json:2:3: $.elements[0]: card reference-2: the text does not fit")
        return real_face(card, template, game, side)

    monkeypatch.setattr(pnp.svg.faces, "_face", face)
    monkeypatch.setattr(pnp.svg.faces, "PARALLEL_FACES", 10)
    results = []
    for cores in (2, 1):
        monkeypatch.setattr(parallel.os, "cpu_count", lambda cores=cores: cores)
        out = tmp_path / f"out-{cores}"
        results.append(runner.invoke(app, ["build", "tranquility", "--out", str(out), "--quiet"]))
        assert not out.exists() or not any(out.rglob("*.svg"))
    assert results[0].exit_code == results[1].exit_code == 1
    assert (
        results[0].stderr
        == results[1].stderr
        == ("error: tpl/reference.json:2:3: $.elements[0]: card reference-2: the text does not fit\n")
    )


def test_a_program_with_threads_runs_the_jobs_in_order_without_forking():
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        results = on_two_cores([partial(square, 1), partial(square, 2)])
    finally:
        stop.set()
        other.join()
    assert [r[1] for r in results] == [os.getpid(), os.getpid()]


def disk_full() -> None:
    raise OSError(28, "No space left on device", "out/game/svg/x.svg")


@forking
def test_an_os_error_in_the_child_is_an_os_error_in_the_parent():
    """So the CLI reports it as it would on one core ('error: FILE: No space left…')."""
    with pytest.raises(OSError) as caught:
        on_two_cores([partial(square, 1), disk_full])
    assert (caught.value.errno, caught.value.filename) == (28, "out/game/svg/x.svg")


def refuse_as(message: str):
    def refuse_now() -> None:
        raise PnpError(message)

    return refuse_now


@forking
def test_the_first_failing_job_in_order_gives_the_error_as_on_one_core():
    jobs = [partial(square, 1), refuse_as("job 1 failed"), refuse_as("job 2 failed")]
    with pytest.raises(PnpError, match="job 1 failed"):
        on_two_cores(jobs)  # job 2 fails in the parent, job 1 (earlier) in the child
    with pytest.raises(PnpError, match="job 0 failed"):
        on_two_cores([refuse_as("job 0 failed"), refuse_as("job 1 failed")])


def killed() -> None:
    import signal

    os.kill(os.getpid(), signal.SIGKILL)


@forking
def test_a_worker_killed_outright_is_a_clean_error():
    with pytest.raises(PnpError, match="a worker process stopped before it finished"):
        on_two_cores([partial(square, 1), killed])
