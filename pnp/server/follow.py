"""The rest of a rebuild in a process of its own, so that a newer save can stop it.

After a save `pnp serve` draws the changed faces first and tells the pages (pnp/server/quick.py);
then the whole build (sheets, booklets, setups, the gallery: `build_games`, which reuses the faces
just drawn) runs here, in a child of a fork server started once (its modules imported once, and a
child that is the only thread of its process may use the worker pool, which a threaded server may
not). A newer save terminates the child: its SIGTERM becomes a KeyboardInterrupt, so the build
removes what it staged and stops its workers, as at a Ctrl-C; files it had renamed into place stay
(each is whole: the writes are atomic).
"""

from __future__ import annotations

import multiprocessing
import signal
from dataclasses import dataclass
from multiprocessing import forkserver
from typing import Any

from pnp.core.errors import PnpError, SpecError
from pnp.pipeline.build import build_games

PRELOAD = [  # what every rebuild uses, imported once in the fork server
    "pnp.pipeline.build",
    "pnp.pipeline.cache",
    "pnp.pipeline.load",
    "pnp.pipeline.gallery",
    "pnp.svg.faces",
    "pnp.pdf.paint",
    "pnp.sheets.impose",
    "pnp.booklet",
    "pnp.setupsheet.outputs",
]
STOP_AFTER = 5.0  # seconds a terminated build gets to clean up before it is killed

Result = tuple[list[str], list[str]]  # (files written or removed, problems as lines)


def build_each(names: list[str], out, sheets: tuple, setup: bool, modules: str, booklet: bool) -> Result:
    """One game per `build_games` call, so that a game that fails does not stop the others."""
    written: list[str] = []
    problems: list[str] = []
    for name in names:
        try:
            report = build_games([name], out, sheets, setup=setup, modules=modules, booklet=booklet)
        except SpecError as exc:
            problems += [str(p) for p in exc.problems if str(p) not in problems]
            continue
        except PnpError as exc:
            problems += [f"error: {line}" for line in str(exc).splitlines()]
            continue
        written += [*report.written, *report.removed]
    return written, problems


@dataclass
class Follower:
    """One rest-of-the-build process: start it, wait for its result, or stop it."""

    process: Any
    receive: Any

    @classmethod
    def start(cls, names: list[str], out, sheets: tuple, setup: bool, modules: str, booklet: bool) -> Follower:
        context = _context()
        receive, send = context.Pipe(duplex=False)
        process = context.Process(
            target=_child, args=(send, names, out, sheets, setup, modules, booklet), name="pnp-rebuild"
        )
        process.start()
        send.close()
        return cls(process, receive)

    def result(self) -> Result | None:
        """The build's result, or None when it was stopped (or died) before it had one."""
        try:
            found = self.receive.recv()
        except (EOFError, OSError):
            found = None
        self.process.join()
        self.receive.close()
        return found

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(STOP_AFTER)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()


def warm_up() -> None:
    """Start the fork server now (it imports PRELOAD), so that the first save does not wait for it."""
    _context()
    forkserver.ensure_running()


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _child(send, names, out, sheets, setup, modules, booklet) -> None:
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        send.send(build_each(names, out, sheets, setup, modules, booklet))
    except KeyboardInterrupt:
        pass
    finally:
        send.close()


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
