"""Running `pnp serve`: one first build, then uvicorn serving while the watcher rebuilds on save."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket
import webbrowser
from collections.abc import Callable
from pathlib import Path

import uvicorn

from pnp.server.app import make_app, play_app
from pnp.server.trust import Trust
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
    live = rebuild.live
    stop_streams: list[Callable[[], object]] = []  # Ctrl-C ends the open pages' event streams at once
    sock = _bind(host, port)  # before the build and the announcement: a taken port is the one error
    trust = Trust(host, sock.getsockname()[1])  # the real port: --port 0 takes any free one
    rebuild()  # a broken spec still serves: the page shows the problems until the file is fixed
    folders = folders if folders is not None else watched_folders()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        live.stopping = asyncio.Event()
        stop_streams.append(functools.partial(asyncio.get_running_loop().call_soon_threadsafe, live.stopping.set))
        watcher = asyncio.create_task(watch(folders, rebuild, live.stopping))
        url = _url(host, trust.port) + "/"
        say(f"serving {url} (watching {', '.join(str(f) for f in folders)}); Ctrl-C stops")
        if open_page:
            asyncio.get_running_loop().call_later(0.3, webbrowser.open, url)
        try:
            yield
        finally:
            live.stopping.set()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(watcher, timeout=2)

    app = make_app(rebuild.out, live, trust, extra_routes, lifespan)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, lifespan="on")
    _run(_server(uvicorn, config, lambda: [stop() for stop in stop_streams]), sock)
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
    lang: str | None = None,
) -> None:
    """`pnp play`: the Play page only, until Ctrl-C."""
    sock = _bind(host, port)  # before the table is announced: a taken port is the one error
    trust = Trust(host, sock.getsockname()[1])  # the real port: --port 0 takes any free one
    url = f"{_url(host, trust.port)}/play?{query}"

    @contextlib.asynccontextmanager
    async def lifespan(app):
        say(f"the table is at {url}; records go to {records}/; Ctrl-C stops")
        if open_page:
            asyncio.get_running_loop().call_later(0.3, webbrowser.open, url)
        yield

    app = play_app(names, modules, records, query, trust, lifespan, lang)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
    _run(_server(uvicorn, config), sock)
    say("stopped")


def _server(uvicorn, config, stopping: Callable[[], object] = lambda: None):
    """uvicorn's server, which on Ctrl-C or SIGTERM first ends what would keep it waiting (`stopping`),
    and takes a connection cut by the stop for what it is, not an error with a traceback."""

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            logging.getLogger("uvicorn.error").setLevel(logging.CRITICAL)
            stopping()
            super().handle_exit(sig, frame)

    return Server(config)


def _url(host: str, port: int) -> str:
    """The address to announce: localhost for this machine, brackets around an IPv6 address."""
    name = "localhost" if host in ("127.0.0.1", "localhost", "::1") else f"[{host}]" if ":" in host else host
    return f"http://{name}:{port}"


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is announced: OSError (the port is taken, the address
    is not this machine's) for the command's one-line error, instead of uvicorn's log line."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)  # a page opened at once waits in the queue until uvicorn accepts it
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _run(server, sock: socket.socket) -> None:
    """Run until Ctrl-C or SIGTERM: uvicorn stops cleanly, then passes the signal on; here it ends the run."""
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    except SystemExit:  # uvicorn exits when it cannot listen (the port is taken)
        if not server.started:
            raise OSError(98, "the address is in use or cannot be used") from None
        raise
