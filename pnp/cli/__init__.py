"""The `pnp` command: thin wrappers that parse options and call the library.

Each command group lives in its own module, which keeps its commands on a `typer.Typer` of its own
(`app`). The `pnp` group below knows them from one explicit table, COMMANDS, and imports a module
only when one of its commands runs (`pnp --help` lists them from pnp/cli/summaries.py): `pnp build`
converts and validates the options of `build` alone, not those of every command.
"""

from __future__ import annotations

import gc
import importlib
import signal
from collections.abc import Iterator, MutableMapping
from typing import Any

import typer
from typer._click.utils import make_default_short_help  # the shortening typer's own listing uses
from typer.core import TyperGroup

from pnp.cli import coerce
from pnp.cli.summaries import SUMMARIES
from pnp.core.version import __version__

# name → the pnp.cli module that defines it, in the order `pnp --help` lists them
COMMANDS: dict[str, str] = {
    "sheets": "print_cmds",
    "export": "print_cmds",
    "build": "build_cmds",
    "render": "build_cmds",
    "validate": "spec_cmds",
    "list": "spec_cmds",
    "booklet": "booklet_cmds",
    "setup": "rules_cmds",
    "check": "rules_cmds",
    "simulate": "rules_cmds",
    "sweep": "rules_cmds",
    "games": "info_cmds",
    "docs": "info_cmds",
    "replay": "record_cmds",
    "serve": "serve_cmds",
    "play": "serve_cmds",
    "variant": "variant_cmds",
    "printer": "printer_cmds",
}


def module_commands(module_name: str) -> dict[str, Any]:
    """The click commands of one command module, by name (its typer app converted)."""
    module = importlib.import_module(f"pnp.cli.{module_name}")
    group = typer.main.get_group(module.app)
    return dict(group.commands)


class _Commands(MutableMapping):
    """The group's commands: every name in COMMANDS from the start, each module loaded on first use."""

    def __init__(self) -> None:
        self.loaded: dict = {}

    def __getitem__(self, name: str):
        if name not in self.loaded:
            if name not in COMMANDS:
                raise KeyError(name)
            self.loaded.update(module_commands(COMMANDS[name]))
        return self.loaded[name]

    def __setitem__(self, name: str, command) -> None:
        self.loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self.loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*COMMANDS, *self.loaded]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*COMMANDS, *self.loaded]))


class LazyGroup(TyperGroup):
    """A typer group whose commands come from COMMANDS, loaded when asked for."""

    def __init__(self, **attrs) -> None:
        super().__init__(**attrs)
        eager, self.commands = self.commands, _Commands()
        self.commands.update(eager)

    def list_commands(self, ctx) -> list[str]:
        return list(self.commands)  # the names alone: no module is imported to list them

    def _loaded(self, name: str) -> bool:
        return isinstance(self.commands, _Commands) and name in self.commands.loaded

    def format_commands(self, ctx, formatter) -> None:
        """typer's listing of the commands, each summarised from SUMMARIES (pnp/cli/summaries.py)
        unless its module is loaded already or it has no summary there."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in SUMMARIES and not self._loaded(name):
                rows.append((name, make_default_short_help(SUMMARIES[name], limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


app = typer.Typer(
    name="pnp",
    cls=LazyGroup,
    help=(
        "Print-and-play generator for Tranquility and Tranquility: The Ascent. pnp COMMAND --help says what "
        "a command does and takes.\n\nExample: pnp build"
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Print-and-play generator for Tranquility and Tranquility: The Ascent."""


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main() -> None:
    """The console entry point: a SIGTERM ends the run like Ctrl-C, removing any partial file.

    The garbage collector leaves what was imported alone and runs less often: a run makes many
    objects and few cycles, and a 5,000-card build spent 0.3 s re-scanning them (3 % of the time)."""
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    signal.signal(signal.SIGTERM, _interrupt)
    with coerce.installed():  # option values without pydantic: -100 ms on pnp list (docs/decisions.md)
        app()
