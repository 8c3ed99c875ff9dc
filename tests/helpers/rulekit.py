"""Helpers for the rules tests: the bundled games (rules need no templates) and variants of them."""

from __future__ import annotations

import dataclasses

from pnp.core.locate import find_spec
from pnp.game.model import Game, frozen_map
from pnp.rules.rulestext import printed_game
from pnp.spec.load import load_spec


def game_named(name: str, modules="all") -> Game:
    return printed_game(load_spec(find_spec(name)), modules)


def with_rules(game: Game, **rules) -> Game:
    """The game with some rule parameters changed (a variant without a spec file)."""
    return dataclasses.replace(game, rules=frozen_map({**game.rules, **rules}))


def with_module_rules(game: Game, module: str, **rules) -> Game:
    modules = tuple(
        dataclasses.replace(m, rules=frozen_map({**m.rules, **rules})) if m.id == module else m for m in game.modules
    )
    return dataclasses.replace(game, modules=modules)


def with_count(game: Game, kind: str, count: int) -> Game:
    """The game with every card of a kind present `count` times."""
    kinds = tuple(
        dataclasses.replace(k, cards=tuple(dataclasses.replace(c, count=count) for c in k.cards)) if k.id == kind else k
        for k in game.kinds
    )
    return dataclasses.replace(game, kinds=kinds)


def without_cards(game: Game, kind: str, keep: int) -> Game:
    """The game with only the first `keep` distinct cards of a kind."""
    kinds = tuple(dataclasses.replace(k, cards=k.cards[:keep]) if k.id == kind else k for k in game.kinds)
    return dataclasses.replace(game, kinds=kinds)


def table_with(game: Game, numbers: dict[int, int], hand=(), players=2, seed=5):
    """A dealt table with islands moved into cells {cell: number} and player 1 holding `hand` numbers
    (on top of the hand dealt, so it may hold more than a hand)."""
    from pnp.rules.tranquility.engine import deal_table, tranquility_deck

    deck = tranquility_deck(game)
    t = deal_table(deck, players, seed)
    by_number = {deck.number[i]: i for i in deck.islands}
    wanted = set(numbers.values()) | set(hand)
    for lst in t.hands + t.piles:
        lst[:] = [c for c in lst if deck.number[c] not in wanted]
    for k, x in numbers.items():
        t.hands[0].append(by_number[x])
        t.place(0, by_number[x], k, ())
    t.hands[0][:0] = [by_number[x] for x in hand]
    return t


def replace(obj, **changes):
    return dataclasses.replace(obj, **changes)
