"""The gallery says what to print: a "How to print" box first, every game's files in one order, each
language's words throughout."""

from __future__ import annotations

import re

from test_gallery import _italian, built_outputs

from pnp.pipeline.gallery import gallery_outputs


def _two_games() -> dict[str, bytes]:
    """Two games whose files arrive in different orders, with booklets, rules pages and setup sheets."""
    outputs = {}
    for game in ("first", "second"):
        outputs.update(built_outputs(game))
        for name in ("rules-a4.pdf", "rules-booklet-a4.pdf", "rules-letter.pdf", "rules-booklet-letter.pdf"):
            outputs[f"{game}/{name}"] = outputs[f"{game}/{game}-calibration-a4.pdf"]
        outputs[f"{game}/setup/setup-3p-seed1.pdf"] = outputs[f"{game}/{game}-calibration-a4.pdf"]
    return dict(sorted(outputs.items(), reverse=True))


def _page(tmp_path, outputs) -> str:
    """The gallery's HTML, with "100 %" read as typed (the page keeps it on one line: 100&#160;%)."""
    html = gallery_outputs(tmp_path, outputs)["index.html"].decode()
    assert "100&#160;%" in html and "100 %" not in html
    return html.replace("&#160;%", " %")


def _roles(section: str) -> list[str]:
    return re.findall(r'<li data-role="([^"]+)">', section)


def test_the_how_to_print_box_comes_first_and_names_the_files_the_build_wrote(tmp_path):
    html = _page(tmp_path, _two_games())
    box = html.split('<section class="how"', 1)[1].split("</section>", 1)[0]
    assert html.index('<section class="how"') < html.index('<section id="first"')
    steps = re.findall(r"<li>(.*?)</li>", box)
    assert steps[0].startswith("First the calibration sheet (<code>first-calibration-a4.pdf</code>, ")
    assert "100 % (actual size, never “fit to page”), both sides, flip on the long edge" in steps[0]
    assert steps[1].startswith("Then the card sheets (<code>first-a4.pdf</code>, <code>second-a4.pdf</code>)")
    assert steps[2] == (
        "No duplex printer? Make fold sheets, fronts and backs side by side on one page: "
        "<code>pnp sheets first --gutter-fold</code>, <code>pnp sheets second --gutter-fold</code> (pnp sheets "
        "--help shows every option). Print them on one side at 100 % and fold each page in the middle."
    )
    assert "flip on the short edge; fold the stack in half" in steps[3] and "rules-booklet-a4.pdf" in steps[3]
    assert steps[-1] == "Every file comes for A4 and for Letter paper: print the one your printer holds."


def test_fold_sheets_written_by_a_build_are_named_in_the_box_instead_of_the_command(tmp_path):
    outputs = _two_games()
    outputs["first/sheets/first-a4-fold.pdf"] = outputs["first/sheets/first-a4.pdf"]
    html = _page(tmp_path, outputs)
    assert "Print the fold sheets (<code>first-a4-fold.pdf</code>) on one side at 100 %" in html
    assert "<code>pnp sheets second --gutter-fold</code> (pnp sheets" in html  # the game still without them
    assert "<code>pnp sheets first --gutter-fold</code>" not in html
    first = html.split('<section id="first"', 1)[1].split("</section>", 1)[0]
    assert 'data-role="fold"' in first and "first-a4-fold.pdf (2 pages)" in first


def test_every_game_lists_its_files_in_the_same_order(tmp_path):
    html = _page(tmp_path, _two_games())
    first = html.split('<section id="first"', 1)[1].split("</section>", 1)[0]
    second = html.split('<section id="second"', 1)[1].split("</section>", 1)[0]
    order = ["calibration", "cards", "booklet", "rules", "setup"]
    assert _roles(first) == _roles(second) == order
    assert first.index("rules-booklet-a4.pdf") < first.index("rules-booklet-letter.pdf")
    assert "(print this first)" in first and "(100 %, both sides, flip on the long edge)" in first


def test_the_italian_section_is_italian_with_its_own_box_and_check_report(tmp_path):
    outputs = {**built_outputs(), **_italian(built_outputs())}
    outputs["testgame/setup/setup-3p-seed1.check.txt"] = b"all rules hold"
    outputs["testgame/setup/setup-3p-seed1-it.check.txt"] = b"all rules hold"
    html = _page(tmp_path, outputs)
    english, italian = html.split('<section id="testgame-it"', 1)
    assert '<section class="how" lang="it" aria-labelledby="how-it"><h2 id="how-it">Come stampare</h2>' in html
    italian_box = html.split('lang="it" aria-labelledby="how-it">', 1)[1].split("</section>", 1)[0]
    assert "Prima il foglio di calibrazione (<code>testgame-calibration-a4-it.pdf</code>)" in italian_box
    assert "<code>pnp sheets testgame --gutter-fold --lang it</code>" in italian_box
    assert "setup-3p-seed1-it.check.txt" in italian and "setup-3p-seed1-it.check.txt" not in english
    assert "Cosa stampare" in italian and "Foglio di calibrazione" in italian and "(stampalo per primo)" in italian
    for english_word in ("What to print", "Calibration sheet", "Other files", "print this first"):
        assert english_word not in italian


def test_the_page_fits_a_phone_and_has_a_main_landmark(tmp_path):
    html = gallery_outputs(tmp_path, built_outputs())["index.html"].decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert html.count("<main>") == 1 and "@media (max-width:600px)" in html
