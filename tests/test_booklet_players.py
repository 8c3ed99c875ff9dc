"""The rules booklet holds what players need (issue 29, item 3): who plays first, the start discard's
source and reason, the Ascent's panorama setup and reveal, printing and cutting for every piece, no
spec keys or commands (those are on the designer's sheet), full pages, whole captioned pictures and
no text under 7 pt; and The Ascent's honest difficulty (item 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from helpers.pagefill import leaves

from pnp.booklet import booklet_outputs, render_booklet
from pnp.booklet.styles import A4, A5, HALF_LETTER
from pnp.pipeline.load import load_game
from pnp.rules.ascent.difficulty import MEASURED
from pnp.svg.faces import render_faces

MM = 72 / 25.4
ROOT = Path(__file__).parent.parent
HALF_LETTER_SCALE = min(HALF_LETTER.width / A5.width, HALF_LETTER.height / A5.height)  # the refit folded booklet


def _text(pdf: bytes) -> str:
    document = pdfium.PdfDocument(pdf)
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    return " ".join(text.replace("\r", " ").replace("\n", " ").split())


@pytest.fixture(scope="module")
def books() -> dict[tuple[str, str | None], dict[str, bytes]]:
    """Every booklet file of both games, in English and Italian."""
    out = {}
    for name in ("tranquility", "ascent"):
        game = load_game(name)
        faces = {f.id: f for f in render_faces(game)}
        for lang in (None, "it"):
            out[(name, lang)] = booklet_outputs(game, faces, lang)
    return out


def rules(books, name: str, lang: str | None = None) -> str:
    suffix = "-it" if lang else ""
    return _text(books[(name, lang)][f"{name}/rules-a4{suffix}.pdf"])


def test_the_booklet_says_who_plays_first(books):
    for name in ("tranquility", "ascent"):
        assert "The quietest player plays first. Play then goes clockwise." in rules(books, name)
    assert "Gioca per primo il giocatore più silenzioso." in rules(books, "tranquility", "it")


def test_a_variant_that_seats_the_player_dealt_the_fewest_cards_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "card_specs" / "variants").mkdir(parents=True)
    spec = {"id": "few", "extends": "tranquility", "rules": {"first_player": "fewest-cards"}}
    (tmp_path / "card_specs" / "variants" / "few.json").write_text(json.dumps(spec), encoding="utf-8")
    text = _text(render_booklet(load_game("few"), {}, A4))
    assert "The player dealt the fewest cards (hand and pile together) plays first" in text
    assert "quietest" not in text


def test_the_start_discard_quotes_its_source_and_gives_the_reason(books):
    text = rules(books, "tranquility")
    assert (
        "Reconstruction: one description of the game says the players discard “eight cards from their hands”. "
        "This kit also lets each share come off the top of your own pile. From hands only, a solo game could never "
        "be won: a lone player's hand holds 4 cards besides the start card, fewer than 8."
    ) in text
    assert "no source says where the start discard comes from" not in text


def test_where_the_start_discard_follows_the_source_nothing_is_quoted():
    text = _text(render_booklet(load_game("start-discard-hands"), {}, A4))
    assert "from their hands, split as you agree" in text
    assert "eight cards from their hands" not in text


def test_the_ascent_shuffles_its_panorama_row_and_says_how_the_panorama_reveals(books):
    text = rules(books, "ascent")
    for step in (
        "Shuffle the 10 panorama triangles landscape side up, without looking at their numbered sides.",
        "With The Panorama: take 1 triangle at random from them and turn it to its numbered side.",
        "Shuffle the 10 triangles again and lay them in a row in that order, long sides down",
    ):
        assert step in text, step
    plain = _text(render_booklet(load_game("ascent", modules=[]), {}, A4))
    assert "Shuffle the 10 triangles again" in plain and "With The Panorama" not in plain
    first = _text(render_booklet(load_game("ascent-modules-reconstructed"), {}, A4))
    assert "With The Panorama: take 3 triangles at random from them and turn them to their numbered side." in first


def test_printing_covers_every_piece_and_promises_no_bleed_the_sheets_lack(books):
    tq, ascent = rules(books, "tranquility"), rules(books, "ascent")
    assert "Each card is 70 × 70 mm." in tq
    assert "Cut the square out first, then cut it in half along its diagonal line." in ascent
    assert "Goat tokens (25 mm across): cut along the printed circle with scissors" in ascent
    assert "Panorama triangles" not in tq and "tokens" not in tq
    for text in (tq, ascent):
        assert "no bleed" in text and "bleed lets a cut" not in text


def test_the_players_booklet_has_no_spec_keys_or_commands_and_no_repeated_sentence(books):
    for (name, lang), files in books.items():
        suffix = "-it" if lang else ""
        text = _text(files[f"{name}/rules-a4{suffix}.pdf"])
        for word in ("pnp ", "cost_cap", "row_minimum", "adjacency", "start_discard_from", "This game:", "Variants"):
            assert word not in text, (name, lang, word)
    assert "Discard that many. Discard that many" not in rules(books, "tranquility")
    assert "Discard that many cards" not in rules(books, "tranquility")


def test_the_designers_sheet_never_gives_two_options_the_same_sentence(books):
    for name in ("tranquility", "ascent"):
        text = _text(books[(name, None)][f"{name}/designer-a4.pdf"])
        said = [part.split(" • ")[0] for part in text.split("This game: ")[1:]]
        assert len(said) == len(set(said)) >= 5, said
        assert f"pnp simulate {name} --vs rules.first_player=fewest-cards" in text


def test_the_ascent_with_every_module_says_how_hard_it_is_from_the_measured_table(books):
    measured = MEASURED
    won = sum(measured.all_modules.values())
    plain = (
        f" Without the modules it won {sum(measured.no_modules.values())} of {measured.total}."
        if measured.no_modules is not None
        else ""
    )
    assert (
        f"How hard it is: with all 3 modules this game is very hard. The "
        f"strongest computer player this kit has (the “{measured.bot}” bot) won {won} of {measured.total} games "
        f"with them, at 1 to 5 players.{plain} Start without the modules, and add one at a time once you win."
    ) in rules(books, "ascent")
    assert "Quanto è difficile:" in rules(books, "ascent", "it")
    assert "How hard" not in rules(books, "tranquility")
    assert "How hard" not in _text(render_booklet(load_game("ascent", modules=[]), {}, A4))
    assert "How hard" not in _text(render_booklet(load_game("ascent-hand-6"), {}, A4))  # other rules


def _pages(pdf: bytes):
    document = pdfium.PdfDocument(pdf)
    return [document[i] for i in range(len(document))]


def _lowest(page, footer: float) -> float:
    """The lowest point (pt from the bottom) that anything above the footer reaches."""
    bottoms = [obj.get_bounds()[1] for obj in page.get_objects(max_depth=1)]
    return min(b for b in bottoms if b > footer)


@pytest.mark.parametrize("name", ["tranquility", "ascent"])
@pytest.mark.parametrize("lang", [None, "it"])
def test_no_page_but_the_last_is_more_than_half_empty_in_any_file_as_printed(books, name, lang):
    """Measured on the rendered pages of every booklet file (tests/helpers/pagefill.py), in reading
    order, a folded booklet's pages as they read once folded. The rule: every page but the last has
    at most half of its text area empty; no page is blank, the last one included (a folded booklet
    is filled to a multiple of four pages, its back cover being the quick reference, not padded with
    blank pages); and each page's footer prints its place in reading order (the fold order)."""
    for file, pdf in books[(name, lang)].items():
        pages = leaves(pdf, file)
        assert [p.footer for p in pages] == list(range(1, len(pages) + 1)), (file, "blank or out of order")
        half_empty = {p.number: p.empty for p in pages[:-1] if p.empty > 0.5}
        assert not half_empty, (file, half_empty)
        assert pages[-1].empty < 1.0, (file, "the last page is blank")


BUNDLED_VARIANTS = sorted(path.stem for path in (ROOT / "card_specs" / "variants").glob("*.json"))


@pytest.mark.slow  # every bundled variant's booklets in two languages: ~30 s of CPU
@pytest.mark.parametrize("name", BUNDLED_VARIANTS)
def test_every_bundled_variants_booklets_keep_the_same_rule(name):
    game = load_game(name)
    faces = {f.id: f for f in render_faces(game)}
    for lang in (None, "it"):
        for file, pdf in booklet_outputs(game, faces, lang).items():
            pages = leaves(pdf, file)
            assert [p.footer for p in pages] == list(range(1, len(pages) + 1)), (file, "blank or out of order")
            assert not {p.number: p.empty for p in pages[:-1] if p.empty > 0.5}, file


@pytest.mark.parametrize("name", ["tranquility", "ascent"])
def test_no_printed_word_is_under_7_pt_even_on_the_half_letter_booklet(name):
    game = load_game(name)
    pdf = render_booklet(game, {f.id: f for f in render_faces(game)}, A5, "it")
    smallest = 99.0
    for page in _pages(pdf):
        textpage = page.get_textpage()
        for i in range(textpage.count_chars()):
            if chr(raw.FPDFText_GetUnicode(textpage.raw, i)).isalnum():
                smallest = min(smallest, raw.FPDFText_GetFontSize(textpage.raw, i))
    assert smallest * HALF_LETTER_SCALE >= 7.0, smallest


def test_the_build_says_how_hard_the_ascent_is_with_every_module(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from pnp.cli import app
    from pnp.rules.difficulty import build_note

    monkeypatch.chdir(tmp_path)
    measured = MEASURED
    line = build_note("ascent", "all")
    assert line is not None and line.startswith(
        f"note: ascent with every module is very hard: the {measured.bot} bot, the strongest this kit has, won "
        f"{sum(measured.all_modules.values())} of {measured.total} games at 1-5 players"
    )
    assert line.endswith(
        f"({measured.date}, pnp/rules/ascent/difficulty.py). Start without them: pnp build ascent --modules none"
    )
    assert build_note("ascent", "none") is None and build_note("tranquility", "all") is None
    args = ["build", "ascent", "--no-setup", "--no-booklet", "--paper", "a4", "-o", "out"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert line in result.stderr.splitlines()
    plain = CliRunner().invoke(app, [*args, "--modules", "none"])
    assert plain.exit_code == 0 and "very hard" not in plain.stderr


@pytest.mark.parametrize(
    "lang, quick, record", [(None, "Quick reference", "Record of games"), ("it", "Riepilogo delle regole", "Registro")]
)
def test_the_folded_ascent_ends_in_a_record_of_games_and_the_quick_reference_not_blank_pages(
    books, lang, quick, record
):
    """Its rules take six or seven A5 pages: the rest of the eight hold what players use at the table."""
    suffix = "-it" if lang else ""
    files = books[("ascent", lang)]
    folded = pdfium.PdfDocument(files[f"ascent/rules-booklet-a4{suffix}.pdf"])
    outer = folded[0].get_textpage()  # the outer sheet's front: the back cover (left) and the cover (right)
    half = folded[0].get_width() / 2
    back_cover = outer.get_text_bounded(0, 0, half, folded[0].get_height())
    footer, first = (line.strip() for line in back_cover.split("\n")[:2])
    assert footer.endswith("· 8") and first == quick  # page 8 begins with the quick reference
    for line in ("Play one card, or discard two. Then draw back up to 5.", "The goat must reach row 8"):
        if lang is None:
            assert line in " ".join(back_cover.split())
    assert record in _text(files[f"ascent/rules-booklet-a4{suffix}.pdf"])
    assert record not in _text(files[f"ascent/rules-a4{suffix}.pdf"])  # whole pages need no filling
    assert quick not in _text(files[f"ascent/rules-a4{suffix}.pdf"])
