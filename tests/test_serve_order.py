"""pnp serve after a save: the changed faces are written and announced before the sheets, and a
newer save stops the rest of the build under way."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from browserkit import project

from pnp.server.live import Live
from pnp.server.watch import Rebuilder
from pnp.sheets.spec import SheetSpec


def rebuilder(folder: Path, live: Live) -> Rebuilder:
    sheets = (SheetSpec.from_options(paper="a4"),)
    return Rebuilder(["galateia"], folder / "output", sheets, False, "all", live, lambda m: None, booklet=False)


def test_the_changed_faces_are_announced_before_the_sheets_are_drawn(tmp_path, monkeypatch):
    folder = project(tmp_path)
    monkeypatch.chdir(folder)
    live = Live()
    rebuild = rebuilder(folder, live)
    assert rebuild()
    sheet = folder / "output" / "galateia" / "sheets" / "galateia-a4.pdf"
    before = sheet.read_bytes()
    template = folder / "templates" / "tranquility" / "start.json"
    template.write_text(template.read_text().replace('"fill": "ink"', '"fill": "accent"', 1))
    assert rebuild.faces()
    assert live.news["stage"] == "faces"
    assert live.news["written"] == ["galateia/svg/start.svg"]
    assert sheet.read_bytes() == before  # the sheets come after
    assert rebuild.rest() is True
    assert live.news["stage"] == "all" and "galateia/sheets/galateia-a4.pdf" in live.news["written"]
    assert "galateia/svg/start.svg" not in live.news["written"]  # already in place, the same bytes


def test_a_newer_save_stops_the_rest_of_the_build(tmp_path, monkeypatch):
    folder = project(tmp_path)
    monkeypatch.chdir(folder)
    live = Live()
    rebuild = rebuilder(folder, live)
    assert rebuild()
    version = live.version
    (folder / "output" / "galateia" / "sheets" / "galateia-a4.pdf").unlink()
    outcome: list = []
    rest = threading.Thread(target=lambda: outcome.append(rebuild.rest()))
    rest.start()
    deadline = time.monotonic() + 60
    while rebuild._follower is None and time.monotonic() < deadline:
        time.sleep(0.01)
    rebuild.cancel()
    rest.join(60)
    assert outcome == [None] and live.version == version  # stopped: nothing announced
    assert not list((folder / "output").rglob("*.tmp"))  # what it staged is gone
    assert rebuild.rest() is True
    assert (folder / "output" / "galateia" / "sheets" / "galateia-a4.pdf").is_file()
