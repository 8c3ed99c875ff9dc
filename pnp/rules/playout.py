"""One game played to its end by a bot (any engine): what a simulation, a bot test and a logged game run."""

from __future__ import annotations

PLAYING = "playing"


def play_out(table, bot, max_turns: int = 100_000):
    """Play a table to its end with one bot for every player (any engine)."""
    while table.status == PLAYING:
        p = table.turn % table.n
        action = bot.choose(table, p)
        if action is None:
            if table.has_action(p):
                raise RuntimeError(f"the bot found no action for player {p + 1} but one exists")
            table.lose()
            break
        table.apply(p, action)
        if table.turn > max_turns:
            raise RuntimeError("a game ran past the turn limit")
    return table
