"""`pnp games` (what can be built) and `pnp docs` (the documentation shipped with the tool).

The commands import what they run inside their bodies: start-up (`pnp --help` imports every command
module; docs/performance.md "Start-up").
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

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
    # start-up: +30 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.game.catalogue import catalogue, catalogue_table

    entries = catalogue()
    if as_json:
        typer.echo(json.dumps([e.as_json() for e in entries], indent=2, ensure_ascii=False))
    else:
        typer.echo(catalogue_table(entries))


@app.command()
@reports_errors
def docs(
    topic: Annotated[str | None, typer.Argument(help="A page, e.g. spec-format (default: list the pages).")] = None,
) -> None:
    """Print a page of the documentation shipped with the tool, or list the pages.

    Example: pnp docs spec-format
    """
    # start-up: +7 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.core.docpages import doc_page, topics_table

    typer.echo(doc_page(topic) if topic else topics_table(), nl=not topic)
