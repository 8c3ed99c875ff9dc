"""Whether a game or variant can be played at all: sentences for spec validation.

`rule_problems(game)` lists what makes a game impossible to set up or to win (validation errors);
`rule_warnings(game)` lists what makes some player counts unwinnable (worth telling, not fatal).
What the shared rules say is here; each engine adds its own (`Engine.problems`, `Engine.warnings`:
pnp/rules/<game>/problems.py).
"""

from __future__ import annotations

from collections import Counter

from pnp.game.model import Game
from pnp.game.params import RULE_OPTIONS, physical_pieces
from pnp.rules.engines import engine_of
from pnp.rules.params import rule_params


def rule_problems(game: Game) -> list[str]:
    """Every reason the rules cannot be played with this game's pieces and parameters."""
    try:
        rules = rule_params(game)
    except (ValueError, TypeError, AttributeError) as exc:
        return [f"the rules cannot be read: {exc}"]
    kinds = Counter(p.kind for p in physical_pieces(game))
    out = []
    if rules.hand_size < 2:
        out.append(
            f"a hand of {rules.hand_size} card(s) cannot take the discard-two action; hand_size must be at least 2"
        )
    out += _readings(game)
    return out + engine_of(game).problems(game, rules, kinds)


def _readings(game: Game) -> list[str]:
    """A named rule option set to a value that is none of its readings, or one the engine lacks."""
    out = []
    for key, option in RULE_OPTIONS.items():
        if key not in game.rules or key == "bridges_at_setup":
            continue
        if game.engine not in option.engines:
            out.append(f"{key} is a rule option of {' and '.join(option.engines)}, not of {game.engine}")
        elif game.rules[key] not in option.values:
            out.append(f"{key} {game.rules[key]!r} is not one of: {', '.join(option.values)}")
    return out


def rule_warnings(game: Game) -> list[str]:
    """Player counts that can never win under these rules (the game is still valid)."""
    try:
        rules = rule_params(game)
    except (ValueError, TypeError, AttributeError):
        return []
    return engine_of(game).warnings(game, rules)
