"""`pnp serve`: the gallery on a local web server, rebuilt on save, with the open page kept up to date."""

from pathlib import Path
from typing import Annotated

import typer

from pnp import api
from pnp.cli.common import note, reports_errors
from pnp.cli.completion import complete_games
from pnp.cli.print_cmds import sheet_options
from pnp.core.errors import UsageError
from pnp.core.i18n import check_language

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

PORT_HELP = "The port to listen on (0: any free port, announced when it starts)."
MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."


Games = Annotated[
    list[str] | None,
    typer.Argument(help="Games or variants (default: every game, not the variants).", autocompletion=complete_games),
]
Port = Annotated[int, typer.Option("--port", help=PORT_HELP)]
Host = Annotated[
    str,
    typer.Option(
        "--host",
        help="The address to listen on: 127.0.0.1 (this machine only) unless you mean to share it, e.g. 0.0.0.0.",
    ),
]
OpenPage = Annotated[bool, typer.Option("--open", help="Open the page in the default browser.")]
Out = Annotated[Path, typer.Option("--out", "-o", help="The output folder (built as by pnp build).")]
Modules = Annotated[str, typer.Option("--modules", help=MODULES_HELP)]
NoSetup = Annotated[bool, typer.Option("--no-setup", help="Skip the rule-checked sample setups.")]
NoBooklet = Annotated[bool, typer.Option("--no-booklet", help="Skip the rules booklets: each save rebuilds faster.")]


@app.command()
@reports_errors
@sheet_options
def serve(
    games: Games = None,
    port: Port = 8000,
    host: Host = "127.0.0.1",
    open_page: OpenPage = False,
    out: Out = Path("output"),
    modules: Modules = "all",
    no_setup: NoSetup = False,
    no_booklet: NoBooklet = False,
    sheets: tuple = (),
) -> None:
    """Serve the gallery of the chosen games on a local web server; on every save in card_specs/ or
    templates/ (art, images and spreadsheets of cards included) draw the faces that changed and update
    the open page, then rebuild the sheets and the rest (a newer save stops that). A spec or template
    error shows in the page, over the last good faces, until it is fixed. Ctrl-C stops it.

    Example: pnp serve galateia --open
    """
    _check_port(port)
    say = lambda message: note(message)
    gallery = api.serve(games, out, sheets, setup=not no_setup, booklet=not no_booklet, modules=modules, say=say)
    try:
        gallery.run(host, port, open_page, say=say)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None


def _check_port(port: int) -> None:
    """Before anything is built: a port that cannot be is a usage error, not a hang."""
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535 (0: any free port), not {port}")


Game = Annotated[str, typer.Argument(help="A game or variant name.", metavar="GAME", autocompletion=complete_games)]
Players = Annotated[int, typer.Option("--players", "-p", help="Number of players (hot seat).")]
Seed = Annotated[int, typer.Option("--seed", "-s", help="Shuffle seed: the same seed deals the same table.")]
BotSeats = Annotated[
    list[int] | None, typer.Option("--bot", help="Give this seat (1-based) to the bot; repeat for more seats.")
]
PlayHost = Annotated[str, typer.Option("--host", help="The address to listen on.")]
Records = Annotated[Path, typer.Option("--records", help="Where each game's record is saved.")]
NoOpen = Annotated[bool, typer.Option("--no-open", help="Do not open the page in the browser.")]
TableLang = Annotated[
    str | None,
    typer.Option("--lang", metavar="LANG", help="Language of the table's words and faces: en or it (default: en)."),
]


@app.command()
@reports_errors
def play(
    game: Game,
    players: Players = 2,
    seed: Seed = 1,
    modules: Modules = "all",
    bot: BotSeats = None,
    port: Port = 8001,
    host: PlayHost = "127.0.0.1",
    records: Records = Path("records"),
    no_open: NoOpen = False,
    lang: TableLang = None,
) -> None:
    """Open a virtual table in the browser: the dealt setup with the game's own faces, hot seat for
    every player, any seat to the bot; the rules engine judges every move. Each game is saved as a
    record (pnp replay re-checks it).

    Example: pnp play galateia --players 3 --seed 7 --bot 3 --lang it
    """
    lang = check_language(lang)
    _check_port(port)
    table = api.play(game, players, seed, modules, bots=bot or (), records=records, lang=lang)
    try:
        table.run(host, port, open_page=not no_open, say=note)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None


__all__ = ["play", "serve"]
