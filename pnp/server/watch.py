"""What `pnp serve` watches and what it does after a save: the changed faces first, then the rest.

After a save the faces whose inputs changed (a spec, a template, art, a spreadsheet of cards) are
drawn and written, and the pages are told at once (news of stage "faces"; pnp/server/quick.py).
Then the same incremental `build_games` as `pnp build` makes everything else, sheets, booklets and
the gallery, in a process a newer save stops (pnp/server/follow.py), and the pages hear of it (news
of stage "all"). A spec or template error leaves the last good output in place and goes to the
pages as its problems (file:line:col: $.path: sentence).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from watchfiles import awatch

from pnp.core.errors import PnpError, SpecError
from pnp.core.locate import spec_roots, template_roots
from pnp.server.follow import Follower, Result, build_each, warm_up
from pnp.server.live import Live
from pnp.server.quick import draw_changed_faces


def watched_folders(cwd: Path | None = None) -> list[Path]:
    """The card_specs and templates folders a build reads (art lives inside templates/, a spec's
    spreadsheets and images beside it), outermost only."""
    folders = [p for p in (*spec_roots(cwd), *template_roots(cwd)) if p.is_dir()]
    return [p for p in folders if not any(q != p and q in p.parents for q in folders)]


@dataclass
class Rebuilder:
    names: list[str]
    out: Path
    sheets: tuple
    setup: bool
    modules: str
    live: Live
    say: Callable[[str], None] = print
    booklet: bool = True  # the rules booklets too (pnp serve --no-booklet: a quicker loop)
    _follower: Follower | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __call__(self) -> bool:
        """Build everything here (the first build); publish what was written or why it failed.
        True when the build succeeded. The build never forks its worker pool from this threaded
        server (a fork with threads can deadlock; pnp.core.pool)."""
        started = time.time()
        result = build_each(self.names, self.out, self.sheets, self.setup, self.modules, self.booklet)
        warm_up()  # the fork server of the rebuilds after saves, started while nobody waits for it
        return self._publish(result, started, "all")

    def faces(self) -> bool:
        """After a save: draw and write the faces that changed, and tell the pages; False when a spec
        or template has problems (published instead)."""
        started = time.time()
        written: list[str] = []
        problems: list[str] = []
        for name in self.names:
            try:
                written += draw_changed_faces(name, self.out, self.modules)
            except SpecError as exc:
                problems += [str(p) for p in exc.problems if str(p) not in problems]
            except PnpError as exc:
                problems += [f"error: {line}" for line in str(exc).splitlines()]
        if problems:
            return self._publish(([], problems), started, "faces")
        self.live.built(sorted(written), time.time() - started, started_at=started, stage="faces")
        return True

    def rest(self) -> bool | None:
        """The whole build after the faces, in a process `cancel` stops; None when it was stopped."""
        started = time.time()
        with self._lock:
            follower = Follower.start(self.names, self.out, self.sheets, self.setup, self.modules, self.booklet)
            self._follower = follower
        result = follower.result()
        with self._lock:
            if self._follower is follower:
                self._follower = None
        if result is None:
            return None
        return self._publish(result, started, "all")

    def cancel(self) -> None:
        """Stop the rest of the build under way, if any (a newer save, or the server stopping)."""
        with self._lock:
            follower, self._follower = self._follower, None
        if follower is not None:
            follower.stop()

    def _publish(self, result: Result, started: float, stage: str) -> bool:
        written, problems = result
        seconds = time.time() - started
        if problems:
            self.live.failed(problems)
            for line in problems:
                self.say(line)
            return False
        self.live.built(sorted(set(written)), seconds, started_at=started, stage=stage)
        self.say(f"rebuilt in {seconds:.2f} s: {len(set(written))} files written or removed")
        return True


async def watch(folders: list[Path], rebuild: Rebuilder, stopping) -> None:
    """After every batch of saves (watchfiles waits 50 ms for more): stop the rest of the last
    rebuild if it is still under way, draw the changed faces, then start the rest; until `stopping`."""

    following: asyncio.Task | None = None
    try:
        async for _changes in awatch(
            *folders, stop_event=stopping, debounce=50, step=20, watch_filter=_interesting, rust_timeout=200
        ):
            if following is not None and not following.done():
                rebuild.cancel()
                await following
            if await asyncio.to_thread(rebuild.faces):
                following = asyncio.create_task(asyncio.to_thread(rebuild.rest))
    finally:
        rebuild.cancel()
        if following is not None:
            await following


def _interesting(change, path: str) -> bool:
    """A save worth a rebuild: not a hidden file (LibreOffice's .~lock.NAME#), an editor's backup or
    swap file, Excel's ~$NAME owner file, or Python's cache."""
    name = Path(path).name
    return not (name.startswith((".", "~$")) or name.endswith(("~", ".swp", ".tmp", "#")) or "__pycache__" in path)
