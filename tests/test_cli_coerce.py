"""pnp/cli/coerce.py: option values coerced without pydantic give exactly what typer's coercion gives,
for every option of every command, good values and bad; and a command never imports pydantic."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer
import typer.core
from typer._coercion import RuntimeParam

import pnp
from pnp.cli import COMMANDS, coerce, module_commands

TEXTS = ["", "abc", "Ünïcode", "a4", "A4", "12", "0", "-3", "007", "+4", "1_000", " 5", "1.5", "x" * 300]
SAMPLES = {
    bool: [True, False, "true", "no", "", "maybe"],
    int: [0, 7, *TEXTS],
    str: [*TEXTS, b"bytes"],
}


def _options() -> list[tuple[str, click.Command, click.Parameter]]:
    found = []

    def walk(command: click.Command, name: str) -> None:
        if isinstance(command, click.Group):
            for sub, child in command.commands.items():
                walk(child, f"{name} {sub}")
            return
        found.extend((f"{name} {p.name}", command, p) for p in command.params if hasattr(p, "type_descriptor"))

    for module in sorted(set(COMMANDS.values())):
        for name, command in module_commands(module).items():
            walk(command, name)
    return found


OPTIONS = _options()


def _samples(param, tmp_path: Path) -> list:
    descriptor = param.type_descriptor
    values = list(TEXTS)
    for kind, extra in SAMPLES.items():
        if descriptor.annotation is kind:
            values += extra
    choices = descriptor.choices or ()
    values += [getattr(c, "value", c) for c in choices] + [str(getattr(c, "value", c)).upper() for c in choices]
    existing = tmp_path / "a file.json"
    existing.write_text("{}", encoding="utf-8")
    values += [str(existing), str(tmp_path), str(tmp_path / "missing"), Path("out"), "-"]
    if param.multiple or param.nargs == -1:
        values = [tuple(values[i : i + 2]) for i in range(0, len(values), 2)] + [(), "single"]
    return values


def _outcome(runtime: RuntimeParam, value, param, ctx):
    try:
        result = runtime.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # the error itself is what is compared
        message = exc.format_message() if isinstance(exc, click.ClickException) else str(exc)
        return ("error", type(exc), message)
    return ("value", type(result), result)


@pytest.mark.parametrize("name, command, param", OPTIONS, ids=[o[0] for o in OPTIONS])
def test_every_option_coerces_as_typer_does(name, command, param, tmp_path):
    ctx = click.Context(command, info_name=name)
    descriptor = param.type_descriptor
    quick = coerce.quick_param(descriptor)
    own = coerce.TYPER_BUILD(descriptor)
    for value in _samples(param, tmp_path):
        assert _outcome(quick, value, param, ctx) == _outcome(own, value, param, ctx), (name, value)


def test_the_options_we_use_take_the_quick_path():
    """Every option type the CLI has is answered without pydantic (a new type would silently cost
    start-up time: add it to pnp/cli/coerce.py or accept typer's path here)."""
    slow = [name for name, _, p in OPTIONS if not isinstance(coerce.quick_param(p.type_descriptor), coerce.QuickParam)]
    assert slow == []


def test_typer_internals_are_the_ones_coerce_was_written_for():
    """Fails loudly when a typer upgrade moves what pnp/cli/coerce.py replaces."""
    assert typer.__version__.startswith(coerce.TYPER_VERSIONS), typer.__version__
    with coerce.installed():  # as pnp.cli.main runs a command
        assert typer.core.build_runtime_param is coerce.quick_param
    assert typer.core.build_runtime_param is coerce.TYPER_BUILD  # typer's own again after the command
    assert coerce.TYPER_BUILD.__module__ == "typer._coercion"
    assert {"parameter_info", "annotation"} <= set(RuntimeParam.__dataclass_fields__)
    assert "_coerce_value" in RuntimeParam.__abstractmethods__
    assert callable(getattr(typer.core._TyperParameter, "get_runtime_param", None))


def test_a_build_runs_without_importing_pydantic(tmp_path):
    """Its options are a path, strings, lists, an enum, parser functions, an int and flags."""
    code = (
        "import sys\n"
        "from pnp.cli import main\n"
        "sys.argv = ['pnp'] + sys.argv[1:]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))\n"
    )
    args = ["build", "galateia", "--out", "out", "--paper", "a4", "--duplex", "short-edge", "--ink", "saver"]
    args += ["--no-setup", "--no-booklet", "--jobs", "1", "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(Path(pnp.__file__).parents[1])}
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
