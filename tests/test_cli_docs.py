"""docs/cli.md is generated from the commands' --help; it must match them (regenerate deliberately:
python -m pnp.cli.docgen > docs/cli.md)."""

from pathlib import Path

from typer.testing import CliRunner

from pnp.cli import app
from pnp.cli.docgen import cli_reference, command_paths

DOC = Path(__file__).parent.parent / "docs" / "cli.md"


def test_cli_reference_is_current():
    assert DOC.read_text(encoding="utf-8") == cli_reference(), "run: python -m pnp.cli.docgen > docs/cli.md"


def test_every_command_has_an_example():
    runner = CliRunner()
    for path in command_paths():
        result = runner.invoke(app, path + ["--help"])
        assert result.exit_code == 0
        assert "Example: pnp " in result.stdout, f"pnp {' '.join(path)} --help shows no example"


def test_version():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("pnp ")


def test_the_listing_summaries_are_the_commands_own_help():
    """`pnp --help` lists the commands from pnp/cli/summaries.py without importing their modules; each
    summary must shorten exactly as the command's own help does, at every width."""
    import typer
    from typer._click.utils import make_default_short_help

    from pnp.cli import COMMANDS
    from pnp.cli.summaries import SUMMARIES

    assert list(SUMMARIES) == list(COMMANDS), "every command in COMMANDS needs its summary in pnp/cli/summaries.py"
    group = typer.main.get_command(app)
    for name, summary in SUMMARIES.items():
        command = group.commands[name]
        for limit in (20, 45, 60, 100, 10**6):
            assert make_default_short_help(summary, limit) == command.get_short_help_str(limit), (
                f"the summary of {name!r} in pnp/cli/summaries.py is not its help's first paragraph: "
                f"{command.get_short_help_str(10**6)!r}"
            )
