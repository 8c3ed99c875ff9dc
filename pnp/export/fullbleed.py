"""Full bleed on every cut edge of a panorama triangle: its art extended past its legs (and so
past the diagonal when the triangle is cut from a square or a rectangle).

A triangle's face (docs/printing.md, Shapes) is a right isosceles triangle, hypotenuse along the
bottom of its box and right angle at the top centre; its art is drawn over the triangle grown by
the face's bleed (the legs moved out by the bleed, the hypotenuse moved down by it). For a print
service every pixel of the image must be art: each row is extended sideways from the last drawn
pixel inside each leg, and the rows above the apex repeat the first full row. A print shop that
cuts a little outside a leg then cuts through art, never white.
"""

from __future__ import annotations

import math

from PIL import Image

from pnp.export.raster import Region
from pnp.game.model import Face

INSET = 1  # px: the colour is taken this far inside the drawn edge, past its anti-aliased pixel


def extend_triangle(image: Image.Image, face: Face, region: Region) -> Image.Image:
    """`image` (the region of a triangle's face) with the art outside its legs filled in place."""
    if abs(face.height - face.width / 2) > 0.01 * face.width:
        return image  # not the panorama layout: leave it as drawn
    sx, sy = region.px_width / region.width, region.px_height / region.height
    reach = face.bleed * math.sqrt(2)  # a leg moved out by the bleed moves this far along a row
    first_full = None
    for row in range(image.height):
        y = region.y + (row + 0.5) / sy
        left = math.ceil((face.width / 2 - y - reach - region.x) * sx) + INSET
        right = math.floor((face.width / 2 + y + reach - region.x) * sx) - INSET
        if right - left < 1:
            continue  # above the apex: filled from below at the end
        first_full = row if first_full is None else first_full
        if left > 0:
            image.paste(image.crop((left, row, left + 1, row + 1)).resize((left, 1)), (0, row))
        if right < image.width - 1:
            image.paste(
                image.crop((right, row, right + 1, row + 1)).resize((image.width - right - 1, 1)), (right + 1, row)
            )
    if first_full:
        image.paste(image.crop((0, first_full, image.width, first_full + 1)).resize((image.width, first_full)), (0, 0))
    return image
