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
