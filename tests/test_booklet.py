"""The rules booklet: made from the resolved rules (a variant's booklet states its own numbers), real
embedded text in the bundled font, imposed for saddle stitching, Italian as well as English."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.booklet import booklet_outputs
from pnp.booklet.impose import saddle_order
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

ROOT = Path(__file__).parent.parent
MM = 72 / 25.4


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch):
    monkeypatch.chdir(ROOT)


def _booklet(game, lang=None) -> dict[str, bytes]:
    return booklet_outputs(game, render_faces(game), lang)


def _text(pdf: bytes) -> str:
    document = pdfium.PdfDocument(pdf)
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    return " ".join(text.replace("\r", " ").replace("\n", " ").split())  # lines joined, as a reader searches


def _sizes_mm(pdf: bytes) -> set[tuple[float, float]]:
    document = pdfium.PdfDocument(pdf)
    return {tuple(round(v / MM, 1) for v in page.get_size()) for page in document}


@pytest.fixture(scope="module")
def tranquility_booklet():
    return _booklet(load_game("tranquility"))


def test_build_writes_four_booklet_files_and_the_designers_sheet_of_the_right_sizes(tranquility_booklet):
    assert sorted(tranquility_booklet) == [
        "tranquility/designer-a4.pdf",
        "tranquility/designer-letter.pdf",
        "tranquility/rules-a4.pdf",
        "tranquility/rules-booklet-a4.pdf",
        "tranquility/rules-booklet-letter.pdf",
        "tranquility/rules-letter.pdf",
    ]
    assert _sizes_mm(tranquility_booklet["tranquility/rules-a4.pdf"]) == {(210.0, 297.0)}
    assert _sizes_mm(tranquility_booklet["tranquility/rules-letter.pdf"]) == {(215.9, 279.4)}
    assert _sizes_mm(tranquility_booklet["tranquility/rules-booklet-a4.pdf"]) == {(297.0, 210.0)}
    assert _sizes_mm(tranquility_booklet["tranquility/rules-booklet-letter.pdf"]) == {(279.4, 215.9)}
    assert _sizes_mm(tranquility_booklet["tranquility/designer-a4.pdf"]) == {(210.0, 297.0)}
    assert _sizes_mm(tranquility_booklet["tranquility/designer-letter.pdf"]) == {(215.9, 279.4)}
    assert len(pdfium.PdfDocument(tranquility_booklet["tranquility/rules-booklet-a4.pdf"])) % 2 == 0


def test_the_text_is_real_searchable_text_in_the_embedded_bundled_font(tranquility_booklet):
    pdf = tranquility_booklet["tranquility/rules-a4.pdf"]
    text = _text(pdf)
    for sentence in (
        "Lay 24 border cards as a frame around an empty sea of 6 rows and 6 columns",
        "Then draw back up to 5 from your own pile.",
        "The 36 cells of the sea form one sequence",
        "A 6 between a 3 and a 7 costs 1.",
        "designed by James Emmerson and published by Board Game Hub",
        "Lucky Duck Games",
        "Tristam Rossin",
        "Its art is the project's own",
        "Reconstruction:",
        "Print the calibration sheet first",
    ):
        assert sentence in text, sentence
    designer = _text(tranquility_booklet["tranquility/designer-a4.pdf"])
    for sentence in ("Galateia, from the published rulebook", "Remove 4 island cards at random", "Rule options"):
        assert sentence in designer and sentence not in text, sentence
    fonts = set()
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            used = {str(operands[0]) for operands, operator in pikepdf.parse_content_stream(page, "Tf")}
            for name in used:  # every font the text is set in
                font = page.Resources.Font[name]
                assert "/FontFile2" in font.FontDescriptor  # the TrueType program is embedded
                fonts.add(str(font.BaseFont).split("+")[-1])
    assert fonts == {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}


def test_a_7x7_hand_of_6_variant_booklet_states_its_own_rules(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    variants = tmp_path / "card_specs" / "variants"
    variants.mkdir(parents=True)
    (variants / "wide.json").write_text(
        '{"id": "wide", "extends": "big-sea", "rules": {"hand_size": 6}}', encoding="utf-8"
    )
    text = _text(_booklet(load_game("wide"))["wide/rules-a4.pdf"])
    for sentence in (
        "Lay 28 border cards as a frame around an empty sea of 7 rows and 7 columns",
        "Each player draws 6 cards from their own pile",
        "until you hold 6 cards again",
        "Then draw back up to 6 from your own pile.",
        "The 49 cells of the sea",
        "only when all 49 cells are filled",
        "This booklet is for the variant “wide”",
        "Numbered 1 to 100.",
    ):
        assert sentence in text, sentence
    assert "36 cells" not in text and "draw back up to 5" not in text


@pytest.fixture(scope="module")
def quiet_sea(tmp_path_factory):
    """The A4 booklet of a user's variant of Tranquility (hands of 6, 10 discarded at the start), in
    English and Italian, as the text of each page."""
    folder = tmp_path_factory.mktemp("quiet-sea")
    variants = folder / "card_specs" / "variants"
    variants.mkdir(parents=True)
    (variants / "quiet-sea.json").write_text(
        '{"id": "quiet-sea", "extends": "tranquility", "title": "Quiet Sea Variant",'
        ' "rules": {"hand_size": 6, "start_discard": 10}}',
        encoding="utf-8",
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        game = load_game("quiet-sea")
        faces = render_faces(game)
        pdfs = {"en": booklet_outputs(game, faces)["quiet-sea/rules-a4.pdf"]}
        pdfs["it"] = booklet_outputs(game, faces, "it")["quiet-sea/rules-a4-it.pdf"]
    return {lang: [_text(_page(pdf, i)) for i in range(len(pdfium.PdfDocument(pdf)))] for lang, pdf in pdfs.items()}


def _page(pdf: bytes, index: int) -> bytes:
    """One page of a PDF as a PDF of its own."""
    whole, one = pdfium.PdfDocument(pdf), pdfium.PdfDocument.new()
    one.import_pages(whole, [index])
    buffer = io.BytesIO()
    one.save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "lang, own, parents",
    [
        ("en", "Then everyone discards 10 cards in total", ("Variants", "discards 8 cards", "pnp build big-sea")),
        ("it", "Poi scartate in tutto 10 carte", ("Varianti", "scartate in tutto 8 carte", "pnp build big-sea")),
    ],
)
def test_a_variants_booklet_does_not_list_the_bundled_variants_against_the_base_game(quiet_sea, lang, own, parents):
    pages = quiet_sea[lang]
    text = " ".join(pages)
    assert own in text
    for word in (*parents, "start-discard-hands", "galateia", "big-sea"):
        assert word not in text, word
    footer = "Quiet Sea Variant · "
    assert all(page.replace(f"{footer}{i}", "").strip() for i, page in enumerate(pages, 1))  # no empty page


def test_the_ascent_booklet_covers_the_mountain_special_cards_and_each_module():
    text = _text(_booklet(load_game("ascent"))["ascent/rules-a4.pdf"])
    for sentence in (
        "The mountain: 9 cards in row 1, one fewer in each row up to row 8, then the summit.",
        "A card in row 2 or higher rests on the two cards below it",
        "a 1 only in row 1",
        "Two cards of the same colour may not stand side by side",
        "A bridge may not go at either end",
        "A campfire replaces a terrain card",
        "into row 9, once all 44 slots below",
        "The Green Path",
        "The Panorama",
        "1 goat waits at the foot of the mountain.",
        "The goat must reach row 8, the top terrain row, before the summit.",
        "At setup turn 1 panorama card to its numbered side.",
        "Reconstruction: the publisher describes this module in one line only.",
        "Then draw back up to 5.",
    ):
        assert sentence in text, sentence
    designer = _text(_booklet(load_game("ascent"))["ascent/designer-a4.pdf"])
    options = ("One colour side by side", "With “same_colour_in_row”: “true”:", "ascent-hand-6", "Hands of 6 cards.")
    for sentence in options:
        assert sentence in designer and sentence not in text, sentence


@pytest.mark.parametrize(
    "name, words",
    [
        (
            "tranquility",
            (
                "Tranquillità",
                "Preparazione",
                "Poi pesca dal tuo mazzo fino ad avere 5 carte.",
                "Le 36 caselle del mare",
                "Un 6 tra un 3 e un 7 costa 1.",
                "Riconoscimenti",
                "Ricostruzione:",
            ),
        ),
        (
            "ascent",
            (
                "Tranquillità: L'Ascesa",
                "La montagna: 9 carte nella riga 1",
                "1 capra attende ai piedi",
                "la capra deve raggiungere la riga 8, l'ultima riga di terreno",
                "Il Sentiero Verde",
                "Ricostruzione: l'editore descrive questo modulo in una sola riga.",
            ),
        ),
    ],
)
def test_the_italian_booklets(name, words):
    text = _text(_booklet(load_game(name), "it")[f"{name}/rules-a4-it.pdf"])
    for word in words:
        assert word in text, word
    assert "Your turn" not in text and "Setup" not in text


def test_the_same_inputs_give_the_same_bytes(tranquility_booklet):
    assert _booklet(load_game("tranquility")) == tranquility_booklet


def test_saddle_stitch_order():
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert saddle_order(5) == [(None, 0), (1, None), (None, 2), (3, 4)]
    pages = [p for side in saddle_order(12) for p in side]
    assert sorted(pages) == list(range(12))


def test_the_imposed_booklet_places_each_page_on_its_half(tranquility_booklet):
    whole = pdfium.PdfDocument(tranquility_booklet["tranquility/rules-booklet-a4.pdf"])
    first = _text(tranquility_booklet["tranquility/rules-booklet-a4.pdf"])
    assert "Tranquility" in first
    page = whole[0]
    textpage = page.get_textpage()
    width = page.get_width()
    # page 1 (the cover, with "Components") is on the right half of the first sheet side
    index, _count = textpage.search("Components").get_next()
    assert textpage.get_charbox(index)[0] > width / 2


def test_the_booklet_command_writes_an_italian_booklet(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["booklet", "tranquility", "--lang", "it", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.stderr
    text = _text((tmp_path / "tranquility" / "rules-a4-it.pdf").read_bytes())
    assert "Tranquillità" in text and "Il tuo turno" in text
    result = CliRunner().invoke(app, ["booklet", "tranquility", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "tranquility").iterdir()) == [  # English beside it, not over it
        "designer-a4-it.pdf",
        "designer-a4.pdf",
        "designer-letter-it.pdf",
        "designer-letter.pdf",
        "rules-a4-it.pdf",
        "rules-a4.pdf",
        "rules-booklet-a4-it.pdf",
        "rules-booklet-a4.pdf",
        "rules-booklet-letter-it.pdf",
        "rules-booklet-letter.pdf",
        "rules-letter-it.pdf",
        "rules-letter.pdf",
    ]
    assert "Il tuo turno" in _text((tmp_path / "tranquility" / "rules-a4-it.pdf").read_bytes())
    assert "Your turn" in _text((tmp_path / "tranquility" / "rules-a4.pdf").read_bytes())


def test_an_unknown_booklet_language_is_a_usage_error_and_writes_nothing(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["booklet", "tranquility", "--lang", "xx", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == "error: --lang takes one of en, it, not 'xx'\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "lang, credit, wrong",
    [
        (
            "en",
            "Quiet Sea Variant is a variant of Tranquility, which was designed by James Emmerson and published by "
            "Board Game Hub",
            "Quiet Sea Variant was designed by",
        ),
        (
            "it",
            "Quiet Sea Variant è una variante di Tranquillità, gioco di James Emmerson pubblicato da Board Game Hub",
            "Quiet Sea Variant è un gioco di",
        ),
    ],
)
def test_a_variants_booklet_credits_it_as_a_variant_of_the_base_game(quiet_sea, lang, credit, wrong):
    text = " ".join(quiet_sea[lang])
    assert credit in text and wrong not in text


def test_a_variant_of_the_ascent_is_credited_as_a_variant_of_the_ascent():
    text = _text(_booklet(load_game("ascent-hand-6"))["ascent-hand-6/rules-a4.pdf"])
    assert "The Ascent with a hand of 6 is a variant of Tranquility: The Ascent, which was designed by" in text


def test_every_booklet_file_is_titled_for_a_reader():
    """The imposed and refitted files too (pikepdf made them without a title)."""
    for name, pdf in _booklet(load_game("tranquility"), "it").items():
        with pikepdf.open(io.BytesIO(pdf)) as document:
            info = {key: str(value) for key, value in document.docinfo.items()}
        what = "Per chi crea varianti" if "designer" in name else "Regole del gioco"
        assert (info["/Title"], info["/Author"]) == (f"Tranquillità: {what}", "tranquility-pnp"), name


def test_a_booklet_without_every_module_is_named_for_its_modules():
    """`pnp booklet ascent --modules none` replaced the all-modules booklet's files."""
    names = sorted(_booklet(load_game("ascent", modules=[])))
    assert names == [
        "ascent/designer-a4-no-modules.pdf",
        "ascent/designer-letter-no-modules.pdf",
        "ascent/rules-a4-no-modules.pdf",
        "ascent/rules-booklet-a4-no-modules.pdf",
        "ascent/rules-booklet-letter-no-modules.pdf",
        "ascent/rules-letter-no-modules.pdf",
    ]
    some = sorted(_booklet(load_game("ascent", modules=["goats", "panorama"])))
    assert some[0] == "ascent/designer-a4-panorama+goats.pdf"
