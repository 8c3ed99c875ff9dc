"""Where specs and templates come from: the user's folders first, then the bundled copies."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from pnp.core.errors import PATH_SHOWN, UsageError, cut, quoted
from pnp.core.inputs import check_inside_templates, refuse_special
from pnp.core.names import match_case_insensitive, unknown_game

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def files_under(folder: Path, suffixes: tuple[str, ...] = ()) -> list[str]:
    """Every file below `folder` (ending in one of `suffixes`, when given), as paths relative to it
    with "/", in the order sorted `Path.rglob` gives; like rglob, symbolic links to folders are not
    followed, and a link that leads nowhere is no file. os.walk, because `Path.rglob` took 10 ms to
    list the package's 164 source files that os.walk lists in 2 (the no-op build lists them each time)."""
    found = []
    for root, _dirs, names in os.walk(folder):
        base = os.path.relpath(root, folder)
        for name in names:
            if (not suffixes or name.endswith(suffixes)) and os.path.isfile(os.path.join(root, name)):
                found.append(name if base == "." else f"{base.replace(os.sep, '/')}/{name}")
    return sorted(found, key=lambda rel: rel.split("/"))


def bundled_root() -> Path:
    """The folder holding the bundled card_specs/ and templates/ (wheel or source checkout)."""
    installed = PACKAGE_DIR / "_bundled"
    if (installed / "card_specs").is_dir():
        return installed
    return PACKAGE_DIR.parent


def spec_roots(cwd: Path | None = None) -> tuple[Path, ...]:
    """card_specs folders in precedence order: ./card_specs (its variants/ and examples/*/), then
    the bundled ones."""
    here = (cwd or Path.cwd()) / "card_specs"
    bundled = bundled_root() / "card_specs"
    roots = [here, here / "variants", *_examples(here), bundled, bundled / "variants", *_examples(bundled)]
    return _unique_dirs(roots)


def _examples(card_specs: Path) -> list[Path]:
    """card_specs/examples/NAME/: an example in a folder of its own, with its sheets and images."""
    examples = card_specs / "examples"
    return sorted(p for p in examples.iterdir() if p.is_dir()) if examples.is_dir() else []


def template_roots(cwd: Path | None = None) -> tuple[Path, ...]:
    here = (cwd or Path.cwd()) / "templates"
    return _unique_dirs([here, bundled_root() / "templates"])


def schema_dir() -> Path:
    return bundled_root() / "card_specs" / "schema"


def spec_files(root: Path) -> list[Path]:
    """The specs in one spec folder, sorted: its `*.json` files, not hidden ones (a manifest or an
    editor's backup is not a game)."""
    return sorted(p for p in root.glob("*.json") if not p.name.startswith("."))


def find_spec(name: str, cwd: Path | None = None) -> Path:
    """A game or variant name ('tranquility') or a path to a spec file."""
    as_path = Path(name)
    if name.endswith(".json"):
        try:
            if as_path.is_file():
                return as_path
        except OSError as exc:  # a name too long for the file system
            raise UsageError(f"{cut(name, PATH_SHOWN)}: spec file cannot be read ({exc.strerror or exc})") from None
        refuse_special(as_path)  # a pipe or device: a usage error that says so
        raise UsageError(f"{cut(name, PATH_SHOWN)}: spec file not found")
    for root in spec_roots(cwd) if not name.startswith(".") else ():
        candidate = root / f"{name}.json"
        try:
            if candidate.is_file():
                return candidate
        except OSError:  # a name too long for the file system: no such game
            break
    games = available_games(cwd)
    same = match_case_insensitive(name, games)  # spec ids are lower-case: 'Tranquility' means 'tranquility'
    if same is not None and same != name:
        return find_spec(same, cwd)
    raise UsageError(unknown_game(name, games))


def available_games(cwd: Path | None = None) -> list[str]:
    """Every spec name that can be built, user's first, without duplicates, sorted."""
    names: set[str] = set()
    for root in spec_roots(cwd):
        names.update(p.stem for p in spec_files(root))
    return sorted(names)


SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,47}\Z")  # the spec schema's slug: a game, variant or template name


def named_game_problem(name: object, what: str = "a state") -> str | None:
    """Why `name`, the game a state, a record or a play request names, is not one to load (None when it
    is): such a name is a game or variant as `pnp games` lists them, never a path, so a shared file
    can make the tool open no other file. The one rule of `pnp check`, `pnp replay` and the Play table."""
    if not isinstance(name, str) or not SLUG.match(name):
        return (
            f"names {quoted(str(name), 60)}, which is not a game or variant name: {what} names a bundled game "
            "or a variant in card_specs/ (lower-case letters, digits and '-'), never a file"
        )
    games = available_games()
    return None if name in games else unknown_game(name, games)


def first_file(folders: tuple[Path, ...] | list[Path], filename: str) -> Path | None:
    """folder/filename in the first of `folders` that has it (a variant's own folder comes first).

    The folders are template folders: a file found there that is a pipe or device is a usage error,
    and one that is a symbolic link leading outside the template roots is refused (pnp/core/inputs.py)."""
    for folder in folders:
        candidate = folder / filename
        refuse_special(candidate)
        try:
            found = candidate.is_file()
        except OSError:  # a name too long for the file system: no such file
            found = False
        if found:
            _inside_templates(candidate)
            return candidate
    return None


def find_template_dir(name: str, cwd: Path | None = None) -> tuple[Path, ...]:
    """Every existing templates/<name> folder, user's first; one that leads outside the template
    roots through a symbolic link is refused (OutsideLink)."""
    found = tuple(root / name for root in template_roots(cwd) if (root / name).is_dir())
    for folder in found:
        _inside_templates(folder)
    return found


@lru_cache(maxsize=16)
def template_real_roots(cwd: str) -> tuple[Path, ...]:
    """The real paths template folders, template files and art may lie in: the project folder `cwd`
    (where ./templates is) and the bundled templates/."""
    return (Path(cwd).resolve(), (bundled_root() / "templates").resolve())


def _inside_templates(path: Path) -> None:
    check_inside_templates(path, template_real_roots(str(Path.cwd())))


def _unique_dirs(paths: list[Path]) -> tuple[Path, ...]:
    seen: list[Path] = []
    for p in paths:
        if p.is_dir() and p.resolve() not in [s.resolve() for s in seen]:
            seen.append(p)
    return tuple(seen)
