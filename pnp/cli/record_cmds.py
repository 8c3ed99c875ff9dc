"""Game records: `pnp replay` re-checks a played or simulated game move by move."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp import api
from pnp.cli.common import note, reports_errors_reading
from pnp.core.errors import UsageError
from pnp.core.output import write_atomic

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

RecordFile = Annotated[
    Path, typer.Argument(help="A game record (from pnp play or pnp simulate --log).", metavar="RECORD.json")
]
ReplayGame = Annotated[
    str | None,
    typer.Option("--game", help="Replay against this game, variant or spec file instead of the one the record names."),
]
Final = Annotated[
    Path | None,
    typer.Option(
        "--final",
        help="Write the state after the last good move to this file (pnp check reads it).",
        metavar="STATE.json",
    ),
]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print only a broken rule.")]


@app.command()
@reports_errors_reading
def replay(record_file: RecordFile, game: ReplayGame = None, final: Final = None, quiet: Quiet = False) -> None:
    """Re-check a game record: the setup, every move and every state after it; exit 1 naming the first
    move that breaks a rule (move number, player, rule id and sentence).

    Example: pnp replay output/records/tranquility-3p-seed1-game0001.json
    """
    if record_file.is_dir():
        raise UsageError(f"{record_file}: is a folder, not a record file")
    if not record_file.exists():
        raise UsageError(f"{record_file}: record file not found")
    record = api.read(record_file)
    result = api.replay(record, game)
    if final is not None:
        write_atomic(final, api.state_text(result.final))
        note(f"wrote {final}", quiet)
    if result.broken is not None:
        typer.echo(result.broken.line(str(record_file)))
        raise typer.Exit(1)
    if not quiet:
        end = record.end or {"status": "playing"}
        how = end["status"] + (f" ({end.get('reason')})" if end.get("reason") else "")
        typer.echo(f"{record_file}: {result.moves} moves, every one legal; the game is {how}")


__all__ = ["replay"]
