"""Shell completion of game and variant names (`pnp --install-completion` turns completion on)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from pnp.core.locate import available_games

GAME_HELP = "A game or variant name, or a spec file."


def complete_games(incomplete: str) -> list[str]:
    """Every game and variant name in ./card_specs and the bundled specs that starts with what was typed."""

    return [name for name in available_games() if name.startswith(incomplete)]


def complete_game_or_file(incomplete: str) -> list[str]:
    """A game or variant name as `complete_games` gives them, and the spec files and folders a path
    typed so far leads to (`card_specs/variants/my` → `card_specs/variants/my-sea.json`)."""
    folder, slash, start = incomplete.rpartition("/")
    here = Path(folder or ".")
    try:
        found = sorted(p for p in here.iterdir() if p.name.startswith(start) and not p.name.startswith("."))
    except OSError:
        found = []
    shown = [p for p in found if p.is_dir() or p.suffix == ".json"]
    paths = [f"{folder}{slash}{p.name}" + ("/" if p.is_dir() else "") for p in shown]
    return (complete_games(incomplete) if not slash else []) + paths


def game_argument(**extra: Any) -> Any:
    """The GAME argument of a command: a name or a spec file, both completed by the shell."""
    return typer.Argument(help=GAME_HELP, autocompletion=complete_game_or_file, **extra)
