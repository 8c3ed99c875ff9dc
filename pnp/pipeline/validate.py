"""`validate`: every problem of every given spec, at once."""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Problem, SpecError
from pnp.pipeline.contrast import contrast_warnings
from pnp.pipeline.facecheck import face_problems
from pnp.pipeline.semantics import semantic_problems
from pnp.pipeline.textfit import fit_problems
from pnp.spec.load import load_spec_with_problems


def validate_specs(paths: list[Path]) -> list[Problem]:
    """Problems in all the given specs (schema, syntax, duplicate keys, semantics, and then reference card
    sentences that do not fit their boxes); [] when all are good."""
    problems: list[Problem] = []
    for path in paths:
        try:
            spec, schema = load_spec_with_problems(path)
        except SpecError as exc:
            problems.extend(exc.problems)
            continue
        found = schema + _beside(semantic_problems(spec, schema_valid=not schema), schema)
        # only for a game that can be built: the reference cards' words in every language (the sharper
        # message for them), then every face drawn as render would draw it
        problems.extend(found or fit_problems(spec) or face_problems(spec))
    return problems


def _beside(semantic: list[Problem], schema: list[Problem]) -> list[Problem]:
    """Semantic problems not at or inside a value the schema already refused (one sentence a value)."""
    refused = {(p.file, p.path) for p in schema}
    return [
        p
        for p in semantic
        if not any((p.file, p.path) == r or (p.file == r[0] and _inside(p.path, r[1])) for r in refused)
    ]


def _inside(path: str, outer: str) -> bool:
    return path.startswith((outer + ".", outer + "["))


def validate_warnings(paths: list[Path]) -> list[Problem]:
    """What valid specs print badly: text that does not stand out from its ground."""
    return [warning for path in paths for warning in contrast_warnings(load_spec_with_problems(path)[0])]
