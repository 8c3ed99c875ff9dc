"""Commands about specs: validate and list."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pnp import api
from pnp.cli.common import note, reports_errors
from pnp.cli.completion import game_argument
from pnp.core.errors import SpecError, UsageError
from pnp.core.locate import available_games, spec_files, spec_roots
from pnp.pipeline.validate import OPINIONS, VALIDATE_SEED

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."


Specs = Annotated[
    list[str] | None,
    typer.Argument(help="Spec files or game names (default: the specs in ./card_specs and ./card_specs/variants)."),
]
Every = Annotated[
    bool, typer.Option("--all", help="Check the bundled games and variants too (those in ./card_specs first).")
]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing when all is well.")]
SIMULATE_HELP = (
    "Warn when a valid game is nearly unwinnable: "
    + ", then ".join(
        f"{o.games} games per player count with the {o.bot} bot"
        + (f" where the {OPINIONS[i - 1].bot} bot won under 1 %" if i else "")
        for i, o in enumerate(OPINIONS)
    )
    + f" (seed {VALIDATE_SEED}; tens of seconds for The Ascent with every module the first time; the "
    "verdicts are kept in ~/.cache/tranquility-pnp or $PNP_CACHE_DIR: docs/rules.md)."
)
Simulate = Annotated[bool, typer.Option("--simulate/--no-simulate", help=SIMULATE_HELP)]


@app.command()
@reports_errors
def validate(specs: Specs = None, every: Every = False, quiet: Quiet = False, simulate: Simulate = True) -> None:
    """Check your specs against the JSON Schema and the rules; print every problem at once. Then warn
    (on stderr, exit 0) about text that would print unreadably (too little contrast with what is under
    it) and, playing a few games of each valid spec, when one is won in under 1 % of them; last, the
    specs found valid.

    Example: pnp validate galateia my-variant.json
    """
    if specs and every:
        raise UsageError("Give spec names or --all, not both.")
    named: list[str] | list[Path] = specs or (_every_spec() if every else _own_specs())
    if not named:
        note(NO_SPECS, quiet)
        return
    checked = api.validate(named)
    if checked.problems:
        raise SpecError(list(checked.problems))
    for problem in checked.contrast():
        typer.echo(f"warning: {problem}", err=True)
    if simulate:
        for warning in _judged(checked, quiet):
            note(warning)
    if not quiet:  # the verdict first: "valid" is the last word, said once everything is known
        paths = checked.paths
        typer.echo(f"{len(paths)} spec{'s' if len(paths) != 1 else ''} valid: " + ", ".join(p.stem for p in paths))


NO_SPECS = (
    "No specs in ./card_specs or ./card_specs/variants to check. pnp validate NAME checks a game or spec "
    "file; pnp validate --all checks the bundled games too; pnp variant new NAME --from tranquility starts one."
)


def _every_spec() -> list[Path]:
    """The working folder's specs, then every bundled one not named like one of them."""
    seen, paths = set(), []
    for root in spec_roots():
        for path in spec_files(root):
            if path.stem not in seen:
                seen.add(path.stem)
                paths.append(path)
    return paths


def _own_specs() -> list[Path]:
    """The specs of the working folder: ./card_specs/*.json, then ./card_specs/variants/*.json."""
    here = Path.cwd() / "card_specs"
    return [path for root in (here, here / "variants") if root.is_dir() for path in spec_files(root)]


def _judged(checked: api.Validation, quiet: bool) -> list[str]:
    """The nearly-unwinnable warnings, with what is played said on stderr and, on a terminal, a
    progress bar of each bot's games."""
    if quiet or not sys.stderr.isatty():
        return checked.unwinnable(progress=None if quiet else note)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("playing", total=None)

        def told(message: str) -> None:
            bar.console.print(message, highlight=False, markup=False)
            bar.reset(task, total=None)  # the next bot's games

        return checked.unwinnable(progress=told, tick=lambda done, of: bar.update(task, completed=done, total=of))


@app.command("list")
@reports_errors
def list_(
    game: Annotated[str, game_argument()],
    as_json: Annotated[bool, typer.Option("--json", help="Print the resolved deck as JSON.")] = False,
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
) -> None:
    """Print the resolved deck: every card with id, kind, count and fields.

    Example: pnp list tranquility --json
    """
    loaded = api.load(game, modules)
    typer.echo(json.dumps(loaded.listing(), indent=2, ensure_ascii=False) if as_json else loaded.deck_table())


__all__ = ["available_games", "list_", "validate"]
