"""A player at the virtual table with a keyboard alone: Tab and Shift+Tab move the focus, the arrow
keys move it between the table's places (one stop of the Tab key), Enter acts, digits fill the start
discard's pile fields. The page is read (what has focus, what it says) but never clicked."""

from __future__ import annotations

from browserkit import body, wait_for

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


def phone(driver) -> None:
    """A 390×844 phone screen (the viewport, not only the window)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)


def settled(driver) -> None:
    wait_for(driver, lambda d: d.execute_script("return window.__pending === 0"), what="the page's answer")


def press(driver, *keys: str) -> None:
    """Keys typed at the focus (Shift+Tab as the pair SHIFT, TAB); then the page's answer is awaited."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    chain = ActionChains(driver)
    if keys[:1] == (Keys.SHIFT,):
        chain.key_down(Keys.SHIFT).send_keys(*keys[1:]).key_up(Keys.SHIFT)
    else:
        chain.send_keys(*keys)
    chain.perform()
    settled(driver)


def focused(driver) -> dict:
    return driver.execute_script(
        "var a = document.activeElement; return {tag: a.tagName, id: a.id, piece: a.getAttribute('data-piece'),"
        " key: a.getAttribute('data-key'), cost: a.getAttribute('data-cost'),"
        " allowed: a.classList.contains('allowed'), paying: a.classList.contains('paying'),"
        " pressed: a.getAttribute('aria-pressed'), hand: !!a.closest('#hand'), share: a.closest('[data-share]') ?"
        " Number(a.closest('[data-share]').getAttribute('data-share')) : null, type: a.type,"
        " max: a.getAttribute('max'), outline: getComputedStyle(a).outlineStyle}"
    )


_DISTANCE = """
var focusable = Array.prototype.filter.call(
  document.querySelectorAll('a[href], button, input, select, textarea'),
  function (e) { return !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0 && !e.closest('[hidden]'); });
var t = Array.prototype.find.call(document.querySelectorAll(arguments[0]),
  function (e) { return focusable.indexOf(e) >= 0; });
if (!t) return null;
return focusable.indexOf(t) - focusable.indexOf(document.activeElement);
"""


def tab_to(driver, css: str) -> dict:
    """Press Tab (or Shift+Tab, when it lies before the focus) as many times as there are focusable
    elements between the focus and the first element `css` matches; then that element has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    steps = driver.execute_script(_DISTANCE, css)
    assert steps is not None, f"nothing focusable on the page matches {css}"
    chain = ActionChains(driver)
    for _ in range(abs(steps)):
        if steps < 0:
            chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
        else:
            chain.send_keys(Keys.TAB)
    chain.perform()
    now = focused(driver)
    assert driver.execute_script("return document.activeElement.matches(arguments[0])", css), (
        f"{abs(steps)} Tab key(s) did not reach {css}; the focus is on {now}"
    )
    return now


_PLACES = """
var all = Array.prototype.slice.call(document.querySelectorAll('#table button.spot'));
var t = document.querySelector(arguments[0]);
if (!t || all.indexOf(document.activeElement) < 0) return null;
return all.indexOf(t) - all.indexOf(document.activeElement);
"""


def arrow_to(driver, css: str) -> dict:
    """From a place of the table, press the right (or left) arrow key as many times as there are places
    between the focus and the first place `css` matches; then that place has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    steps = driver.execute_script(_PLACES, css)
    assert steps is not None, f"the focus is not on a place, or no place matches {css}"
    chain = ActionChains(driver)
    for _ in range(abs(steps)):
        chain.send_keys(Keys.ARROW_LEFT if steps < 0 else Keys.ARROW_RIGHT)
    chain.perform()
    now = focused(driver)
    assert driver.execute_script("return document.activeElement.matches(arguments[0])", css), (
        f"{abs(steps)} arrow key(s) did not reach {css}; the focus is on {now}"
    )
    return now


def text(driver, element_id: str) -> str:
    return driver.find_element("id", element_id).text


def play_one_turn(driver, seen: dict) -> None:
    """One turn of the current player by keyboard: the first card that has a place, at the cheapest
    place, paid with the first other cards; the start card with its discard; else discard two."""
    from selenium.webdriver.common.keys import Keys

    moves = body(driver, "data-moves")
    hand = [c.get_attribute("data-piece") for c in driver.find_elements("css selector", "#hand .card")]
    for piece in hand:
        tab_to(driver, f'#hand .card[data-piece="{piece}"]')
        assert focused(driver)["outline"] != "none", "the focused card shows no focus ring"
        press(driver, Keys.ENTER)
        if text(driver, "error"):
            seen["refused card"] = text(driver, "error")
            continue
        if driver.find_element("id", "start-panel").is_displayed():
            start_discard(driver)
            break
        place(driver, seen)
        break
    else:
        tab_to(driver, "#discard-two")
        press(driver, Keys.ENTER)
        for piece in hand[:2]:
            tab_to(driver, f'#hand .card[data-piece="{piece}"]')
            press(driver, Keys.ENTER)
        assert focused(driver)["id"] == "confirm"
        press(driver, Keys.ENTER)
    wait_for(
        driver,
        lambda d: body(d, "data-moves") != moves or body(d, "data-status") != "playing",
        what="the move to be made",
    )
    assert text(driver, "error") == ""


def place(driver, seen: dict) -> None:
    """The focus is on the first highlighted place: once, try a refused cell before it; then go to the
    cheapest place, Enter, and pay."""
    from selenium.webdriver.common.keys import Keys

    spots = driver.find_elements("css selector", ".spot.allowed")
    assert spots and all(s.find_element("css selector", ".cost").text for s in spots), "a place shows no cost"
    first = focused(driver)
    assert first["allowed"], f"the focus is not on a highlighted place but on {first}"
    if "refused place" not in seen:
        press(driver, Keys.ARROW_LEFT)
        before = focused(driver)
        if before["key"] and not before["allowed"]:
            press(driver, Keys.ENTER)
            seen["refused place"] = text(driver, "error")
        press(driver, Keys.ARROW_RIGHT)
    cheapest = min(int(s.get_attribute("data-cost")) for s in spots)
    arrow_to(driver, f'.spot.allowed[data-cost="{cheapest}"]')
    press(driver, Keys.ENTER)
    if driver.find_elements("css selector", "#choices button"):
        assert focused(driver)["tag"] == "BUTTON"
        press(driver, Keys.ENTER)
    if cheapest:
        seen["paid"] = seen.get("paid", 0) + 1
        for _ in range(cheapest):
            tab_to(driver, '#hand .card[aria-pressed="false"]:not(.paying)')
            press(driver, Keys.ENTER)
        assert focused(driver)["id"] == "confirm"
        press(driver, Keys.ENTER)


def start_discard(driver) -> None:
    """The start discard: share cards from the hands first, then cards off the piles; Play, or lose
    when it cannot be paid."""
    from selenium.webdriver.common.keys import Keys

    panel = driver.find_element("id", "start-panel")
    need = int(panel.get_attribute("data-need"))
    cards = len(driver.find_elements("css selector", "#start-panel [data-share] .card"))
    for _ in range(min(need, cards)):
        tab_to(driver, '#start-panel [data-share] .card[aria-pressed="false"]')
        press(driver, Keys.ENTER)
    need -= min(need, cards)
    for pile in range(1, len(driver.find_elements("css selector", "#start-panel input")) + 1):
        if need == 0:
            break
        now = tab_to(driver, f"#pile-{pile}")
        take = min(need, int(now["max"]))
        press(driver, Keys.BACKSPACE, *str(take))
        need -= take
    tab_to(driver, "#start-lose" if need else "#start-go")
    press(driver, Keys.ENTER)
