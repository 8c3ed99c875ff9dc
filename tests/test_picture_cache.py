"""Pictures made ready for the PDF are kept between builds in the user's cache folder
(pnp/pdf/picturecache.py): made once, read back the same, remade when damaged, pruned to a bound."""

from __future__ import annotations

import os

import pytest
from helpers.photokit import photo_project

import pnp.pdf.paint as paint
from pnp.pdf import picturecache
from pnp.pdf.image import PdfImage
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces


@pytest.fixture
def photo_faces(tmp_path, monkeypatch):
    """The photo project's faces, and an empty cache folder of its own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    photo_project(tmp_path)
    return render_faces(load_game("photo"), jobs=1)


@pytest.fixture
def made(monkeypatch):
    """The pictures actually made (not read from the cache), by name and pixels; not the JPEGs that
    go in as they are (nothing to make: they are not kept)."""
    calls: list = []
    real = paint.pdf_image

    def counting(picture, size):
        if not (picture.jpeg and size == (picture.width, picture.height)):
            calls.append((picture.name, size))
        return real(picture, size)

    monkeypatch.setattr(paint, "pdf_image", counting)
    return calls


def _prepared(faces):
    """What a fresh painter (a new build) makes of the faces: their pictures' XObjects."""
    return paint.FacePainter().prepare(faces).images


def test_a_second_build_makes_no_picture_again_and_gets_the_same_bytes(photo_faces, made):
    first = _prepared(photo_faces)
    assert made and len(made) == len(set(made))  # each distinct picture and size made once
    kept = sorted(p.name for p in picturecache.folder().iterdir())
    assert len(kept) == len(made) and all(name.endswith(".pdfimage") for name in kept)
    made.clear()
    assert _prepared(photo_faces) == first and made == []


def test_a_damaged_kept_picture_is_made_again(photo_faces, made):
    first = _prepared(photo_faces)
    kept = sorted(picturecache.folder().iterdir())
    kept[0].write_bytes(kept[0].read_bytes()[:-10])  # cut short
    kept[1].write_bytes(b'{"image": {"length": 3}, "mask": null}\nabc')  # not ours
    kept[2].write_bytes(b"\x00" * 100)
    made.clear()
    assert _prepared(photo_faces) == first and len(made) == 3
    made.clear()
    assert _prepared(photo_faces) == first and made == []  # and kept again, whole


def test_no_cache_folder_no_cache(photo_faces, made, monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_CACHE_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "/")
    assert picturecache.folder() is None
    first = _prepared(photo_faces)
    made.clear()
    assert _prepared(photo_faces) == first and made  # made again: nowhere to keep them
    assert not (tmp_path / "cache").exists()


def test_a_folder_that_cannot_be_written_is_skipped(photo_faces, monkeypatch, tmp_path):
    (tmp_path / "blocked").write_text("a file, not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "blocked"))
    assert _prepared(photo_faces)  # drawn all the same
    assert (tmp_path / "blocked").read_text() == "a file, not a folder"


def test_a_jpeg_that_goes_in_as_it_is_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    from helpers.photokit import sky_jpeg

    from pnp.pdf.image import Picture

    painter = paint.FacePainter()
    data = sky_jpeg(200, 150)
    painter._art["img-sky"] = Picture("img-sky", data, 200, 150, True)
    assert painter._pdf_image(("img-sky", (200, 150))).stream == data
    assert not (tmp_path / "cache").exists()


def _image(n: int) -> PdfImage:
    return PdfImage(10, 10, 3, "FlateDecode", bytes([n]) * 1000)


def test_pruning_keeps_the_most_recently_used_within_the_bound(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    for n in range(5):
        picturecache.store(f"img{n}", (10, 10), _image(n))
        os.utime(picturecache.folder() / f"img{n}-10x10.pdfimage", ns=(n * 10**9, n * 10**9))
    assert picturecache.load("img0", (10, 10)) == _image(0)  # used now: the most recent
    old = picturecache.folder().parent / "0123456789ab"  # another version's pictures
    old.mkdir()
    (old / "img9-10x10.pdfimage").write_bytes(b"old")
    size = (picturecache.folder() / "img0-10x10.pdfimage").stat().st_size
    picturecache.prune(max_bytes=2 * size)
    left = sorted(p.name for p in picturecache.folder().iterdir())
    assert left == ["img0-10x10.pdfimage", "img4-10x10.pdfimage"] and not old.exists()
