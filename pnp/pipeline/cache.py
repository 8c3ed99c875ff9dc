"""Incremental builds: fingerprints of everything an output depends on.

- `input_key(name, options)`: the spec files of the extends chain, the template folders they name,
  the tool's own code and the build options, hashed from raw bytes (no parsing or validation), so
  a build whose inputs did not change is recognised in milliseconds and skipped.
- `face_keys(game)`: one key per face from the card, the theme, the face's template file and the
  art, so only faces whose inputs changed are rendered again.
The record of the last build lives in `<out>/.pnp-cache/<game>.json`; output files are checked
against their recorded hashes, so an edited or deleted output is rebuilt.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.core.errors import PnpError
from pnp.core.i18n import language_suffix
from pnp.core.inputs import read_regular
from pnp.core.locate import PACKAGE_DIR, files_under, find_spec, find_template_dir, first_file
from pnp.core.output import write_atomic
from pnp.core.version import __version__
from pnp.game.model import Card, Face, Game
from pnp.spec.load import find_parent
from pnp.spec.table.grid import MAX_FILE_BYTES
from pnp.spec.table.resolve import sheet_files

CACHE_DIR = ".pnp-cache"


@lru_cache(maxsize=1)
def code_key() -> str:
    """Changes whenever the tool's code (any .py file of the package) or a message catalogue changes.

    Installed from a wheel, this is the digest of pip's RECORD, which lists every installed file
    with its SHA-256 (one small file read: ~0.3 ms); otherwise (a checkout, an editable install)
    the digest of the files themselves (~180 files: ~12 ms of every build, measured)."""
    digest = hashlib.sha256(__version__.encode())
    record = installed_record()
    if record is not None:
        digest.update(b"RECORD\0" + record)
        return digest.hexdigest()
    for rel in files_under(PACKAGE_DIR, (".py", ".po")):
        digest.update(rel.encode() + b"\0" + (PACKAGE_DIR / rel).read_bytes())
    return digest.hexdigest()


DIST_INFO = f"tranquility_pnp-{__version__}.dist-info"


def installed_record() -> bytes | None:
    """The RECORD pip wrote when it installed this package from a wheel (it sits beside the
    package in site-packages), or None: a checkout, an editable install (whose package is not
    beside its dist-info), or a RECORD that does not list this package's files."""
    try:
        record = (PACKAGE_DIR.parent / DIST_INFO / "RECORD").read_bytes()
    except OSError:
        return None
    return record if f"{PACKAGE_DIR.name}/__init__.py,sha256=".encode() in record else None


def folder_key(folders: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for rel in files_under(folder):
            digest.update(rel.encode() + b"\0" + (folder / rel).read_bytes())
    return digest.hexdigest()


def input_key(name: str, options: str, language: str | None = None) -> tuple[str, str] | None:
    """(output set, fingerprint of the game's raw inputs); None when they cannot be read, so the real
    build runs and reports the problem. The output set is the game id with its language's suffix
    (`language`, else the spec chain's "language"): tranquility, tranquility-it."""
    try:
        files = _spec_chain(find_spec(name))
        game_id = files[0][1]["id"]
        if not isinstance(game_id, str) or "/" in game_id or game_id.startswith("."):
            return None
    except Exception:
        return None
    if language is None:  # the nearest spec of the chain that names a language decides
        language = next((d["language"] for _, d in files if isinstance(d, dict) and "language" in d), None)
    game_id += language_suffix(language if isinstance(language, str) else None)
    digest = hashlib.sha256(code_key().encode() + options.encode())
    folders: list[Path] = []
    for path, data in files:
        digest.update(str(path.resolve()).encode() + b"\0" + path.read_bytes())
        for sheet in sheet_files(path, data):  # a spec's cards from a spreadsheet (pnp/spec/table/)
            try:
                digest.update(str(sheet).encode() + b"\0" + read_regular(sheet, MAX_FILE_BYTES))
            except (OSError, PnpError):
                return None  # the real build reports it
        name_ = data.get("templates") if isinstance(data, dict) else None
        if isinstance(name_, str):
            folders += [f for f in find_template_dir(name_) if f not in folders]
    digest.update(folder_key(folders).encode())
    digest.update(images_key(files[0][0]).encode())
    return game_id, digest.hexdigest()


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".PNG", ".JPG", ".JPEG", ".WEBP")  # pnp.face.raster's


def images_key(spec_file: Path) -> str:
    """The image files in and below a spec's folder (where a card's own pictures are looked up
    first, pnp/face/raster.py): a saved photo is a changed input. The examples' folders below
    card_specs/ are each an example's own (card_specs/examples/NAME/), not the games' beside them."""
    folder = spec_file.parent
    digest = hashlib.sha256()
    for rel in files_under(folder, IMAGE_SUFFIXES):
        if rel.startswith("examples/"):
            continue
        path = folder / rel
        size = path.stat().st_size
        data = path.read_bytes() if size <= 64 * 1024 * 1024 else f"{size} {path.stat().st_mtime_ns}".encode()
        digest.update(rel.encode() + b"\0" + data)  # one too large to draw is refused when it is drawn
    return digest.hexdigest()


def _spec_chain(path: Path, depth: int = 0) -> list[tuple[Path, Any]]:  # (file, its JSON)
    data = json.loads(path.read_bytes())
    parent = data.get("extends") if isinstance(data, dict) else None
    if not isinstance(parent, str) or depth > 8:
        return [(path, data)]
    found = find_parent(path, parent)  # the same search the spec loader makes
    return [(path, data)] + (_spec_chain(found, depth + 1) if found else [])


def face_keys(game: Game) -> dict[str, str]:
    """face id → key of everything that face is drawn from."""
    art = folder_key([d / "art" for d in game.template_dirs if (d / "art").is_dir()]) + images_key(game.spec_file)
    base = hashlib.sha256(
        (
            code_key()
            + art
            + repr(game.theme)
            + game.title
            + ("" if game.ink == "normal" else f"ink={game.ink}")
            + (f"lang={game.language}" if game.language else "")
        ).encode()
    ).hexdigest()
    templates: dict[str, str] = {}
    keys: dict[str, str] = {}
    for card in game.cards:
        keys[card.front_face_id] = _face_key(base, card, _template_key(game, card.template, templates), True)
        back_fields = card.back.per_card
        keys.setdefault(
            card.back_face_id, _face_key(base, card, _template_key(game, card.back.template, templates), back_fields)
        )
    return keys


def _template_key(game: Game, name: str, seen: dict[str, str]) -> str:
    if name not in seen:
        path = first_file(game.template_dirs, f"{name}.json")
        seen[name] = hashlib.sha256(path.read_bytes()).hexdigest() if path else "missing"
    return seen[name]


def _face_key(base: str, card: Card, template: str, with_fields: bool) -> str:
    parts = [base, template, repr(card.size), card.shape]
    if with_fields:
        parts += [card.id, card.kind, repr(sorted(card.fields.items()))]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def record_path(out: Path, game_id: str) -> Path:
    return out / CACHE_DIR / f"{game_id}.json"


def read_record(out: Path, game_id: str) -> dict:
    try:
        record = json.loads(record_path(out, game_id).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def write_record(
    out: Path, game_id: str, input: str | None, faces: Mapping[str, str], digests: Mapping[str, str]
) -> None:
    """Record the build: its input key, each face's key and each file's SHA-256 (`digests`)."""
    record = {"input": input, "faces": dict(sorted(faces.items())), "files": dict(sorted(digests.items()))}
    write_atomic(record_path(out, game_id), json.dumps(record, indent=1) + "\n")


def is_fresh(out: Path, record: dict, input: str | None) -> bool:
    """True when the last build had these exact inputs and its files are still as it wrote them."""
    files = record.get("files")
    if input is None or record.get("input") != input or not isinstance(files, dict) or not files:
        return False
    for rel, digest in files.items():
        try:
            if hashlib.sha256((out / rel).read_bytes()).hexdigest() != digest:
                return False
        except OSError:
            return False
    return True


def cached_faces(out: Path, game: Game, record: dict, keys: Mapping[str, str], folder: str) -> dict[str, Face]:
    """Faces whose key is unchanged since the last build, read back from their SVG files in
    `folder` (relative to `out`)."""
    old, written = _table(record, "faces"), _table(record, "files")
    sizes = {}
    for card in game.cards:
        sizes[card.front_face_id] = card
        sizes.setdefault(card.back_face_id, card)
    faces: dict[str, Face] = {}
    for face_id, key in keys.items():
        rel = f"{folder}/{face_id}.svg"
        if old.get(face_id) != key or rel not in written:
            continue
        try:
            data = (out / rel).read_bytes()
        except OSError:
            continue
        if hashlib.sha256(data).hexdigest() == written[rel]:  # not edited since we wrote it
            card = sizes[face_id]
            faces[face_id] = Face(
                face_id, data.decode("utf-8"), card.size.width, card.size.height, card.size.bleed, card.shape
            )
    return faces


def _table(record: dict, key: str) -> dict:
    """The object under `key` in a build record, {} when it is missing or not an object."""
    value = record.get(key)
    return value if isinstance(value, dict) else {}
