"""Options with a fixed set of values: any case accepted, a wrong value answered with the choices.

typer's own enum check is case-sensitive and words its error through an internal validator
("Value error, 'TGC' is not one of …"); this parser gives the sentence a user should read."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TypeVar

import typer

from pnp.core.names import did_you_mean, match_case_insensitive

E = TypeVar("E", bound=enum.Enum)


def choice_parser(choices: type[E]) -> Callable[[str], E]:
    """A typer `parser` for a str Enum: 'TGC' → Target.tgc; 'short' → a usage error listing the choices."""
    values = [member.value for member in choices]

    def parse(text: str | E) -> E:
        if isinstance(text, choices):
            return text
        found = match_case_insensitive(str(text), values)
        if found is None:
            suggestion = did_you_mean(str(text), values)
            raise typer.BadParameter(f"{str(text)!r} is not one of {', '.join(values)}{suggestion or '.'}")
        return choices(found)

    return parse


def choice_metavar(choices: type[enum.Enum]) -> str:
    return "<" + "|".join(member.value for member in choices) + ">"
