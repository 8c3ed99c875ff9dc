"""The servers of `pnp serve` and `pnp play` as an attacker and a careless client meet them (issue 26,
item 1): they answer this machine's pages only, refuse cross-site changes, cap what they read, name
the field that is wrong, and stop cleanly. Never a 500, never a traceback.

Most cases ask the real application through starlette's TestClient; the concurrency, slow-client,
port and signal cases run a real uvicorn on loopback (in a thread, or as `pnp` in its own process).
"""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pnp.cli import app as cli
from pnp.server import trust as trust_module
from pnp.server.app import make_app, play_app
from pnp.server.live import Live
from pnp.server.play import play_routes
from pnp.server.trust import Trust

ROOT = Path(__file__).resolve().parents[2]
PORT = 8001
HOME = f"http://localhost:{PORT}"
SAME = {"Origin": HOME}  # what the table's page sends with every POST (browsers add it to every fetch POST)
DEAL = {"game": "tranquility", "players": 2, "seed": 7}


def _play_app(records: Path, port: int = PORT):
    """`pnp play tranquility`'s application, listening on 127.0.0.1:port."""
    return play_app(["tranquility"], "all", records, "game=tranquility", Trust("127.0.0.1", port))


def _serve_app(out: Path, records: Path):
    """`pnp serve`'s application: the gallery, the output files, the events and the table."""
    return make_app(out, Live(), Trust("127.0.0.1", PORT), play_routes(["tranquility"], "all", records))


@pytest.fixture
def records(tmp_path) -> Path:
    return tmp_path / "records"


@pytest.fixture
def table(records, caplog) -> Iterator[TestClient]:
    """The Play page's server as `pnp play` runs it, asked at http://localhost:8001; no request of a test
    may log an error (a traceback is logged at ERROR)."""
    with caplog.at_level(logging.WARNING), TestClient(_play_app(records), base_url=HOME) as client:
        yield client
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


@pytest.fixture
def gallery(tmp_path, records) -> TestClient:
    out = tmp_path / "output"
    (out / "tranquility").mkdir(parents=True)
    (out / "tranquility" / "deck.json").write_text('{"cards": []}')
    return TestClient(_serve_app(out, records), base_url=HOME)


def _error(response) -> str:
    return response.json()["error"]["message"]


# --- Host: a page elsewhere that rebinds its name to 127.0.0.1 reads nothing ---------------------


@pytest.mark.parametrize("path", ["/tranquility/deck.json", "/_pnp/status", "/", "/play", "/_pnp/play/games"])
def test_a_foreign_host_reads_nothing(gallery, path):
    response = gallery.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 421
    assert "this server answers this machine's pages only: the request names the host 'evil.example'" in (response.text)
    assert "cards" not in response.text


@pytest.mark.parametrize("host", [f"localhost:{PORT}", f"127.0.0.1:{PORT}", f"[::1]:{PORT}", f"LocalHost:{PORT}"])
def test_this_machines_names_are_answered(gallery, host):
    assert gallery.get("/tranquility/deck.json", headers={"Host": host}).json() == {"cards": []}


@pytest.mark.parametrize("host", ["localhost", "localhost:9999", "127.0.0.2:8001", "evil.example:8001", ""])
def test_another_port_or_a_name_of_elsewhere_is_refused(gallery, host):
    assert gallery.get("/_pnp/status", headers={"Host": host}).status_code == 421


def test_a_server_shared_on_every_address_answers_its_addresses_but_no_rebound_name(tmp_path):
    trust = Trust("0.0.0.0", PORT)
    assert trust.host_allowed(f"192.168.1.20:{PORT}") and trust.host_allowed(f"[fe80::1]:{PORT}")
    assert trust.host_allowed(f"{socket.gethostname()}:{PORT}")
    assert not trust.host_allowed(f"evil.example:{PORT}") and not trust.host_allowed("192.168.1.20:9")


# --- changes: the table's own page, in JSON, or the page's token --------------------------------


def test_a_cross_site_text_plain_post_deals_nothing_and_writes_no_record(table, records):
    response = table.post(
        "/_pnp/play/new",
        content=json.dumps(DEAL),
        headers={"Origin": "https://evil.example", "Content-Type": "text/plain"},
    )
    assert response.status_code == 403
    assert _error(response) == (
        "a request from 'https://evil.example' may not change the table: it must come from this "
        "server's own page or carry the page's token (X-PNP-Token)"
    )
    assert not records.exists()


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": f"http://localhost:{PORT + 1}"},
        {"Origin": f"https://localhost:{PORT}"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": HOME, "Sec-Fetch-Site": "cross-site"},
        {},  # a client that says nothing about where it comes from
        {"X-PNP-Token": "guessed"},
    ],
)
def test_a_request_from_elsewhere_may_not_deal(table, records, headers):
    response = table.post("/_pnp/play/new", json=DEAL, headers=headers)
    assert response.status_code == 403 and "may not change the table" in _error(response)
    assert not records.exists()


def test_a_cross_site_post_may_not_move_for_the_player(table, records):
    dealt = table.post("/_pnp/play/new", json=DEAL, headers=SAME).json()
    sid, hand = dealt["id"], dealt["view"]["hands"][0]
    before = Path(dealt["view"]["record"]).read_text()
    move = {"move": {"player": 1, "action": "discard", "cards": [c["piece"] for c in hand[:2]]}}
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "https://evil.example", "X-PNP-Token": "x"}):
        assert table.post(f"/_pnp/play/{sid}/move", json=move, headers=headers).status_code == 403
    assert table.post(f"/_pnp/play/{sid}/undo", json={}, headers={"Origin": "https://evil.example"}).status_code == 403
    assert Path(dealt["view"]["record"]).read_text() == before
    assert table.get(f"/_pnp/play/{sid}").json()["view"]["moves"] == 0


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_the_same_page_sends_json_or_nothing_changes(table, records, kind):
    headers = {**SAME, **({"Content-Type": kind} if kind else {})}
    response = table.post("/_pnp/play/new", content=json.dumps(DEAL), headers=headers)
    assert response.status_code == 415
    assert _error(response) == f"a request that changes the table sends JSON (application/json), not {kind or ''!r}"
    assert not records.exists()


def test_the_tables_own_page_deals_by_its_origin_or_by_sec_fetch_site(table):
    assert table.post("/_pnp/play/new", json=DEAL, headers=SAME).status_code == 200
    assert table.post("/_pnp/play/new", json=DEAL, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
    assert table.post("/_pnp/play/new", json=DEAL, headers={"Origin": f"http://127.0.0.1:{PORT}"}).status_code == 403


def test_a_client_without_an_origin_deals_with_the_token_given_in_the_page(table, gallery):
    for client, path in ((table, "/play"), (gallery, "/")):
        page = client.get(path).text
        token = re.search(r'<meta name="pnp-token" content="([^"]+)">', page)
        assert token is not None, f"no token in {path}"
    token = re.search(r'<meta name="pnp-token" content="([^"]+)">', table.get("/play").text)
    assert token is not None
    assert table.post("/_pnp/play/new", json=DEAL, headers={"X-PNP-Token": token.group(1)}).status_code == 200


def test_the_reads_stay_open_to_this_machine(table):
    assert table.get("/_pnp/play/games").json()["games"][0] == "tranquility"
    assert table.get("/", follow_redirects=False).headers["location"] == "/play?game=tranquility"
    options = table.options("/_pnp/play/new", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in options.headers  # a preflight is never granted


# --- bodies: capped in size and depth ----------------------------------------------------------


def test_an_oversized_body_is_refused_before_it_is_read(table, records):
    response = table.post("/_pnp/play/new", content=b"{" + b" " * 70_000 + b"}", headers={**SAME, **_JSON})
    assert response.status_code == 413 and _error(response) == "the request's body is larger than 64 KiB"
    assert not records.exists()


def test_an_oversized_body_without_a_length_is_cut_off_as_it_arrives(table, records):
    def chunks():
        yield b'{"game": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}'

    response = table.post("/_pnp/play/new", content=chunks(), headers={**SAME, **_JSON})
    assert response.status_code == 413 and _error(response) == "the request's body is larger than 64 KiB"


_JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize(
    "body, status, message",
    [
        ("[" * 50_000 + "]" * 50_000, 413, "the request's body is larger than 64 KiB"),
        ("[" * 30_000 + "]" * 30_000, 400, "the request's JSON nests deeper than 32 levels"),
        ('{"a":' * 5_000 + "1" + "}" * 5_000, 400, "the request's JSON nests deeper than 32 levels"),
        ("[" * 33 + "]" * 33, 400, "the request's JSON nests deeper than 32 levels"),
        ('{"seed": ' + "9" * 5000 + "}", 400, "the request's body is not JSON: Exceeds the limit"),
        ('{"seed": NaN}', 400, "the request's body is not JSON: NaN is not a JSON number"),
        ("{", 400, "the request's body is not JSON: Expecting property name"),
        ("[1, 2]", 400, "the request's body is a JSON object ({...})"),
        (b"\xff\xfe{}", 400, "the request's body is not UTF-8 text"),
    ],
)
def test_a_body_that_is_not_a_small_json_object_is_refused(table, records, body, status, message):
    response = table.post("/_pnp/play/new", content=body, headers={**SAME, **_JSON})
    assert response.status_code == status and _error(response).startswith(message), response.text
    assert not records.exists()


def test_brackets_inside_strings_are_not_nesting(table):
    response = table.post("/_pnp/play/new", json={**DEAL, "modules": "[[[[" * 40}, headers=SAME)
    assert response.status_code == 400 and _error(response).startswith("unknown module")


# --- fields: a wrong one is a 400 that names it -------------------------------------------------

RANGE = "a whole number from -9223372036854775808 to 18446744073709551615"


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"modules": 5}, "modules: expected 'all', 'none' or module ids separated by commas, not 5"),
        (
            {"modules": ["goats"]},
            """modules: expected 'all', 'none' or module ids separated by commas, not ["goats"]""",
        ),
        ({"seats": 5}, "seats: expected 'person' or 'bot' for each of the 2 seats, not 5"),
        (
            {"seats": ["person", "root"]},
            """seats: expected 'person' or 'bot' for each of the 2 seats, not ["person", "root"]""",
        ),
        ({"seed": int("9" * 300)}, f"seed: expected {RANGE}, not a number of 300 digits"),
        ({"seed": "9" * 5000}, f'seed: expected {RANGE}, not "{"9" * 78}…'),
        ({"seed": 2**64}, f"seed: expected {RANGE}, not 18446744073709551616"),
        ({"seed": -(2**63) - 1}, f"seed: expected {RANGE}, not -9223372036854775809"),
        ({"seed": 1.5}, f"seed: expected {RANGE}, not 1.5"),
        ({"seed": True}, f"seed: expected {RANGE}, not true"),
        ({"players": 7}, "players: expected a whole number from 1 to 5, not 7"),
        ({"players": "two"}, 'players: expected a whole number from 1 to 5, not "two"'),
        ({"players": None}, "players: expected a whole number from 1 to 5, not null"),
        ({"game": "../outside/evil.json"}, 'game: expected a game or variant name, not "../outside/evil.json"'),
        ({"game": "/etc/passwd"}, 'game: expected a game or variant name, not "/etc/passwd"'),
        ({"game": 5}, "game: expected a game or variant name, not 5"),
        ({"game": {"id": "tranquility"}}, 'game: expected a game or variant name, not {"id": "tranquility"}'),
    ],
)
def test_a_wrong_field_is_a_400_naming_it(table, records, fields, message):
    response = table.post("/_pnp/play/new", json={**DEAL, **fields}, headers=SAME)
    assert response.status_code == 400 and _error(response) == message
    assert not records.exists()


def test_a_wrong_card_or_move_is_named_and_changes_nothing(table):
    sid = table.post("/_pnp/play/new", json=DEAL, headers=SAME).json()["id"]
    response = table.post(f"/_pnp/play/{sid}/places", json={"card": ["island-01"]}, headers=SAME)
    assert response.status_code == 400 and _error(response) == 'card: expected a card id of the hand, not ["island-01"]'
    response = table.post(f"/_pnp/play/{sid}/move", json={"move": 5}, headers=SAME)
    assert response.status_code == 409 and response.json()["error"]["rule"] == "move-shape"
    response = table.post(f"/_pnp/play/{sid}/move", json={"move": {"player": 10**40}}, headers=SAME)
    assert response.status_code == 409 and response.json()["error"]["rule"] == "move-shape"
    assert table.get("/_pnp/play/nosuchtable").status_code == 404


def test_an_unwritable_records_folder_is_a_sentence_and_no_table(tmp_path, caplog):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    with TestClient(_play_app(blocked / "records"), base_url=HOME) as client:
        response = client.post("/_pnp/play/new", json=DEAL, headers=SAME)
        assert response.status_code == 503
        assert _error(response).startswith(f"the record cannot be written to {blocked / 'records'}/play-tranquility-2p")
        assert _error(response).endswith(": the table is not dealt")
        assert client.get("/_pnp/play/1").status_code == 404
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def test_a_records_folder_lost_during_a_game_keeps_the_move_and_says_so(tmp_path):
    records = tmp_path / "records"
    with TestClient(_play_app(records), base_url=HOME) as client:
        dealt = client.post("/_pnp/play/new", json=DEAL, headers=SAME).json()
        Path(dealt["view"]["record"]).unlink()
        records.rmdir()
        records.write_text("now a file")
        hand = dealt["view"]["hands"][0]
        move = {"move": {"player": 1, "action": "discard", "cards": [c["piece"] for c in hand[:2]]}}
        response = client.post(f"/_pnp/play/{dealt['id']}/move", json=move, headers=SAME)
        assert response.status_code == 503
        assert _error(response).endswith(": the move is made and is saved with the next move that can be")
        assert client.get(f"/_pnp/play/{dealt['id']}").json()["view"]["moves"] == 1


@pytest.mark.parametrize("seed", [9223372036854775809, 2**64 - 1, -(2**63), "18446744073709551615"])
def test_a_record_written_by_the_table_always_replays(table, tmp_path, monkeypatch, seed):
    response = table.post("/_pnp/play/new", json={**DEAL, "seed": seed}, headers=SAME)
    assert response.status_code == 200
    record = Path(response.json()["view"]["record"])
    assert json.loads(record.read_text())["setup"]["seed"] == int(seed)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("0 moves, every one legal; the game is playing\n")


# --- a real uvicorn on loopback: many at once, and a client that takes its time -----------------


@contextmanager
def _uvicorn(app_for_port) -> Iterator[int]:
    """A real uvicorn serving app_for_port(port) on 127.0.0.1 in a thread, until the block ends."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app_for_port(port), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def _ask(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict | str]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    kind = response.getheader("content-type", "")
    return response.status, json.loads(text) if "json" in kind else text


def test_fifty_requests_at_once_are_each_answered(records, caplog):
    with caplog.at_level(logging.WARNING), _uvicorn(lambda port: _play_app(records, port)) as port:
        status, dealt = _ask(port, "POST", "/_pnp/play/new", DEAL)
        assert status == 200 and isinstance(dealt, dict)
        sid, hand = dealt["id"], [c["piece"] for c in dealt["view"]["hands"][0]]
        face = dealt["view"]["hands"][0][0]["face"]
        asks = [
            ("GET", f"/_pnp/play/{sid}", None),
            ("POST", f"/_pnp/play/{sid}/places", {"card": hand[0]}),
            ("GET", f"/_pnp/play/{sid}/face/{face}.svg", None),
            ("GET", "/_pnp/play/games", None),
            ("POST", "/_pnp/play/new", {**DEAL, "seed": 8}),
        ]
        with ThreadPoolExecutor(50) as pool:
            answers = list(pool.map(lambda k: _ask(port, *asks[k % len(asks)]), range(50)))
        assert [status for status, _ in answers] == [200] * 50
        move = {"move": {"player": 1, "action": "discard", "cards": hand[:2]}}
        status, moved = _ask(port, "POST", f"/_pnp/play/{sid}/move", move)
        assert status == 200 and isinstance(moved, dict) and moved["view"]["moves"] >= 1
        assert len(list(records.glob("play-tranquility-2p-seed8-*.json"))) == 10
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def _request_head(port: int, length: int) -> bytes:
    return (
        f"POST /_pnp/play/new HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


def test_a_slow_client_does_not_hold_up_the_others(records):
    body = json.dumps(DEAL).encode()
    with _uvicorn(lambda port: _play_app(records, port)) as port, socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(_request_head(port, len(body)) + body[:5])  # half a request, then nothing for a while
        slower = socket.create_connection(("127.0.0.1", port))
        slower.sendall(_request_head(port, len(body))[:40])  # half the headers
        for _ in range(3):
            assert _ask(port, "GET", "/_pnp/play/games")[0] == 200
            assert _ask(port, "POST", "/_pnp/play/new", DEAL)[0] == 200
        slow.sendall(body[5:])
        slow.settimeout(60)
        assert slow.recv(64).startswith(b"HTTP/1.1 200 ")
        slower.sendall(_request_head(port, len(body))[40:] + body)
        slower.settimeout(60)
        assert slower.recv(64).startswith(b"HTTP/1.1 200 ")
        slower.close()


def _whole_answer(sock: socket.socket) -> bytes:
    """An HTTP answer read to the end of its body (its head and body may come in separate packets)."""
    answer = b""
    while True:
        head, _, body = answer.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: *(\d+)", head)
        if _ and length and len(body) >= int(length.group(1)):
            return answer
        chunk = sock.recv(4096)
        if not chunk:
            return answer
        answer += chunk


def test_a_client_that_never_finishes_its_body_is_answered_408(records, monkeypatch):
    monkeypatch.setattr(trust_module, "BODY_SECONDS", 0.3)
    with _uvicorn(lambda port: _play_app(records, port)) as port, socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(_request_head(port, 100) + b'{"game"')
        slow.settimeout(60)
        answer = _whole_answer(slow)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert b"the request's body did not arrive within 0.3 s" in answer
    assert not records.exists()


# --- the commands: the announced port, and Ctrl-C or SIGTERM with a page open ------------------


def _start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, int, str]:
    """`pnp ARGS --port 0` in its own process: the process, the port it announced, the announcement."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pnp.cli import main; main()", *args, "--port", "0"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    line = ""
    while "Ctrl-C stops" not in line:
        line = proc.stderr.readline()
        if not line and proc.poll() is not None:
            raise AssertionError(f"pnp {' '.join(args)} stopped: exit {proc.returncode}")
    found = re.search(r"http://localhost:(\d+)/", line)
    assert found is not None, line
    return proc, int(found.group(1)), line


COMMANDS = {
    "play": ["play", "tranquility", "--no-open", "--records", "records"],
    "serve": ["serve", "galateia", "--no-setup", "--no-booklet", "--paper", "a4", "--out", "output"],
}


@pytest.mark.parametrize(
    "command, sig",
    [("play", signal.SIGINT), ("play", signal.SIGTERM), ("serve", signal.SIGINT), ("serve", signal.SIGTERM)],
)
def test_port_0_is_announced_as_the_real_port_and_a_signal_stops_it_cleanly_with_a_page_open(tmp_path, command, sig):
    proc, port, line = _start(tmp_path, *COMMANDS[command])
    try:
        assert port != 0 and f"http://localhost:{port}/" in line
        with (
            socket.create_connection(("127.0.0.1", port)) as page,
            socket.create_connection(("127.0.0.1", port)) as slow,
        ):
            # an open page: the gallery's event stream (serve), the table's kept-alive connection (play)
            path = "/_pnp/events" if command == "serve" else "/play"
            page.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode())
            page.settimeout(30)
            assert page.recv(64).startswith(b"HTTP/1.1 200 ")
            slow.sendall(_request_head(port, 100) + b'{"game"')  # and a request half sent
            time.sleep(0.2)  # not a timing assertion: lets the server start reading the body
            proc.send_signal(sig)
            _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0 and err == "stopped\n", err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "tranquility", "--no-open", "--port", "65536"],
        ["serve", "tranquility", "--port", "65536"],
        ["play", "tranquility", "--no-open", "--port", "-1"],
    ],
)
def test_a_port_that_cannot_be_is_a_usage_error_at_once(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert result.stderr == f"error: --port must be between 0 and 65535 (0: any free port), not {args[-1]}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_seed_pnp_replay_could_not_read_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["play", "tranquility", "--no-open", "--seed", str(2**64)])
    assert result.exit_code == 2
    assert result.stderr == (f"error: --seed must be a whole number from {-(2**63)} to {2**64 - 1}, not {2**64}\n")
