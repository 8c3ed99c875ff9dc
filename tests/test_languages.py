"""Every printed word of faces, sheets, setup and booklet in the game's language (issue 14, item 3):
a spec's "language" and --lang, the catalogues' template and spec words, a missing string, a variant
that renames its terrains, and output names that carry the language."""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core import i18n
from pnp.face.layout import GroupItem, TextItem, layout_card
from pnp.face.template import load_template
from pnp.pipeline.load import load_game
from pnp.rules.rulestext import reference_text, with_language

runner = CliRunner()

# Words each game's faces print, in English and in Italian (the catalogue's choices: Partenza, Arrivo,
# Prato, Ghiacciaio, Cima; Canyon is Canyon in both).
WORDS = {
    "tranquility": (
        ["START", "FINISH", "place at the bottom-left corner", "place at the top-right corner", "Rules reference"],
        ["PARTENZA", "ARRIVO", "da mettere all'angolo in basso a", "Riassunto delle regole", "Tranquillità"],
    ),
    "ascent": (
        ["BRIDGE", "SUMMIT", "MEADOW", "GLACIER", "CAMPFIRE", "THE ASCENT", "REFERENCE", "Meadow"],
        ["PONTE", "CIMA", "PRATO", "GHIACCIAIO", "FALÒ", "L'ASCESA", "RIASSUNTO", "Prato", "Il tuo turno"],
    ),
}


def face_lines(game) -> list[str]:
    """Every line of text the faces of `game` print: what the SVG writer sets as glyph outlines."""
    lines: list[str] = []
    backs: set[str] = set()
    for card in game.cards:
        sides = [("front", card.template)]
        if card.back_face_id not in backs:
            backs.add(card.back_face_id)
            sides.append(("back", card.back.template))
        for side, name in sides:
            lines += _texts(layout_card(card, load_template(game, name), game, side).items)
    return lines


def _texts(items) -> list[str]:
    out: list[str] = []
    for item in items:
        if isinstance(item, GroupItem):
            out += _texts(item.items)
        elif isinstance(item, TextItem):
            out += [line.text for line in item.lines]
    return out


def _printed(lines: list[str], word: str) -> bool:
    return any(word in line for line in lines) or word in " ".join(lines)


@pytest.mark.parametrize("name", sorted(WORDS))
def test_italian_faces_print_italian_words_and_no_english_ones(name):
    english, italian = WORDS[name]
    game = load_game(name)
    en = face_lines(game)
    it = face_lines(with_language(game, "it"))
    assert [w for w in english if not _printed(en, w)] == []
    assert [w for w in italian if not _printed(it, w)] == []
    assert [w for w in english if _printed(it, w)] == []  # no English word left on an Italian face
    assert [w for w in italian if _printed(en, w)] == []


def _pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(path.read_bytes())
    try:
        return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


def test_an_italian_build_of_both_games_names_its_files_and_prints_italian(tmp_path):
    from pnp.pipeline.build import build_games
    from pnp.sheets.spec import SheetSpec

    out = tmp_path / "out"
    a4 = (SheetSpec.from_options(paper="a4"),)
    build_games(["tranquility", "ascent"], out, a4, language="it")
    for game in ("tranquility", "ascent"):
        folder = out / game
        for rel in (
            f"sheets/{game}-a4-it.pdf",
            f"{game}-calibration-a4-it.pdf",
            "rules-a4-it.pdf",
            "rules-letter-it.pdf",
            "rules-booklet-a4-it.pdf",
            "deck-it.json",
            "setup/setup-3p-seed1-it.pdf",
            "setup/setup-3p-seed1-it.svg",
        ):
            assert (folder / rel).is_file(), rel
        assert (folder / "svg-it").is_dir() and not (folder / "svg").exists()
        assert not (folder / "rules-a4.pdf").exists()
        sheets = _pdf_text(folder / f"sheets/{game}-a4-it.pdf")
        assert "foglio 1 di" in sheets and "stampa fronte e retro" in sheets
        assert "sheet 1 of" not in sheets and "print both sides" not in sheets
        calibration = _pdf_text(folder / f"{game}-calibration-a4-it.pdf")
        assert "Calibrazione della stampante" in calibration and "Printer calibration" not in calibration
        booklet = _pdf_text(folder / "rules-a4-it.pdf")
        assert "Regole del gioco" in booklet or "Preparazione" in booklet
        assert "Rules of play" not in booklet
        setup = (folder / "setup/setup-3p-seed1-it.svg").read_text(encoding="utf-8")
        assert "tavolo per 3 giocatori" in setup and "table for" not in setup
    assert "Tranquillità" in _pdf_text(out / "tranquility/sheets/tranquility-a4-it.pdf")

    italian = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and "-it" in p.as_posix()}
    build_games(["tranquility"], out, a4, setup=False)  # English beside it: today's names, nothing removed
    assert (out / "tranquility/rules-a4.pdf").is_file() and (out / "tranquility/svg/start.svg").is_file()
    assert "sheet 1 of" in _pdf_text(out / "tranquility/sheets/tranquility-a4.pdf")
    assert {p: p.read_bytes() for p in italian} == italian
    gallery = (out / "index.html").read_text(encoding="utf-8")
    assert '<section id="tranquility" data-word-front="front"' in gallery
    assert '<section id="tranquility-it" lang="it" data-word-front="fronte"' in gallery
    assert "<h2>Tranquillità</h2>" in gallery and "Cosa stampare" in gallery and "Come stampare" in gallery


def _copy_locales(tmp_path, monkeypatch):
    target = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES, target)
    monkeypatch.setattr(i18n, "LOCALES", target)
    i18n.translator.cache_clear()
    i18n.template_ids.cache_clear()
    return target


def _drop(path: Path, msgid: str) -> None:
    text = path.read_text(encoding="utf-8")
    start = text.index(f'msgid "{msgid}"\nmsgstr "')
    end = text.index("\n\n", start) if "\n\n" in text[start:] else len(text)
    path.write_text(text[:start] + text[end:], encoding="utf-8")


@pytest.fixture
def fresh_translators():
    yield
    i18n.translator.cache_clear()
    i18n.template_ids.cache_clear()


def test_a_template_word_missing_from_a_catalogue_prints_in_english_with_one_warning(
    tmp_path, monkeypatch, fresh_translators
):
    locales = _copy_locales(tmp_path, monkeypatch)
    _drop(locales / "it" / "LC_MESSAGES" / "pnp.po", "BRIDGE")
    game = load_game("ascent")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        italian = with_language(game, "it")
        lines = face_lines(italian) + face_lines(italian)  # every face twice: still one warning
    missing = [w for w in caught if issubclass(w.category, i18n.MissingMessages)]
    assert len(missing) == 1
    assert "the it catalogue lacks 1 message(s), printed in English: 'BRIDGE'" in str(missing[0].message)
    assert "BRIDGE" in lines and "PONTE" not in lines and "CIMA" in lines


def test_the_check_fails_while_a_catalogue_lacks_a_word_of_the_templates_or_specs(
    tmp_path, monkeypatch, fresh_translators
):
    used = i18n.used_messages()
    assert used["place at the bottom-left corner"] == "templates/tranquility/start.json:12"
    assert used["SUMMIT"].startswith("templates/ascent/summit.json:")
    assert used["The Ascent with a hand of 6"] == "card_specs/variants/ascent-hand-6.json:5"
    assert used["Meadow"].startswith(("card_specs/ascent.json:", "pnp/"))
    locales = _copy_locales(tmp_path, monkeypatch)
    _drop(locales / "it" / "LC_MESSAGES" / "pnp.po", "place at the bottom-left corner")
    _drop(locales / "it" / "LC_MESSAGES" / "pnp.po", "The Ascent with a hand of 6")
    assert i18n.check()["it"] == ["The Ascent with a hand of 6", "place at the bottom-left corner"]


def _variant(folder: Path, name: str, data: dict) -> None:
    variants = folder / "card_specs" / "variants"
    variants.mkdir(parents=True, exist_ok=True)
    (variants / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_specs_language_prints_its_faces_and_the_flag_overrides_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(tmp_path, "tq-it", {"id": "tq-it", "extends": "tranquility", "title": "Tranquility", "language": "it"})
    game = load_game("tq-it")
    assert game.language == "it"
    assert "PARTENZA" in face_lines(game)
    assert reference_text(game, "turn", "it").title == "Il tuo turno"
    out = tmp_path / "out"
    result = runner.invoke(app, ["render", "tq-it", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.stderr
    assert (out / "tq-it/svg-it/start.svg").is_file() and not (out / "tq-it/svg").exists()
    result = runner.invoke(app, ["render", "tq-it", "--lang", "en", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.stderr
    english, italian = (out / "tq-it/svg/start.svg").read_text(), (out / "tq-it/svg-it/start.svg").read_text()
    assert english != italian  # the flag drew English faces; the Italian ones were left alone
    result = runner.invoke(
        app, ["setup", "tq-it", "--lang", "en", "--players", "2", "--out", str(out), "-q"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (out / "tq-it/setup").glob("*.svg")) == ["setup-2p-seed1.svg"]
    result = runner.invoke(app, ["sheets", "tq-it", "--paper", "a4", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (out / "tq-it").rglob("*.pdf") if "setup" not in p.as_posix()) == [
        "tq-it-a4-it.pdf",
        "tq-it-calibration-a4-it.pdf",
    ]
    assert "foglio 1 di" in _pdf_text(out / "tq-it/sheets/tq-it-a4-it.pdf")


def test_an_unshipped_language_is_refused_in_a_spec_and_on_the_command_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _variant(tmp_path, "tq-xx", {"id": "tq-xx", "extends": "tranquility", "language": "xx"})
    result = runner.invoke(app, ["validate", "tq-xx"])
    assert result.exit_code == 1
    assert "$.language: no catalogue ships for the language 'xx' (languages: en, it)" in result.stderr
    result = runner.invoke(app, ["render", "tranquility", "--lang", "fr", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --lang takes one of en, it, not 'fr'"
    assert "Traceback" not in result.stderr and not (tmp_path / "out").exists()


def test_a_variant_renames_its_terrains_in_every_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    terrain = {"green": {"name": "Forest", "names": {"it": "Foresta"}}, "red": {"name": "Desert"}}
    _variant(tmp_path, "woods", {"id": "woods", "extends": "ascent", "title": "Woods", "theme": {"terrain": terrain}})
    result = runner.invoke(app, ["validate", "woods", "--no-simulate"])  # the bots' games rename nothing
    assert result.exit_code == 0, result.stderr
    game = load_game("woods")
    en, it = face_lines(game), face_lines(with_language(game, "it"))
    assert {"FOREST", "DESERT", "GLACIER", "Forest"} <= set(en) and not {"MEADOW", "CANYON"} & set(en)
    assert {"FORESTA", "DESERT", "GHIACCIAIO", "Foresta"} <= set(it) and not {"PRATO", "FOREST"} & set(it)
    path = reference_text(game, "green-path").lines[0]
    assert "forest cards" in path and "meadow" not in path
    assert "carte foresta" in reference_text(game, "green-path", "it").lines[0]


def test_a_terrain_name_too_long_for_its_card_is_a_validate_error_naming_the_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    terrain = {"green": {"name": "Meadow", "names": {"it": "Prateria alpina altissima"}}}
    _variant(tmp_path, "alps", {"id": "alps", "extends": "ascent", "title": "Alps", "theme": {"terrain": terrain}})
    result = runner.invoke(app, ["validate", "alps"])
    assert result.exit_code == 1
    assert "the front of 'terrain-green-01' (it) does not fit" in result.stderr


@pytest.mark.parametrize("name", ["tranquility", "ascent"])
def test_the_booklets_setup_picture_is_labelled_in_the_booklets_language(name):
    from pnp.booklet.content import setup_svg
    from pnp.rules import deal_setup
    from pnp.setupsheet.sheet import SetupSheet

    game = load_game(name)
    italian = with_language(game, "it")
    assert setup_svg(italian) != setup_svg(game)  # the labels on the picture differ, the table does not
    sheet = SetupSheet(italian, deal_setup(italian, 2, 1))
    sheet.draw()
    corner = "partenza" if name == "tranquility" else "cima"
    assert sheet.t.gettext("start" if name == "tranquility" else "summit") == corner
    assert [sheet.label(p.id)[0] for p in sheet.pieces.values() if p.kind in ("start", "summit")][:1] == [corner]


def test_a_language_is_named_in_any_case(tmp_path):
    """As every other option value: `--lang IT` is `--lang it` (the files are named -it)."""
    from pnp.core.i18n import check_language

    assert (check_language("IT"), check_language("En"), check_language(None)) == ("it", "en", None)
    result = runner.invoke(app, ["booklet", "tranquility", "--lang", "IT", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "tranquility").glob("rules-a4*.pdf")) == ["rules-a4-it.pdf"]


def _sheet_lines(game, players: int, monkeypatch) -> list[str]:
    """Every line the setup sheet of `game` sets (as outlines: its PDF has no text layer to search)."""
    from pnp.rules import deal_setup
    from pnp.setupsheet.page import SvgPage
    from pnp.setupsheet.sheet import SetupSheet

    lines: list[str] = []
    text = SvgPage.text

    def record(self, x, y, words, *args, **kwargs):
        lines.append(words)
        return text(self, x, y, words, *args, **kwargs)

    monkeypatch.setattr(SvgPage, "text", record)
    SetupSheet(game, deal_setup(game, players, 1)).draw()
    return lines


@pytest.mark.parametrize(
    ("name", "wanted"),
    [
        ("tranquility", ["scarti: nessuna carta", "scatola: 1 bordo, 2 partenze", "da parte: 2 riassunti"]),
        (
            "ascent",
            [
                "scarti: nessuna carta",
                "scatola: nessuna carta",
                "da parte: 2 riassunti, 1 riassunto Sentiero Verde, 1 riassunto Panorama, "
                "1 riassunto Capre di Montagna",
            ],
        ),
    ],
)
def test_the_italian_setup_sheet_counts_in_italian_plurals(name, wanted, monkeypatch):
    lines = _sheet_lines(with_language(load_game(name), "it"), 3, monkeypatch)
    assert [line for line in lines if line.startswith(("scarti:", "scatola:", "da parte:"))] == wanted
    assert any(line.startswith("3 giocatori · seme 1 · ") for line in lines)
    assert not [line for line in lines if "seed" in line]


def test_the_english_setup_sheet_counts_in_english_plurals(monkeypatch):
    lines = _sheet_lines(load_game("tranquility"), 3, monkeypatch)
    assert "box: 1 border, 2 starts" in lines and "aside: 2 references" in lines


def test_every_bundled_kind_name_has_a_plural_count():
    from pnp.face.words import spec_words
    from pnp.game.kindcount import KIND_COUNTS, kind_count

    names = {k.name for g in ("tranquility", "ascent") for k in load_game(g).kinds}
    assert names <= {word for word, _, _ in spec_words()}
    assert sorted(names - set(KIND_COUNTS)) == []
    assert kind_count(i18n.translator("it"), "Lighthouse", 2) == "2 lighthouse"  # a user's own kind: as written
