"""`pnp booklet`: the rules booklet alone, in any shipped language."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp import api
from pnp.cli.common import Force, Lang, reports_errors
from pnp.cli.completion import game_argument
from pnp.cli.print_cmds import MODULES_HELP, _write
from pnp.core.i18n import check_language, language_suffix
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import owner

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)


@app.command()
@reports_errors
def booklet(
    game: Annotated[str, game_argument()],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")] = Path("output"),
    lang: Lang = None,
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
    force: Force = False,
) -> None:
    """The rules booklet, made from the game's resolved rules: OUT/GAME/rules-a4.pdf,
    rules-letter.pdf, and rules-booklet-a4.pdf / rules-booklet-letter.pdf imposed to fold into an
    A5 / half-letter booklet (print duplex, flip on the short edge, fold, staple); and the
    designer's sheet, designer-a4.pdf / designer-letter.pdf (the variants and rule options, with
    their spec keys and commands). `pnp build` writes the same files in the game's language. In
    another language than English the names carry it: rules-a4-it.pdf.

    Example: pnp booklet ascent --lang it
    """
    lang = check_language(lang)
    loaded = api.load(game, modules, language=lang, jobs=None)  # the pictured faces in the booklet's language
    check_out_folder(out, [game])
    files = loaded.booklet()
    resolved = loaded.model
    module_set = [resolved.modules_name] if resolved.modules_name else []  # rules-a4-no-modules.pdf is its own set
    _write(out, files, quiet, owner("booklet", resolved.id + language_suffix(resolved.language), *module_set), force)
