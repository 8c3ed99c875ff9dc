"""Message catalogues: every id the code uses is in every shipped catalogue, a missing id falls back to
English with a warning listing it, and the template is what extraction makes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from pnp.core import i18n

IMPORT_ROOT = Path(i18n.__file__).resolve().parents[2]  # the folder holding the pnp package under test


def test_every_catalogue_translates_every_id_the_sources_use():
    lacking = i18n.check()
    assert set(lacking) >= {"en", "it"}
    assert lacking == {lang: [] for lang in lacking}, lacking


def test_the_template_lists_exactly_the_ids_the_sources_use():
    assert i18n.template_ids() == frozenset(i18n.used_messages()), "run: python -m pnp.core.i18n extract"


def _copy_locales(tmp_path, monkeypatch):
    target = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES, target)
    monkeypatch.setattr(i18n, "LOCALES", target)
    i18n.translator.cache_clear()
    i18n.template_ids.cache_clear()
    return target


def _drop(path, msgid):
    text = path.read_text(encoding="utf-8")
    entry = f'msgid "{msgid}"\nmsgstr "'
    start = text.index(entry)
    end = text.index("\n\n", start) if "\n\n" in text[start:] else len(text)
    path.write_text(text[:start] + text[end:], encoding="utf-8")


def test_a_catalogue_lacking_an_id_fails_the_check_and_falls_back_to_english(tmp_path, monkeypatch):
    locales = _copy_locales(tmp_path, monkeypatch)
    _drop(locales / "it" / "LC_MESSAGES" / "pnp.po", "Italian")
    assert i18n.check()["it"] == ["Italian"]
    with pytest.warns(
        i18n.MissingMessages, match=r"the it catalogue lacks 1 message\(s\), printed in English: 'Italian'"
    ):
        italian = i18n.translator("it")
    assert italian.gettext("Italian") == "Italian"
    assert italian.gettext("English") == "Inglese"
    i18n.translator.cache_clear()
    i18n.template_ids.cache_clear()


def test_a_complete_catalogue_loads_without_warning():
    i18n.translator.cache_clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert i18n.translator("it").gettext(i18n.LANGUAGE_NAMES["it"]) == "Italiano"
        assert i18n.translator(None).gettext("Italian") == "Italian"


def test_an_unknown_language_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match=r"no catalogue for the language 'xx' \(known: en, it\)"):
        i18n.translator("xx")


def test_placeholders_and_plural_forms(tmp_path, monkeypatch):
    locales = _copy_locales(tmp_path, monkeypatch)
    path = locales / "it" / "LC_MESSAGES" / "pnp.po"
    path.write_text(
        path.read_text(encoding="utf-8")
        + (
            '\nmsgid "Draw back up to {hand}."\nmsgstr "Pesca fino ad averne {hand}."\n'
            '\nmsgid "Discard {n} card."\nmsgid_plural "Discard {n} cards."\n'
            'msgstr[0] "Scarta {n} carta."\nmsgstr[1] "Scarta {n} carte."\n'
        ),
        encoding="utf-8",
    )
    italian = i18n.translator("it")
    assert italian.gettext("Draw back up to {hand}.", hand=6) == "Pesca fino ad averne 6."
    assert italian.ngettext("Discard {n} card.", "Discard {n} cards.", 1) == "Scarta 1 carta."
    assert italian.ngettext("Discard {n} card.", "Discard {n} cards.", 3) == "Scarta 3 carte."
    english = i18n.translator("en")
    assert english.ngettext("Discard {n} card.", "Discard {n} cards.", 2) == "Discard 2 cards."
    i18n.translator.cache_clear()


def test_extraction_writes_the_same_bytes_twice(tmp_path, monkeypatch):
    locales = _copy_locales(tmp_path, monkeypatch)
    before = {p: p.read_bytes() for p in locales.rglob("*.po*")}
    i18n.extract()
    assert {p: p.read_bytes() for p in locales.rglob("*.po*")} == before
    i18n.translator.cache_clear()


def test_a_changed_catalogue_changes_the_code_key_so_games_are_built_again(tmp_path, monkeypatch):
    from pnp.pipeline import cache

    (tmp_path / "locales" / "it" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    catalogue = tmp_path / "locales" / "it" / "LC_MESSAGES" / "pnp.po"
    catalogue.write_text('msgid "Setup"\nmsgstr "Preparazione"\n', encoding="utf-8")
    monkeypatch.setattr(cache, "PACKAGE_DIR", tmp_path)
    cache.code_key.cache_clear()
    before = cache.code_key()
    catalogue.write_text('msgid "Setup"\nmsgstr "Allestimento"\n', encoding="utf-8")
    cache.code_key.cache_clear()
    assert cache.code_key() != before
    cache.code_key.cache_clear()


# --- compiled catalogues -------------------------------------------------------------------------


def test_every_shipped_catalogue_is_compiled_from_its_po():
    for lang in i18n.languages():
        assert i18n.compiled_path(lang).read_bytes() == i18n.compile_catalogue(lang), (
            f"{lang}: run python -m pnp.core.i18n compile"
        )


def test_a_catalogue_edited_after_compiling_is_read_from_its_po(tmp_path, monkeypatch):
    locales = _copy_locales(tmp_path, monkeypatch)
    path = locales / "it" / "LC_MESSAGES" / "pnp.po"
    path.write_text(
        path.read_text(encoding="utf-8").replace('msgstr "Italiano"', 'msgstr "ITALIANO"'), encoding="utf-8"
    )
    assert i18n.translator("it").gettext("Italian") == "ITALIANO"  # the shipped .mo is out of date: not used
    i18n.compile_all()
    assert i18n.translator("it").gettext("Italian") == "ITALIANO"
    assert i18n.compiled_path("it").read_bytes() == i18n.compile_catalogue("it")
    i18n.translator.cache_clear()


def test_a_missing_compiled_catalogue_is_compiled_in_memory(tmp_path, monkeypatch):
    locales = _copy_locales(tmp_path, monkeypatch)
    (locales / "it" / "LC_MESSAGES" / "pnp.mo").unlink()
    assert i18n.translator("it").gettext("Italian") == "Italiano"
    assert not (locales / "it" / "LC_MESSAGES" / "pnp.mo").exists()  # reading never writes
    i18n.translator.cache_clear()


def test_without_babel_an_edited_catalogue_keeps_its_shipped_compilation_and_says_how_to_compile(tmp_path, monkeypatch):
    locales = _copy_locales(tmp_path, monkeypatch)
    monkeypatch.setattr(i18n, "_can_compile", lambda: False)  # a plain install: no Babel
    path = locales / "it" / "LC_MESSAGES" / "pnp.po"
    path.write_text(
        path.read_text(encoding="utf-8").replace('msgstr "Italiano"', 'msgstr "ITALIANO"'), encoding="utf-8"
    )
    with pytest.warns(i18n.MissingMessages, match=r"edited after pnp.mo was compiled; compile it with"):
        assert i18n.translator("it").gettext("Italian") == "Italiano"
    i18n.translator.cache_clear()
    (locales / "it" / "LC_MESSAGES" / "pnp.mo").unlink()
    with pytest.raises(i18n.UsageError, match=r"the it catalogue has no compiled pnp.mo; compile it with"):
        i18n.translator("it")
    i18n.translator.cache_clear()


def test_reading_a_compiled_catalogue_does_not_import_babel():
    code = (
        "import sys; from pnp.core import i18n; t = i18n.translator('it'); "
        "print(t.gettext('Italian'), t.ngettext('{n} card', '{n} cards', 2), 'babel' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(IMPORT_ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.split() == ["Italiano", "2", "cards", "False"]
