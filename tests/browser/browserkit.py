"""Helpers of the browser tests: Debian's chromium driven by selenium through chromium-driver.

.ci/run installs chromium and chromium-driver; without them the tests are skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parents[2]

needs_browser = pytest.mark.skipif(
    not (CHROMIUM.exists() and DRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)",
)


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
    ):
        options.add_argument(flag)
    options.binary_location = str(CHROMIUM)
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def project(tmp_path: Path) -> Path:
    """A designer's folder: copies of card_specs/ and templates/ to edit."""
    folder = tmp_path / "project"
    shutil.copytree(ROOT / "card_specs", folder / "card_specs")
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


def start_pnp(cwd: Path, *args: str) -> tuple[subprocess.Popen, int]:
    """`pnp ARGS --port P` in its own process (as a designer runs it), once it answers."""
    import urllib.request

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pnp.cli import main; main()", *args, "--port", str(port)],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read())
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/_pnp/play/games", timeout=1).read()
            return proc, port
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("the server did not answer within 120 s")


def stop(proc: subprocess.Popen) -> tuple[int, str]:
    """Ctrl-C, as a designer stops it: the exit code and what it said on stderr."""
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired as timeout:
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError("Ctrl-C did not stop the server within 20 s: " + err[-2000:]) from timeout
    return proc.returncode, err


def wait_for(driver, condition, timeout: float = 20.0, what: str = "the page"):
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # the page may reload between finding an element and reading it: that is "not yet", not a failure
    waiting = WebDriverWait(
        driver,
        timeout,
        poll_frequency=0.05,
        ignored_exceptions=(NoSuchElementException, StaleElementReferenceException),
    )
    return waiting.until(lambda d: condition(d), message=f"waiting for {what}")


def body(driver, name: str) -> str | None:
    return driver.find_element("tag name", "body").get_attribute(name)
