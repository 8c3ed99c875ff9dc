"""pnp serve in a real browser: a saved change reaches the open page; an error shows over the last good
faces and clears when fixed; Ctrl-C stops the server."""

from __future__ import annotations

import re

from browserkit import body, browser, needs_browser, project, start_pnp, stop, wait_for

pytestmark = needs_browser


def _serve(tmp_path, *games):
    folder = project(tmp_path)
    proc, port = start_pnp(folder, "serve", *games, "--paper", "a4", "--no-setup")
    return folder, proc, port


def test_editing_a_variant_updates_the_open_page(tmp_path):
    folder, proc, port = _serve(tmp_path, "galateia")
    spec = folder / "card_specs" / "variants" / "galateia.json"
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-version") is not None, what="the live connection")
        assert driver.find_element("css selector", "section[id] > h2").text.startswith("Tranquility: Galateia")
        spec.write_text(spec.read_text().replace('"Tranquility: Galateia"', '"Galateia, second draft"'))
        wait_for(
            driver,
            lambda d: d.find_element("css selector", "section[id] > h2").text.startswith("Galateia, second draft"),
            what="the new title in the page",
        )
        assert driver.find_elements("css selector", "a.face")  # the faces are still shown
        driver.save_screenshot(str(tmp_path / "updated.png"))
    finally:
        driver.quit()
        code, err = stop(proc)
    assert code == 0 and err.rstrip().endswith("stopped"), err


def test_a_spec_error_shows_in_the_page_over_the_last_good_faces_and_clears_when_fixed(tmp_path):
    folder, proc, port = _serve(tmp_path, "galateia")
    spec = folder / "card_specs" / "variants" / "galateia.json"
    good = spec.read_text()
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        wait_for(driver, lambda d: body(d, "data-version") is not None, what="the live connection")
        faces = len(driver.find_elements("css selector", "a.face"))
        spec.write_text(good.replace('"remove_islands": 4', '"remove_islands": "four"'))
        wait_for(driver, lambda d: body(d, "data-error") == "yes", what="the error")
        banner = driver.find_element("id", "pnp-error").text
        assert re.search(
            r"card_specs/variants/galateia\.json:7:\d+: \$\.rules\.remove_islands: expected an "
            r"integer, got string \"four\"",
            banner,
        ), banner
        assert len(driver.find_elements("css selector", "a.face")) == faces
        assert driver.execute_script("return document.images[0].naturalWidth") > 0
        driver.save_screenshot(str(tmp_path / "error.png"))
        spec.write_text(good)
        wait_for(driver, lambda d: body(d, "data-error") == "no", what="the error to clear")
        assert not driver.find_element("id", "pnp-error").is_displayed()
    finally:
        driver.quit()
        code, err = stop(proc)
    assert code == 0, err
    assert "galateia.json:7" in err  # the terminal says it too
