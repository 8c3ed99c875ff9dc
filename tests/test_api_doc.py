"""docs/api.md: every example runs as written, in order, in an empty folder, and prints what its
`# →` comments say."""

from __future__ import annotations

import re
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"
EXPECTED = re.compile(r"#\s*→ (.*)$", re.M)


def examples() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)


def test_docs_api_has_examples_for_every_name_of_the_facade():
    import pnp

    code = "\n".join(examples())
    for name in (
        "load",
        "check",
        "replay",
        "build",
        "write",
        "validate",
        "games",
        "new_variant",
        "variant_diff",
        "serve",
        "play",
        "docs",
    ):
        assert f"pnp.{name}(" in code, name
    for method in ("faces", "face", "sheets", "export", "setup", "simulate", "play"):
        assert f"game.{method}(" in code, method
    assert set(pnp.__all__) >= {"load", "check", "replay", "build", "write", "Game", "Check"}


def test_every_example_in_docs_api_runs_and_prints_what_it_says(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for number, code in enumerate(examples(), 1):
        out = StringIO()
        with redirect_stdout(out):
            exec(compile(code, f"{DOC} example {number}", "exec"), namespace)
        printed = out.getvalue().splitlines()
        expected = [line.rstrip() for line in EXPECTED.findall(code)]
        assert expected, f"example {number} says nothing it prints"
        assert printed == expected, f"example {number}"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "built",
        "card_specs",
        "game.json",
        "output",
        "records",
        "served",
    ]
