"""Templates: schema and semantic errors with file:line:col, safe {field} strings, colours, art
checks, conditions, rotation, the safe zone, and template folder precedence."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.core.errors import PnpError, SpecError
from pnp.face.art import ArtError, find_art, load_art
from pnp.face.layout import TextItem, layout_card
from pnp.face.template import TemplateError, load_template, parse_formatted, resolve_colour
from pnp.game.model import Back, Card, CardSize, Game, Theme, frozen_map
from pnp.svg.face import inline_art, render_svg

SIZE = CardSize(70.0, 70.0, bleed=3.0, safe=3.0, radius=3.0)
THEME = Theme(
    font="Atkinson Hyperlegible",
    colours=frozen_map({"ink": "#1F2A38", "paper": "#f7f1e3", "sea": "#4f8fb0"}),
    terrain=frozen_map({"green": {"name": "Meadow", "symbol": "meadow", "fill": "#4f8a3c", "dark": "#2e5a22"}}),
)
SQUARE_ART = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>'
)


def make_game(*template_dirs: Path) -> Game:
    return Game(
        id="fixture",
        title="Fixture Game",
        engine="tranquility",
        spec_file=Path("fixture.json"),
        template_dirs=tuple(template_dirs),
        card=SIZE,
        theme=THEME,
        kinds=(),
        rules=frozen_map(),
    )


def make_card(template: str = "card", back: Back = Back("back"), **fields) -> Card:
    return Card(
        id="island-07",
        kind="island",
        count=1,
        fields=frozen_map(fields or {"number": 7, "decade": 1}),
        template=template,
        back=back,
        shape="square",
        size=SIZE,
    )


def write(folder: Path, name: str, content: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """An empty template folder 'tpl' under the working directory (so messages show 'tpl/…')."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tpl" / "art").mkdir(parents=True)
    write(tmp_path / "tpl" / "art", "square.svg", SQUARE_ART)
    return tmp_path / "tpl"


def problems(folder: Path, content: str, name: str = "card") -> list[str]:
    write(folder, f"{name}.json", content)
    with pytest.raises(SpecError) as caught:
        load_template(make_game(folder), name)
    return [str(p) for p in caught.value.problems]


def layout(folder: Path, content: str, card: Card | None = None, side: str = "front"):
    write(folder, "card.json", content)
    return layout_card(card or make_card(), load_template(make_game(folder), "card"), make_game(folder), side)


# --- schema problems -----------------------------------------------------------------------------


def test_schema_problems_name_file_line_column_and_path(folder):
    assert problems(
        folder,
        """
        {
          "size": [70, 70],
          "elements": [
            { "type": "text", "text": "{number}", "box": [5, 5, 20, 10], "size_pt": 20, "colour": "ink" },
            { "type": "rect", "box": [5, 5, 20], "fill": "ink" },
            { "type": "text", "text": "x", "box": [5, 5, 20, 10], "size_pt": 20, "align": "center" },
            { "type": "star", "box": [0, 0, 1, 1] },
            { "type": "art", "box": [0, 0, 10, 10] }
          ]
        }
    """,
    ) == [
        "tpl/card.json:4:81: $.elements[0].colour: unknown key 'colour' (expected one of: align, box, case, fill, "
        "id, italic, line_height, min_size_pt, pivot, rotate, size_pt, text, type, underline, valign, weight, "
        "when, wrap)",
        "tpl/card.json:5:30: $.elements[1].box: [5, 5, 20] is too short (minItems 4)",
        'tpl/card.json:6:83: $.elements[2].align: expected one of "left", "centre", "right", got "center"',
        'tpl/card.json:7:15: $.elements[3].type: expected one of "rect", "circle", "art", "text", "lines", '
        '"group", got "star"',
        "tpl/card.json:8:5: $.elements[4]: 'name' is required here",
    ]


def test_syntax_errors_and_duplicate_keys_have_positions(folder):
    assert problems(folder, '{\n  "size": [70, 70],\n  "elements": [\n}\n') == [
        "tpl/card.json:4:1: $: invalid JSON: Expecting value"
    ]
    assert problems(folder, '{\n  "size": [70, 70],\n  "size": [60, 60],\n  "elements": []\n}\n') == [
        'tpl/card.json:3:3: $: duplicate key "size": each key may appear once per object'
    ]


def test_nested_groups_are_checked_too(folder):
    assert problems(
        folder,
        """
        {
          "size": [70, 70],
          "elements": [
            { "type": "group", "rotate": 45, "elements": [ { "type": "circle", "centre": [1, 2], "r": -1 } ] }
          ]
        }
    """,
    ) == ["tpl/card.json:4:95: $.elements[0].elements[0].r: -1 is less than or equal to the minimum of 0"]


# --- semantic problems ---------------------------------------------------------------------------


def test_semantic_problems_are_all_reported_with_positions(folder):
    assert problems(
        folder,
        """
        {
          "size": [70, 70],
          "background": { "fill": "sand" },
          "elements": [
            { "type": "text", "id": "n", "text": "{number.__class__}", "box": [5, 5, 20, 10], "size_pt": 9 },
            { "type": "text", "id": "n", "text": "{number:>99}", "box": [5, 5, 20, 10], "size_pt": 9,
              "min_size_pt": 12 },
            { "type": "art", "name": "island-9", "box": [0, 0, 70, 70] },
            { "type": "rect", "box": [0, 0, 70, 70], "fill": "#12345", "stroke": "terrain.purple.fill" },
            { "type": "text", "text": "a { b", "box": [5, 5, 20, 10], "size_pt": 9 }
          ]
        }
    """,
    ) == [
        "tpl/card.json:3:27: $.background.fill: unknown colour 'sand': use a theme colour (ink, paper, sea), "
        "'#rrggbb', 'none' or 'terrain.<key>.<attribute>'",
        "tpl/card.json:5:42: $.elements[0].text: {number.__class__} in '{number.__class__}' is not a field name: "
        "use {name} with lower-case letters, digits and '_', or one of {game.title}, {card.id}, {card.kind}, "
        "{terrain.name}, {terrain.symbol}",
        "tpl/card.json:6:29: $.elements[1].id: the id 'n' is used twice in this template; ids must be unique",
        "tpl/card.json:6:42: $.elements[1].text: {number:>99} in '{number:>99}' is not a field name: "
        "use {name} with lower-case letters, digits and '_', or one of {game.title}, {card.id}, {card.kind}, "
        "{terrain.name}, {terrain.symbol}",
        "tpl/card.json:7:22: $.elements[1].min_size_pt: min_size_pt 12 is larger than size_pt 9",
        "tpl/card.json:8:30: $.elements[2].name: art 'island-9' not found (looked for island-9.svg in tpl/art).",
        "tpl/card.json:9:54: $.elements[3].fill: '#12345' is not a colour: write '#rrggbb'",
        "tpl/card.json:9:74: $.elements[3].stroke: no terrain 'purple' in the theme (terrains: green)",
        "tpl/card.json:10:31: $.elements[4].text: unmatched '{' in 'a { b': write '{{' for a literal brace",
    ]


def test_missing_template_is_a_clear_error(folder):
    with pytest.raises(TemplateError, match=r"template 'nope' not found \(looked for nope.json in .*tpl\)"):
        load_template(make_game(folder), "nope")


# --- {field} strings and colours -----------------------------------------------------------------


def test_formatted_strings_substitute_plain_names_only():
    fields = {"number": 7, "title": "Your turn", "lines": ("a", "b"), "spare": True}
    assert parse_formatted("{number}").format(fields, "here") == "7"
    assert parse_formatted("No. {number}: {title} {{not a field}}").format(fields, "here") == (
        "No. 7: Your turn {not a field}"
    )
    assert parse_formatted("{lines} {spare}").format(fields, "here") == "a, b yes"
    for bad in ("{0}", "{number!r}", "{number[0]}", "{Number}", "{ number }", "{}", "{terrain.fill}"):
        with pytest.raises(ValueError, match="is not a field name"):
            parse_formatted(bad)


def test_card_values_are_never_reinterpreted():
    fields = {"title": "{number} {__class__}"}
    assert parse_formatted("{title}").format(fields, "here") == "{number} {__class__}"


def test_colour_references():
    assert resolve_colour("ink", THEME) == "#1f2a38"
    assert resolve_colour("#ABCDEF", THEME) == "#abcdef"
    assert resolve_colour("none", THEME) is None
    assert resolve_colour("terrain.green.dark", THEME) == "#2e5a22"
    with pytest.raises(ValueError, match=r"terrain 'green' has no colour 'light' \(it has: dark, fill\)"):
        resolve_colour("terrain.green.light", THEME)


def test_colour_from_a_card_field(folder):
    result = layout(
        folder,
        """
        { "size": [70, 70], "elements": [
          { "type": "rect", "id": "r", "box": [0, 0, 9, 9], "fill": "terrain.{colour}.fill" } ] }
    """,
        make_card(colour="green"),
    )
    assert result.items[0].fill == "#4f8a3c"


def test_terrain_name_and_symbol_come_from_the_theme(folder):
    template = """
        { "size": [70, 70], "elements": [
          { "type": "text", "id": "t", "text": "{terrain.name}", "box": [5, 5, 40, 10], "size_pt": 12 } ] }
    """
    item = layout(folder, template, make_card(colour="green")).items[0]
    assert [line.text for line in item.lines] == ["Meadow"]
    with pytest.raises(TemplateError, match=r"uses the field 'terrain\.name', which this card does not have"):
        layout(folder, template, make_card(colour="purple"))


# --- layout-time errors --------------------------------------------------------------------------


def test_missing_field_names_the_template_element_card_and_its_fields(folder):
    with pytest.raises(TemplateError) as caught:
        layout(
            folder,
            """
            { "size": [70, 70], "elements": [
              { "type": "text", "text": "{numbr}", "box": [5, 5, 20, 10], "size_pt": 9 } ] }
        """,
        )
    assert str(caught.value) == (
        "tpl/card.json:2:3: $.elements[0] uses the field 'numbr', which this card does not have "
        "(its fields: decade, number)."
    )


def test_shared_back_gets_no_card_fields(folder):
    write(
        folder,
        "back.json",
        """
        { "size": [70, 70], "elements": [
          { "type": "text", "text": "{number}", "box": [5, 5, 20, 10], "size_pt": 9 } ] }
    """,
    )
    game = make_game(folder)
    with pytest.raises(TemplateError, match="which this card does not have \\(its fields: none\\)"):
        layout_card(make_card(), load_template(game, "back"), game, "back")
    per_card = make_card(back=Back("back", per_card=True))
    assert layout_card(per_card, load_template(game, "back"), game, "back").face_id == "island-07-back"


def test_template_for_another_card_shape_is_refused(folder):
    with pytest.raises(TemplateError) as caught:
        layout(folder, '{ "size": [63, 88], "elements": [] }')
    assert str(caught.value) == (
        "tpl/card.json: template 'card' is drawn for 63 × 88 mm cards, but island-07 is 70 × 70 mm; "
        "a template scales to other sizes of the same proportions only, so make a template for that shape."
    )


def test_template_scales_to_a_card_of_the_same_proportions(folder):
    result = layout(
        folder, '{ "size": [35, 35], "elements": [ { "type": "rect", "box": [0, 0, 35, 35], "fill": "#112233" } ] }'
    )
    (group,) = [item for item in result.items if getattr(item, "scale", None)]
    assert group.scale == 2.0
    assert (result.width, result.height) == (70, 70)
    svg = render_svg(result)
    assert 'transform="scale(2)"' in svg and 'width="76mm"' in svg


def test_text_outside_the_safe_zone_is_refused(folder):
    with pytest.raises(TemplateError) as caught:
        layout(
            folder,
            """
            { "size": [70, 70], "elements": [
              { "type": "text", "text": "{number}", "box": [1, 5, 20, 10], "size_pt": 9 } ] }
        """,
        )
    assert str(caught.value) == (
        "tpl/card.json:2:3: $.elements[0]: card island-07: the text box reaches (1.0, 5.0)–(21.0, 15.0) mm, "
        "outside the safe zone 3 mm inside the trim (70 × 70 mm)"
    )


def test_rotation_is_taken_into_account_for_the_safe_zone(folder):
    box = '"box": [5, 5, 60, 60], "size_pt": 9'
    assert layout(folder, f'{{ "size": [70, 70], "elements": [ {{ "type": "text", "text": "x", {box} }} ] }}')
    with pytest.raises(TemplateError, match="outside the safe zone"):
        layout(
            folder,
            f"""{{ "size": [70, 70], "elements": [ {{ "type": "group", "rotate": 45, "elements": [
            {{ "type": "text", "text": "x", {box} }} ] }} ] }}""",
        )


def test_text_that_does_not_fit_names_the_element_and_card(folder):
    with pytest.raises(TemplateError) as caught:
        layout(
            folder,
            """
            { "size": [70, 70], "elements": [
              { "type": "text", "text": "Supercalifragilistic", "box": [5, 5, 20, 10],
                "size_pt": 20, "min_size_pt": 14 } ] }
        """,
        )
    assert str(caught.value).startswith(
        "tpl/card.json:2:3: $.elements[0]: card island-07: "
        "the text 'Supercalifragilistic' does not fit its 20 × 10 mm box"
    )


def test_lines_need_a_list_field(folder):
    with pytest.raises(TemplateError, match=r"the field 'number' must be a list of lines, got 7"):
        layout(
            folder,
            """
            { "size": [70, 70], "elements": [
              { "type": "lines", "field": "number", "box": [5, 5, 60, 60], "size_pt": 9 } ] }
        """,
        )


# --- conditions, rotation, groups ----------------------------------------------------------------

CONDITIONS = """
{ "size": [70, 70], "elements": [
  { "type": "rect", "id": "one", "box": [0, 0, 1, 1], "fill": "ink", "when": { "field": "decade", "equals": 1 } },
  { "type": "rect", "id": "low", "box": [0, 0, 1, 1], "fill": "ink", "when": { "field": "number", "in": [1, 2, 3] } },
  { "type": "rect", "id": "not-low", "box": [0, 0, 1, 1], "fill": "ink",
    "when": { "field": "number", "not_in": [1, 2, 3] } },
  { "type": "rect", "id": "titled", "box": [0, 0, 1, 1], "fill": "ink", "when": { "field": "title", "exists": true } },
  { "type": "rect", "id": "untitled", "box": [0, 0, 1, 1], "fill": "ink",
    "when": { "field": "title", "exists": false } }
] }
"""


@pytest.mark.parametrize(
    "fields,drawn",
    [
        ({"number": 2, "decade": 1}, ["one", "low", "untitled"]),
        ({"number": 17, "decade": 2, "title": "t"}, ["not-low", "titled"]),
    ],
)
def test_conditions(folder, fields, drawn):
    result = layout(folder, CONDITIONS, make_card(**fields))
    assert [item.id.removeprefix("island-07-") for item in result.items] == drawn


def test_condition_on_a_missing_field_is_an_error(folder):
    with pytest.raises(TemplateError, match="the condition uses the field 'decade'"):
        layout(folder, CONDITIONS, make_card(number=3))


def test_rotation_about_the_box_centre_and_group_pivot(folder):
    result = layout(
        folder,
        """
        { "size": [70, 70], "elements": [
          { "type": "text", "id": "t", "text": "{number}", "box": [40, 50, 20, 10], "size_pt": 20, "rotate": 180 },
          { "type": "group", "id": "g", "rotate": 45, "elements": [
            { "type": "rect", "id": "r", "box": [30, 30, 10, 10], "fill": "ink" } ] },
          { "type": "art", "id": "a", "name": "square", "box": [0, 0, 20, 10], "rotate": 90, "pivot": [0, 0] }
        ] }
    """,
    )
    text_item, group, art = result.items
    assert isinstance(text_item, TextItem) and text_item.rotate == (180.0, 50.0, 55.0)
    assert group.rotate == (45.0, 35.0, 35.0)
    assert art.rotate == (90.0, 0.0, 0.0)
    assert art.placement == (1.0, 0.0, 0.0, 1.0, 5.0, 0.0)  # contain: 10 × 10 art centred in 20 × 10
    svg = render_svg(result)
    assert 'transform="rotate(180 50 55)"' in svg and 'transform="rotate(45 35 35)"' in svg
    assert 'transform="rotate(90 0 0) matrix(1 0 0 1 5 0)"' in svg


def test_underline_condition(folder):
    template = """
        { "size": [70, 70], "elements": [ { "type": "text", "id": "n", "text": "{number}", "box": [5, 5, 30, 15],
          "size_pt": 30, "weight": "bold", "underline": { "field": "number", "in": [6, 9] } } ] }
    """
    assert layout(folder, template, make_card(number=9, decade=1)).items[0].underlines
    assert not layout(folder, template, make_card(number=8, decade=1)).items[0].underlines


# --- art -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "svg,message",
    [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">\n<script>alert(1)</script></svg>',
            "<script> is not allowed in art (scripts never run in art)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 9 9">'
            '<image width="9" height="9" xlink:href="file:///etc/passwd"/></svg>',
            "<image> links to 'file:///etc/passwd': art may use only its own #ids and embedded data: "
            "pictures (no files, no web)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9" '
            'style="fill:url(https://example.com/x.svg#g)"/></svg>',
            "<rect> links to 'https://example.com/x.svg#g': art may use only its own #ids and embedded data: "
            "pictures (no files, no web)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><style>@import url(x.css);</style></svg>',
            "@import in a <style> is not allowed in art (nothing outside the file is read)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><foreignObject/></svg>',
            "<foreignObject> is not allowed in art (HTML inside SVG is not drawn; convert it to shapes or text)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9">'
            '<animate attributeName="x" to="3"/></rect></svg>',
            "<animate> is not allowed in art (animations are not drawn on paper; save the frame you want)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9" onload="go()"/>',
            "the attribute 'onload' on <svg> is a script, which never runs in art",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><g clip-path="url(#nope)"/></svg>',
            "<g> refers to #nope, which is not an id in this file",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>',
            'the <svg> element needs viewBox="x y width height"',
        ),
        (
            '<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"/>',
            "DOCTYPE and ENTITY declarations are not allowed in art",
        ),
        ('<svg viewBox="0 0 9 9"/>', 'the root element must be <svg xmlns="http://www.w3.org/2000/svg">'),
    ],
)
def test_art_outside_the_safe_subset_is_refused(folder, svg, message):
    path = write(folder / "art", "bad.svg", svg)
    with pytest.raises(ArtError) as caught:
        load_art(path)
    assert re.sub(r"^tpl/art/bad.svg(:\d+:\d+)?: ", "", str(caught.value)).rstrip(".") == message


def test_a_refusal_in_editor_art_gives_the_line_and_column(folder):
    path = write(
        folder / "art",
        "bad.svg",
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">\n  <script>x</script></svg>',
    )
    with pytest.raises(ArtError, match=r"^tpl/art/bad.svg:2:3: <script> is not allowed in art"):
        load_art(path)


def test_art_ids_become_unique_per_face(folder):
    write(
        folder / "art",
        "clipped.svg",
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
          <title>dropped</title>
          <defs><clipPath id="half"><rect width="5" height="10"/></clipPath></defs>
          <g clip-path="url(#half)"><circle cx="5" cy="5" r="5" fill="#abcdef"/></g>
        </svg>
    """,
    )
    art = load_art(find_art((folder / "art",), "clipped"))
    assert inline_art(art, "island-07-a") == (
        '<defs><clipPath id="island-07-a-half"><rect height="10" width="5" /></clipPath></defs>'
        '<g clip-path="url(#island-07-a-half)"><circle cx="5" cy="5" fill="#abcdef" r="5" /></g>'
    )


def test_art_names_cannot_leave_the_art_folder(folder):
    for name in ("../secret", "a/b", "/etc/passwd", "Island"):
        with pytest.raises(ArtError, match="is not an art name"):
            find_art((folder / "art",), name)


# --- folders -------------------------------------------------------------------------------------


def test_the_first_template_folder_wins_and_art_falls_back(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    variant, base = tmp_path / "variant", tmp_path / "base"
    card = '{ "size": [70, 70], "elements": [ { "type": "art", "id": "a", "name": "mark", "box": [0, 0, 7, 7] } ] }'
    write(base, "card.json", card.replace('"box": [0, 0, 7, 7]', '"box": [1, 1, 7, 7]'))
    write(variant, "card.json", card)
    write(base / "art", "mark.svg", SQUARE_ART)
    game = make_game(variant, base)
    template = load_template(game, "card")
    assert template.file == "variant/card.json"
    item = layout_card(make_card(), template, game).items[0]
    assert item.art.file == "base/art/mark.svg" and item.placement[4:] == (0.0, 0.0)
    write(variant / "art", "mark.svg", SQUARE_ART.replace("#123456", "#654321"))
    assert "#654321" in repr(layout_card(make_card(), template, game).items[0].art.nodes)


def test_every_error_is_a_pnp_error():
    assert issubclass(SpecError, PnpError) and issubclass(TemplateError, PnpError) and issubclass(ArtError, PnpError)


def test_schema_is_strict_everywhere():
    schema = json.loads((Path(__file__).parent.parent / "templates" / "schema" / "template.schema.json").read_text())

    def objects(node):
        if isinstance(node, dict):
            if node.get("type") == "object":
                yield node
            for value in node.values():
                yield from objects(value)
        elif isinstance(node, list):
            for value in node:
                yield from objects(value)

    for node in objects(schema):
        if node is schema["$defs"]["element"]:
            continue  # dispatches on "type" to the element shapes, each of which is strict
        assert node.get("additionalProperties") is False, node.get("description", node)


def test_the_diamond_example_in_the_docs_lays_out(folder):
    docs = (Path(__file__).parent.parent / "docs" / "templates.md").read_text(encoding="utf-8")
    example = docs.split("### Example: a diamond-turned terrain face", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    write(folder / "art", "symbol-green.svg", SQUARE_ART)
    theme = Theme(
        font=THEME.font,
        colours=THEME.colours,
        terrain=frozen_map(
            {"green": {"name": "Meadow", "symbol": "meadow", "fill": "#4f8a3c", "dark": "#2e5a22", "light": "#cfe6b8"}}
        ),
    )
    write(folder, "terrain.json", example)
    game = Game(**{**make_game(folder).__dict__, "theme": theme})
    card = make_card(template="terrain", colour="green", number=12)
    result = layout_card(card, load_template(game, "terrain"), game)
    background, diamond = result.items
    assert background.fill == "#cfe6b8" and diamond.rotate == (45.0, 35.0, 35.0)
    assert [item.id for item in diamond.items] == ["island-07-field", "island-07-symbol", "island-07-number"]
    assert "rotate(45 35 35)" in render_svg(result)


def test_the_bundled_template_schema_is_a_valid_draft_2020_12_schema():
    """template_validator skips the meta-schema check at run time; this is where it is made."""
    from jsonschema import Draft202012Validator

    from pnp.face.template import template_validator

    Draft202012Validator.check_schema(template_validator().schema)


@given(st.text(max_size=40))
def test_attribute_quoting_is_xml_quoteattr(value):
    """pnp.core.xmlattr.quoteattr (which spares every start importing urllib) is xml.sax.saxutils'."""
    from xml.sax.saxutils import quoteattr

    from pnp.core import xmlattr

    assert xmlattr.quoteattr(value) == quoteattr(value)
