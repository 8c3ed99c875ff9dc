"""Print commands: `pnp sheets` (PDF sheets and a calibration sheet) and `pnp export`.

The sheet options are shared: decorate any command with `@sheet_options` and it takes every
option below and receives `sheets: tuple[SheetSpec, ...]` (one per --paper) instead.
"""

import enum
import functools
import inspect
from pathlib import Path
from typing import Annotated

import typer

from pnp.cli import app
from pnp.cli.choices import choice_metavar, choice_parser
from pnp.cli.common import Jobs, note, note_kept, reports_errors
from pnp.core.errors import UsageError
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import owner
from pnp.sheets.spec import SheetSpec

MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."
INK_HELP = "normal, or saver: light grounds and line art that save ink (default: the spec's print.ink, else normal)."


class Ink(str, enum.Enum):
    normal = "normal"
    saver = "saver"


def with_ink(game, ink: "Ink | None"):
    """The game printed in the chosen ink mode (None: the spec's own)."""
    from dataclasses import replace

    return game if ink is None else replace(game, ink=ink.value)


SHEET_HELP = "Sheet options"


class Orientation(str, enum.Enum):
    auto = "auto"
    portrait = "portrait"
    landscape = "landscape"


class Duplex(str, enum.Enum):
    long_edge = "long-edge"
    short_edge = "short-edge"
    none = "none"


class Target(str, enum.Enum):
    tgc = "tgc"
    mpc = "mpc"
    drivethru = "drivethru"
    tts = "tts"
    png = "png"
    cut = "cut"


def _presets_help() -> str:
    from pnp.core.sleeves import CARD_PRESETS

    return ", ".join(f"{name} ({w:g}x{h:g}mm)" for name, (w, h, _) in CARD_PRESETS.items())


def _opt(*names: str, help: str, metavar: str | None = None, choices: type | None = None) -> typer.models.OptionInfo:
    """A sheet option; `choices` (a str Enum) makes it take any case and name the choices when wrong."""
    if choices is not None:
        return typer.Option(
            *names,
            help=help,
            metavar=choice_metavar(choices),
            parser=choice_parser(choices),
            rich_help_panel=SHEET_HELP,
        )
    return typer.Option(*names, help=help, metavar=metavar, rich_help_panel=SHEET_HELP)


_SHEET_PARAMS = [
    (
        "paper",
        Annotated[
            list[str] | None,
            _opt(
                "--paper",
                help="a4, letter, a3, a5, legal, tabloid or a size such as 200x300mm; repeat for several (default: a4 and letter).",
                metavar="PAPER",
            ),
        ],
        None,
    ),
    (
        "orientation",
        Annotated[
            Orientation,
            _opt(
                "--orientation", help="auto picks whichever fits more cards (portrait on a tie).", choices=Orientation
            ),
        ],
        Orientation.auto,
    ),
    (
        "margin",
        Annotated[
            str, _opt("--margin", metavar="LENGTH", help="Nothing is printed closer than this to the paper's edge.")
        ],
        "5mm",
    ),
    (
        "gutter",
        Annotated[
            str | None, _opt("--gutter", metavar="LENGTH", help="Space between cards (default: twice the bleed).")
        ],
        None,
    ),
    (
        "bleed",
        Annotated[
            str,
            _opt("--bleed", metavar="LENGTH", help="Background printed past each card's trim, e.g. 3mm or 0.125in."),
        ],
        "0mm",
    ),
    (
        "crop_marks",
        Annotated[
            bool, _opt("--crop-marks/--no-crop-marks", help="Short lines outside the card grid along every trim.")
        ],
        True,
    ),
    (
        "cut_lines",
        Annotated[bool, _opt("--cut-lines/--no-cut-lines", help="Dashed lines along every card's trim.")],
        False,
    ),
    ("label", Annotated[bool, _opt("--label/--no-label", help="Game, sheet number and side in the margin.")], True),
    (
        "duplex",
        Annotated[
            Duplex | None,
            _opt(
                "--duplex",
                help="The paper edge the sheet turns over (default long-edge; none with --gutter-fold).",
                choices=Duplex,
            ),
        ],
        None,
    ),
    (
        "back_offset",
        Annotated[
            str,
            _opt(
                "--back-offset",
                metavar="DX,DY",
                help="dx,dy in mm moving every back (+dx right, +dy down, as seen on the back page); read it off the calibration sheet.",
            ),
        ],
        "0,0",
    ),
    (
        "gutter_fold",
        Annotated[
            bool,
            _opt(
                "--gutter-fold", help="Fronts and backs side by side on one page, to fold, for printers without duplex."
            ),
        ],
        False,
    ),
    (
        "card_size",
        Annotated[
            str | None,
            _opt(
                "--card-size",
                metavar="SIZE",
                help="Print the cards at this trim size (same proportions): a length such as 63.5mm or 2.5x2.5in, or a named size: "
                + _presets_help()
                + ".",
            ),
        ],
        None,
    ),
    (
        "registration_marks",
        Annotated[
            bool,
            _opt("--registration-marks", help="Marks for print-and-cut machines, matching `pnp export --target cut`."),
        ],
        False,
    ),
]
SHEET_OPTION_NAMES = tuple(name for name, _, _ in _SHEET_PARAMS)


def sheet_specs(paper: list[str] | None = None, **options) -> tuple:
    """SheetSpecs from the raw option values (one per paper; A4 and Letter by default)."""
    papers = paper or ["a4", "letter"]
    values = {k: (v.value if isinstance(v, enum.Enum) else v) for k, v in options.items()}
    specs = tuple(SheetSpec.from_options(paper=p, **values) for p in papers)
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise UsageError(f"The paper {', '.join(paper or [])} was given twice.")
    return specs


def sheet_options(fn):
    """Add every sheet option to a typer command; it receives `sheets` (tuple of SheetSpec)."""
    signature = inspect.signature(fn)
    own = [p for p in signature.parameters.values() if p.name != "sheets"]
    extra = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=a, default=d) for n, a, d in _SHEET_PARAMS]

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        chosen = {name: kwargs.pop(name) for name in SHEET_OPTION_NAMES if name in kwargs}
        specs = sheet_specs(**chosen)
        _say_back_offset(chosen.get("back_offset", "0,0"), specs[0].back_offset, kwargs.get("quiet", False))
        return fn(*args, sheets=specs, **kwargs)

    wrapper.__signature__ = signature.replace(parameters=own + extra)
    return wrapper


def _say_back_offset(text: str, offset: tuple[float, float], quiet: bool) -> None:
    """Say in words what --back-offset applies, and warn when it is larger than a misregistration."""
    from pnp.sheets.backoffset import offset_warning, offset_words

    if offset == (0.0, 0.0):
        return
    note(f"--back-offset {text}: {offset_words(offset)}", quiet)
    warning = offset_warning(text, offset)
    if warning:
        note(f"warning: {warning}", quiet)


def _refuse_unused(target: Target, dpi: float, with_bleed: bool, sheets: tuple, base_url: str | None = None) -> None:
    """An option the export target does not use is a usage error, not silently dropped."""
    if target is not Target.tts and base_url is not None:
        raise UsageError(
            f"--base-url sets the image URLs of the tts saved object only; the {target.value} export does not use it."
        )
    if target is not Target.png and (dpi != 150.0 or with_bleed):
        raise UsageError(
            f"--dpi and --with-bleed set the png previews only; the {target.value} export does not use them."
        )
    if target is not Target.cut and sheets != sheet_specs(**{name: default for name, _, default in _SHEET_PARAMS}):
        raise UsageError(
            f"The sheet options (--paper, --card-size, --bleed, …) shape the cut export's sheets only; "
            f"the {target.value} export does not use them."
        )


def _load(game: str, modules: str, ink: "Ink | None" = None, jobs: int | None = None):
    from pnp.pipeline.load import load_game
    from pnp.svg.faces import render_faces

    resolved = with_ink(load_game(game, modules=modules), ink)
    return resolved, render_faces(resolved, jobs=jobs)


def _write(out: Path, files: dict, quiet: bool, owner_name: str) -> None:
    """Write atomically as `owner_name`'s files: what that owner's earlier run wrote and this run
    did not make is removed, never another command's files (see pnp/core/owned.py)."""
    from pnp.core.owned import write_owned

    report = write_owned(out, {owner_name: files})
    note_kept(out, report.kept, quiet)
    if not quiet:
        for rel in sorted(files):
            typer.echo(str(out / rel))
        for rel in report.removed:
            typer.echo(f"removed {out / rel}")


@app.command()
@reports_errors
@sheet_options
def sheets(
    game: Annotated[str, typer.Argument(help="A game or variant name, or a spec file.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")] = Path("output"),
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    ink: Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
    jobs: Jobs = None,
    sheets: tuple = (),
) -> None:
    """PDF sheets of every card, fronts each followed by their backs, and a printer calibration
    sheet, for each paper: OUT/GAME/sheets/GAME-a4.pdf, OUT/GAME/GAME-calibration-a4.pdf.

    Example: pnp sheets tranquility --paper a4 --bleed 3mm --back-offset 1.5,-0.5
    """
    from pnp.sheets.impose import sheet_outputs

    check_out_folder(out, [game])
    resolved, faces = _load(game, modules, ink, jobs)
    files = sheet_outputs(resolved, faces, sheets, warn=lambda m: note(f"warning: {m}", quiet), jobs=jobs)
    _write(out, files, quiet, owner("sheets", resolved.id))


@app.command("export")
@reports_errors
@sheet_options
def export_(
    game: Annotated[str, typer.Argument(help="A game or variant name, or a spec file.")],
    target: Annotated[
        Target,
        typer.Option(
            "--target",
            "-t",
            help="tgc, mpc, drivethru, tts, png or cut.",
            metavar=choice_metavar(Target),
            parser=choice_parser(Target),
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")] = Path("output"),
    product: Annotated[
        str | None,
        typer.Option(
            "--product", help="The service's product, e.g. euro-square-deck (default: the one matching the card size)."
        ),
    ] = None,
    dpi: Annotated[float, typer.Option("--dpi", help="Resolution of --target png previews.")] = 150.0,
    with_bleed: Annotated[bool, typer.Option("--with-bleed", help="PNG previews include each face's bleed.")] = False,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help="tts: where the images will be hosted (default: file:/// URLs of the exported files).",
        ),
    ] = None,
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Print every file written.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the folder and every file written as JSON.")] = False,
    ink: Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
    jobs: Jobs = None,
    sheets: tuple = (),
) -> None:
    """Files for a print-on-demand service, Tabletop Simulator, previews or a cutting machine,
    in OUT/GAME/export/TARGET/. The cut target uses the first --paper and the sheet options; --dpi
    and --with-bleed are for png, --product for tgc, mpc and drivethru, --base-url for tts. An
    option the target does not use is refused (exit 2). Prints one line, N files in the folder
    (every path with --verbose); a progress bar shows on a terminal while images are made.

    Example: pnp export tranquility --target tgc
    """
    from pnp.cli.export_report import progress_bar, report
    from pnp.core.owned import write_owned
    from pnp.export import export

    _refuse_unused(target, dpi, with_bleed, sheets, base_url)
    check_out_folder(out, [game])
    resolved, faces = _load(game, modules, ink, jobs)
    folder = f"{resolved.id}/export/{target.value}/"
    url = _base_url(base_url, out / folder) if target is Target.tts else ""
    with progress_bar(f"{target.value} images", quiet or as_json) as advance:
        files = export(
            resolved,
            faces,
            target.value,
            product=product,
            dpi=dpi,
            bleed=with_bleed,
            sheet=sheets[0],
            warn=lambda m: note(f"warning: {m}", quiet),
            base_url=url,
            progress=advance,
            jobs=jobs,
        )
    written = write_owned(out, {owner("export", resolved.id, target.value): files})
    note_kept(out, written.kept, quiet)
    report(out, folder, files, written.removed, verbose, as_json, quiet)


def _base_url(given: str | None, folder: Path) -> str:
    """The URL prefix of the TTS images: the one given (a / added), or the folder's file:/// URL."""
    if given is None:
        return folder.resolve().as_uri() + "/"
    if not given.strip():
        raise UsageError("--base-url is empty; give the URL of the folder the images are hosted in.")
    return given if given.endswith("/") else given + "/"
