"""The words of a rule-checked setup: its files' stem and its check report (text or JSON).

The files themselves (state JSON, check report, setup sheet SVG and PDF) are put together by
pnp/setupsheet/outputs.py, the stage that draws the sheet.
"""

from __future__ import annotations

import json

from pnp.core.i18n import N_, language_suffix, translator
from pnp.game.model import Game
from pnp.rules.check import Violation, rules_for
from pnp.rules.state.model import State


def setup_name(game: Game, players: int, seed: int | None) -> str:
    """File stem: setup-3p-seed1, with the modules when not all of them are chosen, and the
    language when it is not English (setup-3p-seed1-it)."""
    tag = f"-{game.modules_name}" if game.modules_name else ""
    return f"setup-{players}p-seed{seed}{tag}{language_suffix(game.language)}"


def applicable_rules(game: Game, modules) -> list[str]:
    return [r.id for r in rules_for(game, modules)]


STATUS_WORDS = {"playing": N_("playing"), "won": N_("won"), "lost": N_("lost")}


def check_report(game: Game, state: State, violations: list[Violation]) -> str:
    """The check as text, in the game's language: the rules checked (their summaries are in the
    catalogues through pnp/rules/rule_words.py) and each violation with its rule id."""
    t = translator(game.language)
    rules = applicable_rules(game, state.modules)
    status = t.gettext(STATUS_WORDS[state.status]) if state.status in STATUS_WORDS else state.status
    where = {"game": game.id, "players": state.players, "seed": state.seed, "turn": state.turn, "status": status}
    head = t.gettext(
        "{title} ({game}), {players} players, seed {seed}, turn {turn}: {status}", title=t.gettext(game.title), **where
    )
    lines = [head]
    if violations:
        broken = len({v.rule for v in violations})
        lines.append(t.gettext("{n} violation(s) of {rules} rule(s):", n=len(violations), rules=broken))
        lines += [f"  {v}" for v in violations]
    else:
        lines.append(t.gettext("all {n} rules hold:", n=len(rules)))
        lines += [f"  {r.id}: {t.gettext(r.summary)}" for r in rules_for(game, state.modules)]
    return "\n".join(lines) + "\n"


def check_data(game: Game, state: State, violations: list[Violation]) -> dict:
    return {
        "game": game.id,
        "ok": not violations,
        "rules_checked": applicable_rules(game, state.modules),
        "violations": [v.to_data() for v in violations],
    }


def dumps_check(game: Game, state: State, violations: list[Violation]) -> str:
    return json.dumps(check_data(game, state, violations), indent=2, ensure_ascii=False) + "\n"
