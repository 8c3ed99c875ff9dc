"""Reading a move of a game record (docs/record-format.md) as an engine action: the shapes every engine
reads its moves with (a card id, a list of them, a whole number), and the error a move that is not
shaped as one raises. pnp/rules/record.py reads the shared part, each engine its own
(`Engine.read_move`)."""

from __future__ import annotations

import json


class MoveError(ValueError):
    """A move's data cannot be read as an action of this game: (JSON path under the move, sentence)."""

    def __init__(self, path: list, message: str):
        super().__init__(message)
        self.path = path


def card(table, move: dict, key: str, k: int | None = None) -> int:
    value = move.get(key) if k is None else move[key][k]
    path = [key] if k is None else [key, k]
    if not isinstance(value, str) or value not in table.deck.index:
        raise MoveError(path, f"expected a card id of {table.deck.game}, not {json.dumps(value)}")
    return table.deck.index[value]


def list_len(move: dict, key: str) -> int:
    if not isinstance(move.get(key), list):
        raise MoveError([key], "expected a list of card ids")
    return len(move[key])


def number(move: dict, key: str) -> int:
    value = move.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_000:
        raise MoveError([key], "expected a whole number from 1")
    return value


def cards(table, move: dict, key: str) -> tuple[int, ...]:
    """The card ids of the list at `key`, as the table's card numbers."""
    return tuple(card(table, move, key, k) for k in range(list_len(move, key)))
