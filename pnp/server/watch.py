"""What `pnp serve` watches and what it does after a save: build again (only what changed), tell the pages.

The build is the same incremental `build_games` as `pnp build`: games whose inputs did not change
are skipped, and only faces whose inputs changed are drawn. A spec or template error leaves the last
good output in place and goes to the pages as its problems (file:line:col: $.path: sentence).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import PnpError, SpecError
from pnp.core.locate import spec_roots, template_roots
from pnp.pipeline.build import build_games
from pnp.server.live import Live


def watched_folders(cwd: Path | None = None) -> list[Path]:
    """The card_specs and templates folders a build reads (art lives inside templates/), outermost only."""
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

    def __call__(self) -> bool:
        """Build; publish what was written or why it failed. True when the build succeeded.

        One game per `build_games` call: a game that fails does not stop the others, and the build never
        forks its two-game worker pool from this threaded server (a fork with threads can deadlock)."""
        started, written, problems = time.perf_counter(), [], []
        for name in self.names:
            try:
                report = build_games(
                    [name], self.out, self.sheets, setup=self.setup, modules=self.modules, booklet=self.booklet
                )
            except SpecError as exc:
                problems += [str(p) for p in exc.problems if str(p) not in problems]
                continue
            except PnpError as exc:
                problems += [f"error: {line}" for line in str(exc).splitlines()]
                continue
            written += [*report.written, *report.removed]
        seconds = time.perf_counter() - started
        if problems:
            self.live.failed(problems)
            for line in problems:
                self.say(line)
            return False
        self.live.built(sorted(set(written)), seconds)
        self.say(f"rebuilt in {seconds:.2f} s: {len(set(written))} files written or removed")
        return True


async def watch(folders: list[Path], rebuild: Rebuilder, stopping) -> None:
    """Rebuild after every batch of saves until `stopping` is set (watchfiles waits 50 ms for more saves)."""

    # start-up: +10 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from watchfiles import awatch

    async for _changes in awatch(
        *folders, stop_event=stopping, debounce=50, step=20, watch_filter=_interesting, rust_timeout=200
    ):
        await asyncio.to_thread(rebuild)


def _interesting(change, path: str) -> bool:
    name = Path(path).name
    return not (name.startswith(".") or name.endswith(("~", ".swp", ".tmp")) or "__pycache__" in path)
