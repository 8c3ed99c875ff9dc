"""What can be built: every game and variant by name, with its title, what it extends and where it is."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import PnpError, display_path
from pnp.core.locate import available_games, bundled_root, find_spec
from pnp.spec.load import load_spec


@dataclass(frozen=True)
class Entry:
    """One buildable name: `extends` is None for a base game; `problem` is set when it does not load."""

    name: str
    title: str
    extends: str | None
    source: str  # "bundled", or the spec file as the user sees it
    problem: str | None = None

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "extends": self.extends,
            "source": self.source,
            "problem": self.problem,
        }


def catalogue() -> list[Entry]:
    """Base games first, then variants, each group sorted by name; the spec that wins the name is used."""
    entries = [_entry(name) for name in available_games()]
    return sorted(entries, key=lambda e: (e.extends is not None, e.name))


def _entry(name: str) -> Entry:
    path = find_spec(name)
    source = "bundled" if _inside(path, bundled_root() / "card_specs") else display_path(path)
    try:
        spec = load_spec(path)
    except PnpError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "does not load"
        return Entry(name, "", None, source, f"{first} (run `pnp validate {name}`)")
    return Entry(name, str(spec.data.get("title", "")), spec.parent.id if spec.parent else None, source)


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def catalogue_table(entries: list[Entry]) -> str:
    """Games, then variants with what they extend; where a spec comes from when it is not bundled."""
    width = max((len(e.name) for e in entries), default=0)
    lines: list[str] = []
    for heading, group in (
        ("Games", [e for e in entries if e.extends is None and not e.problem]),
        ("Variants", [e for e in entries if e.extends is not None]),
        ("Specs with problems", [e for e in entries if e.problem]),
    ):
        if not group:
            continue
        lines.append(f"{heading}:")
        for e in group:
            extra = f"  (extends {e.extends})" if e.extends else ""
            where = "" if e.source == "bundled" else f"  [{e.source}]"
            lines.append(f"  {e.name:<{width}}  {e.problem or e.title}{extra}{where}".rstrip())
    return "\n".join(lines)
