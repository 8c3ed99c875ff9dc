"""The one SVG writer (pnp/svg/writer.py) and every SVG the project emits through it: faces, setup
sheets, cut files and the art generators. Each parses as XML, writes hostile text exactly, gives the
same bytes twice, and takes its numbers from the writer's one number format."""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers.rulekit import game_named

import pnp.export.cut
import pnp.setupsheet.page
import pnp.svg.face
from pnp.export import export
from pnp.rules import deal_setup
from pnp.setupsheet.sheet import render_setup_sheet
from pnp.svg import writer
from pnp.svg.faces import render_faces
from pnp.svg.writer import element, fill_slots, num, open_tag, slot, title, tostring, tostrings

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "Tide <&\"'> & </svg> ]]> <!-- x -->"
EMITTERS = [pnp.svg.face, pnp.setupsheet.page, pnp.export.cut]


@pytest.fixture(scope="module")
def tranquility():
    return game_named("tranquility")


# --- the writer ------------------------------------------------------------------------------------


def test_one_number_format():
    assert [num(v) for v in (1.23456, 2.0, -0.0004, 0.0005, -3.5, 1e-9, 70)] == [
        "1.235",
        "2",
        "0",
        "0.001",
        "-3.5",
        "0",
        "70",
    ]
    assert num(1.006, 2) == "1.01" and num(-0.001, 2) == "0"
    assert writer.factor(0.013405634) == "0.01340563" and writer.factor(-0.0) == "0"
    assert writer.points([(1, 2.5), (-0.0001, 3)]) == "1,2.5 0,3"


def test_attributes_and_titles_hold_hostile_text_exactly():
    for value in (HOSTILE, "line\nbreak\ttab\rreturn", "'", '"', "&amp;"):
        node = element("g", id="x", data_card=value)
        assert ET.fromstring(tostring(node)).get("data-card") == value
        assert ET.fromstring(tostring(title(value))).text == value.replace("\r", "\n")  # XML ends lines so


def test_attributes_keep_the_order_given():
    text = tostring(element("path", transform="translate(3)", d="m0 0h1", fill=None, stroke=""))
    assert text == '<path transform="translate(3)" d="m0 0h1" />'  # None and "" are left out


def test_many_elements_written_in_one_call_are_each_as_written_alone():
    nodes = [
        element("rect", id="a", x="1", y="2"),
        element("g", element("path", d="m0 0"), id="b", data_note="two\nlines <&>"),
        element("circle", r="3"),
    ]
    assert tostrings(nodes) == [tostring(node) for node in nodes]
    assert tostrings([]) == []


def test_open_tag_slots_and_documents():
    group = element("g", element("rect", x="1"), id="g<1>")
    assert open_tag(group) == '<g id="g&lt;1&gt;">'
    written = tostring(element("g", slot(), element("rect"), slot()))
    assert fill_slots(written, ["<a />", "<b />"]) == "<g><a /><rect /><b /></g>"
    with pytest.raises(AssertionError):
        fill_slots(written, ["<a />"])
    doc = writer.document(writer.svg_root(10, 20.5, (0, 0, 10, 20.5), id="d"), ["<rect />"])
    assert doc.splitlines() == [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" id="d" width="10mm" height="20.5mm" viewBox="0 0 10 20.5">',
        "<rect />",
        "</svg>",
    ]


# --- every emitter, end to end ---------------------------------------------------------------------


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == NS + "svg"
    return root


def test_faces_parse_and_repeat_with_a_hostile_title(tranquility):
    game = dataclasses.replace(tranquility, title=HOSTILE)
    faces = render_faces(game)
    for face in faces:
        root = _parse(face.svg)
        assert root.get("id") == face.id
        assert len({e.get("id") for e in root.iter() if e.get("id")}) == sum(1 for e in root.iter() if e.get("id"))
    for cached, fresh in zip(faces, render_faces(game)):
        assert cached.svg == fresh.svg
    # the same faces written without the cache (a face id the cache does not take) are the same text
    layout_face = next(face for face in faces if face.id.startswith("island"))
    assert pnp.svg.face.FACE_TOKEN not in layout_face.svg


def test_a_face_is_the_same_with_and_without_the_cache(tranquility, monkeypatch):
    from pnp.face.layout import layout_card
    from pnp.face.template import load_template

    card = next(c for c in tranquility.cards if c.kind == "island")
    layout = layout_card(card, load_template(tranquility, card.template), tranquility)
    cached = pnp.svg.face.render_svg(layout)
    monkeypatch.setattr(pnp.svg.face, "_PLAIN_ID", re.compile(r"(?!)"))  # nothing is plain: no cache
    assert pnp.svg.face.render_svg(layout) == cached


def test_setup_sheets_parse_repeat_and_hold_a_hostile_title():
    for name in ("tranquility", "ascent"):
        game = dataclasses.replace(game_named(name), title=HOSTILE)
        state = deal_setup(game, 3, 1)
        svg, pdf = render_setup_sheet(game, state)
        assert _parse(svg).find(NS + "title").text == f"{HOSTILE}: table for 3 players, seed 1"
        assert pdf.startswith(b"%PDF")
        assert render_setup_sheet(game, state)[0] == svg


def test_cut_files_parse_repeat_and_name_each_card_in_an_attribute(tranquility):
    game = dataclasses.replace(tranquility, title=HOSTILE)
    faces = render_faces(game)
    files = export(game, faces, "cut")
    assert files == export(game, faces, "cut")
    svgs = [(name, data) for name, data in files.items() if name.endswith(".svg")]
    assert svgs
    cards = {card.id for card in game.cards}
    for _, data in svgs:
        root = _parse(data.decode("utf-8"))
        assert root.find(NS + "title").text.startswith(f"{HOSTILE}: cut lines, sheet ")
        lines = [e for e in root.iter() if (e.get("id") or "").startswith("cut-")]
        assert lines and all(e.get("data-card") in cards for e in lines)


def _art_module(game: str, script: str):
    path = ROOT / "art-source" / game / script
    spec = importlib.util.spec_from_file_location(f"svgw_{game}_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_art_generators_write_through_the_writer():
    art = _art_module("tranquility", "make_art.py").all_art()
    for svg in art.values():
        _parse(svg)
    kit = importlib.util.spec_from_file_location("svgw_artkit", ROOT / "art-source" / "artkit.py")
    artkit = importlib.util.module_from_spec(kit)
    kit.loader.exec_module(artkit)
    doc = artkit.document((0, 0, 10, 10), [artkit.rect(0, 0, 10.004, 5, "#123456")], title=HOSTILE)
    root = _parse(doc)
    assert root.find(NS + "title").text == HOSTILE
    assert root.find(NS + "rect").get("width") == "10"  # two decimals: the writer's format


# --- the one number format and the one escaping ---------------------------------------------------


_NUMERIC = {"x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "stroke-width"}


def _numbers(value: str) -> list[str]:
    return re.findall(r"-?[0-9][0-9.]*(?:e0)?", value)


def test_every_number_an_emitter_writes_comes_from_the_writer(tranquility, monkeypatch):
    """With the writer's num and factor marked (a trailing 'e0', still an SVG number), every
    number in the geometry of a face, a setup sheet and a cut file carries the mark."""
    real_num, real_factor = writer.num, writer.factor
    marked_num = lambda value, places=3: real_num(value, places) + "e0"
    marked_factor = lambda value: real_factor(value) + "e0"
    for module in EMITTERS:
        monkeypatch.setattr(module, "num", marked_num)
        if hasattr(module, "factor"):
            monkeypatch.setattr(module, "factor", marked_factor)
    monkeypatch.setattr(writer, "num", marked_num)  # svg_root and points
    for cache in ("_texts", "_frames", "_paths"):
        monkeypatch.setattr(pnp.svg.face, cache, {})
    faces = render_faces(tranquility)
    sheet, _ = render_setup_sheet(tranquility, deal_setup(tranquility, 3, 1))
    cut = [d.decode() for n, d in export(tranquility, faces, "cut").items() if n.endswith(".svg")]
    checked = 0
    for svg in [face.svg for face in faces[:12]] + [sheet] + cut:
        root = _parse(svg)
        art = {e for g in root if (g.get("transform") or "").startswith("matrix(") for e in g.iter()} - set(root)
        for node in root.iter():
            if node in art or (node.tag == NS + "path" and node.get("id") is None):
                continue  # art files' own numbers; glyph outlines (font units, integers)
            for name, value in node.attrib.items():
                if name in _NUMERIC or name in ("viewBox", "points", "transform"):
                    numbers = _numbers(value.removesuffix("mm"))
                    assert numbers and all(n.endswith("e0") for n in numbers), (name, value)
                    checked += 1
    assert checked > 500


def test_no_emitter_escapes_or_formats_by_itself():
    """Only pnp/svg/writer.py escapes XML or writes markup: the emitters import no escaping helper
    and hold no entity or tag text of their own."""
    for path in [Path(m.__file__) for m in EMITTERS] + [ROOT / "art-source" / "artkit.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(body[0].value)
            for body in (n.body for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)))
            if body and isinstance(body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if id(node) in docstrings:
                continue
            if isinstance(node, ast.ImportFrom):
                assert node.module not in ("xml.sax.saxutils", "html", "pnp.core.xmlattr"), path
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not re.search(r"&(amp|lt|gt|quot|#\d+);|<[a-zA-Z/?!]", node.value), (path, node.value)
