"""docs/api.md: its example runs as written and prints what its comments say."""

from __future__ import annotations

import re
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def test_the_example_in_docs_api_runs_and_prints_what_it_says(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (code,) = re.findall(r"## Example.*?```python\n(.*?)```", DOC.read_text(), re.S)
    out = StringIO()
    with redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "70.0 70.0" and lines[1] == "3 hands of 5"
    assert re.fullmatch(r"won \d+ of 200", lines[2])
    assert lines[3] == "[move-turn] it is player 2's turn, not player 1's"
