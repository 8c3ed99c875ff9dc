"""What every engine's rule sentences share: the shape of a reference topic, and the sentences both
games print alike (the cost cap, who plays first). Each engine's own sentences are its `rulestext`
module (pnp/rules/<game>/rulestext.py), asked through `Engine.topics`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.core.i18n import Translator
from pnp.game.textfacts import Facts

# A topic takes its own engine's rule parameters (TranquilityRules or AscentRules): title and lines.
Topic = Callable[[Any, Facts, Translator], tuple[str, list[str]]]


def cap(value: int, t: Translator) -> str:
    return t.ngettext("A play may never cost more than {n} card.", "A play may never cost more than {n} cards.", value)
