"""The virtual table on a 390×844 phone screen, played with a keyboard alone, and what it tells the player."""

from __future__ import annotations

import json

from browserkit import body, browser, needs_browser, start_pnp, stop, wait_for
from keyboard import focused, phone, play_one_turn, press, settled, tab_to, text
from test_play_browser import _replay

pytestmark = needs_browser


def _table(tmp_path, *args: str):
    return start_pnp(tmp_path, "play", *args, "--no-open", "--records", str(tmp_path / "records"))


def test_a_whole_tranquility_game_is_played_by_keyboard_alone_on_a_phone(tmp_path):
    proc, port = _table(tmp_path, "tranquility", "--players", "2", "--seed", "3")
    driver = browser()
    seen: dict = {}
    try:
        phone(driver)
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-status") == "playing", what="the dealt table")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390  # no sideways scroll
        small = driver.execute_script(
            "return Array.prototype.filter.call(document.querySelectorAll('#hand .card, .spot[data-key^=cell]'),"
            " function (e) { var r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; }).length"
        )
        assert small == 0, "cards and cells are tap targets of at least 44 px"
        assert text(driver, "prompt").startswith("Player 1: choose a card")
        try:
            for _ in range(300):
                if body(driver, "data-status") != "playing":
                    break
                play_one_turn(driver, seen)
        except Exception:
            driver.save_screenshot(str(tmp_path / "keyboard-failed.png"))
            raise
        status, end = body(driver, "data-status"), text(driver, "end")
        assert driver.find_element("id", "undo").get_attribute("disabled") is not None  # nothing to take back
    finally:
        driver.quit()
        code, err = stop(proc)
    assert code == 0, err
    assert status in ("won", "lost") and end.startswith("Won" if status == "won" else "Lost: ")
    # the refusals a player met on the way, in the player's words (seed 3, this way of playing)
    assert seen["refused card"] == "You hold Start: a Start card goes down before any other card."
    assert seen["refused place"].startswith("Island ") and "you can pay" in seen["refused place"]
    (record,) = (tmp_path / "records").iterdir()
    assert json.loads(record.read_text())["end"]["status"] == status
    result = _replay(record)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_table_is_resumed_on_reload_and_after_a_link_and_dealt_again_only_on_deal(tmp_path):
    proc, port = _table(tmp_path, "tranquility", "--players", "2", "--seed", "3")
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-status") == "playing", what="the dealt table")
        assert driver.find_element("id", "undo").get_attribute("disabled") is not None  # move 0
        assert "seed 3" in text(driver, "status") and driver.find_element("id", "seed").get_attribute("value") == "3"
        play_one_turn(driver, {})
        assert driver.find_element("id", "undo").get_attribute("disabled") is None
        table = driver.current_url
        driver.refresh()
        wait_for(driver, lambda d: body(d, "data-moves") == "1", what="the same table after a reload")
        driver.get(f"http://127.0.0.1:{port}/")  # the command's own address again: the same table
        wait_for(driver, lambda d: body(d, "data-moves") == "1", what="the same table after following a link")
        assert driver.current_url == table
        assert len(list((tmp_path / "records").iterdir())) == 1
        # a move the server refuses (sent past the page's own checks) names its pieces as printed
        other = driver.execute_script(
            "var v = state.view, mine = v.hands[v.current - 1], theirs = v.hands[v.current % 2];"
            "send({player: v.current, action: 'discard', cards: [mine[0].piece, theirs[0].piece]});"
            "return theirs[0].name;"
        )
        settled(driver)
        assert text(driver, "error").endswith(f"does not hold {other}") and "island-" not in text(driver, "error")
        assert body(driver, "data-moves") == "1"
        players = driver.find_element("id", "players")
        players.clear()
        players.send_keys("6")
        tab_to(driver, "#new")
        press(driver, "\ue007")  # Enter
        assert text(driver, "error") == "Players: a whole number from 1 to 5."
        assert body(driver, "data-moves") == "1"
        assert driver.execute_script("return document.getElementById('error').getAttribute('role')") == "alert"
        assert driver.find_element("id", "prompt").get_attribute("aria-live") == "polite"
    finally:
        driver.quit()
        stop(proc)


_FOCUS_KEY = "return document.activeElement.getAttribute('data-key')"
_TAB_STOPS = "return document.querySelectorAll('#table button.spot[tabindex=\"0\"]').length"


def test_the_mountain_is_one_tab_stop_and_its_places_are_walked_with_the_arrow_keys(tmp_path):
    from selenium.webdriver.common.keys import Keys

    proc, port = _table(tmp_path, "ascent", "--players", "2", "--seed", "5")
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-status") == "playing", what="the dealt table")
        settled(driver)
        places = driver.execute_script("return document.querySelectorAll('#table button.spot').length")
        assert places >= 45 and driver.execute_script(_TAB_STOPS) == 1
        assert focused(driver)["hand"]  # dealt: the focus on the hand
        press(driver, Keys.SHIFT, Keys.TAB)  # one key back from the hand: the mountain
        first = driver.execute_script(_FOCUS_KEY)
        assert first.startswith("slot:") or first == "summit"
        press(driver, Keys.TAB)  # and one key forward: the hand again, not the next of 45 places
        assert focused(driver)["hand"]
        press(driver, Keys.SHIFT, Keys.TAB)
        press(driver, Keys.ARROW_RIGHT)
        second = driver.execute_script(_FOCUS_KEY)
        assert second != first and driver.execute_script(_TAB_STOPS) == 1
        press(driver, Keys.END)
        last = driver.execute_script(_FOCUS_KEY)
        press(driver, Keys.HOME)
        assert driver.execute_script(_FOCUS_KEY) == first and last not in (first, second)
        top = "return document.activeElement.getBoundingClientRect().top"
        at = driver.execute_script(top)  # the first place is on the mountain's lowest row
        press(driver, Keys.ARROW_UP)
        above = driver.execute_script(top)
        assert above < at and driver.execute_script(_FOCUS_KEY).startswith("slot:")
        press(driver, Keys.ARROW_DOWN)
        assert driver.execute_script(top) == at
        driver.save_screenshot(str(tmp_path / "mountain-keys.png"))
        hint = driver.find_element("id", "table-keys").get_attribute("textContent")
        assert driver.find_element("id", "table").get_attribute("aria-describedby") == "table-keys"
        assert hint.startswith("Arrow keys move between the places")
    finally:
        driver.quit()
        stop(proc)


def test_the_table_speaks_italian_with_lang_it(tmp_path):
    proc, port = _table(tmp_path, "ascent", "--players", "2", "--seed", "5", "--lang", "it")
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-status") == "playing", what="the dealt table")
        settled(driver)
        assert driver.execute_script("return document.documentElement.lang") == "it"
        assert text(driver, "new") == "Distribuisci"
        assert text(driver, "prompt").startswith("Giocatore 1: scegli una carta")
        goals = [g.text for g in driver.find_elements("css selector", "#goals li")]
        assert goals[0].startswith("Il Sentiero Verde: una catena di carte Prato")
        assert sum(g.startswith("Panorama ") for g in goals) == 1  # one revealed sequence
        assert goals[-1] == "Le Capre di Montagna: la capra deve arrivare alla riga 8; è a: in attesa."
        names = [c.get_attribute("aria-label") for c in driver.find_elements("css selector", "#hand .card")]
        assert names == ["Prato 8", "Ghiacciaio 7", "Ghiacciaio 1", "Prato 7", "Falò Prato"]
    finally:
        driver.quit()
        stop(proc)


def serious(results: dict) -> list[tuple[str, str, str]]:
    """axe-core's serious and critical violations: (rule, impact, what it asks)."""
    return [(v["id"], v["impact"], v["help"]) for v in results["violations"] if v["impact"] in ("serious", "critical")]


def test_the_table_has_no_serious_accessibility_violation(tmp_path):
    from axe_selenium_python import Axe

    proc, port = _table(tmp_path, "ascent", "--players", "2", "--seed", "5")
    driver = browser()
    found = {}
    try:
        for width, height in ((1280, 800), (390, 844)):
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500},
            )
            driver.get(f"http://127.0.0.1:{port}/")
            wait_for(driver, lambda d: body(d, "data-status") == "playing", what="the dealt table")
            press(driver, "\ue007")  # the first card chosen: the highlighted places and their costs shown
            axe = Axe(driver)
            axe.inject()
            found[f"table {width}"] = serious(axe.run())
    finally:
        driver.quit()
        stop(proc)
    assert found == {"table 1280": [], "table 390": []}
