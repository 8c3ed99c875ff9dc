"""Who the local servers answer: pages of this machine only (docs/designer.md "Who the servers answer").

- Host: a request must name the address the server listens on (`localhost:PORT`, `127.0.0.1:PORT`,
  `[::1]:PORT` or the `--host` address); any other name is a page elsewhere that rebound its name to
  this machine (DNS rebinding): 421.
- A request that changes something (any method but GET, HEAD, OPTIONS) comes from the server's own
  page (its `Origin`, or `Sec-Fetch-Site: same-origin`) or carries the token given in the page
  (`X-PNP-Token`), and sends JSON: 403 otherwise (415 for another content type). A page of another
  site can send neither JSON nor the header without asking first, and the server never says yes.
- Bodies: at most 64 KiB, read within 10 s, JSON nested at most 32 deep, an object (read_json).
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import re
import secrets
import socket
from dataclasses import dataclass, field

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

MAX_BODY = 64 * 1024
MAX_DEPTH = 32
BODY_SECONDS = 10.0
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
TOKEN_HEADER = "X-PNP-Token"
LOOPBACK = ("localhost", "127.0.0.1", "[::1]")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class Refused(Exception):
    """A request the server does not answer: the status and the sentence that says why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


@dataclass(frozen=True)
class Trust:
    """The names this server answers to and the token its pages carry."""

    host: str  # the address it listens on (--host)
    port: int  # the real port (after --port 0 chose one)
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    @property
    def everywhere(self) -> bool:
        """Listening on every address (0.0.0.0, ::): reached by any of this machine's addresses."""
        return self.host in ("", "0.0.0.0", "::")

    @functools.cached_property
    def names(self) -> frozenset[str]:
        """The Host values accepted (lower case, with the port); looked up once (getfqdn may ask DNS)."""
        bound = f"[{self.host}]" if ":" in self.host else self.host
        names = {*LOOPBACK, bound.lower()}
        if self.everywhere:
            machine = socket.gethostname().lower()
            names |= {machine, socket.getfqdn().lower(), machine.split(".")[0] + ".local"}
        return frozenset({f"{name}:{self.port}" for name in names} | (names if self.port == 80 else set()))

    def host_allowed(self, value: str) -> bool:
        value = value.strip().lower()
        if value in self.names:
            return True
        return self.everywhere and _ip_host(value, self.port)

    def check(self, method: str, headers: Headers) -> None:
        """Raise Refused unless this request may be answered (the body is checked by read_json)."""
        host = headers.get("host", "")
        if not self.host_allowed(host):
            named = f"the host {_cut(host)!r}" if host else "no host"
            raise Refused(
                421,
                f"this server answers this machine's pages only: the request names {named}, "
                f"not localhost:{self.port} (start it with --host to share it on a network)",
            )
        if method in SAFE:
            return
        if not (self._same_origin(headers, host) or self._token(headers)):
            raise Refused(403, _foreign(headers))
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise Refused(415, f"a request that changes the table sends JSON (application/json), not {_cut(kind)!r}")
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            raise Refused(413, f"the request's body is larger than {MAX_BODY // 1024} KiB")

    def _same_origin(self, headers: Headers, host: str) -> bool:
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return False
        origin = headers.get("origin")
        if origin is not None:
            return origin.lower() == f"http://{host.strip().lower()}"
        return site == "same-origin"

    def _token(self, headers: Headers) -> bool:
        given = headers.get(TOKEN_HEADER)  # Headers are case-insensitive
        return given is not None and secrets.compare_digest(given.encode(), self.token.encode())

    def page(self, html: str) -> str:
        """A page of this server, with the token its scripts may send (X-PNP-Token)."""
        tag = f'<meta name="pnp-token" content="{self.token}">'
        return html.replace("</head>", tag + "</head>", 1) if "</head>" in html else tag + html


class TrustMiddleware:
    """Refuses, before any route runs, what Trust.check refuses: a sentence and its status."""

    def __init__(self, app: ASGIApp, trust: Trust):
        self.app, self.trust = app, trust

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            try:
                self.trust.check(scope.get("method", "GET"), Headers(scope=scope))
            except Refused as refused:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                await refusal(scope["path"], refused)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def refusal(path: str, refused: Refused) -> Response:
    """The API answers JSON ({"error": {"rule": "request", "message": ...}}); the pages a sentence."""
    if path.startswith("/_pnp/"):
        return JSONResponse({"error": {"rule": "request", "message": refused.message}}, status_code=refused.status)
    return PlainTextResponse(refused.message + "\n", status_code=refused.status)


async def read_json(request: Request) -> dict:
    """The request's body as a JSON object ({} when empty); Refused (400, 408, 413) names what is wrong."""
    body = bytearray()

    async def read() -> None:
        async for chunk in request.stream():
            body.extend(chunk)
            if len(body) > MAX_BODY:
                raise Refused(413, f"the request's body is larger than {MAX_BODY // 1024} KiB")

    try:
        await asyncio.wait_for(read(), timeout=BODY_SECONDS)
    except asyncio.TimeoutError:
        raise Refused(408, f"the request's body did not arrive within {BODY_SECONDS:g} s") from None
    if not body.strip():
        return {}
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, "the request's body is not UTF-8 text") from None
    if _depth(text) > MAX_DEPTH:
        raise Refused(400, f"the request's JSON nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        raise Refused(400, f"the request's body is not JSON: {_cut(str(exc))}") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request's body is a JSON object ({...})")
    return data


def _depth(text: str) -> int:
    """How deep the arrays and objects nest (brackets inside strings do not count)."""
    deepest = depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _ip_host(value: str, port: int) -> bool:
    """HOST:PORT where HOST is an IP address (a page that rebinds a name sends the name, not an address)."""
    name, _, given = value.rpartition(":")
    if given != str(port):
        return False
    try:
        ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
    except ValueError:
        return False
    return True


def _foreign(headers: Headers) -> str:
    origin, site = headers.get("origin"), headers.get("sec-fetch-site")
    source = f"from {_cut(origin)!r}" if origin else f"(Sec-Fetch-Site: {_cut(site)})" if site else "without an Origin"
    return (
        f"a request {source} may not change the table: it must come from this server's own page "
        f"or carry the page's token ({TOKEN_HEADER})"
    )


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
