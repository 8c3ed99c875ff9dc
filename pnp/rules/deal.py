"""Setting up the table by the rules: `deal_setup(game, players, seed)` gives the checked state."""

from __future__ import annotations

from pnp.core.errors import PnpError, UsageError
from pnp.game.model import Game
from pnp.rules.check import check_state
from pnp.rules.engines import engine_of
from pnp.rules.params import rule_params
from pnp.rules.state.model import State

__all__ = ["check_players", "deal_setup"]


def deal_setup(game: Game, players: int, seed: int | None) -> State:
    """A setup dealt by the rules (RULES.md §1 and §2) and checked; same seed, same state."""
    check_players(game, players)
    engine = engine_of(game)
    state = engine.deal(engine.deck(game), players, seed).to_state()
    problems = check_state(game, state)
    if problems:
        raise PnpError(
            f"the setup of {game.id} for {players} players breaks the rules: " + "; ".join(str(v) for v in problems[:5])
        )
    return state


def check_players(game: Game, players: int) -> None:
    r = rule_params(game)
    if not r.min_players <= players <= r.max_players:
        raise UsageError(f"{game.title} is for {r.min_players}–{r.max_players} players, not {players}")
