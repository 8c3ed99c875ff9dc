"""Who may remove an output file: one manifest per command and output set.

Every command that writes names an *owner*: the command and the output set it makes, e.g.
`owner("build", "tranquility")`, `owner("export", "tranquility", "tgc")`. The owner's manifest,
`<out>/.pnp-manifests/<owner>.json`, records every file its last run wrote with the file's SHA-256.
A run removes a file only when all of these hold:

- the owner's own previous manifest lists it and this run does not write it;
- no other owner's manifest lists it (one command never removes another's outputs);
- its bytes are still those the owner recorded (an edited file is the user's now: kept, and
  dropped from the manifest).

Stray temporary files (`.NAME.PID.tmp`, see output.py) are removed only beside files the owners
write or wrote, only when NAME is such a file and PID is a number naming no running process.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.output import write_all_if_changed

MANIFEST_DIR = ".pnp-manifests"
LEGACY_MANIFEST = ".pnp-manifest.json"  # the single shared manifest of earlier versions

Outputs = Mapping[str, "bytes | str"]  # path relative to the output root → contents (str: UTF-8)
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9+_-]*")  # a name too long for a file fails at writing, as an OSError
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]{1,10})\.tmp")


def owner(command: str, *output_set: str) -> str:
    """The owner name of `command` making `output_set` (a game, an export target…)."""
    parts = (command, *output_set)
    bad = [p for p in parts if not _PART.fullmatch(p)]
    if bad:
        raise ValueError(f"an owner part must be letters, digits, '+', '_' or '-': {bad[0]!r}")
    return ".".join(parts)


@dataclass(frozen=True)
class WriteReport:
    """What a run wrote, relative to the output root."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]  # stale files of the same owners
    kept: tuple[str, ...] = ()  # stale files edited since they were written: left alone
    digests: Mapping[str, str] = field(default_factory=dict)  # path → SHA-256 of every file written or unchanged


def write_owned(
    out_root: Path, owned: Mapping[str, Outputs], staged: dict | None = None, extra_files: Iterable[Path] = ()
) -> WriteReport:
    """Write each owner's outputs atomically (renaming those already `staged`), then remove the
    files each owner's previous run wrote and this run does not (see the module's rules), then
    record each owner's manifest. `extra_files`: other files of ours (cache records) whose stray
    temporaries may go too."""
    staged = staged or {}
    out_root.mkdir(parents=True, exist_ok=True)
    previous = {name: read_manifest(out_root, name) for name in owned}
    data = {rel: contents for outputs in owned.values() for rel, contents in outputs.items()}
    order = sorted(data)
    paths = {rel: out_root / rel for rel in order}  # each Path made once: 5,000 files
    digests = {rel: digest(data[rel]) for rel in order}
    ours = list(paths.values()) + [out_root / rel for files in previous.values() for rel in files if rel not in paths]
    ours += [_manifest_path(out_root, name) for name in owned] + list(extra_files)
    remove_stray_temporaries(ours, keep={tmp for tmp in staged.values() if tmp is not None})
    for name, outputs in owned.items():  # first the union: a run stopped now still knows every file
        _write_manifest(out_root, name, {**previous[name], **{rel: digests[rel] for rel in outputs}})
    changed = write_all_if_changed({paths[rel]: data[rel] for rel in order}, staged)
    removed, kept = _remove_stale(out_root, owned, previous)
    for name, outputs in owned.items():
        _write_manifest(out_root, name, {rel: digests[rel] for rel in outputs})
    (out_root / LEGACY_MANIFEST).unlink(missing_ok=True)  # it listed every command's files as one
    return WriteReport(
        tuple(r for r in order if changed[paths[r]]),
        tuple(r for r in order if not changed[paths[r]]),
        tuple(removed),
        tuple(kept),
        digests,
    )


def _remove_stale(
    out_root: Path, owned: Mapping[str, Outputs], previous: dict[str, dict[str, str]]
) -> tuple[list, list]:
    written = {rel for outputs in owned.values() for rel in outputs}
    others = _listed_by_others(out_root, set(owned))
    removed, kept = [], []
    for name in sorted(owned):
        for rel, recorded in sorted(previous[name].items()):
            if rel in written or rel in others:
                continue
            path = out_root / rel
            try:
                current = hashlib.sha256(path.read_bytes()).hexdigest()
            except FileNotFoundError:
                continue
            if current != recorded:
                kept.append(rel)
                continue
            path.unlink(missing_ok=True)
            removed.append(rel)
            prune_empty_dirs(out_root, path.parent)
    return sorted(removed), sorted(kept)


def read_manifest(out_root: Path, name: str) -> dict[str, str]:
    """path → SHA-256 of the files the owner's last run wrote ({} when there is no manifest)."""
    try:
        data = json.loads(_manifest_path(out_root, name).read_text(encoding="utf-8"))
        files = data["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {rel: sha for rel, sha in files.items() if isinstance(sha, str) and _inside(rel)}


def _listed_by_others(out_root: Path, names: set[str]) -> set[str]:
    folder = out_root / MANIFEST_DIR
    listed: set[str] = set()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        name = path.name[: -len(".json")]
        if name not in names and not name.startswith("."):
            listed.update(read_manifest(out_root, name))
    return listed


def _write_manifest(out_root: Path, name: str, files: Mapping[str, str]) -> None:
    record = {"owner": name, "files": dict(sorted(files.items()))}
    write_all_if_changed({_manifest_path(out_root, name): json.dumps(record, indent=1) + "\n"})


def _manifest_path(out_root: Path, name: str) -> Path:
    return out_root / MANIFEST_DIR / f"{name}.json"


def _inside(rel: object) -> bool:
    """A relative path that stays inside the output root."""
    if not isinstance(rel, str) or not rel:
        return False
    path = Path(rel)
    return not path.is_absolute() and ".." not in path.parts and "\\" not in rel


def digest(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def remove_stray_temporaries(files: Iterable[Path], keep: set[Path] | frozenset = frozenset()) -> None:
    """Remove the temporary files (`.NAME.PID.tmp`) a killed run left beside `files`: only those
    whose NAME is one of `files` and whose PID is a process no longer running. Only the folders
    of `files` are looked at, never below them."""
    wanted: dict[Path, set[str]] = {}
    for path in files:
        wanted.setdefault(path.parent, set()).add(path.name)
    for folder, names in sorted(wanted.items()):
        try:
            entries = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".tmp")]
        except OSError:  # no such folder (yet)
            continue
        for entry in entries:
            match = _TEMPORARY.fullmatch(entry)
            if match and match["name"] in names and not _running(int(match["pid"])):
                stray = folder / entry
                if stray not in keep:
                    stray.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    """Whether the process that wrote a `.NAME.PID.tmp` file is still running (not ours: ours
    are never strays, except those a killed run of ours left under a reused pid)."""
    if pid in (0, os.getpid()):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's, or not a pid this system can have: not ours to remove
    return True


def prune_empty_dirs(out_root: Path, folder: Path) -> None:
    while folder != out_root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
