"""The virtual table in a real browser: a seeded game played to its end by clicking, as a person would."""

from __future__ import annotations

import json
import subprocess
import sys

from browserkit import ROOT, body, browser, needs_browser, start_pnp, stop, wait_for
from keyboard import settled

pytestmark = needs_browser


def _click(driver, css: str) -> None:
    driver.find_element("css selector", css).click()


def _try_card(driver, piece: str) -> bool:
    """Choose a card; True when the page highlighted places for it (or opened the start discard)."""
    _click(driver, f'#hand .card[data-piece="{piece}"]')
    settled(driver)
    return driver.find_element("id", "error").text == ""


def _pay(driver, cost: int, card: str) -> None:
    others = [c.get_attribute("data-piece") for c in driver.find_elements("css selector", "#hand .card")]
    for piece in [p for p in others if p != card][:cost]:
        _click(driver, f'#hand .card[data-piece="{piece}"]')
    _click(driver, "#confirm")


def _start_discard(driver) -> None:
    need = int(driver.find_element("id", "start-panel").get_attribute("data-need"))
    for node in driver.find_elements("css selector", "#start-panel [data-share] .card"):
        if need == 0:
            break
        node.click()
        need -= 1
    piles = driver.find_elements("css selector", "#start-panel input[type=number]")
    for pile in piles:
        if need == 0:
            break
        take = min(need, int(pile.get_attribute("max")))
        pile.clear()
        pile.send_keys(str(take))
        need -= take
    buttons = driver.find_elements("id", "start-lose") if need else []
    _click(driver, "#start-lose" if buttons else "#start-go")


def play_one_turn(driver) -> None:
    moves = body(driver, "data-moves")
    hand = [c.get_attribute("data-piece") for c in driver.find_elements("css selector", "#hand .card")]
    for piece in hand:
        if not _try_card(driver, piece):
            continue
        if driver.find_element("id", "start-panel").is_displayed():
            _start_discard(driver)
            break
        spot = driver.find_element("css selector", ".spot.allowed")
        cost = int(spot.get_attribute("data-cost"))
        spot.click()
        choices = driver.find_elements("css selector", "#choices button")
        if choices:
            cost = int(choices[0].text.rsplit(" ", 1)[1].rstrip(")"))
            choices[0].click()
        if cost:
            _pay(driver, cost, piece)
        break
    else:
        _click(driver, "#discard-two")
        for piece in hand[:2]:
            _click(driver, f'#hand .card[data-piece="{piece}"]')
        _click(driver, "#confirm")
    wait_for(
        driver,
        lambda d: body(d, "data-moves") != moves or body(d, "data-status") != "playing",
        what="the move to be made",
    )
    assert driver.find_element("id", "error").text == ""


def play_to_the_end(tmp_path, game: str, players: int, seed: int, extra=(), max_turns: int = 400):
    proc, port = start_pnp(
        tmp_path,
        "play",
        game,
        "--players",
        str(players),
        "--seed",
        str(seed),
        "--no-open",
        "--records",
        str(tmp_path / "records"),
        *extra,
    )
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-status") == "playing", what="the dealt table")
        try:
            for _ in range(max_turns):
                if body(driver, "data-status") != "playing":
                    break
                play_one_turn(driver)
        except Exception:
            driver.save_screenshot(str(tmp_path / f"{game}-failed.png"))
            raise
        status, end = body(driver, "data-status"), driver.find_element("id", "end").text
        driver.save_screenshot(str(tmp_path / f"{game}-end.png"))
    finally:
        driver.quit()
        code, err = stop(proc)
    assert code == 0, err
    return status, end


def _replay(path):
    return subprocess.run(
        [sys.executable, "-c", "from pnp.cli import main; main()", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
    )


def test_a_seeded_tranquility_game_is_played_to_its_end_through_the_page(tmp_path):
    status, end = play_to_the_end(tmp_path, "tranquility", 2, 3)
    assert status in ("won", "lost")
    assert end.startswith("Won" if status == "won" else "Lost: ")
    (record,) = (tmp_path / "records").iterdir()
    data = json.loads(record.read_text())
    assert data["end"]["status"] == status and data["seats"] == ["person", "person"]
    result = _replay(record)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ascent_with_its_modules_at_the_table_with_a_bot_seat(tmp_path):
    status, end = play_to_the_end(tmp_path, "ascent", 2, 5, extra=("--bot", "2"))
    assert status in ("won", "lost") and end
    (record,) = (tmp_path / "records").iterdir()
    data = json.loads(record.read_text())
    assert data["modules"] == ["green-path", "panorama", "goats"] and data["seats"] == ["person", "bot"]
    assert _replay(record).returncode == 0
