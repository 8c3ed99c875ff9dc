"""pnp serve without a browser: the page, the files, the news after a save, Ctrl-C; pnp play's table."""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from browserkit import project, start_pnp, stop

from pnp.cli import app
from pnp.server.live import Live
from pnp.server.watch import Rebuilder


def _get(port: int, path: str) -> bytes:
    return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).read()


def _post(port: int, path: str, data: dict) -> tuple[int, dict]:
    """A POST as the table's page sends it: JSON, from the server's own origin."""
    headers = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", json.dumps(data).encode(), headers)
    try:
        return 200, json.loads(urllib.request.urlopen(request, timeout=30).read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _status(port: int, kind: str, timeout: float = 60, stage: str | None = None) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        news = json.loads(_get(port, "/_pnp/status"))
        if news["kind"] == kind and stage in (None, news.get("stage")):
            return news
        time.sleep(0.1)
    raise AssertionError(f"no {kind} news within {timeout} s: {news}")


def test_serve_shows_the_gallery_rebuilds_on_save_reports_errors_and_stops_on_ctrl_c(tmp_path):
    folder = project(tmp_path)
    proc, port = start_pnp(folder, "serve", "galateia", "--paper", "a4", "--no-setup")
    spec = folder / "card_specs" / "variants" / "galateia.json"
    good = spec.read_text()
    try:
        page = _get(port, "/").decode()
        assert '<script src="/_pnp/live.js"></script></body>' in page and 'id="galateia"' in page
        assert _get(port, "/galateia/svg/island-07.svg").startswith(b"<?xml")
        assert b"live.js" not in (folder / "output" / "index.html").read_bytes()  # the file stays as built
        first = json.loads(_get(port, "/_pnp/status"))["version"]
        spec.write_text(good.replace('"remove_islands": 4', '"remove_islands": -1'))
        news = _status(port, "error")
        assert news["version"] > first and len(news["problems"]) == 1
        assert news["problems"][0].startswith("card_specs/variants/galateia.json:7:32: $.rules.remove_islands: ")
        assert _get(port, "/galateia/svg/island-07.svg").startswith(b"<?xml")  # the last good faces stay
        spec.write_text(good.replace('"Tranquility: Galateia"', '"Galateia 2"'))
        news = _status(port, "built", stage="all")
        assert "index.html" in news["written"] and news["reload"] is True
        assert b"Galateia 2" in _get(port, "/")
    finally:
        code, err = stop(proc)
    assert code == 0 and err.rstrip().endswith("stopped"), err
    assert "serving http://localhost:" in err and "Ctrl-C stops" in err


def _listening(port: int) -> set[str]:
    """The local addresses listening on this TCP port, read from /proc/net/tcp (Linux)."""
    out = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if int(hex_port, 16) == port and state == "0A":  # LISTEN
            out.add(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
    return out


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc/net/tcp (Linux)")
def test_the_table_listens_on_this_machine_only_unless_told(tmp_path):
    proc, port = start_pnp(tmp_path, "play", "tranquility", "--no-open", "--records", str(tmp_path / "r"))
    try:
        assert _listening(port) == {"127.0.0.1"}
    finally:
        stop(proc)
    proc, port = start_pnp(
        tmp_path, "play", "tranquility", "--no-open", "--records", str(tmp_path / "r"), "--host", "0.0.0.0"
    )
    try:
        assert _listening(port) == {"0.0.0.0"}
    finally:
        stop(proc)


def test_the_play_table_judges_moves_and_saves_the_record(tmp_path):
    proc, port = start_pnp(
        tmp_path,
        "play",
        "tranquility",
        "--players",
        "2",
        "--seed",
        "1",
        "--no-open",
        "--records",
        str(tmp_path / "records"),
    )
    try:
        assert b'id="table"' in _get(port, "/play")
        code, data = _post(port, "/_pnp/play/new", {"game": "tranquility", "players": 2, "seed": 1})
        assert code == 200 and data["view"]["current"] == 1
        sid, hand = data["id"], data["view"]["hands"][0]
        code, answer = _post(
            port,
            f"/_pnp/play/{sid}/move",
            {"move": {"player": 2, "action": "discard", "cards": [c["piece"] for c in hand[:2]]}},
        )
        assert code == 409 and answer["error"]["rule"] == "move-turn"
        code, answer = _post(
            port,
            f"/_pnp/play/{sid}/move",
            {"move": {"player": 1, "action": "discard", "cards": [c["piece"] for c in hand[:2]]}},
        )
        assert code == 200 and answer["view"]["current"] == 2 and answer["view"]["discard"]["count"] == 2
        record = json.loads(Path(answer["view"]["record"]).read_text())
        assert record["moves"] == [{"player": 1, "action": "discard", "cards": [c["piece"] for c in hand[:2]]}]
        code, answer = _post(port, f"/_pnp/play/{sid}/undo", {})
        assert code == 200 and answer["view"]["moves"] == 0
        face = hand[0]["face"]
        assert _get(port, f"/_pnp/play/{sid}/face/{face}.svg").startswith(b"<?xml")
    finally:
        code, err = stop(proc)
    assert code == 0, err


def test_a_rebuild_with_a_broken_spec_publishes_its_problems_and_writes_nothing(tmp_path, monkeypatch):
    folder = project(tmp_path)
    monkeypatch.chdir(folder)
    spec = folder / "card_specs" / "variants" / "galateia.json"
    spec.write_text(spec.read_text().replace('"remove_islands": 4', '"remove_islands": "x"'))
    live, said = Live(), []
    assert Rebuilder(["galateia"], folder / "output", (), False, "all", live, said.append)() is False
    assert live.news["kind"] == "error" and live.news["problems"] == said
    assert said == [
        ('card_specs/variants/galateia.json:7:32: $.rules.remove_islands: expected an integer, got string "x"')
    ]
    assert not (folder / "output").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["serve", "nosuchgame"], "unknown game or variant 'nosuchgame'"),
        (["serve", "--port", "65536"], "--port must be between 0 and 65535 (0: any free port), not 65536"),
        (["play", "tranquility", "--players", "2", "--bot", "3"], "--bot names a seat from 1 to 2, not 3"),
        (["play", "tranquility", "--players", "9"], "Tranquility is for 1–5 players, not 9"),
    ],
)
def test_usage_errors(args, message):
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and f"error: {message}" in result.stderr


def test_one_broken_game_does_not_stop_the_others_from_building(tmp_path, monkeypatch):
    folder = project(tmp_path)
    monkeypatch.chdir(folder)
    spec = folder / "card_specs" / "variants" / "galateia.json"
    spec.write_text(spec.read_text().replace('"remove_islands": 4', '"remove_islands": "x"'))
    live = Live()
    from pnp.sheets.spec import SheetSpec

    sheets = (SheetSpec.from_options(paper="a4"),)
    assert (
        Rebuilder(["galateia", "tranquility"], folder / "output", sheets, False, "all", live, lambda m: None)() is False
    )
    assert len(live.news["problems"]) == 1 and "galateia.json:7:32" in live.news["problems"][0]
    assert (folder / "output" / "tranquility" / "svg" / "island-07.svg").is_file()
    assert not (folder / "output" / "galateia").exists()


def test_a_rebuild_without_booklets_writes_none(tmp_path, monkeypatch):
    """pnp serve --no-booklet: each save rebuilds the faces and sheets but not the four booklet PDFs."""
    folder = project(tmp_path)
    monkeypatch.chdir(folder)
    from pnp.sheets.spec import SheetSpec

    sheets = (SheetSpec.from_options(paper="a4"),)
    live = Live()
    assert Rebuilder(["galateia"], folder / "output", sheets, False, "all", live, lambda m: None, booklet=False)()
    game = folder / "output" / "galateia"
    assert (game / "sheets" / "galateia-a4.pdf").is_file()
    assert not list(game.glob("rules-*.pdf"))


@pytest.mark.parametrize("command", [["play", "tranquility", "--no-open"], ["serve", "tranquility", "--no-setup"]])
def test_a_port_in_use_is_the_one_line_error_and_nothing_is_announced(tmp_path, monkeypatch, command):
    import socket

    monkeypatch.chdir(project(tmp_path))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = [*command, "--port", str(port), "--records" if command[0] == "play" else "--out", str(tmp_path / "o")]
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert result.output == f"error: cannot listen on 127.0.0.1:{port} (Address already in use)\n"
