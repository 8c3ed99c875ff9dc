"""`pnp serve`: the gallery on a local web server, rebuilt on save, with the open page kept up to date."""


from pathlib import Path
from typing import List, Optional

import typer
from typing_extensions import Annotated

from ..errors import UsageError
from . import app
from .build_cmds import default_games
from .common import note, reports_errors
from .print_cmds import sheet_options

MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."


@app.command()
@reports_errors
@sheet_options
def serve(
    games: Annotated[Optional[List[str]], typer.Argument(help="Games or variants (default: every game, not the "
                                                              "variants).")] = None,
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    host: Annotated[str, typer.Option("--host", help="The address to listen on: 127.0.0.1 (this machine only) "
                                                     "unless you mean to share it, e.g. 0.0.0.0.")] = "127.0.0.1",
    open_page: Annotated[bool, typer.Option("--open", help="Open the page in the default browser.")] = False,
    out: Annotated[Path, typer.Option("--out", "-o", help="The output folder (built as by pnp build).")] = Path("output"),
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    no_setup: Annotated[bool, typer.Option("--no-setup", help="Skip the rule-checked sample setups.")] = False,
    sheets: tuple = (),
) -> None:
    """Serve the gallery of the chosen games on a local web server; on every save in card_specs/ or
    templates/ (art included) rebuild what changed and update the open page. A spec or template error
    shows in the page, over the last good faces, until it is fixed. Ctrl-C stops it.

    Example: pnp serve galateia --open
    """
    from ..locate import find_spec
    from ..server.live import Live
    from ..server.run import serve as run
    from ..server.watch import Rebuilder

    if not 1 <= port <= 65535:
        raise UsageError(f"--port must be between 1 and 65535, not {port}")
    names = games or default_games()
    for name in names:
        find_spec(name)  # an unknown game is a usage error before anything starts
    say = lambda message: note(message)  # noqa: E731
    rebuild = Rebuilder(names, out, sheets, not no_setup, modules, Live(), say)
    try:
        run(rebuild, host, port, open_page, extra_routes=_play_routes(names, modules), say=say)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None


def _play_routes(names: list[str], modules: str) -> list:
    try:
        from ..server.play import play_routes
    except ImportError:
        return []
    return play_routes(names, modules)


__all__ = ["serve"]
