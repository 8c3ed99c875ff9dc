"""Who may replace or remove an output file: one manifest per command and output set.

Every command that writes names an *owner*: the command and the output set it makes, e.g.
`owner("build", "tranquility")`, `owner("export", "tranquility", "tgc")`. The owner's manifest,
`<out>/.pnp-manifests/<owner>.json`, records every file its last run wrote with the file's SHA-256.

A run *replaces* a file only when some owner's manifest lists it with the bytes it holds now (a
file pnp wrote and nobody changed since), or when it already holds the new bytes. Any other file
in the way (the user's own `index.html`, a sheet annotated since, a symbolic link, a folder) stops
the run before it writes anything, naming the file (`ForeignFiles`); with `force` the regular
files and links are replaced.

A run *removes* a file only when all of these hold:

- the owner's own previous manifest lists it and this run does not write it;
- no other owner's manifest lists it (one command never removes another's outputs);
- it is a regular file inside the output folder, reached through real folders only (a symbolic
  link, or a path through one, is never followed);
- its bytes are still those the owner recorded (an edited file is the user's now: kept, and
  dropped from the manifest).

A manifest that is not one pnp writes (bad JSON, nested too deep, a path leading outside) is read
as no manifest, with a warning: its files are then nobody's, so they are kept and never replaced
without `force`. Runs into one folder take turns (pnp/core/outlock.py).

Stray temporary files (`.NAME.PID.tmp`, see output.py) are removed only beside files the owners
write or wrote, only when NAME is such a file and PID is a number naming no running process.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import PnpError
from pnp.core.outlock import holding
from pnp.core.output import discard_pending, remove_stray_temporaries, write_all_if_changed

__all__ = [
    "ForeignFiles",
    "WriteReport",
    "owner",
    "prune_empty_dirs",
    "remove_stray_temporaries",
    "write_owned",
    "write_owned_in_batches",
]

MANIFEST_DIR = ".pnp-manifests"
LEGACY_MANIFEST = ".pnp-manifest.json"  # the single shared manifest of earlier versions: a list of paths

Outputs = Mapping[str, "bytes | str"]  # path relative to the output root → contents (str: UTF-8)
Say = Callable[[str], None]
Known = dict[str, set[str]]  # path → every SHA-256 a manifest records for it
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9+_-]*")  # a name too long for a file fails at writing, as an OSError
_SHA = re.compile(r"[0-9a-f]{64}")


def owner(command: str, *output_set: str) -> str:
    """The owner name of `command` making `output_set` (a game, an export target…)."""
    parts = (command, *output_set)
    bad = [p for p in parts if not _PART.fullmatch(p)]
    if bad:
        raise ValueError(f"an owner part must be letters, digits, '+', '_' or '-': {bad[0]!r}")
    return ".".join(parts)


class ForeignFiles(PnpError):
    """Files in the way that pnp did not write (or that changed since): nothing was written."""


@dataclass(frozen=True)
class WriteReport:
    """What a run wrote, relative to the output root."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]  # stale files of the same owners
    kept: tuple[str, ...] = ()  # stale files edited since they were written: left alone
    digests: Mapping[str, str] = field(default_factory=dict)  # path → SHA-256 of every file written or unchanged


def write_owned(
    out_root: Path,
    owned: Mapping[str, Outputs],
    staged: dict | None = None,
    extra_files: Iterable[Path] = (),
    force: bool = False,
    say: Say | None = None,
) -> WriteReport:
    """Write each owner's outputs atomically (renaming those already `staged`), then remove the
    files each owner's previous run wrote and this run does not (see the module's rules), then
    record each owner's manifest; all while holding the folder's lock. A file in the way that pnp
    did not write stops it first (ForeignFiles), unless `force`. `extra_files`: other files of ours
    (cache records) whose stray temporaries may go too. `say`: warnings and the wait for the lock."""
    staged = staged or {}
    with holding(out_root, say):
        try:
            return _write_locked(out_root, owned, staged, list(extra_files), force, say)
        except BaseException:
            discard_pending()
            raise


def _write_locked(
    out_root: Path, owned: Mapping[str, Outputs], staged: dict, extra_files: list[Path], force: bool, say: Say | None
) -> WriteReport:
    manifests = read_manifests(out_root, say)
    previous = {name: manifests.get(name, {}) for name in owned}
    data = {rel: contents for outputs in owned.values() for rel, contents in outputs.items()}
    order = sorted(data)
    paths = {rel: out_root / rel for rel in order}  # each Path made once: 5,000 files
    digests = {rel: digest(data[rel]) for rel in order}
    ours = list(paths.values()) + [out_root / rel for files in previous.values() for rel in files if rel not in paths]
    ours += [_manifest_path(out_root, name) for name in owned] + extra_files
    check_own_folders(
        out_root, [_manifest_path(out_root, name).parent for name in owned] + [p.parent for p in extra_files]
    )
    remove_stray_temporaries(ours, keep={tmp for tmp in staged.values() if tmp is not None})
    same = check_in_the_way(out_root, order, digests, staged, _known(out_root, manifests), force)
    for name, outputs in owned.items():  # first the union: a run stopped now still knows every file and its bytes
        _write_manifest(out_root, name, _merged(previous[name], {rel: digests[rel] for rel in outputs}))
    changing = {paths[rel]: data[rel] for rel in order if rel not in same or paths[rel] in staged}
    changed = {paths[rel]: False for rel in same} | write_all_if_changed(changing, staged)
    removed, kept = _remove_stale(out_root, owned, previous, manifests)
    for name, outputs in owned.items():
        _write_manifest(out_root, name, {rel: digests[rel] for rel in outputs})
    _drop_from_legacy(out_root, set(order))
    return WriteReport(
        tuple(r for r in order if changed[paths[r]]),
        tuple(r for r in order if not changed[paths[r]]),
        tuple(removed),
        tuple(kept),
        digests,
    )


def write_owned_in_batches(
    out_root: Path,
    name: str,
    files: list[str],
    batches: Iterable[Outputs],
    force: bool = False,
    say: Say | None = None,
) -> WriteReport:
    """write_owned for one owner whose many `files` are made a batch at a time (`pnp simulate
    --log`: 10,000 records need not be held at once). The files in the way are checked before the
    first batch is made (any existing file no manifest records with its bytes stops it, unless
    `force`); each batch's digests join the manifest before its files are written, so a run stopped
    at any moment still knows every file it may have left."""
    with holding(out_root, say):
        try:
            return _write_batches(out_root, name, files, batches, force, say)
        except BaseException:
            discard_pending()
            raise


def _write_batches(
    out_root: Path, name: str, files: list[str], batches: Iterable[Outputs], force: bool, say: Say | None
) -> WriteReport:
    manifests = read_manifests(out_root, say)
    previous = manifests.get(name, {})
    paths = [out_root / rel for rel in files] + [out_root / rel for rel in previous if rel not in set(files)]
    check_own_folders(out_root, [_manifest_path(out_root, name).parent])
    remove_stray_temporaries([*paths, _manifest_path(out_root, name)])
    check_in_the_way(out_root, sorted(files), dict.fromkeys(files, ""), {}, _known(out_root, manifests), force)
    digests: dict[str, str] = {}
    changed: dict[Path, bool] = {}
    for batch in batches:
        digests.update({rel: digest(data) for rel, data in batch.items()})
        _write_manifest(out_root, name, _merged(previous, digests))  # first the union, as write_owned does
        changed.update(write_all_if_changed({out_root / rel: data for rel, data in batch.items()}))
    removed, kept = _remove_stale(out_root, {name: digests}, {name: previous}, manifests)
    _write_manifest(out_root, name, digests)
    _drop_from_legacy(out_root, set(digests))
    order = sorted(digests)
    return WriteReport(
        tuple(r for r in order if changed[out_root / r]),
        tuple(r for r in order if not changed[out_root / r]),
        tuple(removed),
        tuple(kept),
        digests,
    )


# ---- what is in the way ------------------------------------------------------------------------


def check_in_the_way(
    out_root: Path, order: list[str], digests: Mapping[str, str], staged: dict, known: Known, force: bool
) -> set[str]:
    """Raise ForeignFiles naming the files this run would replace that pnp did not write, or that
    changed since it wrote them, and any path through a link or a file; `force` lets regular files
    and links be replaced (never a folder, never a path through a link). Returns the files that
    already hold their new bytes (read once here, not again to write them)."""
    blocked: list[str] = []  # what is in the way, each said as a clause
    forceable = True
    same: set[str] = set()
    for rel in order:
        why, can_force = _in_the_way(out_root, rel, digests[rel], staged.get(out_root / rel, False), known, same)
        if why and not (force and can_force) and why not in blocked:  # a linked folder is said once
            blocked.append(why)
            forceable = forceable and can_force
    if blocked:
        more = len(blocked) - 1
        others = f", and {more} other file{'s' if more != 1 else ''} in the way too" if more else ""
        them = "them" if more else "it"
        remedy = f"move {them} away, or give --force to replace {them}" if forceable else f"move {them} away"
        raise ForeignFiles(f"{blocked[0]}{others}; nothing was written ({remedy})")
    return same


def check_own_folders(out_root: Path, folders: Iterable[Path]) -> None:
    """The tool's own hidden folders (.pnp-manifests, .pnp-cache) must be real folders inside the
    output folder: a link there would have pnp write its records elsewhere."""
    for folder in sorted(set(folders)):
        for path in (folder, *folder.parents):
            if path == out_root or out_root not in path.parents:
                break
            mode = _lstat_mode(path)
            if mode is not None and not stat.S_ISDIR(mode):
                kind = "a symbolic link" if stat.S_ISLNK(mode) else "a file"
                where = "where pnp keeps its records in a folder"
                raise ForeignFiles(f"{path} is {kind}, {where}; nothing was written (move it away)")


def _in_the_way(out_root: Path, rel: str, new: str, staged: object, known: Known, same: set[str]) -> tuple[str, bool]:
    """Why the file at `rel` may not be replaced, as a clause ('' when it may), and whether
    --force may replace it; `rel` goes into `same` when it holds its new bytes already."""
    folder = out_root
    for part in Path(rel).parts[:-1]:
        folder = folder / part
        mode = _lstat_mode(folder)
        if mode is None:
            return "", True  # the rest is made new
        if stat.S_ISLNK(mode):
            return f"{folder} is a symbolic link, which pnp does not write through", False
        if not stat.S_ISDIR(mode):
            return f"{folder} is a file where pnp writes a folder", False
    path = out_root / rel
    mode = _lstat_mode(path)
    if mode is None:
        return "", True
    if stat.S_ISLNK(mode):
        return f"{path} is a symbolic link, not a file pnp wrote", True
    if not stat.S_ISREG(mode):
        return f"{path} is a folder or special file where pnp writes a file", False
    if staged is None:  # the stager found the new bytes there already
        return "", True
    current = _file_digest(path)
    if current == new:
        same.add(rel)
    if current is None or current == new or current in known.get(rel, ()):
        return "", True
    return (f"{path} changed since pnp wrote it" if rel in known else f"{path} was not written by pnp"), True


def _lstat_mode(path: Path) -> int | None:
    try:
        return os.lstat(path).st_mode
    except FileNotFoundError:
        return None


def _known(out_root: Path, manifests: Mapping[str, Mapping[str, set[str]]]) -> Known:
    """Every file any manifest lists, with every SHA-256 recorded for it; the files an earlier
    version's shared manifest lists (no digests: those it wrote, whatever they hold now)."""
    known: Known = {}
    for files in manifests.values():
        for rel, shas in files.items():
            known.setdefault(rel, set()).update(shas)
    for rel in _legacy(out_root):
        known.setdefault(rel, set()).add(_file_digest(out_root / rel) or "")
    return known


# ---- removing what an owner no longer makes ------------------------------------------------------


def _remove_stale(
    out_root: Path,
    owned: Mapping[str, Outputs],
    previous: dict[str, dict[str, set[str]]],
    manifests: Mapping[str, Mapping[str, set[str]]],
) -> tuple[list, list]:
    written = {rel for outputs in owned.values() for rel in outputs}
    others = {rel for name, files in manifests.items() if name not in owned for rel in files}
    removed, kept = [], []
    for name in sorted(owned):
        for rel, recorded in sorted(previous[name].items()):
            if rel in written or rel in others or not regular_inside(out_root, rel):
                continue
            current = _file_digest(out_root / rel)
            if current is None:
                continue
            if current not in recorded:
                kept.append(rel)
                continue
            path = out_root / rel
            path.unlink(missing_ok=True)
            removed.append(rel)
            prune_empty_dirs(out_root, path.parent)
    return sorted(removed), sorted(kept)


def regular_inside(out_root: Path, rel: str) -> bool:
    """Whether `rel` names a regular file inside `out_root` reached through real folders only."""
    path = out_root
    parts = Path(rel).parts
    for i, part in enumerate(parts):
        path = path / part
        mode = _lstat_mode(path)
        if mode is None or not (stat.S_ISREG(mode) if i == len(parts) - 1 else stat.S_ISDIR(mode)):
            return False
    return True


def _file_digest(path: Path) -> str | None:
    """The SHA-256 of a regular file, read without following a link (None: not such a file)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        sha = hashlib.sha256()
        while chunk := handle.read(1 << 20):
            sha.update(chunk)
        return sha.hexdigest()


# ---- manifests ---------------------------------------------------------------------------------


def read_manifest(out_root: Path, name: str, say: Say | None = None) -> dict[str, set[str]]:
    """path → the SHA-256s recorded for the files the owner's last run wrote ({} when there is no
    manifest, or one pnp did not write: then `say` is told)."""
    path = _manifest_path(out_root, name)
    if not os.path.lexists(path):
        return {}
    files = _parse_manifest(path)
    if files is None:
        if say:
            say(f"warning: {path} is not a manifest pnp writes; it is ignored and the files it names are kept")
        return {}
    return files


def read_manifests(out_root: Path, say: Say | None = None) -> dict[str, dict[str, set[str]]]:
    """Every owner's manifest in the folder, by owner name (none when the folder is a link)."""
    folder = out_root / MANIFEST_DIR
    if not folder.is_dir() or folder.is_symlink():
        return {}
    names = sorted(p.name[: -len(".json")] for p in folder.glob("*.json") if not p.name.startswith("."))
    return {name: read_manifest(out_root, name, say) for name in names if _PART.fullmatch(name.replace(".", "-"))}


def _parse_manifest(path: Path) -> dict[str, set[str]] | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            text = handle.read(_MAX_MANIFEST + 1)
        if len(text) > _MAX_MANIFEST:
            return None
        files = json.loads(text)["files"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError, MemoryError):
        return None
    if not isinstance(files, dict):
        return None
    read: dict[str, set[str]] = {}
    for rel, shas in files.items():
        shas = [shas] if isinstance(shas, str) else shas
        if not _inside(rel) or not isinstance(shas, list) or not all(_is_sha(s) for s in shas):
            return None
        read[rel] = set(shas)
    return read


def _is_sha(value: object) -> bool:
    return isinstance(value, str) and _SHA.fullmatch(value) is not None


_MAX_MANIFEST = 64 * 1024 * 1024  # a manifest of 100,000 files is ~10 MB


def _merged(before: Mapping[str, set[str]], now: Mapping[str, str]) -> dict[str, set[str]]:
    merged = {rel: set(shas) for rel, shas in before.items()}
    for rel, sha in now.items():
        merged.setdefault(rel, set()).add(sha)
    return merged


def _write_manifest(out_root: Path, name: str, files: Mapping[str, str | set[str]]) -> None:
    def shown(shas: str | set[str]) -> str | list[str]:
        if isinstance(shas, str):
            return shas
        return next(iter(shas)) if len(shas) == 1 else sorted(shas)

    record = {"owner": name, "files": {rel: shown(shas) for rel, shas in sorted(files.items())}}
    write_all_if_changed({_manifest_path(out_root, name): json.dumps(record, indent=1) + "\n"})


def _manifest_path(out_root: Path, name: str) -> Path:
    return out_root / MANIFEST_DIR / f"{name}.json"


def _inside(rel: object) -> bool:
    """A relative path that stays inside the output root."""
    if not isinstance(rel, str) or not rel or "\x00" in rel:
        return False
    path = Path(rel)
    return not path.is_absolute() and ".." not in path.parts and "\\" not in rel and path.parts[0] != MANIFEST_DIR


def _legacy(out_root: Path) -> list[str]:
    """The files an earlier version's shared manifest lists (pnp wrote them)."""
    path = out_root / LEGACY_MANIFEST
    if not os.path.lexists(path) or not regular_inside(out_root, LEGACY_MANIFEST):
        return []
    try:
        listed = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return []
    return [rel for rel in listed if _inside(rel)] if isinstance(listed, list) else []


def _drop_from_legacy(out_root: Path, claimed: set[str]) -> None:
    """The earlier version's shared manifest forgets the files an owner's manifest now lists; it
    goes when it lists none (it never removes a file)."""
    listed = _legacy(out_root)
    if not os.path.lexists(out_root / LEGACY_MANIFEST):
        return
    rest = [rel for rel in listed if rel not in claimed]
    if not rest:
        (out_root / LEGACY_MANIFEST).unlink(missing_ok=True)
    elif rest != listed:
        write_all_if_changed({out_root / LEGACY_MANIFEST: json.dumps(rest, indent=1) + "\n"})


def digest(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def prune_empty_dirs(out_root: Path, folder: Path) -> None:
    while folder != out_root and folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
