"""`validate`: every problem of every given spec, at once."""

from __future__ import annotations

from pathlib import Path

from .errors import Problem, SpecError
from .facecheck import face_problems
from .semantics import semantic_problems
from .spec import load_spec


def validate_specs(paths: list[Path]) -> list[Problem]:
    """Problems in all the given specs (schema, syntax, duplicate keys, semantics); [] when all are good."""
    problems: list[Problem] = []
    for path in paths:
        try:
            spec = load_spec(path)
        except SpecError as exc:
            problems.extend(exc.problems)
            continue
        found = semantic_problems(spec)
        problems.extend(found or face_problems(spec))  # faces are drawn only for a game that can be built
    return problems
