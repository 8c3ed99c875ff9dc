"""Faces drawn in layers (a shared base drawn once, the rest over it: pnp/export/layers.py) give the
very pixels of the face drawn whole, so an image does not depend on which faces share its batch."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pnp.export import pixels as px
from pnp.export.faces import faces_in_use
from pnp.export.layers import order_key, split_layers
from pnp.export.raster import trim_region
from pnp.pipeline.load import load_game
from pnp.svg.faces import render_faces

DPI = 120


def _used(game_id: str):
    game = load_game(game_id)
    return faces_in_use(game, render_faces(game))


def _drawn(faces, layered: bool) -> list[bytes]:
    pictures = [px.Picture.of(f.id, trim_region(f, DPI, f.bleed), DPI) for f in faces]
    if layered:
        layers = split_layers(faces)
        pages = px._pages(faces, layers)
        book = px._Book(faces, px.faces_pdf(pages), pages, layers)
    else:
        book = px._Book(faces, px.faces_pdf(faces))
    return [book.picture(p).tobytes() for p in pictures]


@pytest.mark.parametrize("game_id", ["tranquility", "ascent"])
def test_faces_drawn_in_layers_have_the_pixels_of_faces_drawn_whole(game_id):
    faces = _used(game_id)
    layers = split_layers(faces)
    assert len(layers) >= len(faces) * 3 // 4, "most faces of a game share a template's background"
    whole, layered = _drawn(faces, False), _drawn(faces, True)
    differ = [f.id for f, a, b in zip(faces, whole, layered) if a != b]
    assert differ == []


def test_the_islands_share_their_background_and_their_island_art():
    faces = [f for f in _used("tranquility") if f.id.startswith("island-")]
    layers = split_layers(faces)
    assert set(layers) == {f.id for f in faces}
    bases = {la.base.id for la in layers.values()}
    assert len(bases) < len(faces) // 4  # one base per island art, not one per island
    one = layers["island-01"]
    assert 'id="island-01-number"' in one.rest.svg and 'id="island-01-number"' not in one.base.svg
    assert 'id="island-01-background-art"' in one.base.svg


def test_a_face_shared_with_nothing_is_drawn_whole():
    faces = _used("tranquility")
    island = next(f for f in faces if f.id == "island-01")
    back = next(f for f in faces if f.id == "back-back")
    assert split_layers([island, back]) == {}


def test_a_base_never_holds_what_the_rest_refers_to():
    islands = [f for f in _used("tranquility") if f.id.startswith("island-")]
    layers = split_layers(islands)
    first = islands[0]
    twin = next(f for f in islands[1:] if layers[f.id].base.id == layers[first.id].base.id)
    # the numbers now clip themselves with a clip path defined in the background art's line (SVG
    # text: no face model refers across its items)
    faces = [
        replace(
            f,
            svg=f.svg.replace(
                f'<g id="{f.id}-number"', f'<g clip-path="url(#{f.id}-background-art-day)" id="{f.id}-number"'
            ),
            layout=None,
        )
        for f in (first, twin)
    ]
    assert faces[0].svg != first.svg
    layers = split_layers(faces)
    for face in faces:
        base = layers[face.id].base.svg
        assert f'id="{face.id}-background-art"' not in base  # split before the clip path's line
        assert f'id="{face.id}-background"' in base


def test_a_face_in_another_layout_is_drawn_whole():
    island = next(f for f in _used("tranquility") if f.id == "island-01")
    one_line = replace(island, svg=island.svg.replace("\n<g", "<g"), layout=None)  # read as SVG text
    assert split_layers([one_line, replace(one_line, id="copy")]) == {}


def test_sorting_puts_faces_with_the_same_art_side_by_side():
    faces = _used("tranquility")
    ordered = sorted(faces, key=order_key)
    layers = split_layers(faces)
    runs = [layers[f.id].base.id if f.id in layers else f.id for f in ordered]
    changes = sum(1 for a, b in itertools.pairwise(runs) if a != b)
    assert changes == len(set(runs)) - 1  # each base's faces in one run


@pytest.mark.parametrize("jobs", [1, 2])
def test_images_are_the_same_whatever_the_batches(jobs):
    faces = [f for f in _used("tranquility") if f.id.startswith("island-")][:20]
    pictures = [px.Picture.of(f.id, trim_region(f, 60, f.bleed), 60) for f in faces]
    alone = [px.make_images(faces, [p], jobs=1)[0].tobytes() for p in pictures]
    together = [im.tobytes() for im in px.make_images(faces, pictures, jobs=jobs)]
    assert together == alone
