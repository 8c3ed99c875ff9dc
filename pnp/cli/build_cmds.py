"""`pnp build` (everything) and `pnp render` (SVG faces only)."""

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp import api
from pnp.cli.common import Force, Jobs, Lang, note, note_kept, reports_errors
from pnp.cli.completion import complete_games, game_argument
from pnp.cli.print_cmds import INK_HELP, Ink, sheet_options
from pnp.core.locate import available_games
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import write_owned

if TYPE_CHECKING:
    from pnp.pipeline.build import BuildReport

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

OUT_HELP = "The output folder."
MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."
Games = Annotated[
    list[str] | None,
    typer.Argument(help="Games or variants (default: every game, not the variants).", autocompletion=complete_games),
]
Out = Annotated[Path, typer.Option("--out", "-o", help=OUT_HELP)]
Modules = Annotated[str, typer.Option("--modules", help=MODULES_HELP)]
InkOpt = Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)]
NoSetup = Annotated[bool, typer.Option("--no-setup", help="Skip the rule-checked sample setups.")]
NoBooklet = Annotated[
    bool, typer.Option("--no-booklet", help="Skip the rules booklets (e.g. while playtesting changes to cards).")
]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")]


@app.command()
@reports_errors
@sheet_options
def build(
    games: Games = None,
    out: Out = Path("output"),
    modules: Modules = "all",
    ink: InkOpt = None,
    no_setup: NoSetup = False,
    no_booklet: NoBooklet = False,
    quiet: Quiet = False,
    lang: Lang = None,
    jobs: Jobs = None,
    force: Force = False,
    sheets: tuple = (),
) -> None:
    """Build everything: SVG faces, duplex PDF sheets (A4 and Letter by default), printer
    calibration sheets, deck listings, the rules booklet and a rule-checked sample setup per game,
    then the gallery OUT/index.html. Only what changed since the last build is redrawn.

    Example: pnp build tranquility --paper a4 --bleed 3mm
    """
    names = games or api.default_games()
    check_out_folder(out, names)
    started = time.perf_counter()
    say, warn = (lambda message: note(message, quiet)), (lambda message: note(f"warning: {message}", quiet))
    chosen = {"modules": modules, "ink": ink and ink.value, "language": lang, "jobs": jobs, "force": force}
    parts = {"setup": not no_setup, "booklet": not no_booklet}
    report = api.build(names, out, sheets=sheets, **parts, **chosen, warn=warn, progress=say)  # type: ignore[arg-type]
    note_kept(out, report.kept, quiet)
    _summary(out, report, api.build_notes(names, modules), time.perf_counter() - started, say)


def _summary(out: Path, report: "BuildReport", notes: list[str], seconds: float, say: Callable[[str], None]) -> None:
    """How hard each game is with every module (honest defaults, measured), then what the build did."""
    for hard in notes:
        say(hard)
    written, unchanged, removed = len(report.written), len(report.unchanged), len(report.removed)
    say(f"{written} written, {unchanged} unchanged, {removed} removed in {out}/ ({seconds:.2f} s)")
    say(f"open {out / 'index.html'}")


@app.command()
@reports_errors
def render(
    game: Annotated[str, game_argument()],
    out: Out = Path("output"),
    modules: Modules = "all",
    ink: InkOpt = None,
    quiet: Quiet = False,
    lang: Lang = None,
    jobs: Jobs = None,
    force: Force = False,
) -> None:
    """Render the SVG faces only, one file per distinct face, into OUT/GAME/svg/; the faces of
    another ink, module set or language have their own folder (svg-ink-saver/, svg-no-modules/,
    svg-it/), so they never replace the default faces `pnp build` shows in the gallery.

    Example: pnp render ascent --modules goats
    """
    check_out_folder(out, [game])
    loaded = api.load(game, modules, ink=ink and ink.value, language=lang, jobs=jobs)
    outputs = loaded.svg_files()
    say = lambda message: note(message, quiet)
    report = write_owned(out, {loaded.svg_owner(): outputs}, force=force, say=say)
    note_kept(out, report.kept, quiet)
    note(f"{loaded.id}: {len(outputs)} faces ({len(report.written)} written) in {out}/{loaded.svg_folder()}/", quiet)


__all__ = ["available_games", "build", "render"]
