"""`pnp games` (what can be built) and `pnp docs` (the documentation shipped with the tool)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from pnp.cli.common import reports_errors
from pnp.core.docpages import doc_page, topics_table

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
    # lazy: -30 ms on pnp docs (docs/decisions.md "Plumbing only where it pays")
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
    typer.echo(doc_page(topic) if topic else topics_table(), nl=not topic)
