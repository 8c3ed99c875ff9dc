"""Image files written to break the tool (issue 28): each is one sentence naming the file, exit 1,
no traceback, nothing written."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from helpers.photokit import photo_project
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app

ISLAND = "templates/photo/art/island-4.png"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    photo_project(tmp_path)
    return tmp_path


def refused(*args: str) -> list[str]:
    """pnp validate photo (and pnp build): exit 1, no traceback, no output folder; its error lines."""
    result = CliRunner().invoke(app, ["validate", "photo", "--no-simulate", *args])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    built = CliRunner().invoke(app, ["build", "photo", "--out", "out", "--no-booklet", "--no-setup"])
    assert built.exit_code == 1, built.output
    assert "Traceback" not in built.output and not Path("out/photo").exists()
    return [line for line in result.stderr.splitlines() if line.strip()]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def test_a_truncated_png(project):
    whole = (project / ISLAND).read_bytes()
    (project / ISLAND).write_bytes(whole[: len(whole) // 2])
    lines = refused()
    assert any(
        f"{ISLAND}: the image is damaged or cut short (the file ends before the image does); save it again" in line
        for line in lines
    ), lines


def test_a_50000_by_50000_png_is_refused_before_it_is_decoded(project):
    header = struct.pack(">IIBBBBB", 50_000, 50_000, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * 50_001 * 16)  # a few rows: the file is small, the image enormous
    png = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", rows) + _chunk(b"IEND", b"")
    (project / ISLAND).write_bytes(png)
    lines = refused()
    assert any(f"{ISLAND}: the image is larger than 100 megapixels; scale it down" in line for line in lines), lines


def test_a_cmyk_jpeg_without_a_profile(project):
    path = project / "templates/photo/art/sky.jpg"
    Image.new("CMYK", (400, 300), (10, 20, 30, 0)).save(path)
    lines = refused()
    assert any(
        "templates/photo/art/sky.jpg: a CMYK image without an embedded colour profile: its colours cannot be "
        "known; save it as RGB, or with its ICC profile" in line
        for line in lines
    ), lines


def test_a_symlink_out_of_the_project(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "secret.png"
    outside.write_bytes((project / ISLAND).read_bytes())
    (project / ISLAND).unlink()
    (project / ISLAND).symlink_to(outside)
    lines = refused()
    assert any(
        f"{ISLAND}: the symbolic link {ISLAND} leads outside the project (to {outside.resolve()}); images are read "
        "only from inside" in line
        for line in lines
    ), lines


def test_an_image_name_that_climbs_out_of_the_folder(project):
    template = (project / "templates/photo/island.json").read_text()
    (project / "templates/photo/island.json").write_text(template.replace("island-{decade}.png", "../../x.png"))
    lines = refused()
    assert any("'../../x.png' is not an image name" in line for line in lines), lines


def test_a_text_file_named_png(project):
    (project / ISLAND).write_text("hello", encoding="utf-8")
    lines = refused()
    assert any(f"{ISLAND}: not a PNG, JPEG or WebP image that can be read" in line for line in lines), lines
