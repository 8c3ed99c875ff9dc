"""Names a user types: matched without regard to case, and a close typo answered with a suggestion."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pnp.core.errors import quoted


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice a typo most likely meant ('tranqility' → 'tranquility'), or None."""
    lowered = {c.lower(): c for c in choices}
    found = difflib.get_close_matches(word.strip().lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[found[0]] if found else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """'; did you mean 'x'?' for a close choice; '' when none is close."""
    match = closest(word, choices)
    return f"; did you mean {match!r}?" if match else ""


def unknown_key(key: str, allowed: Iterable[str]) -> str:
    """The sentence for a key an object does not take: the likely one first, then every allowed key."""
    allowed = list(allowed)
    return f"unknown key {quoted(key)}{did_you_mean(key, allowed)} (expected one of: {', '.join(allowed) or 'none'})"


def unknown_game(name: str, games: list[str], what: str = "") -> str:
    """The sentence for a game name that is not found: the likely one first, then every known name."""
    known = ", ".join(games) or "none"
    return (
        f"unknown game or variant {quoted(name)}{what}{did_you_mean(name, games)} "
        f"(known: {known}; `pnp games` lists them with their titles)"
    )


def match_case_insensitive(word: str, choices: Iterable[str]) -> str | None:
    """The choice equal to `word` ignoring case and surrounding spaces, or None."""
    key = word.strip().casefold()
    return next((c for c in choices if c.casefold() == key), None)
