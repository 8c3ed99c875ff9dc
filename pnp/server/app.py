"""The starlette applications: `pnp serve`'s gallery with live.js, the output files, the events (and the
table); `pnp play`'s table. Both answer only what pnp/server/trust.py lets through."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnp.server.live import Live
from pnp.server.play import play_routes
from pnp.server.trust import Trust, TrustMiddleware

LIVE_JS = (Path(__file__).parent / "live.js").read_text(encoding="utf-8")
_EMPTY = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>pnp serve</title></head>'
    "<body><h1>pnp serve</h1><p>Nothing has been built yet: fix the problems shown above.</p></body></html>"
)


def gallery_page(out: Path) -> str:
    """The built gallery with the live script added (the file on disk stays as `pnp build` wrote it)."""
    index = out / "index.html"
    html = index.read_text(encoding="utf-8") if index.is_file() else _EMPTY
    tag = '<script src="/_pnp/live.js"></script>'
    return html.replace("</body>", tag + "</body>", 1) if "</body>" in html else html + tag


def trusted_app(routes: list, trust: Trust, lifespan=None) -> Starlette:
    """A starlette application that answers only what `trust` lets through (pnp/server/trust.py);
    its pages find the trust (and the token they carry) at request.app.state.trust."""
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(TrustMiddleware, trust=trust)])
    app.state.trust = trust
    return app


def play_app(
    names: list[str], modules: str, records: Path, query: str, trust: Trust, lifespan=None, lang: str | None = None
) -> Starlette:
    """`pnp play`'s application: the Play page (its address without a path leads there) and its API."""

    async def home(request):
        return RedirectResponse(f"/play?{query}")

    return trusted_app([Route("/", home), *play_routes(names, modules, records, lang)], trust, lifespan)


def make_app(out: Path, live: Live, trust: Trust, extra_routes: list | None = None, lifespan=None) -> Starlette:
    async def index(request):
        return HTMLResponse(trust.page(gallery_page(out)), headers={"Cache-Control": "no-store"})

    async def events(request):
        return StreamingResponse(
            live.stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def script(request):
        return Response(LIVE_JS, media_type="text/javascript", headers={"Cache-Control": "no-store"})

    async def status(request):
        return JSONResponse(live.news)

    out.mkdir(parents=True, exist_ok=True)
    routes = [
        Route("/", index),
        Route("/index.html", index),
        Route("/_pnp/events", events),
        Route("/_pnp/live.js", script),
        Route("/_pnp/status", status),
        *(extra_routes or []),
        Mount("/", StaticFiles(directory=out, html=False, check_dir=False)),
    ]
    return trusted_app(routes, trust, lifespan)
