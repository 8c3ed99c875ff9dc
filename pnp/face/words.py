"""The printed words that live in the bundled templates and specs, for the message catalogues.

A template's text with no `{field}` in it ("BRIDGE", "place at the bottom-left corner") is the
template's own words: `layout` prints it through the game's catalogue. The bundled specs' titles,
kind names, module titles and terrain names are printed through it too (sheet labels, the setup
sheet, reference cards, the booklet). `python -m pnp.core.i18n extract` collects all of them from
here (registered in `pnp.core.i18n.SOURCE_MODULES`), so `check` and tests/test_i18n.py fail while a
catalogue lacks one. Words of a user's own templates and specs are not in the catalogues: they
print as written (docs/languages.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from pnp.core.i18n import EXTRA_SOURCES
from pnp.core.locate import bundled_root
from pnp.face.template import parse_formatted

Word = tuple[str, None, str]  # msgid, no plural, where (file:line)


def template_words(root: Path | None = None) -> Iterator[Word]:
    """Every static text of the bundled templates (`text` elements without a `{field}`)."""
    root = root or bundled_root()
    for path in sorted((root / "templates").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for text in _texts(data.get("elements", [])):
            if parse_formatted(text).is_static and text.strip():
                yield text, None, _where(root, path, text)


def _texts(elements: list) -> Iterator[str]:
    for element in elements:
        if element.get("type") == "text" and isinstance(element.get("text"), str):
            yield element["text"]
        yield from _texts(element.get("elements", []))


def spec_words(root: Path | None = None) -> Iterator[Word]:
    """The bundled specs' and variants' titles, kind names, module titles and terrain names."""
    root = root or bundled_root()
    folder = root / "card_specs"
    for path in sorted(folder.glob("*.json")) + sorted((folder / "variants").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        words = [data.get("title")]
        words += [t.get("name") for t in data.get("theme", {}).get("terrain", {}).values()]
        kinds = list(data.get("kinds", []))
        for module in data.get("modules", []):
            words.append(module.get("title"))
            kinds += module.get("kinds", [])
        words += [kind.get("name") for kind in kinds]
        for word in words:
            if isinstance(word, str) and word.strip():
                yield word, None, _where(root, path, word)


def _where(root: Path, path: Path, text: str) -> str:
    """file:line of the first line quoting `text` (line 1 when it cannot be found)."""
    quoted = json.dumps(text, ensure_ascii=False)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if quoted in line:
            return f"{path.relative_to(root).as_posix()}:{number}"
    return f"{path.relative_to(root).as_posix()}:1"


def bundled_words() -> Iterator[Word]:
    yield from template_words()
    yield from spec_words()


if bundled_words not in EXTRA_SOURCES:
    EXTRA_SOURCES.append(bundled_words)

__all__ = ["bundled_words", "spec_words", "template_words"]
