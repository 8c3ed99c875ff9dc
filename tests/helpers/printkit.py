"""Synthetic games and faces for the print tests, plus PDF and pixel helpers.

Each synthetic face is one flat colour (its id can be read back from a pixel) with a black
corner mark at its top-left (so turning and mirroring can be seen), as the faces helper's
real faces will be: an SVG with a viewBox in mm covering the bleed.
"""

from __future__ import annotations

import io
from pathlib import Path

from pnp import api
from pnp.game.model import Back, Card, CardKind, CardSize, Face, Game, Theme, frozen_map

MARK = (3.0, 13.0)  # the corner mark spans face mm 3..13 in x and y (inside the trim)


LEVELS = (70, 110, 150, 190, 230)  # never near black (the marks) nor near white (the paper)


def colour_for(index: int) -> tuple[int, int, int]:
    """One of 125 colours on a 5 × 5 × 5 lattice, at least 40 apart in every channel step;
    neighbouring indices land far apart (index × 47 mod 125)."""
    spot = (index * 47) % 125
    return LEVELS[spot // 25], LEVELS[(spot // 5) % 5], LEVELS[spot % 5]


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def square_svg(colour: tuple[int, int, int], w: float, h: float, bleed: float) -> str:
    b = bleed
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * b}mm" height="{h + 2 * b}mm" '
        f'viewBox="{-b} {-b} {w + 2 * b} {h + 2 * b}">'
        f'<rect id="bg" x="{-b}" y="{-b}" width="{w + 2 * b}" height="{h + 2 * b}" fill="{hex_colour(colour)}"/>'
        f'<rect id="mark" x="{MARK[0]}" y="{MARK[0]}" '
        f'width="{MARK[1] - MARK[0]}" height="{MARK[1] - MARK[0]}" fill="#000000"/>'
        "</svg>"
    )


def triangle_svg(colour: tuple[int, int, int], w: float, h: float, bleed: float) -> str:
    """A triangle face: bounding box w × h (w = 2h), apex top centre; mark near the left base corner."""
    b = bleed
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * b}mm" height="{h + 2 * b}mm" '
        f'viewBox="{-b} {-b} {w + 2 * b} {h + 2 * b}">'
        f'<rect id="bg" x="{-b}" y="{-b}" width="{w + 2 * b}" height="{h + 2 * b}" fill="{hex_colour(colour)}"/>'
        f'<rect id="mark" x="{w * 0.2}" y="{h - 10}" width="8" height="8" fill="#000000"/>'
        "</svg>"
    )


def make_face(
    face_id: str, index: int, w: float = 70.0, h: float = 70.0, bleed: float = 3.0, shape: str = "square"
) -> Face:
    colour = colour_for(index)
    svg = triangle_svg(colour, w, h, bleed) if shape == "triangle" else square_svg(colour, w, h, bleed)
    return Face(id=face_id, svg=svg, width=w, height=h, bleed=bleed, shape=shape)


def _kind(kind_id: str, shape: str, size: CardSize, back: Back, cards: list[tuple[str, int]]) -> CardKind:
    built = tuple(
        Card(
            id=cid,
            kind=kind_id,
            count=count,
            fields=frozen_map({}),
            template=kind_id,
            back=back,
            shape=shape,
            size=size,
        )
        for cid, count in cards
    )
    return CardKind(id=kind_id, name=kind_id.title(), template=kind_id, back=back, shape=shape, size=size, cards=built)


def make_game(kinds: tuple[CardKind, ...], card: CardSize | None = None, game_id: str = "testgame") -> Game:
    return Game(
        id=game_id,
        title="Test Game",
        engine="tranquility",
        spec_file=Path("test.json"),
        template_dirs=(),
        card=card or CardSize(70.0, 70.0),
        theme=Theme(font="Atkinson Hyperlegible", colours=frozen_map({})),
        kinds=kinds,
        rules=frozen_map({}),
    )


def island_game(islands: int = 10, borders: int = 3, per_card_backs: bool = False) -> tuple[Game, tuple[Face, ...]]:
    """Square 70 mm cards: `islands` distinct islands (one each) with a shared back (or one back
    each), plus `borders` identical border cards with a back of their own."""
    size = CardSize(70.0, 70.0)
    back = Back("back", per_card=per_card_backs)
    island = _kind("island", "square", size, back, [(f"island-{n:02d}", 1) for n in range(1, islands + 1)])
    kinds = [island]
    ids = [f"island-{n:02d}" for n in range(1, islands + 1)]
    ids += [f"island-{n:02d}-back" for n in range(1, islands + 1)] if per_card_backs else ["back-back"]
    if borders:
        kinds.append(_kind("border", "square", size, Back("border"), [("border", borders)]))
        ids += ["border", "back-border"]
    faces = [make_face(face_id, index) for index, face_id in enumerate(ids)]
    return make_game(tuple(kinds)), tuple(faces)


def ascent_like_game(triangles: int = 5, goats: int = 3) -> tuple[Game, tuple[Face, ...]]:
    """Panorama triangles with per-card backs (legs 70 mm) and 25 mm circular goat tokens."""
    side = 70.0
    hyp = side * 2**0.5
    tri_size = CardSize(hyp, hyp / 2)
    panorama = _kind(
        "panorama",
        "triangle",
        tri_size,
        Back("panorama-back", per_card=True),
        [(f"panorama-{n}", 1) for n in range(1, triangles + 1)],
    )
    goat = _kind("goat", "circle", CardSize(25.0, 25.0), Back("goat-back"), [("goat", goats)])
    faces = []
    for n in range(1, triangles + 1):
        faces.append(make_face(f"panorama-{n}", 2 * n, hyp, hyp / 2, 3.0, "triangle"))
        faces.append(make_face(f"panorama-{n}-back", 2 * n + 1, hyp, hyp / 2, 3.0, "triangle"))
    faces.append(make_face("goat", 100, 25.0, 25.0, 2.0, "circle"))
    faces.append(make_face("back-goat-back", 101, 25.0, 25.0, 2.0, "circle"))
    return make_game((panorama, goat)), tuple(faces)


# ---- PDF inspection --------------------------------------------------------------------------

PT_PER_MM = 72 / 25.4


def pdf_pages(data: bytes):
    import pypdfium2 as pdfium

    return pdfium.PdfDocument(data)


def page_size_mm(page) -> tuple[float, float]:
    w, h = page.get_size()
    return w / PT_PER_MM, h / PT_PER_MM


def page_text(page) -> str:
    return page.get_textpage().get_text_range()


def form_placements(page) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (left, top, right, bottom in page mm, y down) of the form XObjects drawn
    on a page, as pdfium computes them after every transform (clipping not applied)."""
    import pypdfium2.raw as raw

    height = page.get_size()[1]
    boxes = []
    for obj in page.get_objects(max_depth=1):
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            left, bottom, right, top = obj.get_bounds()
            boxes.append(
                (left / PT_PER_MM, (height - top) / PT_PER_MM, right / PT_PER_MM, (height - bottom) / PT_PER_MM)
            )
    return boxes


def form_matrices(page) -> list[tuple[float, ...]]:
    """The matrices of the form XObjects on a page, (a, b, c, d, e, f) in pt."""
    import pypdfium2.raw as raw

    out = []
    for obj in page.get_objects(max_depth=1):
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            m = obj.get_matrix()
            out.append((m.a, m.b, m.c, m.d, m.e, m.f))
    return out


def render(page, dpi: float = 72):
    """The page as a PIL RGB image; 1 px = 25.4/dpi mm."""
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def pixel_mm(image, dpi: float, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    px = x_mm / 25.4 * dpi
    py = y_mm / 25.4 * dpi
    return image.getpixel((int(px), int(py)))


def nearest_face(rgb: tuple[int, int, int], faces: tuple[Face, ...] | list[Face]) -> str:
    """The id of the synthetic face whose colour is closest to `rgb`."""
    import re

    def dist(face: Face) -> int:
        colour = re.search(r'id="bg"[^>]*fill="#([0-9a-f]{6})"', face.svg).group(1)
        target = tuple(int(colour[i : i + 2], 16) for i in (0, 2, 4))
        return sum((a - b) ** 2 for a, b in zip(rgb, target))

    return min(faces, key=dist).id


def png_bytes(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def loads_instead(monkeypatch, game: Game, faces: tuple[Face, ...] | list[Face], never: bool = False) -> None:
    """Commands that load through the facade (`pnp.api.load`) get `game` with `faces` drawn already,
    whatever they name; with `never`, loading at all fails the test."""

    def load(name, modules="all", **options):
        if never:
            raise AssertionError("faces were drawn")
        loaded = api.Game(game)
        loaded.__dict__["_drawn"] = tuple(faces)  # Game.faces() gives them
        return loaded

    monkeypatch.setattr(api, "load", load)
