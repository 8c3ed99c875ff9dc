"""Generate docs/cli.md from the commands' own --help (a test checks the file is current).

Regenerate deliberately with:  python -m pnp.cli.docgen > docs/cli.md
"""

from __future__ import annotations

import os

import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from pnp.cli import app

HEADER = """# Command-line reference

Generated from `pnp COMMAND --help` by `python -m pnp.cli.docgen > docs/cli.md`;
`tests/test_cli_docs.py` fails when this file and the commands disagree.

Every command prints results on stdout and progress and errors on stderr. Exit codes: 0 success,
1 a problem with the input (each problem printed as `file:line:col: $.path: sentence`, or a rule
violation), 2 a usage error (unknown game, bad option).
"""


def command_paths() -> list[list[str]]:
    """`pnp` itself, then every command, each group before its sub-commands, in --help order."""
    click_app = typer.main.get_command(app)
    if not isinstance(click_app, TyperGroup):
        raise TypeError("the pnp app is a group of commands")
    paths: list[list[str]] = [[]]
    for name, command in click_app.commands.items():
        paths.append([name])
        if hasattr(command, "commands"):
            paths += [[name, sub] for sub in command.commands]
    return paths


def cli_reference() -> str:
    runner = CliRunner()
    env = {"COLUMNS": "100", "TERMINAL_WIDTH": "100", "NO_COLOR": "1", "_TYPER_FORCE_DISABLE_TERMINAL": "1"}
    parts = [HEADER]
    for path in command_paths():
        result = runner.invoke(app, path + ["--help"], env=env, prog_name="pnp")
        text = "\n".join(line.rstrip() for line in result.stdout.strip().splitlines())
        parts.append(f"## {' '.join(['pnp', *path])}\n\n```\n{text}\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    os.environ.setdefault("COLUMNS", "100")
    print(cli_reference(), end="")
