"""After a save, the faces first: draw only the faces whose inputs changed and write their SVG
files, so that the pages show them before the sheets are drawn (pnp/server/follow.py does the rest).

The faces are those `pnp build` would draw (the same face keys and the same drawing); the build that
follows finds them on disk with the same bytes and leaves them, so nothing is written twice.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.output import write_atomic
from pnp.pipeline.build import output_set, svg_folder
from pnp.pipeline.cache import cached_faces, face_keys, read_record
from pnp.pipeline.load import load_game
from pnp.rules.rulestext import with_language
from pnp.svg.faces import render_faces

MANY = 24  # more changed faces than this are drawn on the worker pool, when it may be used


def draw_changed_faces(name: str, out: Path, modules: str) -> list[str]:
    """The SVG files (relative to `out`) of the faces of game `name` that changed, written."""
    game = with_language(load_game(name, modules=modules), None)
    keys = face_keys(game)
    folder = svg_folder(game)
    reused = cached_faces(out, game, read_record(out, output_set(game)), keys, folder)
    fresh = len(keys) - len(reused)
    if not fresh:
        return []
    faces = render_faces(game, reused, 1 if fresh <= MANY else None)
    written = []
    for face in faces:
        if face.id in reused:
            continue
        target = out / folder / f"{face.id}.svg"
        if _same(target, face.svg):
            continue
        write_atomic(target, face.svg)
        written.append(f"{folder}/{face.id}.svg")
    return written


def _same(path: Path, text: str) -> bool:
    try:
        return path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False
