"""The bots by name, per engine, and one game played from its seed (what every simulation runs).

`BOTS` lists the bots a user may pick (`--bot`); `play_game(game, players, seed, bot)` deals the
game from `seed`, plays it to the end and returns (won, filled, turns, loss reason). The engine's
table, deal and bot are looked up in one table here, so no other module compares engine names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.core.errors import UsageError
from pnp.game.model import Game

BOTS = {
    "baseline": "the documented rule-of-thumb bot (docs/rules.md, 'The baseline bots')",
    "search": "tries every candidate play against sampled hidden cards and keeps the best (docs/rules.md)",
}

# The bot whose games decide that a configuration is "nearly unwinnable" (won in under 1 % of its games):
# the stronger one (docs/rules.md, "The search bot"); pnp simulate and pnp validate name it in their warning.
JUDGE_BOT = "search"


@dataclass(frozen=True)
class EngineKit:
    """What simulating one engine needs: its deck, its deal, its bots, how far a game got."""

    deck: Callable
    deal: Callable
    baseline: Callable
    search: Callable
    filled: Callable
    progress_of: str


def _tranquility() -> EngineKit:
    from pnp.rules.tranquility.bot import TranquilityBot
    from pnp.rules.tranquility.engine import deal_table, tranquility_deck

    def search(**options):
        from pnp.rules.search import TranquilitySearch

        return TranquilitySearch(**options)

    return EngineKit(tranquility_deck, deal_table, TranquilityBot, search, lambda t: t.filled, "cells")


def _ascent() -> EngineKit:
    from pnp.rules.ascent.bot import AscentBot
    from pnp.rules.ascent.engine import ascent_deck
    from pnp.rules.deal import deal_ascent

    def search(**options):
        from pnp.rules.search import AscentSearch

        return AscentSearch(**options)

    return EngineKit(ascent_deck, deal_ascent, AscentBot, search, lambda t: sum(t.fill), "slots")


KITS: dict[str, Callable[[], EngineKit]] = {"tranquility": _tranquility, "ascent": _ascent}
_DECKS: dict[int, tuple[Game, object]] = {}


def kit(game: Game) -> EngineKit:
    return KITS[game.engine]()


def check_bot(bot: str) -> str:
    if bot not in BOTS:
        raise UsageError(f"--bot must be one of {', '.join(BOTS)}, not {bot!r}")
    return bot


def make_bot(game: Game, bot: str, seed: int):
    k = kit(game)
    return k.baseline() if bot == "baseline" else k.search(seed=seed)


def _deck(game: Game, k: EngineKit):
    """One deck per game object in a worker (a deck is read-only; building it is the costly part)."""
    hit = _DECKS.get(id(game))
    if hit is None or hit[0] is not game:
        _DECKS.clear()
        hit = _DECKS[id(game)] = (game, k.deck(game))
    return hit[1]


def play_game(game: Game, players: int, seed: int, bot: str = "baseline") -> tuple[bool, int, int, str]:
    """Deal from `seed`, play to the end with one bot per seat, and say how it went."""
    from pnp.rules.simulation import play_out

    k = kit(game)
    table = play_out(k.deal(_deck(game, k), players, seed), make_bot(game, bot, seed))
    won = table.status == "won"
    return won, k.filled(table), table.turn, "" if won else table.loss_reason()
