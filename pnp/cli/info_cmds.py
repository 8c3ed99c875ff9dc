"""`pnp games` (what can be built) and `pnp docs` (the documentation shipped with the tool)."""

from __future__ import annotations

from typing import Annotated

import typer

from pnp import api
from pnp.cli.common import reports_errors

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)


@app.command()
@reports_errors
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List every game and variant that can be built, with its title and what it extends.
    Names are found in ./card_specs, ./card_specs/variants and the bundled games; a name in
    ./card_specs comes first.

    Example: pnp games
    """
    found = api.games()
    typer.echo(found.json() if as_json else found.table())


@app.command()
@reports_errors
def docs(
    topic: Annotated[str | None, typer.Argument(help="A page, e.g. spec-format (default: list the pages).")] = None,
) -> None:
    """Print a page of the documentation shipped with the tool, or list the pages.

    Example: pnp docs spec-format
    """
    typer.echo(api.docs(topic), nl=not topic)
