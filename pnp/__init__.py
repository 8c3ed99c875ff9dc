"""tranquility-pnp: print-and-play generator for the Tranquility card games.

The library in a few names (docs/api.md): `pnp.load(game)` → a `Game` with `.faces()`, `.sheets()`,
`.export()`, `.setup()`, `.simulate()`; `pnp.check(state)`, `pnp.replay(record)`, `pnp.build()`,
`pnp.write(files, out)`, `pnp.validate(specs)`, `pnp.games()`, `pnp.new_variant()`, `pnp.variant_diff()`,
`pnp.docs()`, `pnp.serve()`, `pnp.play()`. They live in pnp/api.py, imported on first use: `import pnp` alone (or
`import pnp.core…`) stays at about 1 ms, and `pnp --help` loads no game code.
"""

from __future__ import annotations

from pnp.core.version import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (tens of ms): mypy reads it the same
if TYPE_CHECKING:
    from typing import Any

    from pnp.api import (
        Check,
        Files,
        Game,
        Replay,
        Report,
        State,
        Validation,
        build,
        check,
        docs,
        games,
        load,
        new_variant,
        play,
        replay,
        serve,
        validate,
        variant_diff,
        write,
    )

__all__ = [
    "Check",
    "Files",
    "Game",
    "Replay",
    "Report",
    "State",
    "Validation",
    "__version__",
    "build",
    "check",
    "docs",
    "games",
    "load",
    "new_variant",
    "play",
    "replay",
    "serve",
    "validate",
    "variant_diff",
    "write",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'pnp' has no attribute {name!r}")
    # lazy: -0.5 s on import pnp and pnp --help (docs/decisions.md "Plumbing only where it pays")
    from pnp import api

    return getattr(api, name)
