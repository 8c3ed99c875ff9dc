"""The quick simulation's verdicts, kept between runs of `pnp validate`.

Each count of wins is stored under a key made of everything it depends on: the game as played
(its rules as the engine reads them, its deck, its modules), the player count, the bot, the games
and the run seed, and the tool's own code (`code_key`: any change to a .py file of the package).
So a verdict is reused only where playing again would give the same number, and a change to a
variant's rules or cards, or to the tool, plays again. One small JSON file a verdict, written
atomically, in the user's cache folder (pnp/core/usercache.py: `$PNP_CACHE_DIR`, else
`$XDG_CACHE_HOME/tranquility-pnp`, else `~/.cache/tranquility-pnp`).

The cache is a convenience: a file that cannot be read or parsed is a miss, and a folder that
cannot be written is skipped without a word (the verdict is the same, only slower next time).
Delete the folder at any time.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from pnp.core.output import write_atomic
from pnp.core.usercache import cache_root, home_folder  # noqa: F401 (home_folder: the API)
from pnp.game.listing import deck_listing
from pnp.game.model import Game
from pnp.pipeline.cache import code_key
from pnp.rules.params import rule_params

FOLDER = "verdicts"


def game_fingerprint(game: Game) -> str:
    """What a simulation of `game` depends on: its engine, its rules as the engine reads them (with
    the modules' parameters) and every card with its fields."""
    listing = deck_listing(game)
    played = {
        "engine": game.engine,
        "rules": repr(rule_params(game)),
        "modules": listing["modules"],
        "cards": listing["cards"],
    }
    return hashlib.sha256(json.dumps(played, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@dataclass(frozen=True)
class Verdicts:
    """Counts of wins on disk, keyed by what they depend on (`key`)."""

    root: Path | None  # None: nothing is kept

    @classmethod
    def default(cls) -> Verdicts:
        root = cache_root()
        return cls(root / FOLDER if root else None)

    @staticmethod
    def key(fingerprint: str, players: int, bot: str, games: int, seed: int) -> str:
        plain = json.dumps([code_key(), fingerprint, players, bot, games, seed])
        return hashlib.sha256(plain.encode()).hexdigest()

    def get(self, key: str, enough: int) -> int | None:
        """The stored count (-1: at least `enough` won), or None when there is none to trust: a count
        of `enough` or more was never stored (it is -1), so such a file is not ours."""
        if self.root is None:
            return None
        try:
            found = json.loads((self.root / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        wins = found.get("wins") if isinstance(found, dict) else None
        return wins if type(wins) is int and -1 <= wins < enough else None

    def put(self, key: str, wins: int, about: str) -> None:
        """Store a count (best effort); `about` says in words what it is, for whoever opens the file."""
        if self.root is None:
            return
        with contextlib.suppress(OSError):
            write_atomic(self.root / f"{key}.json", json.dumps({"wins": wins, "about": about}) + "\n")
