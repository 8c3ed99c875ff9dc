"""Exports for print-on-demand services, Tabletop Simulator, previews and cutting machines.

`export(game, faces, target, ...)` returns {path relative to the output root: bytes}; every
file lands under <game>/export/<target>/ (or the folder given). Nothing is written here.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.core.errors import UsageError
from pnp.core.i18n import language_suffix
from pnp.game.model import Face, Game
from pnp.sheets.spec import SheetSpec

TARGETS = ("tgc", "mpc", "drivethru", "tts", "png", "cut")
Warn = Callable[[str], None]


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
    progress: Callable[[int, int], None] | None = None,
    folder: str | None = None,
    jobs: int | None = None,
) -> dict[str, bytes]:
    """Files for one export target:

    tgc, mpc   one 300 dpi PNG per face with the service's bleed, sized for its product, + cards.csv
    drivethru  one PDF per card size: one card per page, back then front, CMYK, with bleed
    tts        Tabletop Simulator deck sheets (≤ 10 × 7, ≤ 4096 px), back images, token images,
               decks.json and GAME.json, a saved object whose image URLs start with `base_url`
    png        a PNG preview of every face at `dpi` (trim only, or with its bleed)
    cut        cut-line SVGs with registration marks and the sheets PDF they match (`sheet`)

    The files go under <game>/export/<folder>/ (default: the target's name; the CLI names the
    folder after the options too, e.g. tgc-ink-saver).
    Images are made on `jobs` worker processes (None: every core; see pnp.core.pool).
    """
    if target not in TARGETS:
        raise UsageError(f"Unknown export target {target!r}; choose one of {', '.join(TARGETS)}.")
    if product is not None and target not in ("tgc", "mpc", "drivethru"):
        raise UsageError(f"A product is chosen only for tgc, mpc or drivethru exports, not {target}.")
    if base_url and target != "tts":
        raise UsageError(f"A base URL is given only for tts exports, not {target}.")
    files = _files(game, faces, target, product, dpi, bleed, sheet, warn, base_url, progress, jobs)
    where = (folder or target) + language_suffix(game.language)  # tgc-it: never over the English files
    return {f"{game.id}/export/{where}/{name}": data for name, data in sorted(files.items())}


def _files(game, faces, target, product, dpi, bleed, sheet, warn, base_url, progress, jobs) -> dict[str, bytes]:
    if target in ("tgc", "mpc"):
        # start-up: +51 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.export.faces import service_images

        return service_images(game, faces, target, product, warn, progress, jobs)
    if target == "drivethru":
        # start-up: +61 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.export.drivethru import drivethru_decks

        return drivethru_decks(game, faces, product, warn, jobs)
    if target == "tts":
        # start-up: +68 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.export.tts import tts_decks

        return tts_decks(game, faces, base_url, progress, jobs)
    if target == "png":
        # start-up: +52 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.export.faces import preview_images

        if not 1 <= dpi <= 1200:  # NaN fails this too
            raise UsageError(f"A preview resolution of {dpi:g} dpi is out of range; give 1 to 1200.")
        return preview_images(game, faces, dpi, bleed, progress, jobs)
    # start-up: +256 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.export.cut import cut_files

    return cut_files(game, faces, sheet or SheetSpec())
