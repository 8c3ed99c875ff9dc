"""Output file names that carry the options that change the sheets, so no variant overwrites another.

`tranquility-a4.pdf` is the default; every option that changes the sheets' bytes adds one part,
always in this order (docs/printing.md):

    paper · orientation · fold | fronts | short-edge · card size · bleed · gutter · margin ·
    no-crop-marks · cut-lines · no-label · reg-marks · ink-saver · modules

then `-it` for a game printed in Italian (any language but English; pnp/core/i18n.py), e.g.
`tranquility-a4-fold.pdf`, `tranquility-a4-it.pdf`, `ascent-letter-bleed3mm.pdf`, `tranquility-a4-fronts-ink-saver.pdf`,
`tranquility-a4-card63.5mm.pdf`, `ascent-letter-no-modules.pdf`,
`ascent-letter-panorama+goats.pdf` (the modules part is `Game.modules_name`, as in setups' and
simulation logs' names; every module, the default, adds nothing). An option given at its
default value (or one that gives the same sheets, like a card size equal to the game's own) adds
nothing, so the default names stay as they are.

The back offset adds nothing either: it belongs to the printer, not to a kind of sheet, so sheets
calibrated for a printer keep the names the README tells people to print (`tranquility-a4.pdf`),
and the offset is printed on the backs' label and kept in the PDF's metadata instead (pnp/sheets/
printer.py). No name carries a comma.
"""

from __future__ import annotations

import re

from pnp.core.i18n import language_suffix
from pnp.game.model import Game
from pnp.sheets.spec import SheetSpec

DEFAULT = SheetSpec()


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _mm(value: float) -> str:
    return _num(value) + "mm"


def variant_parts(spec: SheetSpec, game: Game | None = None) -> tuple[str, ...]:
    """The name parts after the paper, in the fixed order above ('' parts are never returned)."""
    parts: list[str] = []
    if spec.orientation != DEFAULT.orientation:
        parts.append(spec.orientation)
    if spec.gutter_fold:
        parts.append("fold")
    elif spec.duplex == "none":
        parts.append("fronts")
    elif spec.duplex == "short-edge":
        parts.append("short-edge")
    parts += _card_size(spec, game)
    if spec.bleed:
        parts.append("bleed" + _mm(spec.bleed))
    if spec.gutter is not None and abs(spec.gutter - 2 * spec.bleed) > 1e-9:
        parts.append("gutter" + _mm(spec.gutter))
    if spec.margin != DEFAULT.margin:
        parts.append("margin" + _mm(spec.margin))
    for flag, default, word in (
        (spec.crop_marks, DEFAULT.crop_marks, "no-crop-marks"),
        (spec.cut_lines, DEFAULT.cut_lines, "cut-lines"),
        (spec.label, DEFAULT.label, "no-label"),
        (spec.registration_marks, DEFAULT.registration_marks, "reg-marks"),
    ):
        if flag != default:
            parts.append(word)
    if game is not None and game.ink != "normal":
        parts.append(f"ink-{game.ink}")
    if game is not None and game.modules_name:
        parts.append(game.modules_name)
    return tuple(parts)


def _card_size(spec: SheetSpec, game: Game | None) -> list[str]:
    if spec.card_size is None:
        return []
    w, h = spec.card_size
    if game is not None and abs(w - game.card.width) < 0.005 and abs(h - game.card.height) < 0.005:
        return []  # the game's own size: the same sheets as without the option
    return ["card" + (_mm(w) if abs(w - h) < 0.005 else f"{_num(w)}x{_mm(h)}")]


def sheet_name(spec: SheetSpec, game: Game | None = None) -> str:
    """'a4', 'a4-fold', 'letter-bleed3mm-ink-saver', 'a4-fold-it': the paper, the variant parts and
    the game's language when it is not English (Italian never overwrites English)."""
    return "-".join((spec.paper.name, *variant_parts(spec, game))) + language_suffix(game.language if game else None)


def sheets_file(game: Game, spec: SheetSpec) -> str:
    """The sheets PDF, relative to the output root: GAME/sheets/GAME-a4[-…].pdf."""
    return f"{game.id}/sheets/{game.id}-{sheet_name(spec, game)}.pdf"


def calibration_file(game: Game, spec: SheetSpec) -> str:
    """The calibration sheet that goes with those sheets: GAME/GAME-calibration-a4[-…].pdf."""
    return f"{game.id}/{game.id}-calibration-{sheet_name(spec, game)}.pdf"


def output_set(parts: tuple[str, ...]) -> str:
    """The variant as one part of an owner name (pnp/core/owned.py): 'fold', 'card63_5mm'."""
    return re.sub(r"[^A-Za-z0-9+_-]", "_", "-".join(parts))
