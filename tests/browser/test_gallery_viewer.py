"""The gallery opened as a file in a real browser: a face opens full-size with its back beside it."""

from __future__ import annotations

import sys
from pathlib import Path

from browserkit import browser, needs_browser, wait_for

sys.path.insert(0, str(Path(__file__).parents[1] / "print"))
from test_gallery import _face_outputs, _italian

from pnp.pipeline.gallery import gallery_outputs

pytestmark = needs_browser


def _open_face(driver, folder: Path, outputs: dict[str, bytes], href: str) -> None:
    """Write the faces and their gallery into `folder`, open the page and click the face at `href`."""
    outputs = {**outputs, **gallery_outputs(folder, outputs)}
    for rel, data in outputs.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    driver.get((folder / "index.html").as_uri())
    driver.find_element("css selector", f'a.face[href="{href}"]').click()
    wait_for(driver, lambda d: d.find_element("id", "viewer").is_displayed(), what="the viewer")


def test_a_face_opens_with_its_back_and_closes_with_escape(tmp_path):
    driver = browser()
    try:
        _open_face(driver, tmp_path, _face_outputs("base", "tranquility"), "base/svg/island-02.svg")
        shown = [
            img.get_attribute("src").rsplit("/", 1)[1] for img in driver.find_elements("css selector", "#viewer img")
        ]
        assert shown == ["island-02.svg", "back-island.svg"]
        wait_for(
            driver,
            lambda d: d.execute_script(
                "return Array.from(document.querySelectorAll('#viewer img')).every(i => i.naturalWidth > 0)"
            ),
            what="both sides to load",
        )
        assert driver.find_element("css selector", "#viewer img").size["height"] > 300  # larger than a thumbnail
        from selenium.webdriver.common.keys import Keys

        driver.find_element("tag name", "body").send_keys(Keys.ESCAPE)
        wait_for(driver, lambda d: not d.find_element("id", "viewer").is_displayed(), what="the viewer to close")
    finally:
        driver.quit()


def test_a_face_of_an_italian_section_opens_with_italian_words(tmp_path):
    """The viewer's caption and its pictures' alt text in the section's language."""
    driver = browser()
    try:
        _open_face(driver, tmp_path, _italian(_face_outputs("base", "tranquility")), "base/svg-it/island-02.svg")
        alts = [img.get_attribute("alt") for img in driver.find_elements("css selector", "#viewer img")]
        assert alts == ["fronte", "retro"]
        assert driver.find_element("css selector", "#viewer p").text.endswith(" — fronte e retro")
    finally:
        driver.quit()
