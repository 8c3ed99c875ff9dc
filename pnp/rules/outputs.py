"""The files of a rule-checked setup: state JSON, check report, setup sheet (SVG and PDF).

`setup_outputs(game, players, seed)` returns them in memory as {relative path: bytes} under
`<game>/setup/`, so `pnp setup` and `pnp build` write them the same way.
"""

from __future__ import annotations

import json

from pnp.core.i18n import N_, language_suffix, translator
from pnp.game.model import Game
from pnp.rules.check import RULES, Violation, check_state, rules_for
from pnp.rules.deal import deal_setup
from pnp.rules.setup_sheet import render_setup_sheet
from pnp.rules.state.model import State, dump_state

SAMPLE_PLAYERS = 3
SAMPLE_SEED = 1


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
        lines += [f"  {rule_id}: {t.gettext(RULES[rule_id].summary)}" for rule_id in rules]
    return "\n".join(lines) + "\n"


def check_data(game: Game, state: State, violations: list[Violation]) -> dict:
    return {
        "game": game.id,
        "ok": not violations,
        "rules_checked": applicable_rules(game, state.modules),
        "violations": [v.to_data() for v in violations],
    }


def setup_outputs(game: Game, players: int = SAMPLE_PLAYERS, seed: int = SAMPLE_SEED) -> dict[str, bytes]:
    """The setup's files: <game>/setup/<stem>.json, .check.txt, .svg and .pdf."""
    state = deal_setup(game, players, seed)
    violations = check_state(game, state)
    svg, pdf = render_setup_sheet(game, state)
    stem = f"{game.id}/setup/{setup_name(game, players, seed)}"
    return {
        f"{stem}.json": dump_state(state).encode("utf-8"),
        f"{stem}.check.txt": check_report(game, state, violations).encode("utf-8"),
        f"{stem}.svg": svg.encode("utf-8"),
        f"{stem}.pdf": pdf,
    }


def dumps_check(game: Game, state: State, violations: list[Violation]) -> str:
    return json.dumps(check_data(game, state, violations), indent=2, ensure_ascii=False) + "\n"
