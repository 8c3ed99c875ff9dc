"""The gallery of a real build, English and Italian, in a real browser: axe-core finds nothing serious,
and on a 390×844 phone it needs no sideways scrolling."""

from __future__ import annotations

import subprocess
import sys

from browserkit import ROOT, browser, needs_browser
from test_table_keyboard import serious

pytestmark = needs_browser


def _build(folder, *args: str) -> None:
    command = [sys.executable, "-c", "from pnp.cli import main; main()", "build", "tranquility", "--quiet", *args]
    result = subprocess.run(command, cwd=folder, env={"PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_gallery_has_no_serious_accessibility_violation_on_a_desktop_or_a_phone(tmp_path):
    from axe_selenium_python import Axe

    _build(tmp_path)
    _build(tmp_path, "--lang", "it")
    driver = browser()
    found, widths = {}, {}
    try:
        for width, height in ((1280, 800), (390, 844)):
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500},
            )
            driver.get((tmp_path / "output" / "index.html").as_uri())
            axe = Axe(driver)
            axe.inject()
            found[width] = serious(axe.run())
            widths[width] = driver.execute_script("return document.documentElement.scrollWidth")
            assert driver.find_element("css selector", "main .hows > section.how:not([lang]) h2").text == "How to print"
            assert driver.find_element("css selector", 'section.how[lang="it"] h2').text == "Come stampare"
    finally:
        driver.quit()
    assert found == {1280: [], 390: []}
    assert widths[390] <= 390
