"""The text engine: bundled font, measurement with kerning, wrapping, fit-to-box, outlines."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import fontpkg_atkinson_hyperlegible
import pytest
from fontTools.pens.boundsPen import ControlBoundsPen
from fontTools.ttLib import TTFont
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.face import fontdata, text, textset
from pnp.face.text import TextError, text_width
from pnp.face.textset import Spec, set_text, wrap


def font_units(style: str) -> TTFont:
    return TTFont(text.font_path(style))


def absolute_points(d: str) -> list[tuple[float, float]]:
    """Every end and control point of a path made of m/l/h/v/q/c/z relative commands (what
    line_outline writes), in absolute coordinates: an independent reading of the path."""
    arity = {"m": 2, "l": 2, "h": 1, "v": 1, "q": 4, "c": 6, "z": 0}
    tokens = re.findall(r"[mlhvqcz]|-?\d+(?:\.\d+)?", d)
    points, x, y, start, command, i = [], 0.0, 0.0, (0.0, 0.0), None, 0
    while i < len(tokens):
        if tokens[i] in arity:
            command = tokens[i]
            i += 1
            if command == "z":
                x, y = start
                continue
        elif command == "m":
            command = "l"  # bare pairs after a moveto are linetos
        n = [float(t) for t in tokens[i : i + arity[command]]]
        i += arity[command]
        if command == "h":
            n = [n[0], 0.0]
        elif command == "v":
            n = [0.0, n[0]]
        for j in range(0, len(n), 2):
            points.append((x + n[j], y + n[j + 1]))
        x, y = points[-1]
        if command == "m":
            start = (x, y)
    return points


def test_fonts_come_from_the_bundled_package_in_four_styles():
    package = Path(fontpkg_atkinson_hyperlegible.__file__).resolve().parent
    for style in text.STYLES:
        path = text.font_path(style)
        assert path.parent == package / "files" and path.is_file()
        assert font_units(style)["name"].getBestFamilyName() == text.FAMILY


def test_the_shipped_measures_are_what_the_bundled_fonts_give():
    for style in text.STYLES:
        path = text.font_path(style)
        shipped = fontdata.HERE / f"{path.stem}.json"
        assert shipped.read_text(encoding="utf-8") == fontdata.to_json(fontdata.read_font(path)), (
            "run: python -m pnp.face.fontdata"
        )
        assert fontdata.font_data(path) == fontdata.read_font(path)


def test_measures_made_from_another_font_file_are_not_used(tmp_path, monkeypatch):
    path = text.font_path("regular")
    stale = fontdata.to_json(fontdata.read_font(path)).replace('"sha256": "', '"sha256": "0', 1)
    stale = stale.replace('"units_per_em": 1000', '"units_per_em": 2000', 1)  # wrong if it were used
    assert '"units_per_em": 2000' in stale
    assert _loaded_beside(tmp_path, monkeypatch, f"{path.stem}.json", stale, fontdata.font_data, path) == (
        fontdata.read_font(path)
    )


def _loaded_beside(tmp_path, monkeypatch, name: str, shipped: str, load, path):
    """What `load` (a cached loader of pnp.face.fontdata) gives for `path` with `shipped` as the
    file `name` in place of the one in the package."""
    (tmp_path / name).write_text(shipped, encoding="utf-8")
    monkeypatch.setattr(fontdata, "HERE", tmp_path)
    load.cache_clear()
    try:
        return load(path)
    finally:
        load.cache_clear()


def test_the_shipped_outlines_are_what_the_bundled_fonts_give():
    for style in text.STYLES:
        path = text.font_path(style)
        shipped = fontdata.HERE / f"{path.stem}.outlines.json"
        assert shipped.read_text(encoding="utf-8") == fontdata.outlines_json(path), "run: python -m pnp.face.fontdata"


def test_replayed_outlines_are_the_outlines_fonttools_draws():
    """Every glyph of every style, at three outline steps: the pen calls replayed from the shipped
    file give exactly what drawing the glyph from the TTF with fontTools gives (components too)."""
    from fontTools.pens.basePen import BasePen
    from fontTools.ttLib import TTFont

    class FontToolsPen(BasePen):
        """fontTools' own splitting of splines and decomposing of components, into the project's recorder."""

        def __init__(self, glyph_set, recorder):
            super().__init__(glyph_set)
            self.recorder = recorder

        def _moveTo(self, pt):
            self.recorder._moveTo(pt)

        def _lineTo(self, pt):
            self.recorder._lineTo(pt)

        def _qCurveToOne(self, pt1, pt2):
            self.recorder._qCurveToOne(pt1, pt2)

        def _curveToOne(self, pt1, pt2, pt3):
            self.recorder._curveToOne(pt1, pt2, pt3)

        def _closePath(self):
            self.recorder._closePath()

        def _endPath(self):
            self.recorder._endPath()

    for style in text.STYLES:
        tt = TTFont(text.font_path(style), lazy=True)
        glyphs = tt.getGlyphSet()
        for name in tt.getGlyphOrder():
            for quantum in (1, 3, 7):
                drawn, replayed = text._RelativePen(quantum), text._RelativePen(quantum)
                glyphs[name].draw(FontToolsPen(glyphs, drawn))
                text._font(style).draw(name, replayed)
                assert (replayed.parts, replayed.first, replayed.last_start) == (
                    drawn.parts,
                    drawn.first,
                    drawn.last_start,
                ), (style, name, quantum)
        tt.close()


def test_outlines_made_from_another_font_file_are_not_used(tmp_path, monkeypatch):
    path = text.font_path("regular")
    stale = fontdata.outlines_json(path).replace('"sha256": "', '"sha256": "0', 1)
    stale = stale.replace('"A":[["moveTo"', '"A":[["moveTo",[[0,0]]],["lineTo",[[9,9]]],["closePath",[]],["moveTo"', 1)
    assert '"A":[["moveTo",[[0,0]]]' in stale  # wrong if it were used
    loaded = _loaded_beside(tmp_path, monkeypatch, f"{path.stem}.outlines.json", stale, fontdata.font_outlines, path)
    assert loaded == fontdata.read_outlines(path)


def test_outlines_are_decoded_glyph_by_glyph_from_the_shipped_layout():
    """The shipped file is indexed by line and each glyph decoded when first drawn: the same pen calls."""
    path = text.font_path("regular")
    fontdata.font_outlines.cache_clear()
    try:
        loaded = fontdata.font_outlines(path)
        assert isinstance(loaded, fontdata._LazyOutlines)
        assert loaded._decoded == {}
        assert loaded["A"] == fontdata.read_outlines(path)["A"]
        assert list(loaded._decoded) == ["A"]
    finally:
        fontdata.font_outlines.cache_clear()


def test_outlines_laid_out_otherwise_are_read_whole(tmp_path, monkeypatch):
    """The same JSON reformatted (e.g. by an editor) is still used, read the slow way."""
    path = text.font_path("regular")
    reformatted = json.dumps(json.loads(fontdata.outlines_json(path)), indent=2)
    name = f"{path.stem}.outlines.json"
    loaded = _loaded_beside(tmp_path, monkeypatch, name, reformatted, fontdata.font_outlines, path)
    assert isinstance(loaded, dict)
    assert loaded == fontdata.read_outlines(path)


def test_unknown_style_is_a_clear_error():
    with pytest.raises(TextError, match="unknown font style 'heavy'"):
        text.font_path("heavy")


def test_width_is_the_sum_of_advances_plus_pair_kerning():
    hmtx = font_units("regular")["hmtx"]
    plain = hmtx["A"][0] + hmtx["V"][0]
    assert text.width_units("AV", "regular") < plain  # the GPOS kern pulls A and V together
    assert text.width_units("AV", "regular") == plain + text._kern("regular", "A", "V")
    # pinned for fontpkg-atkinson-hyperlegible 1.6: advances 4630 and 5126, kerning T-r, r-a, n-q, l-i
    assert text.width_units("Tranquility", "regular") == 4630 - 57 - 15 - 11 - 19
    assert text.width_units("Tranquility", "bold") == 5126 - 57 - 13 - 8 - 27
    assert text_width("", "regular", 10) == 0


def test_width_scales_with_size():
    assert text_width("Island 42", "bold", 8.0) == pytest.approx(2 * text_width("Island 42", "bold", 4.0))


def test_missing_glyph_names_the_character():
    with pytest.raises(TextError) as caught:
        text.check_text("snow ☃ and ✈", "regular", "card island-01")
    assert str(caught.value) == (
        "card island-01: the font Atkinson Hyperlegible (regular) has no glyph for '☃' (U+2603), "
        "'✈' (U+2708); remove or replace it."
    )


def test_set_text_refuses_missing_glyphs_before_measuring():
    with pytest.raises(TextError, match=r"U\+2603"):
        set_text(("☃",), Spec(size=4), 50, 20)


def test_wrap_keeps_every_word_in_order_and_within_the_width():
    sentence = "Islands ascend in reading order: bottom row left to right, then the row above."
    lines = wrap(sentence, "regular", 3.5, 40)
    assert len(lines) > 1
    assert " ".join(lines).split() == sentence.split()
    assert all(text_width(line, "regular", 3.5) <= 40 for line in lines)
    # greedy: the next word would not have fitted on each line
    for line, following in itertools.pairwise(lines):
        assert text_width(f"{line} {following.split()[0]}", "regular", 3.5) > 40


def test_wrap_honours_newlines_and_keeps_overlong_words_whole():
    assert wrap("one\ntwo", "regular", 4, 100) == ("one", "two")
    assert wrap("Supercalifragilistic", "regular", 4, 5) == ("Supercalifragilistic",)


def test_unwrapped_text_still_breaks_at_newlines():
    setting = set_text(("first line\nsecond",), Spec(size=4, wrap=False), 60, 20)
    assert [line.text for line in setting.lines] == ["first line", "second"]


def test_fit_shrinks_to_the_largest_size_that_fits():
    paragraphs = ("Play one card, or discard two cards.", "Then draw back up to 5 from your own pile.")
    spec = Spec(size=6.0, min_size=2.0, line_height=1.2, bullet="•")
    setting = set_text(paragraphs, spec, 40, 18)
    assert 2.0 <= setting.size < 6.0
    bigger = Spec(size=round(setting.size + 0.05, 4), line_height=1.2, bullet="•")
    with pytest.raises(TextError):
        set_text(paragraphs, bigger, 40, 18)
    for line in setting.lines:
        assert line.x + text_width(line.text, "regular", setting.size) <= 40 + 1e-6
    descent = -text.metrics().descender * setting.size / 1000
    assert setting.lines[-1].y + descent <= 18 + 1e-6
    assert len(setting.bullets) == 2


def test_fit_keeps_the_full_size_when_the_text_fits():
    assert set_text(("7",), Spec(size=13.4, min_size=8), 24, 13).size == 13.4


def test_text_that_cannot_fit_is_a_clear_error():
    with pytest.raises(TextError) as caught:
        set_text(("a rather long title",), Spec(size=6, min_size=4, wrap=False), 20, 8)
    assert str(caught.value) == (
        "the text 'a rather long title' does not fit its 20 × 8 mm box even at 11.3 pt; "
        "shorten it, enlarge the box or allow a smaller size."
    )


@pytest.mark.parametrize("align", ["left", "centre", "right"])
def test_alignment(align):
    line = set_text(("42",), Spec(size=10, align=align), 30, 15).lines[0]
    width = text_width("42", "regular", 10)
    assert line.x == pytest.approx({"left": 0, "centre": (30 - width) / 2, "right": 30 - width}[align])


def test_vertical_alignment_centres_the_cap_height_block():
    cap = text.metrics().cap_height * 10 / 1000
    descent = -text.metrics().descender * 10 / 1000
    top = set_text(("E",), Spec(size=10, valign="top"), 30, 20).lines[0]
    middle = set_text(("E",), Spec(size=10, valign="middle"), 30, 20).lines[0]
    bottom = set_text(("E",), Spec(size=10, valign="bottom"), 30, 20).lines[0]
    assert top.y == pytest.approx(cap)
    assert middle.y - cap / 2 == pytest.approx(10)
    assert bottom.y == pytest.approx(20 - descent)


def test_outline_of_an_empty_or_blank_line_is_empty():
    assert text.line_outline("", "regular") == ""
    assert text.line_outline("   ", "regular") == ""


def expected_bounds(line: str, style: str, quantum: int = 1) -> tuple[float, float, float, float]:
    """The control-point bounds of a line from fontTools directly (advances and kerning)."""
    tt = font_units(style)
    glyphs, cmap = tt.getGlyphSet(), tt.getBestCmap()
    x, previous, boxes = 0, None, []
    for ch in line:
        name = cmap[ord(ch)]
        if previous is not None:
            x += text._kern(style, previous, name)
        pen = ControlBoundsPen(glyphs)
        glyphs[name].draw(pen)
        if pen.bounds:
            x0, y0, x1, y1 = pen.bounds
            boxes.append((x + x0, y0, x + x1, y1))
        x += tt["hmtx"][name][0]
        previous = name
    return (
        min(b[0] for b in boxes) / quantum,
        min(b[1] for b in boxes) / quantum,
        max(b[2] for b in boxes) / quantum,
        max(b[3] for b in boxes) / quantum,
    )


@pytest.mark.parametrize("line,style", [("Tranquility", "bold"), ("AV 80", "regular"), ("il8%&", "italic")])
def test_outline_places_each_glyph_at_its_advance(line, style):
    xs, ys = zip(*absolute_points(text.line_outline(line, style)))
    x0, y0, x1, y1 = expected_bounds(line, style)
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((x0, y0, x1, y1), abs=1)


@settings(max_examples=40, deadline=None)
@given(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 .,:;&!?'-", min_size=1, max_size=24),
    st.sampled_from(text.STYLES),
    st.sampled_from([1, 3, 5]),
)
def test_outline_bounds_match_the_font_for_any_line(line, style, quantum):
    if not line.strip():
        return
    xs, ys = zip(*absolute_points(text.line_outline(line, style, quantum)))
    x0, y0, x1, y1 = expected_bounds(line, style, quantum)
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((x0, y0, x1, y1), abs=1)


def test_outline_quantum_keeps_steps_under_two_hundredths_of_a_mm():
    for size in (1.0, 3.5, 6.0, 13.4, 40.0):
        q = text.outline_quantum(size)
        assert q >= 1 and (q == 1 or q * size / 1000 <= 0.02)
    assert text.outline_quantum(13.4) == 1 and text.outline_quantum(3.5) == 5


def test_glyph_outlines_are_cached():
    text.glyph.cache_clear()
    text.glyph("regular", "Q")
    text.glyph("regular", "Q")
    info = text.glyph.cache_info()
    assert (info.hits, info.misses) == (1, 1)


def test_underline_uses_the_font_metrics():
    line = textset.SetLine(2.0, 10.0, "69", "bold")
    x, y, w, h = text.underline(line, 10.0)
    post = font_units("bold")["post"]
    assert (x, w) == (2.0, pytest.approx(text_width("69", "bold", 10.0)))
    assert y == pytest.approx(10.0 - post.underlinePosition / 100)
    assert h == pytest.approx(post.underlineThickness / 100)


def test_every_style_has_shipped_measures_and_outlines():
    assert [p.name for p in fontdata.bundled_fonts()] == sorted(text.font_path(s).name for s in text.STYLES)
    expected = sorted(p.stem + end for p in fontdata.bundled_fonts() for end in (".json", ".outlines.json"))
    assert sorted(p.name for p in fontdata.HERE.glob("*.json")) == expected


def test_a_font_the_measures_were_not_made_from_needs_fonttools_and_says_so(monkeypatch):
    """A plain install has no fontTools: the pinned font package always matches the shipped measures,
    and if it ever does not, the message names the extra that reads the TTF."""
    real = fontdata.importlib.util.find_spec
    monkeypatch.setattr(fontdata.importlib.util, "find_spec", lambda name: None if name == "fontTools" else real(name))
    with pytest.raises(fontdata.FontDataError) as caught:
        fontdata.read_font(text.font_path("regular"))
    assert str(caught.value) == (
        "the font AtkinsonHyperlegible-Regular.ttf is not the release pnp's shipped measures were made from; "
        "reading it needs fontTools: pip install 'tranquility-pnp[fonts]'"
    )
