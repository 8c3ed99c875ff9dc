"""Save-to-page latency of `pnp serve`: one card's text is edited while a real browser has the gallery open.

Usage: python bench/serve.py [--runs 7] [--sheet]

`pnp serve live-sea --paper a4 --no-setup` runs in a copy of the specs, where live-sea is Tranquility
with two reference cards of literal words. Each run changes the title of the first one (so exactly
one face changes), then waits until the open page has loaded the new face. Four times per run:
- start → page: from the start of the rebuild until the page has fetched and drawn the new face
  (the build up to the faces, the event, the image request): issue 28 asks for at most 150 ms;
- save → built: from writing the file to the end of the news that carried the face (watchfiles'
  wait, the build up to it);
- built → page: from that news until the page has drawn the new face (the event, the image request);
- save → page: the whole loop as a designer sees it.
`--sheet` edits a card's row in a sheet instead (a variant whose islands come from islands.csv).
Prints the medians (and min–max). Needs chromium and chromium-driver (apt).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from browserkit import body, browser, project, start_pnp, stop, wait_for


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sheet", action="store_true", help="the reference cards come from live-sea.csv")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = project(Path(tmp))
        edited = live_sea(folder / "card_specs", args.sheet)
        proc, port = start_pnp(folder, "serve", "live-sea", "--paper", "a4", "--no-setup")
        driver = browser()
        try:
            rows = run(driver, edited, port, args.runs)
        finally:
            driver.quit()
            stop(proc)
    for name, values in zip(("start → page", "save → built", "built → page", "save → page"), zip(*rows)):
        ms = [1000 * v for v in values]
        print(
            f"{name:>13}: median {statistics.median(ms):7.0f} ms  (min {min(ms):.0f}, max {max(ms):.0f}, "
            f"{len(ms)} runs)"
        )


CARDS = [("Your turn", "Play a card next to one in the sea."), ("Start and finish", "Begin at a start card.")]


def live_sea(specs: Path, sheet: bool) -> Path:
    """The variant served, and the file each run edits: the spec, or (`sheet`) its CSV of cards."""
    cards: dict = {"from": "live-sea.csv", "columns": {"lines": "list"}}
    if sheet:
        rows = "title,lines\n" + "".join(f'{title},"{line}"\n' for title, line in CARDS)
        (specs / "live-sea.csv").write_text(rows, encoding="utf-8")
    else:
        cards = [{"title": title, "lines": [line]} for title, line in CARDS]  # type: ignore[assignment]
    spec = {
        "id": "live-sea",
        "extends": "tranquility",
        "title": "Live Sea",
        "kinds": [{"id": "reference", "cards": cards}],
    }
    (specs / "live-sea.json").write_text(json.dumps(spec, indent=2), encoding="utf-8")
    return specs / ("live-sea.csv" if sheet else "live-sea.json")


def run(driver, spec: Path, port: int, runs: int) -> list[tuple[float, float, float]]:
    driver.get(f"http://127.0.0.1:{port}/")
    wait_for(driver, lambda d: body(d, "data-version") is not None, what="the live connection")
    text, rows = spec.read_text(), []
    for k in range(runs):
        seen = body(driver, "data-faces")
        saved = time.time()
        spec.write_text(text.replace("Your turn", f"Your turn {k + 1}", 1))
        wait_for(driver, lambda d, seen=seen: body(d, "data-faces") not in (None, seen), timeout=60, what="the face")
        news = json.loads(body(driver, "data-faces"))
        assert any("/svg/reference" in f for f in news["written"]), news
        page = float(body(driver, "data-faces-at")) / 1000
        rows.append((page - news["started_at"], news["built_at"] - saved, page - news["built_at"], page - saved))
        wait_for(
            driver,
            lambda d: (
                json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/_pnp/status").read())["stage"] == "all"
            ),
            timeout=120,
            what="the rest of the build",
        )
        time.sleep(0.5)
    spec.write_text(text)
    return rows


if __name__ == "__main__":
    main()
