"""The user documentation shipped with the tool (docs/*.md; pnp/_bundled/docs in an installed wheel)."""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import UsageError
from pnp.core.locate import bundled_root
from pnp.core.names import did_you_mean, match_case_insensitive


def docs_dir() -> Path:
    return bundled_root() / "docs"


def topics() -> dict[str, str]:
    """Each page's topic (its file name without .md) and its title (its first heading)."""
    out = {}
    for page in sorted(docs_dir().glob("*.md")):
        first = next((line for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("# ")), "")
        out[page.stem] = first[2:].strip() or page.stem
    return out


def doc_page(topic: str) -> str:
    """The text of one page; 'Spec-Format' and 'spec-format.md' name 'spec-format'."""
    known = topics()
    if not known:
        raise UsageError(f"the documentation is not installed with this copy of pnp (looked in {docs_dir()})")
    name = topic.strip().removesuffix(".md")
    found = match_case_insensitive(name, known)
    if found is None:
        raise UsageError(
            f"no documentation page {topic!r}{did_you_mean(name, known)} "
            f"(topics: {', '.join(known)}; `pnp docs` lists them)"
        )
    return (docs_dir() / f"{found}.md").read_text(encoding="utf-8")


def topics_table() -> str:
    known = topics()
    width = max((len(t) for t in known), default=0)
    lines = [f"  {topic:<{width}}  {title}" for topic, title in known.items()]
    return "\n".join(["Documentation pages (pnp docs TOPIC prints one):", *lines])
