"""The news every open page hears: the last build (what it wrote) or the problems that stopped it.

Each page subscribes with a queue; `publish` puts the news in every queue. A page that connects gets
the current news first, so a page opened while a spec is broken shows the error at once.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field


@dataclass
class Live:
    version: int = 0
    news: dict = field(default_factory=lambda: {"kind": "built", "version": 0, "written": [], "reload": False})
    queues: set = field(default_factory=set)
    stopping: asyncio.Event | None = None

    def publish(self, news: dict) -> None:
        self.version += 1
        self.news = {**news, "version": self.version, "sent": time.time()}
        for queue in list(self.queues):
            queue.put_nowait(self.news)

    def built(self, written: list[str], seconds: float, started_at: float | None = None, stage: str = "all") -> None:
        """A build's news: what it wrote; `stage` "faces" when the changed faces come first and the
        sheets, booklets and the rest follow (news of stage "all"); `started_at` when it started."""
        self.publish(
            {
                "kind": "built",
                "stage": stage,
                "written": sorted(written),
                "seconds": round(seconds, 3),
                "reload": "index.html" in written,
                "started_at": started_at if started_at is not None else time.time() - seconds,
                "built_at": time.time(),
            }
        )

    def failed(self, problems: list[str]) -> None:
        self.publish({"kind": "error", "problems": problems, "built_at": time.time()})

    async def stream(self):
        """Server-sent events: the current news, then each new one, until the server stops."""
        queue: asyncio.Queue = asyncio.Queue()
        self.queues.add(queue)
        try:
            yield _event(self.news)
            while not (self.stopping and self.stopping.is_set()):
                try:
                    news = await asyncio.wait_for(queue.get(), timeout=0.5)
                except asyncio.TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                yield _event(news)
        finally:
            self.queues.discard(queue)


def _event(news: dict) -> str:
    return "data: " + json.dumps(news, ensure_ascii=False) + "\n\n"
