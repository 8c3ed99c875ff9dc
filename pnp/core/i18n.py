"""Printed words in several languages, from gettext message catalogues.

English is the source language: a message id *is* the English text (with `{name}` placeholders), as
usual with gettext. Each language has a standard `.po` catalogue, and its compiled `.mo` beside it:

    pnp/locales/pnp.pot                     the template: every id the code and templates use
    pnp/locales/LANG/LC_MESSAGES/pnp.po     one catalogue per language (en and it ship): the source
    pnp/locales/LANG/LC_MESSAGES/pnp.mo     compiled from it (Babel's write_mo), read by Python's gettext

`translator(lang)` gives a `Translator` whose `gettext` returns the catalogue's text, falling back to
English (the id) when the catalogue lacks it; the ids a catalogue lacks are reported once per
language in a `MissingMessages` warning listing them. It reads the `.mo` with the standard library
(about 1 ms; parsing the `.po` with Babel cost ~100 ms of every command's start) when the `.mo` was
compiled from this very `.po` and template (their SHA-256 are recorded in it, with the ids it
lacks); otherwise, e.g. while a translator edits the `.po`, it compiles the `.po` in memory.
Ids are found in the sources by Babel's extractor (`_`, `N_`, `gettext`, `ngettext` calls in `pnp/`)
plus the extra sources registered in `EXTRA_SOURCES`; `python -m pnp.core.i18n extract` rewrites the
template, adds new ids to each catalogue (untranslated) and compiles them; `python -m pnp.core.i18n
compile` compiles the catalogues; `python -m pnp.core.i18n check` lists what each catalogue lacks
(exit 1).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import io
import json
import sys
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import cache
from gettext import GNUTranslations
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.errors import UsageError

if TYPE_CHECKING:  # Babel (the `translate` extra) is imported only where a catalogue is compiled or extracted
    from babel.messages.catalog import Catalog

LOCALES = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "pnp"
SOURCE_LANGUAGE = "en"
KEYWORDS = {"_": None, "N_": None, "NN_": (1, 2), "gettext": None, "ngettext": (1, 2)}
# Words printed from outside Python code (e.g. template files): modules named in SOURCE_MODULES are
# imported by `used_messages` and append to EXTRA_SOURCES a function yielding (msgid, plural or None,
# where) for each id they print.
SOURCE_MODULES: tuple[str, ...] = ("pnp.face.words", "pnp.rules.rule_words")  # templates, specs, rules
EXTRA_SOURCES: list[Callable[[], Iterable[tuple[str, str | None, str]]]] = []


# Fixed dates in the catalogue headers, so extracting twice writes the same bytes.
HEADER_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


class MissingMessages(UserWarning):
    """A catalogue lacks some message ids: they are printed in English."""


def N_(msgid: str) -> str:
    """Mark a string for extraction without translating it here (it is translated where printed)."""
    return msgid


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message for extraction without translating it here: `t.ngettext(*forms, n)` where printed."""
    return singular, plural


LANGUAGE_NAMES = {"en": N_("English"), "it": N_("Italian")}


@dataclass(frozen=True)
class Translator:
    """The messages of one language (a compiled catalogue); anything it lacks is printed in English."""

    lang: str
    catalogue: GNUTranslations = field(repr=False)

    def gettext(self, msgid: str, **params: object) -> str:
        text = self.catalogue.gettext(msgid)
        return text.format(**params) if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params: object) -> str:
        return self.catalogue.ngettext(singular, plural, n).format(n=n, **params)

    __call__ = gettext


META_ID = "@pnp"  # the compiled catalogue's own entry: JSON of its sources' SHA-256 and the ids it lacks


def language_suffix(lang: str | None) -> str:
    """What output names carry for a language: "" for English (today's names), "-it" for Italian,
    so a build in one language never overwrites another's files."""
    return "" if not lang or lang == SOURCE_LANGUAGE else f"-{lang}"


def check_language(lang: str | None, what: str = "--lang") -> str | None:
    """The shipped language `lang` names, in any case ("IT" is "it"; None stays None: the game's own
    or English); else a UsageError naming the shipped languages."""
    if lang is None or lang.lower() in languages():
        return None if lang is None else lang.lower()
    raise UsageError(f"{what} takes one of {', '.join(languages())}, not {lang!r}")


def languages() -> tuple[str, ...]:
    """The languages that ship a catalogue."""
    return tuple(sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))


def catalogue_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled_path(lang: str) -> Path:
    return catalogue_path(lang).with_suffix(".mo")


def _template_path() -> Path:
    return LOCALES / f"{DOMAIN}.pot"


def _sources(lang: str) -> dict[str, str]:
    """The SHA-256 of the catalogue and of the template: what a compiled catalogue was made from."""
    template = _template_path()
    return {
        "catalogue": hashlib.sha256(catalogue_path(lang).read_bytes()).hexdigest(),
        "template": hashlib.sha256(template.read_bytes()).hexdigest() if template.exists() else "",
    }


def compile_catalogue(lang: str) -> bytes:
    """The `.mo` of a language's `.po` (translated, non-fuzzy messages), with an entry `META_ID`
    recording the sources' SHA-256 and the template ids the catalogue lacks. The same bytes each time."""
    from babel.messages.mofile import write_mo  # Babel: the translate extra (compiling)

    catalog = read_catalogue(catalogue_path(lang), lang)
    meta = {**_sources(lang), "lacking": missing_ids(catalog, template_ids())}
    for message in list(catalog):
        if message.id and not _translated(message):  # a plural with an empty form: English, as the id
            catalog.delete(message.id, message.context)
    catalog.add(META_ID, json.dumps(meta, sort_keys=True))
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> list[Path]:
    """Write every language's `.mo` (python -m pnp.core.i18n compile)."""
    written = []
    for lang in languages():
        path = compiled_path(lang)
        data = compile_catalogue(lang)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    translator.cache_clear()
    return written


def _compiled(lang: str) -> tuple[GNUTranslations, dict]:
    """The language's compiled catalogue and its record: the shipped `.mo` when it was compiled from
    today's `.po` and template, else one compiled now."""
    path = compiled_path(lang)
    if path.exists():
        catalogue = GNUTranslations(io.BytesIO(path.read_bytes()))
        meta = _meta(catalogue)
        if meta is not None and all(meta.get(k) == v for k, v in _sources(lang).items()):
            return catalogue, meta
    if not _can_compile():
        if not path.exists():
            raise UsageError(f"the {lang} catalogue has no compiled {path.name}; {COMPILE_HINT}")
        warnings.warn(
            MissingMessages(f"the {lang} catalogue was edited after {path.name} was compiled; {COMPILE_HINT}"),
            stacklevel=3,
        )
        return catalogue, meta or {}
    catalogue = GNUTranslations(io.BytesIO(compile_catalogue(lang)))
    return catalogue, _meta(catalogue) or {}


COMPILE_HINT = "compile it with `python -m pnp.core.i18n compile` (Babel: pip install 'tranquility-pnp[translate]')"


def _can_compile() -> bool:
    """Babel is there: a `.po` newer than its `.mo` is compiled in memory (a translator at work).
    A plain install ships `.mo` files compiled from its `.po` files and needs no Babel."""
    return importlib.util.find_spec("babel") is not None


def _meta(catalogue: GNUTranslations) -> dict | None:
    text = catalogue.gettext(META_ID)
    try:
        meta = json.loads(text)
    except ValueError:
        return None
    return meta if isinstance(meta, dict) else None


def read_catalogue(path: Path, lang: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po  # Babel: the translate extra (reading a .po)

    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


@cache
def template_ids() -> frozenset:
    """The ids of the shipped template (`pnp.pot`): what every catalogue must translate."""
    path = _template_path()
    return frozenset(_key(m.id) for m in read_catalogue(path) if m.id) if path.exists() else frozenset()


def missing_ids(catalog: Catalog, wanted: Iterable) -> list[str]:
    """The ids of `wanted` that `catalog` does not translate (absent, empty or fuzzy), sorted."""
    have = {_key(m.id) for m in catalog if m.id and _translated(m)}
    return sorted(_label(k) for k in set(wanted) - have)


@cache
def translator(lang: str | None = None) -> Translator:
    """The translator for `lang` (None or "en": English). An unknown language is a ValueError naming
    the known ones; a catalogue lacking ids warns once, listing them."""
    lang = lang or SOURCE_LANGUAGE
    path = catalogue_path(lang)
    if not path.exists():
        raise ValueError(f"no catalogue for the language {lang!r} (known: {', '.join(languages())})")
    catalogue, meta = _compiled(lang)
    lacking = meta.get("lacking", [])
    if lacking:
        warnings.warn(
            MissingMessages(
                f"the {lang} catalogue lacks {len(lacking)} message(s), printed in English: "
                + "; ".join(repr(i) for i in lacking)
            ),
            stacklevel=2,
        )
    return Translator(lang, catalogue)


def _translated(message) -> bool:
    if message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return all(strings)


def _key(msgid) -> str | tuple:
    return tuple(msgid) if isinstance(msgid, (tuple, list)) else msgid


def _label(key) -> str:
    return " | ".join(key) if isinstance(key, tuple) else key


def used_messages() -> dict:
    """Every message id the code and registered sources use → where (file:line), found by Babel's
    Python extractor over `pnp/` and by `EXTRA_SOURCES`."""
    # optional extra [translate]: babel is not in a plain install (pyproject.toml)
    from babel.messages.extract import extract_from_dir

    package = Path(__file__).resolve().parent.parent
    found: dict = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(package), method_map=[("**.py", "python")], keywords=KEYWORDS, strip_comment_tags=True
    ):
        key = (message[0], message[1]) if isinstance(message, tuple) else message
        found.setdefault(key, f"pnp/{filename}:{lineno}")
    _load_extra_sources()
    for source in EXTRA_SOURCES:
        for msgid, plural, where in source():
            found.setdefault((msgid, plural) if plural else msgid, where)
    return found


def _load_extra_sources() -> None:
    """Import the modules that register extra sources (they register on import)."""

    for name in SOURCE_MODULES:
        importlib.import_module(name)


def extract() -> Catalog:
    """Rewrite `pnp.pot` from the sources and add new ids (untranslated) to every catalogue; English
    translates each id as itself. Obsolete ids are dropped."""
    used = used_messages()
    _write(LOCALES / f"{DOMAIN}.pot", _template(used))
    for lang in languages():
        catalog = read_catalogue(catalogue_path(lang), lang)
        catalog.update(_template(used), no_fuzzy_matching=True)  # a fresh template: update shares its messages
        catalog.obsolete.clear()
        catalog.creation_date = catalog.revision_date = HEADER_DATE
        if lang == SOURCE_LANGUAGE:
            for message in catalog:
                if message.id and not _translated(message):
                    message.string = message.id
        _write(catalogue_path(lang), catalog)
    template_ids.cache_clear()
    compile_all()
    return _template(used)


def _template(used: dict) -> Catalog:
    # optional extra [translate]: babel is not in a plain install (pyproject.toml)
    from babel.messages.catalog import Catalog

    template = Catalog(
        domain=DOMAIN,
        project="tranquility-pnp",
        version="0.1",
        charset="utf-8",
        fuzzy=False,
        creation_date=HEADER_DATE,
        revision_date=HEADER_DATE,
        msgid_bugs_address="https://github.com/",
        copyright_holder="tranquility-pnp",
    )
    for key, where in sorted(used.items(), key=lambda kv: _label(kv[0])):
        path, line = where.rsplit(":", 1)
        flags = ("python-brace-format",) if "{" in _label(key) else ()
        template.add(key, locations=[(path, int(line))], flags=flags)
    return template


def _write(path: Path, catalog: Catalog) -> None:
    # optional extra [translate]: babel is not in a plain install (pyproject.toml)
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)


def check() -> dict[str, list[str]]:
    """What each catalogue lacks of the ids the sources use (empty lists when complete)."""
    wanted = used_messages()
    return {lang: missing_ids(read_catalogue(catalogue_path(lang), lang), wanted) for lang in languages()}


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"]:
        print(f"{len(extract())} message ids")
        return 0
    if argv[:1] == ["compile"]:
        print("\n".join(str(p) for p in compile_all()))
        return 0
    if argv[:1] == ["check"]:
        result = check()
        for lang, lacking in result.items():
            print(f"{lang}: " + ("complete" if not lacking else "lacks " + "; ".join(map(repr, lacking))))
        return 1 if any(result.values()) else 0
    print("usage: python -m pnp.core.i18n extract|compile|check", file=sys.stderr)
    return 2


if __name__ == "__main__":  # run the imported module, whose EXTRA_SOURCES the source modules fill
    from pnp.core import i18n as _module

    raise SystemExit(_module.main(sys.argv[1:]))
