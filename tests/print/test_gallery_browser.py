"""The gallery opened in a real headless browser (Debian's chromium): every image loads.

.ci/run installs chromium; locally the test is skipped, saying why, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from test_gallery import built_outputs

from pnp.pipeline.gallery import gallery_outputs

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)",
)


def _write(root: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)


def _open_in_browser(page: Path) -> dict[str, int]:
    """Load the page headless, let its load handler run, and read the counts it left on <body>."""
    result = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    body = re.search(r"<body([^>]*)>", result.stdout)
    assert body, result.stdout[:2000]
    return {k: int(v) for k, v in re.findall(r'data-(images|loaded|broken)="(\d+)"', body.group(1))}


def test_every_image_in_the_gallery_loads_in_a_real_browser(tmp_path):
    outputs = built_outputs()
    outputs.update(gallery_outputs(tmp_path, outputs))
    _write(tmp_path, outputs)
    counts = _open_in_browser(tmp_path / "index.html")
    assert counts == {"images": 7, "loaded": 7, "broken": 0}


def test_the_browser_check_notices_a_missing_image(tmp_path):
    outputs = built_outputs()
    outputs.update(gallery_outputs(tmp_path, outputs))
    del outputs["testgame/svg/border.svg"]  # the page still shows it: the browser must report it
    _write(tmp_path, outputs)
    counts = _open_in_browser(tmp_path / "index.html")
    assert counts == {"images": 7, "loaded": 6, "broken": 1}
