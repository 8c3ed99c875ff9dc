"""What `pnp export` shows: a progress bar on stderr while images are made (on a terminal only),
then one summary line on stdout ("N files in DIR"); every path with --verbose, or all of it as
JSON with --json."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import typer


@contextlib.contextmanager
def progress_bar(label: str, quiet: bool) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar on stderr. Yields `advance(n, total)`: n more of total done (a new
    total starts the bar again); shows nothing when quiet or when stderr is not a terminal."""
    # lazy: -58 ms on pnp build --help (docs/decisions.md "Plumbing only where it pays")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield lambda n, total: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(label, total=None)

        def advance(n: int, total: int) -> None:
            if progress.tasks[0].total != total:
                progress.reset(task, total=total)
            progress.advance(task, n)

        yield advance


def report(
    out: Path, folder: str, written: dict, removed: tuple[str, ...], verbose: bool, as_json: bool, quiet: bool
) -> None:
    """Print the summary of an export that wrote `written` (paths relative to `out`)."""
    paths = [str(out / rel) for rel in sorted(written)]
    gone = [str(out / rel) for rel in removed]
    where = out / folder
    if as_json:
        typer.echo(json.dumps({"folder": str(where), "files": paths, "removed": gone}, indent=2))
        return
    if quiet:
        return
    if verbose:
        for path in paths:
            typer.echo(path)
        for path in gone:
            typer.echo(f"removed {path}")
    count = len(paths)
    typer.echo(f"{count} file{'s' if count != 1 else ''} in {where}")
