"""The rules' one-line summaries for the message catalogues: the check report (`<game>/setup/*.check.txt`)
prints them in the game's language. `python -m pnp.core.i18n extract` imports this module (it is named
in `pnp.core.i18n.SOURCE_MODULES`) and collects every summary of `pnp.rules.check.RULES`, so `check`
and tests/test_i18n.py fail while a catalogue lacks one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pnp.core.i18n import EXTRA_SOURCES
from pnp.rules.check import RULES


def rule_summaries() -> Iterator[tuple[str, None, str]]:
    """(summary, no plural, where) for every rule, in the registry's order."""
    root = Path(__file__).resolve().parents[2]
    for rule in RULES.values():
        code = rule.check.__code__
        yield rule.summary, None, f"{Path(code.co_filename).resolve().relative_to(root)}:{code.co_firstlineno}"


if rule_summaries not in EXTRA_SOURCES:
    EXTRA_SOURCES.append(rule_summaries)
