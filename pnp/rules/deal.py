"""Setting up the table by the rules: `deal_setup(game, players, seed)` gives the checked state."""

from __future__ import annotations

import random

from pnp.core.errors import PnpError, UsageError
from pnp.game.model import Game
from pnp.game.params import first_seat, rule_params
from pnp.rules.ascent.engine import (
    BRIDGE,
    CAMPFIRE,
    GOAT,
    OTHER,
    PANORAMA,
    SUMMIT,
    TERRAIN,
    AscentDeck,
    AscentTable,
    ascent_deck,
)
from pnp.rules.state.model import State
from pnp.rules.tranquility.engine import deal_table, tranquility_deck


def deal_setup(game: Game, players: int, seed: int | None) -> State:
    """A setup dealt by the rules (RULES.md §1 and §2) and checked; same seed, same state."""
    from pnp.rules.check import check_state

    check_players(game, players)
    if game.engine == "tranquility":
        state = deal_table(tranquility_deck(game), players, seed).to_state()
    else:
        state = deal_ascent(ascent_deck(game), players, seed).to_state()
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


def deal_ascent(deck: AscentDeck, players: int, seed: int | None) -> AscentTable:
    """Panorama base in a row (k revealed with the Panorama module), the deck dealt evenly into piles,
    opening hands drawn, goats waiting at the foot (decision: RULES.md §2 "Turn and setup")."""
    r = deck.rules
    rng = random.Random(seed)
    triangles = list(deck.of(PANORAMA))
    if len(triangles) < r.base_pieces:
        raise PnpError(f"{deck.game} has {len(triangles)} panorama triangles; the base needs {r.base_pieces}")
    rng.shuffle(triangles)
    base, spare = triangles[: r.base_pieces], triangles[r.base_pieces :]
    revealed = []
    if r.panorama:
        if r.panorama.revealed > len(base):
            raise PnpError(f"the Panorama module reveals {r.panorama.revealed} triangles but the base has {len(base)}")
        chosen = set(rng.sample(base, r.panorama.revealed))
        revealed = [t for t in base if t in chosen]
    given = r.bridges_given(players)
    bridges = list(deck.of(BRIDGE))
    if sum(given) > len(bridges):
        raise PnpError(f"bridges_at_setup gives {sum(given)} bridges to {players} players; the game has {len(bridges)}")
    held = set(bridges[: sum(given)])  # the bridges handed out at setup (the preview's reading)
    cards = [i for i, k in enumerate(deck.kind) if k in (TERRAIN, SUMMIT, BRIDGE, CAMPFIRE) and i not in held]
    rng.shuffle(cards)
    piles = [cards[q::players] for q in range(players)]
    first = first_seat(r, [len(pile) for pile in piles])
    piles = piles[first:] + piles[:first]  # players are numbered from the one who plays first
    out = iter(sorted(held))
    hands = [[next(out) for _ in range(n)] for n in given]  # by turn order from player 1
    for hand, pile in zip(hands, piles):
        hand += [pile.pop() for _ in range(min(r.hand_size - len(hand), len(pile)))]
    goat_pieces = list(deck.of(GOAT))
    wanted = r.goats.goats if r.goats else 0
    if len(goat_pieces) < wanted:
        raise PnpError(f"the Mountain Goats module needs {wanted} goats but the game has {len(goat_pieces)}")
    goats = [[g, None] for g in goat_pieces[:wanted]]
    box = sorted(spare) + goat_pieces[wanted:]
    rows = [[-1] * r.width(row) for row in range(1, r.rows + 1)]
    table = AscentTable(deck, hands, piles, [], box, list(deck.of(OTHER)), base, revealed, rows, goats=goats, seed=seed)
    if not table.has_action(0):
        table.lose()
    return table
