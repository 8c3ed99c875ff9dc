"""The Play page's server side: sessions at the virtual table, judged by the engine, recorded as they go.

Every answer is JSON; the page shows it and asks again. A move the rules do not allow comes back
as 409 with the rule id and its sentence; nothing changes. Each game's record is written after
every move to RECORDS/play-GAME-Np-seedS-K.json (docs/record-format.md).
"""

from __future__ import annotations

import itertools
import secrets
import threading
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.core.errors import PnpError, SpecError
from pnp.core.output import write_atomic
from pnp.rules.table_view import choices, words_for

PAGE = (Path(__file__).parent / "play.html").read_text(encoding="utf-8")
MAX_SESSIONS = 200


class Tables:
    """The open sessions, their faces and where their records go."""

    def __init__(self, names: list[str], modules: str, records: Path, lang: str | None = None):
        self.names, self.modules, self.records, self.lang = names, modules, records, lang
        self.sessions: dict[str, tuple] = {}  # id -> (session, lock, faces, record path)
        self.faces: dict[tuple, dict] = {}
        self.lock = threading.Lock()

    def new(self, data: dict) -> tuple[str, dict]:
        # start-up: +209 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.core.i18n import check_language
        from pnp.core.locate import available_games
        from pnp.game.rulestext import with_language
        from pnp.pipeline.load import load_game
        from pnp.rules.session import PlaySession

        name = str(data.get("game") or (self.names[0] if self.names else "tranquility"))
        if name not in available_games() and name not in self.names:
            raise PnpError(f"unknown game or variant {name!r}")
        modules = data.get("modules", self.modules)
        lang = check_language(str(data["lang"]), "lang") if data.get("lang") else self.lang
        game = with_language(load_game(name, modules=modules if modules not in (None, "") else "all"), lang)
        players, seed = _int(data.get("players", 3), "players"), _int(data.get("seed", 1), "seed")
        session = PlaySession(game, players, seed, data.get("seats"))
        with self.lock:
            sid = secrets.token_hex(8)  # a restarted server never answers for an old page's table
            if len(self.sessions) >= MAX_SESSIONS:
                self.sessions.pop(next(iter(self.sessions)))
            path = self._record_path(game.id, players, seed)
            self.sessions[sid] = (session, threading.Lock(), self._faces(game), path)
        self.save(sid)
        return sid, self.view(sid)

    def _record_path(self, game_id: str, players: int, seed: int) -> Path:
        for k in itertools.count(1):
            path = self.records / f"play-{game_id}-{players}p-seed{seed}-{k}.json"
            if not path.exists() and all(s[3] != path for s in self.sessions.values()):
                return path
        raise AssertionError("unreachable")

    def _faces(self, game) -> dict:
        # start-up: +262 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.svg.faces import render_faces

        key = (game.id, game.spec_file, game.language, tuple(m.id for m in game.modules), _mtimes(game))
        if key not in self.faces:
            self.faces[key] = {face.id: face.svg for face in render_faces(game)}
        return self.faces[key]

    def get(self, sid: str):
        if sid not in self.sessions:
            raise KeyError(sid)
        return self.sessions[sid]

    def view(self, sid: str) -> dict:
        # start-up: +187 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.rules.table_view import view

        session, _, _, path = self.get(sid)
        return {**view(session), "id": sid, "record": str(path)}

    def save(self, sid: str) -> None:
        session, _, _, path = self.get(sid)
        write_atomic(path, session.record_text().encode("utf-8"))


def _int(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip().lstrip("-").isdigit():
        raise PnpError(f"{what} must be a whole number, not {value!r}")
    return int(value)


def _mtimes(game) -> tuple:
    folders = [Path(game.spec_file).parent, *[Path(d) for d in game.template_dirs]]
    return tuple(
        sorted((str(p), p.stat().st_mtime_ns) for f in folders if f.is_dir() for p in f.rglob("*") if p.is_file())
    )


def _problem(exc: PnpError) -> dict:
    if isinstance(exc, SpecError):
        return {"rule": "spec", "message": "\n".join(str(p) for p in exc.problems)}
    violation = getattr(exc, "violation", None)
    if violation is not None:
        return {"rule": violation.rule, "message": violation.message, "text": str(violation)}
    return {"rule": "error", "message": str(exc)}


def play_routes(names: list[str], modules: str, records: Path = Path("records"), lang: str | None = None) -> list:
    tables = Tables(names, modules, records, lang)

    async def page(request: Request):
        return Response(PAGE, media_type="text/html", headers={"Cache-Control": "no-store"})

    async def games(request: Request):
        # start-up: +7 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.core.locate import available_games

        listed = sorted(set(names) | set(available_games()), key=_order(names))
        return JSONResponse({"games": listed, "lang": lang or "en", "words": words_for(lang), "players": [1, 5]})

    async def call(request: Request, work):
        try:
            data = await request.json() if request.method == "POST" else {}
        except ValueError:
            return JSONResponse({"error": {"rule": "request", "message": "expected JSON"}}, status_code=400)
        try:
            return JSONResponse(await run_in_threadpool(work, data if isinstance(data, dict) else {}))
        except KeyError:
            return JSONResponse({"error": {"rule": "request", "message": "no such table"}}, status_code=404)
        except PnpError as exc:
            # start-up: +183 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
            from pnp.rules.session import IllegalMove

            return JSONResponse({"error": _problem(exc)}, status_code=409 if isinstance(exc, IllegalMove) else 400)

    def locked(sid: str, work):
        session, lock, _, _ = tables.get(sid)
        with lock:
            result = work(session)
            tables.save(sid)
            return {**(result or {}), "view": tables.view(sid)}

    async def new(request: Request):
        def work(data):
            sid, shown = tables.new(data)
            return {"id": sid, "view": shown}

        return await call(request, work)

    async def show(request: Request):
        return await call(request, lambda data: {"view": tables.view(request.path_params["sid"])})

    async def places(request: Request):
        sid = request.path_params["sid"]
        return await call(request, lambda data: choices(tables.get(sid)[0], str(data.get("card"))))

    async def move(request: Request):
        sid = request.path_params["sid"]
        return await call(request, lambda data: locked(sid, lambda s: s.move(data.get("move", data))))

    async def undo(request: Request):
        sid = request.path_params["sid"]
        return await call(request, lambda data: locked(sid, lambda s: {"undone": s.undo()}))

    async def face(request: Request):
        sid, face_id = request.path_params["sid"], request.path_params["face"]
        try:
            svg = tables.get(sid)[2][face_id]
        except KeyError:
            return Response("no such face", status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    return [
        Route("/play", page),
        Route("/_pnp/play/games", games),
        Route("/_pnp/play/new", new, methods=["POST"]),
        Route("/_pnp/play/{sid}", show),
        Route("/_pnp/play/{sid}/places", places, methods=["POST"]),
        Route("/_pnp/play/{sid}/move", move, methods=["POST"]),
        Route("/_pnp/play/{sid}/undo", undo, methods=["POST"]),
        Route("/_pnp/play/{sid}/face/{face}.svg", face),
    ]


def _order(names: list[str]):
    return lambda name: (name not in names, names.index(name) if name in names else 0, name != "tranquility", name)
