"""`pnp variant new` and `pnp variant diff`: custom deck variants."""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from pnp import api
from pnp.cli.choices import choice_metavar, choice_parser
from pnp.cli.common import reports_errors
from pnp.core.errors import UsageError
from pnp.core.locate import available_games, schema_dir
from pnp.core.output import write_atomic
from pnp.game.variants import GUIDANCE

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

variant_app = typer.Typer(
    help="Make and compare custom deck variants.\n\nExample: pnp variant new quiet-sea --from tranquility",
    no_args_is_help=True,
)
app.add_typer(variant_app, name="variant")


class TableFormat(str, Enum):
    csv = "csv"
    xlsx = "xlsx"
    ods = "ods"


MAX_NAME = 48  # the spec schema's slug: an id of 1 to 48 characters
NAME_HELP = f"The variant's id and file name: lower-case letters, digits and '-', up to {MAX_NAME} characters."


Table = Annotated[
    TableFormat | None,
    typer.Option(
        "--table",
        parser=choice_parser(TableFormat),
        metavar=choice_metavar(TableFormat),
        help="Write each kind's list of cards out as a spreadsheet beside the spec (csv: a file a kind; "
        "xlsx, ods: a workbook with a sheet a kind), which the variant then reads its cards from.",
    ),
]


@variant_app.command("new")
@reports_errors
def new(
    name: Annotated[str, typer.Argument(help=NAME_HELP)],
    parent: Annotated[str, typer.Option("--from", help="The game or variant to extend.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    table: Table = None,
) -> None:
    """Write a starter variant spec to ./card_specs/variants/NAME.json.

    Example: pnp variant new quiet-sea --from tranquility --table xlsx
    """
    target = _variant_file(name, force)
    files = api.new_variant(name, parent, None if table is None else table.value)
    starter, sheets = files.pop(target.name), files
    taken = [target.parent / f for f in sheets if (target.parent / f).exists()]
    if taken and not force:
        raise UsageError(f"{taken[0]} already exists (use --force to overwrite)")
    schema = _schema_copy(target.parent.parent / "schema" / "spec.schema.json")
    for file, data in sheets.items():
        write_atomic(target.parent / file, data)
    write_atomic(target, starter)
    typer.echo(str(target))
    for file in sheets:
        typer.echo(str(target.parent / file))
    if schema:
        typer.echo(f"{schema} (the schema an editor reads for completion; $schema points to it)", err=True)
    typer.echo("\n".join(f"  - {line}" for line in GUIDANCE), err=True)


def _variant_file(name: str, force: bool) -> Path:
    """./card_specs/variants/NAME.json, for a name the schema takes that hides no game or variant."""
    if len(name) > MAX_NAME:
        shown = repr(name) if len(name) <= 60 else repr(name[:12]) + "…"
        raise UsageError(f"variant name {shown} is {len(name)} characters long; give at most {MAX_NAME}")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise UsageError(f"variant name {name!r} must be lower-case letters, digits and '-' (e.g. 'quiet-sea')")
    target = Path("card_specs") / "variants" / f"{name}.json"
    if target.exists() and not force:
        raise UsageError(f"{target} already exists (use --force to overwrite)")
    if not target.exists() and name in available_games():
        raise UsageError(
            f"{name!r} is already a game or variant; a variant with that name would hide it, so choose another name"
        )
    return target


def _schema_copy(target: Path) -> Path | None:
    """Put the bundled JSON Schema where the variant's relative `$schema` points, unless it is
    already there (or is the bundled file itself); the copy that was written, or None."""
    bundled = schema_dir() / "spec.schema.json"
    text = bundled.read_bytes()
    if target.resolve() == bundled.resolve() or (target.is_file() and target.read_bytes() == text):
        return None
    write_atomic(target, text)
    return target


@variant_app.command("diff")
@reports_errors
def diff(
    name: Annotated[str, typer.Argument(help="A variant name or spec file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes as JSON.")] = False,
) -> None:
    """Show what a variant changes against the spec it extends: values and piece counts.

    Example: pnp variant diff big-sea
    """
    changes = api.variant_diff(name)
    typer.echo(changes.json() if as_json else "\n".join(changes.lines()))
