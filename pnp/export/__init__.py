"""Exports for print-on-demand services, Tabletop Simulator, previews and cutting machines.

`TARGETS` is the one registry of export targets (as `pnp.rules.engines.ENGINES` is of engines): a
target's name → a `Target` saying which options it takes and how it makes its files. `pnp export
TARGET` and the library facade (`pnp.load(...).export(target)`) both go through it.

`export(game, faces, target, ...)` returns {path relative to the output root: bytes}; every
file lands under <game>/export/<target>/ (or the folder given). Nothing is written here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pnp.core.errors import UsageError
from pnp.core.i18n import language_suffix
from pnp.game.model import Face, Game
from pnp.sheets.spec import SheetSpec

Warn = Callable[[str], None]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Request:
    """What a target's maker is given: the game, its faces and every option (each target reads its own)."""

    game: Game
    faces: tuple[Face, ...] | list[Face]
    product: str | None = None
    dpi: float = 150
    bleed: bool = False
    sheet: SheetSpec | None = None
    warn: Warn | None = None
    base_url: str = ""
    progress: Progress | None = None
    jobs: int | None = None


@dataclass(frozen=True)
class Target:
    """One export target: its name, what it makes, the target-specific options it takes (names of
    `Request` fields: product, dpi, bleed, base_url, sheet) and the function that makes its files
    ({file name inside the target's folder: bytes})."""

    name: str
    summary: str
    options: frozenset[str]
    make: Callable[[Request], dict[str, bytes]]


def _service(request: Request, service: str) -> dict[str, bytes]:
    # lazy: -51 ms on pnp build --help and other targets (docs/decisions.md "Plumbing only where it pays")
    from pnp.export.faces import service_images

    r = request
    return service_images(r.game, r.faces, service, r.product, r.warn, r.progress, r.jobs)


def _drivethru(r: Request) -> dict[str, bytes]:
    # lazy: -61 ms on pnp build --help and other targets (docs/decisions.md "Plumbing only where it pays")
    from pnp.export.drivethru import drivethru_decks

    return drivethru_decks(r.game, r.faces, r.product, r.warn, r.jobs)


def _tts(r: Request) -> dict[str, bytes]:
    # lazy: -68 ms on pnp build --help and other targets (docs/decisions.md "Plumbing only where it pays")
    from pnp.export.tts import tts_decks

    return tts_decks(r.game, r.faces, r.base_url, r.progress, r.jobs)


def _png(r: Request) -> dict[str, bytes]:
    # lazy: -52 ms on pnp build --help and other targets (docs/decisions.md "Plumbing only where it pays")
    from pnp.export.faces import preview_images

    if not 1 <= r.dpi <= 1200:  # NaN fails this too
        raise UsageError(f"A preview resolution of {r.dpi:g} dpi is out of range; give 1 to 1200.")
    return preview_images(r.game, r.faces, r.dpi, r.bleed, r.progress, r.jobs)


def _cut(r: Request) -> dict[str, bytes]:
    # lazy: -256 ms on pnp build --help and other targets (docs/decisions.md "Plumbing only where it pays")
    from pnp.export.cut import cut_files

    return cut_files(r.game, r.faces, r.sheet or SheetSpec())


_ALL = (
    Target(
        "tgc",
        "The Game Crafter: one 300 dpi PNG per face with 1/8 in of bleed, sized for the product, and cards.csv",
        frozenset({"product"}),
        lambda r: _service(r, "tgc"),
    ),
    Target(
        "mpc",
        "MakePlayingCards: one 300 dpi PNG per face with 36 px of bleed, and cards.csv",
        frozenset({"product"}),
        lambda r: _service(r, "mpc"),
    ),
    Target(
        "drivethru",
        "DriveThruCards: one PDF/X-1a:2003 per card size, one card per page, back then front, CMYK, with bleed",
        frozenset({"product"}),
        _drivethru,
    ),
    Target(
        "tts",
        "Tabletop Simulator: deck sheets (≤ 10 × 7, ≤ 4096 px), back and token images, decks.json and "
        "GAME.json, a saved object whose image URLs start with base_url",
        frozenset({"base_url"}),
        _tts,
    ),
    Target(
        "png",
        "Previews: every face as a PNG at dpi, cut to its trim (or with its bleed)",
        frozenset({"dpi", "bleed"}),
        _png,
    ),
    Target(
        "cut",
        "Cutting machines: cut-line SVGs with registration marks and the sheets PDF they match (sheet)",
        frozenset({"sheet"}),
        _cut,
    ),
)
TARGETS: Mapping[str, Target] = MappingProxyType({t.name: t for t in _ALL})


def target_named(name: str) -> Target:
    """The export target called `name`; a usage error naming the targets there are when there is none."""
    target = TARGETS.get(name)
    if target is None:
        raise UsageError(f"Unknown export target {name!r}; choose one of {', '.join(TARGETS)}.")
    return target


def takers(option: str) -> tuple[str, ...]:
    """The targets that take `option` (a `Request` field such as "product"), in the registry's order."""
    return tuple(t.name for t in _ALL if option in t.options)


def export(
    game: Game,
    faces: tuple[Face, ...] | list[Face],
    target: str,
    *,
    product: str | None = None,
    dpi: float = 150,
    bleed: bool = False,
    sheet: SheetSpec | None = None,
    warn: Warn | None = None,
    base_url: str = "",
    progress: Progress | None = None,
    folder: str | None = None,
    jobs: int | None = None,
) -> dict[str, bytes]:
    """Files for one export target (`TARGETS`; each one's `summary` says what it makes).

    The files go under <game>/export/<folder>/ (default: the target's name; the CLI names the
    folder after the options too, e.g. tgc-ink-saver).
    Images are made on `jobs` worker processes (None: every core; see pnp.core.pool).
    """
    chosen = target_named(target)
    given = {"product": product is not None, "base_url": bool(base_url), "dpi": dpi != 150, "bleed": bleed}
    given["sheet"] = sheet is not None
    refused = [name for name, is_given in given.items() if is_given and name not in chosen.options]
    if refused:
        raise UsageError(f"{_GIVEN[refused[0]]} only for {_either(takers(refused[0]))} exports, not {target}.")
    request = Request(game, faces, product, dpi, bleed, sheet, warn, base_url, progress, jobs)
    files = chosen.make(request)
    where = (folder or target) + language_suffix(game.language)  # tgc-it: never over the English files
    return {f"{game.id}/export/{where}/{name}": data for name, data in sorted(files.items())}


_GIVEN = {  # what the sentence refusing an option says it is
    "product": "A product is chosen",
    "base_url": "A base URL is given",
    "dpi": "A resolution is given",
    "bleed": "The bleed is included",
    "sheet": "Sheet options are given",
}


def _either(names: tuple[str, ...]) -> str:
    """('tgc', 'mpc', 'drivethru') → 'tgc, mpc or drivethru'."""
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
