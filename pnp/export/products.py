"""Print-on-demand card products: trim and bleed as each service asks for them, at 300 dpi.

Sources: The Game Crafter's product templates (1/8 in bleed; the Euro square deck, 2.76 in, is
the 70 mm square), MakePlayingCards' upload guide (36 px of bleed per side at 300 dpi: poker
822 × 1122 px, tarot 897 × 1497 px) and DriveThruCards' card guide (1/8 in bleed, 300 dpi).
A card that matches no product is exported at its own trim size with the service's bleed, and
the exporter says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import UsageError

DPI = 300
INCH = 25.4


@dataclass(frozen=True)
class Product:
    """A service's card product: trim and bleed per side in mm (300 dpi images)."""

    service: str
    name: str
    width: float
    height: float
    bleed_x: float
    bleed_y: float
    kind: str = "card"  # "card", or "chit": a round punched token

    @property
    def pixels(self) -> tuple[int, int]:
        """Image size with bleed at 300 dpi."""
        return (
            round((self.width + 2 * self.bleed_x) / INCH * DPI),
            round((self.height + 2 * self.bleed_y) / INCH * DPI),
        )


def _in(
    service: str, name: str, w: float, h: float, bx: float = 0.125, by: float | None = None, kind: str = "card"
) -> Product:
    return Product(service, name, w * INCH, h * INCH, bx * INCH, (bx if by is None else by) * INCH, kind)


MPC_BLEED = 36 / DPI  # inches: 36 px per side at 300 dpi

PRODUCTS: dict[str, tuple[Product, ...]] = {
    "tgc": (
        _in("tgc", "poker-deck", 2.5, 3.5),
        _in("tgc", "bridge-deck", 2.25, 3.5),
        _in("tgc", "tarot-deck", 2.75, 4.75),
        _in("tgc", "jumbo-deck", 3.5, 5.5),
        _in("tgc", "square-deck", 3.5, 3.5),
        _in("tgc", "small-square-deck", 2.5, 2.5),
        _in("tgc", "euro-square-deck", 2.76, 2.76, 0.12),
        _in("tgc", "euro-poker-deck", 2.48, 3.46, 0.135, 0.145),
        _in("tgc", "micro-deck", 1.25, 1.75),
        _in("tgc", "small-circle-chit", 0.75, 0.75, kind="chit"),
        _in("tgc", "medium-circle-chit", 1.0, 1.0, kind="chit"),
        _in("tgc", "large-circle-chit", 1.5, 1.5, kind="chit"),
    ),
    "mpc": (
        _in("mpc", "poker", 2.5, 3.5, MPC_BLEED),
        _in("mpc", "bridge", 2.25, 3.5, MPC_BLEED),
        _in("mpc", "tarot", 2.75, 4.75, MPC_BLEED),
    ),
    "drivethru": (
        _in("drivethru", "poker", 2.5, 3.5),
        _in("drivethru", "tarot", 2.75, 4.75),
    ),
}
SERVICE_BLEED = {"tgc": 0.125 * INCH, "mpc": MPC_BLEED * INCH, "drivethru": 0.125 * INCH}
SERVICE_NAMES = {"tgc": "The Game Crafter", "mpc": "MakePlayingCards", "drivethru": "DriveThruCards"}
CLOSE_ENOUGH = 0.5  # mm: a product this close to the card's size is the card's product
ROUND_PIECES_ELSEWHERE = (
    "print them from the sheets (pnp sheets GAME) or order them as The Game Crafter's circle chits"
    + " (pnp export tgc GAME)"
)


class NoProduct(Exception):
    """The service has no product for a piece of this shape and size (the piece is left out)."""


@dataclass(frozen=True)
class Fit:
    """The product a face is exported for, and why (a sentence when it is not an exact match)."""

    product: Product
    note: str | None


def product_for(service: str, width: float, height: float, wanted: str | None = None, shape: str = "square") -> Fit:
    """The service's product for a piece of width × height mm: the one named, the exact match,
    or the nearest one of the same proportions (scaled); else a custom size with the service's
    bleed. `note` tells the user when the piece's size differs from the product's. Round pieces
    (shape "circle") go to the service's chits only, at their own size; a service without chits,
    or without one of that size, raises NoProduct — a round token is never scaled onto a card."""
    size = f"{width:.1f} × {height:.1f} mm"
    if shape == "circle":
        return _chit(service, width, height, size)
    products = tuple(p for p in PRODUCTS[service] if p.kind == "card")
    if wanted is not None:
        chosen = next((p for p in products if p.name == wanted), None)
        if chosen is None:
            names = ", ".join(p.name for p in products)
            raise UsageError(f"{SERVICE_NAMES[service]} has no product {wanted!r}; known products: {names}.")
        return Fit(chosen, _differs(chosen, width, height, size))
    exact = [p for p in products if abs(p.width - width) <= CLOSE_ENOUGH and abs(p.height - height) <= CLOSE_ENOUGH]
    if exact:
        return Fit(exact[0], None)
    same_shape = [p for p in products if abs(p.width / p.height - width / height) < 0.01]
    if same_shape:
        nearest = min(same_shape, key=lambda p: abs(p.width - width))
        return Fit(nearest, _differs(nearest, width, height, size))
    bleed = SERVICE_BLEED[service]
    custom = Product(service, "custom", width, height, bleed, bleed)
    return Fit(
        custom,
        f"no {SERVICE_NAMES[service]} product is {size}; the images are {size} with its bleed, for a custom size",
    )


def _chit(service: str, width: float, height: float, size: str) -> Fit:
    chits = [p for p in PRODUCTS[service] if p.kind == "chit"]
    exact = [p for p in chits if abs(p.width - width) <= CLOSE_ENOUGH and abs(p.height - height) <= CLOSE_ENOUGH]
    if exact:
        return Fit(exact[0], None)
    if not chits:
        raise NoProduct(f"{SERVICE_NAMES[service]} has no product for round tokens")
    sizes = ", ".join(f"{p.name} ({p.width:.1f} mm)" for p in chits)
    raise NoProduct(f"no {SERVICE_NAMES[service]} chit is {size} (its circle chits: {sizes})")


def _differs(product: Product, width: float, height: float, size: str) -> str | None:
    if abs(product.width - width) <= CLOSE_ENOUGH and abs(product.height - height) <= CLOSE_ENOUGH:
        return None
    return (
        f"the card is {size} but {SERVICE_NAMES[product.service]}'s {product.name} is "
        f"{product.width:.1f} × {product.height:.1f} mm: the faces are scaled to fit"
    )
