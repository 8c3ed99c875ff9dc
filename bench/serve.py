"""Save-to-page latency of `pnp serve`: one card's text is edited while a real browser has the gallery open.

Usage: python bench/serve.py [--runs 7] [--game tranquility]

Each run changes the title of the first reference card in a copy of the specs (so exactly one face
changes), then waits until the open page has loaded the new face. Three times per run:
- save → built: from writing the file to the end of the rebuild (watchfiles' wait, the build);
- built → page: from the end of the rebuild until the page has fetched and drawn the new face
  (the event, the image request): the figure the issue asks to keep under 300 ms;
- save → page: the whole loop as a designer sees it.
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
    parser.add_argument("--game", default="tranquility")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = project(Path(tmp))
        proc, port = start_pnp(folder, "serve", args.game, "--paper", "a4", "--no-setup")
        driver = browser()
        try:
            rows = run(driver, folder / "card_specs" / f"{args.game}.json", port, args.runs)
        finally:
            driver.quit()
            stop(proc)
    for name, values in zip(("save → built", "built → page", "save → page"), zip(*rows)):
        ms = [1000 * v for v in values]
        print(
            f"{name:>13}: median {statistics.median(ms):7.0f} ms  (min {min(ms):.0f}, max {max(ms):.0f}, "
            f"{len(ms)} runs)"
        )


def run(driver, spec: Path, port: int, runs: int) -> list[tuple[float, float, float]]:
    driver.get(f"http://127.0.0.1:{port}/")
    wait_for(driver, lambda d: body(d, "data-version") is not None, what="the live connection")
    text, rows = spec.read_text(), []
    for k in range(runs):
        seen = driver.execute_script("return document.body.getAttribute('data-version')")
        saved = time.time()
        spec.write_text(text.replace('"title": "Your turn"', f'"title": "Your turn {k + 1}"', 1))
        wait_for(
            driver,
            lambda d, seen=seen: (
                body(d, "data-updated") not in (None, seen) and body(d, "data-updated") == body(d, "data-version")
            ),
            timeout=60,
            what="the new face",
        )
        news = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/_pnp/status").read())
        assert news["kind"] == "built" and any("/svg/reference" in f for f in news["written"]), news
        page = float(body(driver, "data-updated-at")) / 1000
        rows.append((news["built_at"] - saved, page - news["built_at"], page - saved))
        time.sleep(0.5)
    spec.write_text(text)
    return rows


if __name__ == "__main__":
    main()
