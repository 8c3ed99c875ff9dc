"""Print commands: `pnp sheets` (PDF sheets and a calibration sheet) and `pnp export`.

The sheet options are shared: decorate any command with `@sheet_options` and it takes every
option below and receives `sheets: tuple[SheetSpec, ...]` (one per --paper) instead.
"""

import enum
import functools
import inspect
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer
from typer.core import TyperCommand, TyperGroup

from pnp import api
from pnp.cli.choices import choice_metavar, choice_parser
from pnp.cli.common import Force, Jobs, Lang, note, note_kept, reports_errors
from pnp.cli.completion import game_argument
from pnp.cli.export_report import progress_bar, report
from pnp.core.errors import UsageError, display_path
from pnp.core.i18n import language_suffix
from pnp.core.names import did_you_mean, match_case_insensitive
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import owner, write_owned
from pnp.core.sleeves import CARD_PRESETS
from pnp.export import TARGETS
from pnp.export import takers as export_takers
from pnp.sheets.backoffset import offset_warning, offset_words
from pnp.sheets.names import output_set, variant_parts
from pnp.sheets.printer import PrinterProfile, load_profile
from pnp.sheets.spec import SheetSpec

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."
INK_HELP = "normal, or saver: light grounds and line art that save ink (default: the spec's print.ink, else normal)."


class Ink(str, enum.Enum):
    normal = "normal"
    saver = "saver"


def with_ink(game, ink: "Ink | None"):
    """The game printed in the chosen ink mode (None: the spec's own)."""

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


def _presets_help() -> str:
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
                help="a4, letter, a3, a5, legal, tabloid or a size such as 200x300mm; repeat for several "
                "(default: a4 and letter).",
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
            _opt(
                "--bleed",
                metavar="LENGTH",
                help="Background printed past each card's trim, e.g. 3mm or 0.125in; at most 10mm.",
            ),
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
            str | None,
            _opt(
                "--back-offset",
                metavar="DX,DY",
                help="dx,dy in mm moving every back (+dx right, +dy down, as seen on the back page); "
                "read it off the calibration sheet. Default: the printer profile (pnp printer), else 0,0; "
                "given here, it overrides the profile for this run.",
            ),
        ],
        None,
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
                help="Print the cards at this trim size (same proportions): a length such as 63.5mm or 2.5x2.5in, "
                "or a named size: " + _presets_help() + ".",
            ),
        ],
        None,
    ),
    (
        "registration_marks",
        Annotated[
            bool,
            _opt("--registration-marks", help="Marks for print-and-cut machines, matching `pnp export cut`."),
        ],
        False,
    ),
    (
        "image_dpi",
        Annotated[
            str,
            _opt(
                "--image-dpi",
                metavar="DPI",
                help="Pictures (PNG, JPEG, WebP art) are downsampled to this resolution at their printed size "
                "(default 300; 72 to 1200); never upsampled.",
            ),
        ],
        "300",
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
        profile = None
        if chosen.get("back_offset") is None:
            profile = load_profile()
            chosen["back_offset"] = profile.text if profile else "0,0"
        specs = sheet_specs(**chosen)
        quiet = kwargs.get("quiet", False)
        if profile is not None:
            _say_profile(profile, quiet)
        else:
            _say_back_offset(chosen["back_offset"], specs[0].back_offset, quiet)
        return fn(*args, sheets=specs, **kwargs)

    wrapper.__signature__ = signature.replace(parameters=own + extra)  # type: ignore[attr-defined]  # how typer reads the options  # type: ignore[attr-defined]  # read by inspect
    return wrapper


def _say_profile(profile: PrinterProfile, quiet: bool) -> None:
    """One line: the printer profile applied, from which file, and how to leave it out for a run."""
    note(
        f"printer profile {display_path(profile.source)}: {offset_words(profile.back_offset)} "
        "(--back-offset 0,0 leaves it out for one run)",
        quiet,
    )


def _say_back_offset(text: str, offset: tuple[float, float], quiet: bool) -> None:
    """Say in words what --back-offset applies, and warn when it is larger than a misregistration."""
    if offset == (0.0, 0.0):
        return
    note(f"--back-offset {text}: {offset_words(offset)}", quiet)
    warning = offset_warning(text, offset)
    if warning:
        note(f"warning: {warning}", quiet)


def _write(out: Path, files: dict, quiet: bool, owner_name: str, force: bool = False) -> None:
    """Write atomically as `owner_name`'s files: what that owner's earlier run wrote and this run
    did not make is removed, never another command's files, and a file pnp did not write is
    replaced only with `force` (see pnp/core/owned.py)."""

    report = write_owned(out, {owner_name: files}, force=force, say=lambda message: note(message, quiet))
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
    game: Annotated[str, game_argument()],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")] = Path("output"),
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    ink: Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
    lang: Lang = None,
    jobs: Jobs = None,
    force: Force = False,
    sheets: tuple = (),
) -> None:
    """PDF sheets of every card, fronts each followed by their backs, and a printer calibration
    sheet, for each paper: OUT/GAME/sheets/GAME-a4.pdf, OUT/GAME/GAME-calibration-a4.pdf. The
    names carry the options that change the sheets (GAME-a4-fold.pdf, GAME-a4-bleed3mm.pdf, …),
    so no variant overwrites another.

    Example: pnp sheets tranquility --paper a4 --bleed 3mm --back-offset 1.5,-0.5
    """
    check_out_folder(out, [game])
    loaded = api.load(game, modules, ink=ink and ink.value, language=lang, jobs=jobs)
    files = loaded.sheets(specs=sheets, warn=lambda m: note(f"warning: {m}", quiet))
    resolved = loaded.model
    variant = output_set(variant_parts(sheets[0], resolved))  # each variant is its own output set
    language = resolved.id + language_suffix(resolved.language)  # Italian never prunes English
    _write(out, files, quiet, owner("sheets", language, *([variant] if variant else [])), force)


# --- pnp export TARGET GAME: one sub-command per target, each with only the options it takes ---

EXPORT_HELP = """Files for print-on-demand services, Tabletop Simulator, previews or cutting machines:
pnp export TARGET GAME writes OUT/GAME/export/TARGET[-OPTIONS]/ (the folder's name carries the options
that change the files, e.g. tgc-ink-saver, png-96dpi-bleed). Each target takes only its own options:
see pnp export TARGET --help. Prints one line, N files in the folder (every path with --verbose,
JSON with --json); a progress bar shows on a terminal while images are made.

The earlier form pnp export GAME --target TARGET still works, with a notice.

Example: pnp export tgc tranquility"""

OPTION_FIELDS = {  # a target-specific option → the export request's field; TARGETS says who takes it
    "--product": "product",
    "--dpi": "dpi",
    "--with-bleed": "bleed",
    "--base-url": "base_url",
}


CommandLineError: type[Exception] = typer.BadParameter.__mro__[
    1
]  # click's UsageError, as typer (which vendors click) raises it


class ExportGroup(TyperGroup):
    """`pnp export TARGET …`: targets in any case; the earlier `pnp export GAME --target T` form is
    rewritten to the new one with a one-line notice on stderr."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _legacy_form(args, list(self.commands)))

    def resolve_command(self, ctx: Any, args: list[str]):
        if args and not args[0].startswith("-"):
            found = match_case_insensitive(args[0], self.commands)
            if found is None:
                raise CommandLineError(
                    f"{args[0]!r} is not an export target: give one of {', '.join(self.commands)}"
                    f"{did_you_mean(args[0], self.commands) or '.'} Write pnp export TARGET GAME."
                )
            args = [found, *args[1:]]
        return super().resolve_command(ctx, args)


def _legacy_form(args: list[str], targets: list[str]) -> list[str]:
    """['tranquility', '--target', 'tgc', …] → ['tgc', 'tranquility', …], saying so on stderr."""
    words = args[: args.index("--")] if "--" in args else args
    if not words or match_case_insensitive(words[0], targets) is not None:
        return args
    for i, word in enumerate(words):
        for name in ("--target", "-t"):
            if word == name and i + 1 < len(words):
                target, rest = words[i + 1], args[:i] + args[i + 2 :]
            elif word.startswith(name + "=") or (name == "-t" and word.startswith("-t") and len(word) > 2):
                target = word.split("=", 1)[1] if "=" in word else word[2:]
                rest = args[:i] + args[i + 1 :]
            else:
                continue
            game = next((w for w in rest if not w.startswith("-")), "GAME")
            shown = target.strip().lower()
            note(f"note: 'pnp export GAME --target {shown}' is deprecated; write 'pnp export {shown} {game}'")
            return [target, *rest]
    return args


class TargetCommand(TyperCommand):
    """An export target's command: an option another target takes is refused with who takes it."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except CommandLineError as exc:
            option = getattr(exc, "option_name", None)
            if not option:  # not an unknown option
                raise
            field = OPTION_FIELDS.get(option)
            if field is None and option.split("=")[0] in _sheet_option_flags():
                field = "sheet"
            takers = export_takers(field) if field else ()
            if takers:
                who = ", ".join(takers[:-1]) + " or " + takers[-1] if len(takers) > 1 else takers[0]
                vars(exc).update(
                    message=f"The {ctx.info_name} export does not take {option}; it is for pnp export {who}.",
                    possibilities=None,
                )
            raise


def _sheet_option_flags() -> set[str]:
    flags: set[str] = set()
    for _, annotation, _ in _SHEET_PARAMS:
        for meta in getattr(annotation, "__metadata__", ()):
            for decl in getattr(meta, "param_decls", ()) or ():
                flags.update(d for part in decl.split("/") for d in [part.strip()] if d.startswith("-"))
            if getattr(meta, "default", None) is not None and isinstance(meta.default, str):
                flags.update(d.strip() for d in meta.default.split("/") if d.strip().startswith("-"))
    return flags


export_app = typer.Typer(
    cls=ExportGroup, help=EXPORT_HELP, no_args_is_help=True, rich_markup_mode=None, add_completion=False
)
app.add_typer(export_app, name="export")


@dataclass(frozen=True)
class ExportRun:
    """The options every export target takes."""

    out: Path
    modules: str
    ink: Ink | None
    verbose: bool
    as_json: bool
    quiet: bool
    lang: str | None
    jobs: int | None
    force: bool = False


# (name, annotation, default) of the options every target takes; `export_options` adds them.
EXPORT_PARAMS = [
    ("out", Annotated[Path, typer.Option("--out", "-o", help="Output folder.")], Path("output")),
    ("modules", Annotated[str, typer.Option("--modules", help=MODULES_HELP)], "all"),
    ("ink", Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)], None),
    ("verbose", Annotated[bool, typer.Option("--verbose", "-v", help="Print every file written.")], False),
    (
        "as_json",
        Annotated[bool, typer.Option("--json", help="Print the folder and every file written as JSON.")],
        False,
    ),
    ("quiet", Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")], False),
    ("lang", Lang, None),
    ("jobs", Jobs, None),
    ("force", Force, False),
]
EXPORT_OPTION_NAMES = tuple(name for name, _, _ in EXPORT_PARAMS)

GameArg = Annotated[str, game_argument()]
ProductOpt = Annotated[
    str | None,
    typer.Option(
        "--product", help="The service's product, e.g. euro-square-deck (default: the one matching the card size)."
    ),
]


def export_options(fn):
    """Add the options every target takes (EXPORT_PARAMS); the command receives them as `run`."""
    signature = inspect.signature(fn)
    own = [p for p in signature.parameters.values() if p.name != "run"]
    extra = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=a, default=d) for n, a, d in EXPORT_PARAMS]

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        run = ExportRun(**{name: kwargs.pop(name) for name in EXPORT_OPTION_NAMES})
        return fn(*args, run=run, **kwargs)

    wrapper.__signature__ = signature.replace(parameters=own + extra)  # type: ignore[attr-defined]  # typer reads it
    return wrapper


def target_command(name: str):
    """Register an export target's command: `pnp export NAME GAME [its options]`."""
    return export_app.command(name, cls=TargetCommand)


@target_command("tgc")
@reports_errors
@export_options
def export_tgc(game: GameArg, product: ProductOpt = None, run: ExportRun = None) -> None:  # type: ignore[assignment]
    """The Game Crafter: one 300 dpi PNG per face with 1/8 in of bleed, sized for the product, and
    cards.csv; goats as circle chits. Folder export/tgc[-PRODUCT][-ink-saver]/.

    Example: pnp export tgc tranquility
    """
    _export("tgc", game, run, product=product)


@target_command("mpc")
@reports_errors
@export_options
def export_mpc(game: GameArg, product: ProductOpt = None, run: ExportRun = None) -> None:  # type: ignore[assignment]
    """MakePlayingCards: one 300 dpi PNG per face with 36 px of bleed, and cards.csv.

    Example: pnp export mpc tranquility --product poker
    """
    _export("mpc", game, run, product=product)


@target_command("drivethru")
@reports_errors
@export_options
def export_drivethru(game: GameArg, product: ProductOpt = None, run: ExportRun = None) -> None:  # type: ignore[assignment]
    """DriveThruCards: one PDF/X-1a:2003 per card size, one card per page, back before front, CMYK,
    with 1/8 in of bleed.

    Example: pnp export drivethru tranquility
    """
    _export("drivethru", game, run, product=product)


@target_command("tts")
@reports_errors
@export_options
def export_tts(
    game: GameArg,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help="Where the images will be hosted: an http:// or https:// URL "
            "(default: file:/// URLs of the exported files).",
        ),
    ] = None,
    run: ExportRun = None,  # type: ignore[assignment]
) -> None:
    """Tabletop Simulator: deck sheets, token images, decks.json and GAME.json, a saved object that
    loads the whole game.

    Example: pnp export tts tranquility --base-url https://example.org/tts/
    """
    _check_base_url(base_url)  # before any face is drawn
    _export("tts", game, run, base_url=base_url)


@target_command("png")
@reports_errors
@export_options
def export_png(
    game: GameArg,
    dpi: Annotated[float, typer.Option("--dpi", help="Resolution of the previews.")] = 150.0,
    with_bleed: Annotated[bool, typer.Option("--with-bleed", help="Include each face's bleed.")] = False,
    run: ExportRun = None,  # type: ignore[assignment]
) -> None:
    """Previews: every face as a PNG, cut to its trim (or with its bleed). Folder
    export/png[-DPIdpi][-bleed][-ink-saver]/.

    Example: pnp export png ascent --dpi 96
    """
    _export("png", game, run, dpi=dpi, bleed=with_bleed)


@target_command("cut")
@reports_errors
@sheet_options
@export_options
def export_cut(game: GameArg, run: ExportRun = None, sheets: tuple = ()) -> None:  # type: ignore[assignment]
    """Cutting machines: for each sheet an SVG of every piece's trim with registration marks, and the
    sheets PDF they match. Takes the sheet options; the first --paper is used; file names carry
    the options as the sheets' do.

    Example: pnp export cut ascent --paper letter
    """
    _export("cut", game, run, sheet=sheets[0])


def export_folder(
    target: str, ink: str, product: str | None = None, dpi: float = 150.0, bleed: bool = False, modules: str = ""
) -> str:
    """The target's folder name: the target and the options that change its files, in this order:
    product · DPIdpi · bleed · ink-saver · modules ('tgc', 'tgc-small-square-deck',
    'png-96dpi-bleed-ink-saver', 'png-no-modules'; `modules` is the game's `modules_name`, '' for
    every module). The cut files carry their sheet options (ink, modules) in their own names instead."""
    parts = [target]
    if "sheet" not in TARGETS[target].options:  # a target drawn on sheets names its files instead
        if product:
            parts.append(product.strip().lower())
        if dpi != 150.0:
            parts.append(f"{dpi:g}dpi")
        if bleed:
            parts.append("bleed")
        if ink != "normal":
            parts.append(f"ink-{ink}")
        if modules:
            parts.append(modules)
    return "-".join(parts)


def _export(target: str, game: str, run: ExportRun, sheet=None, **options) -> None:
    """Make one target's files and write them as that target's (and variant's) output set."""
    out, quiet = run.out, run.quiet
    check_out_folder(out, [game])
    loaded = api.load(game, run.modules, ink=run.ink and run.ink.value, language=run.lang, jobs=run.jobs)
    resolved = loaded.model
    shaping = {k: v for k, v in options.items() if k in ("product", "dpi", "bleed")}
    name = export_folder(target, resolved.ink, **shaping, modules=resolved.modules_name)
    folder = f"{resolved.id}/export/{name}{language_suffix(resolved.language)}/"  # tgc-it
    if "base_url" in options:
        options["base_url"] = _base_url(options["base_url"], out / folder)
    warn = lambda m: note(f"warning: {m}", quiet)
    with progress_bar(f"{target} images", quiet or run.as_json) as advance:
        files = loaded.export(target, sheet=sheet, warn=warn, progress=advance, folder=name, **options)
    variant = output_set(variant_parts(sheet, resolved)) if sheet is not None else ""
    # the folder keeps the dpi as given (png-72.5dpi), the owner part spells it safely (png-72_5dpi)
    target_set = output_set((name + language_suffix(resolved.language),))
    owner_name = owner("export", resolved.id, target_set, *([variant] if variant else []))
    written = write_owned(out, {owner_name: files}, force=run.force, say=lambda message: note(message, quiet))
    note_kept(out, written.kept, quiet)
    report(out, folder, files, written.removed, run.verbose, run.as_json, quiet)


def _check_base_url(given: str | None) -> None:
    """--base-url: an http:// or https:// URL with a host, which Tabletop Simulator can download from."""
    if given is None:
        return
    if not given.strip():
        raise UsageError("--base-url is empty; give the URL of the folder the images are hosted in.")
    try:
        parts = urlsplit(given)
        host = parts.hostname
        if parts.port == 0:  # urlsplit refuses ports above 65535 (ValueError), not port 0
            host = None
    except ValueError:  # a malformed port (not a number from 0 to 65535) or IPv6 address
        host = None
    else:
        if parts.scheme.lower() not in ("http", "https"):
            host = None
    if not host or any(c.isspace() or not c.isprintable() for c in given):
        shown = repr(given) if len(given) <= 60 else repr(given[:40]) + "…"
        raise UsageError(
            f"--base-url {shown} is not an http:// or https:// URL with a host (and a port from 1 to 65535, when "
            "given); give the URL of the folder the images are hosted in (Tabletop Simulator downloads them), e.g. "
            "https://example.org/tts/"
        )


def _base_url(given: str | None, folder: Path) -> str:
    """The URL prefix of the TTS images: the one given (a / added), or the folder's file:/// URL."""
    if given is None:
        return folder.resolve().as_uri() + "/"
    _check_base_url(given)
    return given if given.endswith("/") else given + "/"
