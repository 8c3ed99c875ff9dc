"""What a game record claims around its moves, checked whole (docs/record-format.md, "Record rules").

A record repeats its setup in its header (`game`, `engine`, `modules`, `players`, `seed`), names the
rule options it was played with (`options`), who sat where (`seats`) and how the game ended (`end`:
status, loss reason, turns). `pnp replay` checks each claim and reports the first false one with its
rule id, at its place in the file, as it reports a move that breaks a rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pnp.core.jsonsrc import KeyPath
from pnp.game.model import Game
from pnp.rules.facts import Violation
from pnp.rules.record import Record, rule_options

HEADER = ("game", "engine", "modules", "players", "seed")  # the header's copy of the setup's keys
SEATS = ("person", "bot")
CLAIM_RULES = {
    "record-header": "The header (game, engine, modules, players, seed, seats) repeats the setup.",
    "record-options": "The rule options are those of the game the record names.",
    "record-end": "The record's end status is where its moves lead.",
    "record-reason": "A lost game names the loss its moves reach; a won or unfinished game names none.",
    "record-turns": "The end's turns are the turns its moves take.",
}


@dataclass(frozen=True)
class Claim:
    """A false claim of a record: the JSON path of the claim in the file, and the broken rule."""

    path: list
    violation: Violation


def _shown(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 20] + f"… ({len(text)} characters)"


def header_claim(record: Record) -> Claim | None:
    """The first header key that is missing or differs from the setup's, or seats that fit no player."""
    data, setup = record.source.data, record.setup
    actual = {
        "game": setup.game,
        "engine": setup.engine,
        "modules": list(setup.modules),
        "players": setup.players,
        "seed": setup.seed,
    }
    for key in HEADER:
        if key not in data:
            message = f"the record has no {key!r}; its setup's is {_shown(actual[key])}"
            return Claim([], Violation("record-header", message))
        if data[key] != actual[key] or type(data[key]) is not type(actual[key]):
            message = f"{key} is {_shown(data[key])} here but {_shown(actual[key])} in the setup; the header repeats it"
            return Claim([key], Violation("record-header", message))
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != setup.players or any(s not in SEATS for s in seats):
        message = f'expected one seat per player ({setup.players}), each "person" or "bot", not {_shown(seats)}'
        return Claim(["seats"], Violation("record-header", message))
    return None


def options_claim(record: Record, game: Game) -> Claim | None:
    """The first rule option that differs from the named game's (missing, different or unknown)."""
    claimed = record.source.data.get("options")
    expected = json.loads(json.dumps(rule_options(game)))
    if not isinstance(claimed, dict):
        message = f"expected the rule options of {game.id} (an object), not {_shown(claimed)}"
        return Claim(["options"], Violation("record-options", message))
    for key, value in sorted(expected.items()):
        if key not in claimed:
            message = f"{key} is missing: {game.id} is played with {key} {_shown(value)}"
            return Claim(["options"], Violation("record-options", message))
        if claimed[key] != value or type(claimed[key]) is not type(value):
            message = f"{game.id} is played with {key} {_shown(value)}, not {_shown(claimed[key])}"
            return Claim(["options", key], Violation("record-options", message))
    for key in claimed:
        if key not in expected:
            message = f"{game.id} has no rule option {_shown(key)} set"
            return Claim(KeyPath(["options", key]), Violation("record-options", message))
    return None


def end_claim(record: Record, table) -> Claim | None:
    """The first part of `end` (status, reason, turns) that is not where the moves leave the table."""
    end = record.end
    claimed = "playing" if end is None else end.get("status")
    if claimed != table.status:
        message = f"the record ends {_shown(claimed)} but its moves leave the game {_shown(table.status)}"
        return Claim(["end", "status"] if end is not None else ["end"], Violation("record-end", message))
    if end is None:
        return None
    reason = table.loss_reason() if table.status == "lost" else ""
    given = end.get("reason", "")
    if given != reason:
        if table.status == "lost":
            message = f"the game was lost for {_shown(reason)}, not {_shown(given)}"
        else:
            message = f"a {table.status} game has no loss reason (an empty reason), not {_shown(given)}"
        return Claim(["end", "reason"] if "reason" in end else ["end"], Violation("record-reason", message))
    turns = end.get("turns")
    if "turns" not in end and table.status == "playing":
        return None
    if turns != table.turn or isinstance(turns, bool):
        what = "no turns" if "turns" not in end else f"{_shown(turns)} turns"
        message = f"the moves end the game after {table.turn} turns; the record claims {what}"
        return Claim(["end", "turns"] if "turns" in end else ["end"], Violation("record-turns", message))
    return None


__all__ = ["CLAIM_RULES", "Claim", "end_claim", "header_claim", "options_claim"]
