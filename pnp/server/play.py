"""The Play page's server side: sessions at the virtual table, judged by the engine, recorded as they go.

Every answer is JSON; the page shows it and asks again. A move the rules do not allow comes back
as 409 with the rule id and its sentence; nothing changes. Each game's record is written after
every move to RECORDS/play-GAME-Np-seedS-K.json (docs/record-format.md).
"""

from __future__ import annotations

import itertools
import json
import re
import secrets
import sys
import threading
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.core.errors import PnpError, SpecError
from pnp.core.i18n import languages
from pnp.core.locate import available_games
from pnp.core.output import write_atomic
from pnp.rules.state.model import SEEDS
from pnp.rules.table_view import choices, words_for
from pnp.server.trust import Refused, read_json, refusal

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
        # lazy: -209 ms on pnp serve until a table opens (docs/decisions.md "Plumbing only where it pays")
        from pnp.pipeline.load import load_game
        from pnp.rules.rulestext import with_language
        from pnp.rules.session import PlaySession

        name, modules, players, seed, seats = self._fields(data)
        game = with_language(load_game(name, modules=modules), self._lang(data))
        session = PlaySession(game, players, seed, seats)
        faces = self._faces(game)
        with self.lock:
            sid = secrets.token_hex(8)  # a restarted server never answers for an old page's table
            path = self._record_path(game.id, players, seed)
            self._write(path, session, "the table is not dealt")  # an unwritable folder: nothing is kept
            if len(self.sessions) >= MAX_SESSIONS:
                self.sessions.pop(next(iter(self.sessions)))
            self.sessions[sid] = (session, threading.Lock(), faces, path)
        return sid, self.view(sid)

    def _fields(self, data: dict) -> tuple[str, str, int, int, list[str] | None]:
        """The new table's game, modules, players, seed and seats; Refused (400) names a wrong field."""
        name = data.get("game") or (self.names[0] if self.names else "tranquility")
        if not isinstance(name, str) or (name not in self.names and name not in available_games()):
            raise Refused(400, f"game: expected a game or variant name, not {_shown(name)}")
        modules = data.get("modules")
        if modules in (None, ""):
            modules = self.modules or "all"
        if not isinstance(modules, str) or len(modules) > 200:
            raise Refused(
                400, f"modules: expected 'all', 'none' or module ids separated by commas, not {_shown(modules)}"
            )
        players = _int(data.get("players", 3), "players", 1, 5)
        seed = _int(data.get("seed", 1), "seed", *SEEDS)
        seats = data.get("seats")
        if isinstance(seats, str):
            seats = seats.split(",")
        if seats is not None and not (
            isinstance(seats, list) and len(seats) == players and all(s in ("person", "bot") for s in seats)
        ):
            raise Refused(
                400, f"seats: expected 'person' or 'bot' for each of the {players} seats, not {_shown(seats)}"
            )
        return name, modules, players, seed, seats

    def _lang(self, data: dict) -> str | None:
        """The table's language: the page's `lang` (a shipped one), else the command's --lang."""
        lang = data.get("lang")
        if lang in (None, ""):
            return self.lang
        if not isinstance(lang, str) or lang.lower() not in languages():
            raise Refused(400, f"lang: expected one of {', '.join(languages())}, not {_shown(lang)}")
        return lang.lower()

    def _record_path(self, game_id: str, players: int, seed: int) -> Path:
        for k in itertools.count(1):
            path = self.records / f"play-{game_id}-{players}p-seed{seed}-{k}.json"
            if not path.exists() and all(s[3] != path for s in self.sessions.values()):
                return path
        raise AssertionError("unreachable")

    def _faces(self, game) -> dict:
        # lazy: -262 ms on pnp serve until a table opens (docs/decisions.md "Plumbing only where it pays")
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
        # lazy: -187 ms on pnp serve until a table opens (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.table_view import view

        session, _, _, path = self.get(sid)
        return {**view(session), "id": sid, "record": str(path)}

    def save(self, sid: str) -> None:
        session, _, _, path = self.get(sid)
        self._write(path, session, "the move is made and is saved with the next move that can be")

    @staticmethod
    def _write(path: Path, session, then: str) -> None:
        try:
            write_atomic(path, session.record_text().encode("utf-8"))
        except OSError as exc:
            raise Refused(503, f"the record cannot be written to {path} ({exc.strerror or exc}): {then}") from None


def _int(value, what: str, low: int, high: int) -> int:
    """A whole number from low to high, given as a JSON number or its digits; Refused (400) names the field."""
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, str) and re.fullmatch(r"-?[0-9]{1,30}", text):
        text = int(text)
    if isinstance(text, bool) or not isinstance(text, int) or not low <= text <= high:
        raise Refused(400, f"{what}: expected a whole number from {low} to {high}, not {_shown(value)}")
    return text


def _card(data: dict) -> str:
    card = data.get("card")
    if not isinstance(card, str) or len(card) > 200:
        raise Refused(400, f"card: expected a card id of the hand, not {_shown(card)}")
    return card


def _shown(value) -> str:
    """A value as the answer names it: JSON, cut to 80 characters."""
    if isinstance(value, int) and abs(value) >= 10**30:
        return f"a number of {len(str(abs(value)))} digits"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:79] + "…"


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
        trust = getattr(request.app.state, "trust", None)
        html = trust.page(PAGE) if trust is not None else PAGE
        return Response(html, media_type="text/html", headers={"Cache-Control": "no-store"})

    async def games(request: Request):
        listed = sorted(set(names) | set(available_games()), key=_order(names))
        return JSONResponse({"games": listed, "lang": lang or "en", "words": words_for(lang), "players": [1, 5]})

    async def call(request: Request, work):
        """Run `work(body)` in a thread: its answer, or the error as a sentence (never a traceback)."""
        try:
            data = await read_json(request) if request.method == "POST" else {}
            return JSONResponse(await run_in_threadpool(work, data))
        except Refused as refused:
            return refusal(request.url.path, refused)
        except KeyError:
            return JSONResponse({"error": {"rule": "request", "message": "no such table"}}, status_code=404)
        except PnpError as exc:
            # lazy: -183 ms on pnp serve until a table opens (docs/decisions.md "Plumbing only where it pays")
            from pnp.rules.session import IllegalMove

            return JSONResponse({"error": _problem(exc)}, status_code=409 if isinstance(exc, IllegalMove) else 400)
        except Exception as exc:  # a fault of pnp's own: one line on the terminal, a sentence in the page
            message = f"the table could not answer {request.url.path}: {type(exc).__name__}: {exc}"
            print(f"error: {message[:300]}", file=sys.stderr)
            return JSONResponse({"error": {"rule": "internal", "message": message[:300]}}, status_code=500)

    def locked(sid: str, work, save: bool = True):
        session, lock, _, _ = tables.get(sid)
        with lock:
            result = work(session)
            if save:
                tables.save(sid)
            return {**(result or {}), "view": tables.view(sid)} if save else result

    async def new(request: Request):
        def work(data):
            sid, shown = tables.new(data)
            return {"id": sid, "view": shown}

        return await call(request, work)

    async def show(request: Request):
        sid = request.path_params["sid"]
        return await call(request, lambda data: locked(sid, lambda s: {"view": tables.view(sid)}, save=False))

    async def places(request: Request):
        sid = request.path_params["sid"]
        return await call(request, lambda data: locked(sid, lambda s: choices(s, _card(data)), save=False))

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
