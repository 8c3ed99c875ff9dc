"""Running `pnp serve`: one first build, then uvicorn serving while the watcher rebuilds on save."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

from pnp.server.app import make_app
from pnp.server.watch import Rebuilder, watch, watched_folders


def serve(
    rebuild: Rebuilder,
    host: str,
    port: int,
    open_page: bool = False,
    extra_routes: list | None = None,
    say: Callable[[str], None] = print,
    folders: list[Path] | None = None,
) -> None:
    """Serve until Ctrl-C (or SIGTERM): the first build, the pages, the watcher."""
    # start-up: +48 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    import uvicorn

    live = rebuild.live
    rebuild()  # a broken spec still serves: the page shows the problems until the file is fixed
    folders = folders if folders is not None else watched_folders()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        live.stopping = asyncio.Event()
        watcher = asyncio.create_task(watch(folders, rebuild, live.stopping))
        url = f"http://{'localhost' if host in ('127.0.0.1', 'localhost') else host}:{port}/"
        say(f"serving {url} (watching {', '.join(str(f) for f in folders)}); Ctrl-C stops")
        if open_page:
            # start-up: +1 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
            import webbrowser

            asyncio.get_running_loop().call_later(0.3, webbrowser.open, url)
        try:
            yield
        finally:
            live.stopping.set()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(watcher, timeout=2)

    app = make_app(rebuild.out, live, extra_routes, lifespan)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2, lifespan="on")
    _run(uvicorn.Server(config))
    say("stopped")


def serve_play(
    names: list[str],
    modules: str,
    records: Path,
    host: str,
    port: int,
    query: str,
    open_page: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """`pnp play`: the Play page only, until Ctrl-C."""
    # start-up: +47 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import RedirectResponse
    from starlette.routing import Route

    # start-up: +5 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.server.play import play_routes

    url = f"http://{'localhost' if host in ('127.0.0.1', 'localhost') else host}:{port}/play?{query}"

    @contextlib.asynccontextmanager
    async def lifespan(app):
        say(f"the table is at {url}; records go to {records}/; Ctrl-C stops")
        if open_page:
            # start-up: +1 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
            import webbrowser

            asyncio.get_running_loop().call_later(0.3, webbrowser.open, url)
        yield

    async def home(request):
        return RedirectResponse(f"/play?{query}")

    app = Starlette(routes=[Route("/", home), *play_routes(names, modules, records)], lifespan=lifespan)
    _run(uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)))
    say("stopped")


def _run(server) -> None:
    """Run until Ctrl-C or SIGTERM: uvicorn stops cleanly, then passes the signal on; here it ends the run."""
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    except SystemExit:  # uvicorn exits when it cannot listen (the port is taken)
        if not server.started:
            raise OSError(98, "the address is in use or cannot be used") from None
        raise
