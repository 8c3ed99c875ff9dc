"""Shell completion of game and variant names (`pnp --install-completion` turns completion on)."""

from __future__ import annotations

from pnp.core.locate import available_games


def complete_games(incomplete: str) -> list[str]:
    """Every game and variant name in ./card_specs and the bundled specs that starts with what was typed."""

    return [name for name in available_games() if name.startswith(incomplete)]
