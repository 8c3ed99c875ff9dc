"""`pnp build` (everything) and `pnp render` (SVG faces only)."""

import time
from pathlib import Path
from typing import Annotated

import typer

from pnp.cli.common import Force, Jobs, Lang, note, note_kept, reports_errors, with_lang
from pnp.cli.completion import complete_games, game_argument
from pnp.cli.print_cmds import INK_HELP, Ink, sheet_options, with_ink
from pnp.core.i18n import check_language
from pnp.core.locate import available_games, spec_files, spec_roots
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import write_owned
from pnp.pipeline.build import build_games, face_outputs, render_owner, svg_folder
from pnp.pipeline.load import load_game
from pnp.rules.difficulty import build_note

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

OUT_HELP = "The output folder."
MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."


def default_games() -> list[str]:
    """The games (not variants) in ./card_specs and the bundled specs."""
    names: list[str] = []
    for root in spec_roots():
        if root.name == "card_specs":
            names += [p.stem for p in spec_files(root) if p.stem not in names]
    return names


@app.command()
@reports_errors
@sheet_options
def build(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            help="Games or variants (default: every game, not the variants).", autocompletion=complete_games
        ),
    ] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help=OUT_HELP)] = Path("output"),
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    ink: Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)] = None,
    no_setup: Annotated[bool, typer.Option("--no-setup", help="Skip the rule-checked sample setups.")] = False,
    no_booklet: Annotated[
        bool, typer.Option("--no-booklet", help="Skip the rules booklets (e.g. while playtesting changes to cards).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
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
    names = games or default_games()
    check_out_folder(out, names)
    lang = check_language(lang)  # before anything is loaded
    started = time.perf_counter()
    say = lambda message: note(message, quiet)
    report = build_games(
        names,
        out,
        sheets,
        setup=not no_setup,
        booklet=not no_booklet,
        modules=modules,
        ink=ink and ink.value,
        language=lang,
        warn=lambda message: note(f"warning: {message}", quiet),
        progress=say,
        jobs=jobs,
        force=force,
    )
    note_kept(out, report.kept, quiet)
    for name in names:  # honest defaults: how hard a game with every module is, measured
        hard = build_note(name, modules)
        if hard:
            say(hard)
    say(
        f"{len(report.written)} written, {len(report.unchanged)} unchanged, {len(report.removed)} removed "
        f"in {out}/ ({time.perf_counter() - started:.2f} s)"
    )
    say(f"open {out / 'index.html'}")


@app.command()
@reports_errors
def render(
    game: Annotated[str, game_argument()],
    out: Annotated[Path, typer.Option("--out", "-o", help=OUT_HELP)] = Path("output"),
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    ink: Annotated[Ink | None, typer.Option("--ink", help=INK_HELP)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
    lang: Lang = None,
    jobs: Jobs = None,
    force: Force = False,
) -> None:
    """Render the SVG faces only, one file per distinct face, into OUT/GAME/svg/; the faces of
    another ink, module set or language have their own folder (svg-ink-saver/, svg-no-modules/,
    svg-it/), so they never replace the default faces `pnp build` shows in the gallery.

    Example: pnp render ascent --modules goats
    """
    # start-up: +207 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.svg.faces import render_faces

    check_out_folder(out, [game])
    resolved = with_lang(with_ink(load_game(game, modules=modules), ink), lang)
    outputs = face_outputs(resolved, render_faces(resolved, jobs=jobs))
    say = lambda message: note(message, quiet)
    report = write_owned(out, {render_owner(resolved): outputs}, force=force, say=say)
    note_kept(out, report.kept, quiet)
    note(f"{resolved.id}: {len(outputs)} faces ({len(report.written)} written) in {out}/{svg_folder(resolved)}/", quiet)


__all__ = ["available_games", "build", "render"]
