"""One exception family. Every error is a finished sentence; spec errors carry a location."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class PnpError(Exception):
    """Base of every error the tool reports to a user (exit code 1, no traceback)."""

    exit_code = 1


class UsageError(PnpError):
    """The command line asked for something that does not exist (exit code 2)."""

    exit_code = 2


@dataclass(frozen=True)
class Problem:
    """One problem in one input file: where it is and what was expected."""

    file: str
    line: int  # 1-based; 0 when unknown
    col: int  # 1-based; 0 when unknown
    path: str  # JSON path, e.g. "$.kinds[0].count"
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}" if self.line else self.file
        return f"{where}: {self.path}: {self.message}"


class SpecError(PnpError):
    """One or more problems in spec or template files; all are reported at once."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(sorted(set(problems), key=_problem_order))
        super().__init__("\n".join(str(p) for p in self.problems))


def _problem_order(p: Problem) -> tuple:
    return (p.file, p.line, p.col, p.path, p.message)


def display_path(path: Path | str) -> str:
    """A path as a user should see it: relative to the working folder when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def cut(text: str, limit: int = 80) -> str:
    """`text` as a message repeats it, unquoted: whole when short, else its start and its length."""
    return text if len(text) <= limit else text[: limit - 20] + f"… ({len(text)} characters)"


PATH_SHOWN = 1024  # a path in a message is shown whole up to this length (real paths pass 80 easily)


def quoted(text: str, limit: int = 80) -> str:
    """`text` in quotes for a message, cut to about `limit` characters: a 10 KB value is not echoed."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[: limit - 20]) + f"… ({len(text)} characters)"
