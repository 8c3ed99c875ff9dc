"""`pnp printer`: show, set or clear the printer profile (the back offset every build applies)."""

from __future__ import annotations

from typing import Annotated

import typer

from pnp import api
from pnp.cli.common import reports_errors
from pnp.core.errors import UsageError, display_path
from pnp.sheets.backoffset import offset_warning, offset_words
from pnp.sheets.printer import LOCAL, user_file
from pnp.sheets.spec import parse_back_offset

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)


@app.command()
@reports_errors
def printer(
    back_offset: Annotated[
        str | None,
        typer.Option(
            "--back-offset",
            metavar="DX,DY",
            help="Keep this back offset (mm, +dx right, +dy down as seen on the back page, read off the "
            "calibration sheet) in the user's printer profile.",
        ),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Remove the user's printer profile.")] = False,
) -> None:
    """Show, set or clear the printer profile: the back offset `pnp build` and `pnp sheets` apply
    when --back-offset is not given. It is kept in the user's config folder (or $PNP_CONFIG_DIR);
    a pnp.toml in the working folder with [printer] back_offset = "DX,DY" comes first.

    Example: pnp printer --back-offset 1.5,-0.5
    """
    if clear and back_offset is not None:
        raise UsageError("Give --back-offset or --clear, not both.")
    if back_offset is not None:
        offset = parse_back_offset(back_offset)
        saved = api.set_printer(offset)
        typer.echo(f"printer profile {display_path(saved.source)}: {offset_words(offset)}; later builds apply it")
        warning = offset_warning(back_offset, offset)
        if warning:
            typer.echo(f"warning: {warning}", err=True)
    elif clear:
        removed = api.clear_printer()
        typer.echo(
            f"removed {display_path(removed)}: later builds move no back"
            if removed
            else f"no printer profile in {display_path(user_file())}: nothing to clear"
        )
    _show(after_change=back_offset is not None or clear)


def _show(after_change: bool) -> None:
    """The profile in force, and where it comes from (a ./pnp.toml overrides the user's file)."""
    profile = api.printer()
    if profile is None:
        if not after_change:
            typer.echo(
                f"no printer profile (neither ./{LOCAL} nor {display_path(user_file())}): builds move no back. "
                "Print the calibration sheet, then: pnp printer --back-offset DX,DY"
            )
        return
    if not after_change or profile.source != user_file():
        typer.echo(f"in force: printer profile {display_path(profile.source)}: {offset_words(profile.back_offset)}")
