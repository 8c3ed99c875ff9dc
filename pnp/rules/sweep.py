"""Sweeps: a grid of variants × player counts, simulated with one bot, as a table and a chart.

`--set rules.hand_size=4..7` (or `modules.goats.target_row=5,6`, or one value) names a spec path and
its values; several `--set` give every combination. Every cell plays the same game seeds (the run's
seed), so differences between cells come from the rules, not from the deals. All cells' batches go
to the same pool or Dask cluster at once, and the numbers are the same wherever they ran.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from dataclasses import dataclass

from pnp.core.errors import UsageError
from pnp.core.names import did_you_mean
from pnp.game.model import Game, frozen_map
from pnp.game.params import module_keys
from pnp.rules.bots import check_bot, kit
from pnp.rules.deal import check_players
from pnp.rules.problems import rule_problems
from pnp.rules.simulation import Report, report
from pnp.rules.workers import batch_size, batches, run_batches
from pnp.spec.load import rule_keys

MAX_CELLS = 500


@dataclass(frozen=True)
class Setting:
    path: tuple[str, ...]  # ("rules", "hand_size") or ("modules", "goats", "target_row")
    values: tuple

    @property
    def name(self) -> str:
        return ".".join(self.path)


def parse_value(text: str):
    """A value as JSON would read it (numbers, true/false), else the text itself."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, (int, float, bool, str)) else text


def parse_setting(text: str) -> Setting:
    """`rules.hand_size=4..7`, `rules.cost=nearest,gap`, `modules.goats.goats=2`."""
    name, sep, values = text.partition("=")
    path = tuple(name.strip().split("."))
    if not sep or not values.strip():
        raise UsageError(f"--set {text}: expected PATH=VALUES, e.g. rules.hand_size=4..7")
    if not ((len(path) == 2 and path[0] == "rules") or (len(path) == 3 and path[0] == "modules")) or not all(path):
        raise UsageError(f"--set {text}: the path must be rules.KEY or modules.MODULE.KEY")
    lo, dots, hi = values.partition("..")
    if dots:
        try:
            a, b = int(lo), int(hi)
        except ValueError:
            raise UsageError(f"--set {text}: a range is two whole numbers, e.g. 4..7") from None
        if not a <= b or b - a >= MAX_CELLS:
            raise UsageError(f"--set {text}: the range must go up, with at most {MAX_CELLS} values")
        return Setting(path, tuple(range(a, b + 1)))
    return Setting(path, tuple(parse_value(v.strip()) for v in values.split(",")))


def parse_players(text: str) -> tuple[int, ...]:
    """`1-5`, `3` or `1,3,5`."""
    try:
        if "-" in text:
            a, b = (int(x) for x in text.split("-", 1))
            out = tuple(range(a, b + 1))
        else:
            out = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise UsageError(f"--players {text}: expected a number, a range like 1-5, or a list like 1,3,5") from None
    if not out:
        raise UsageError(f"--players {text}: the range is empty")
    return out


def apply_setting(game: Game, path: tuple[str, ...], value, label: str = "") -> Game:
    """The game with one spec value changed (a variant without a spec file). `label` starts a usage
    error (default `--set PATH`)."""
    check_path(game, path, label or f"--set {'.'.join(path)}")
    if path[0] == "rules":
        return dataclasses.replace(game, rules=frozen_map({**game.rules, path[1]: value}))
    return dataclasses.replace(
        game,
        modules=tuple(
            dataclasses.replace(m, rules=frozen_map({**m.rules, path[2]: value})) if m.id == path[1] else m
            for m in game.modules
        ),
    )


def check_path(game: Game, path: tuple[str, ...], label: str) -> None:
    """A usage error unless the path names a rule key of the game's engine (the spec schema's) or a
    parameter of one of its modules: a typo would play the unchanged game under a new name."""
    if path[0] == "rules":
        keys, what = rule_keys(game.engine), f"rule key {path[1]!r} for {game.id}"
    else:
        module, modules = path[1], [m.id for m in game.modules]
        if module not in modules:
            raise UsageError(
                f"{label}: {game.id} is played without the module {module!r}{did_you_mean(module, modules)} "
                f"(modules: {', '.join(modules) or 'none'})"
            )
        keys, what = module_keys(module), f"parameter {path[2]!r} of the module {module!r}"
    if path[-1] not in keys:
        raise UsageError(
            f"{label}: unknown {what}{did_you_mean(path[-1], keys)} (expected one of: {', '.join(keys) or 'none'})"
        )


def variants(game: Game, settings: list[Setting]) -> list[tuple[tuple, Game]]:
    """Every combination of the settings' values, with its game; a variant that cannot be played
    is a usage error naming the setting."""

    out = []
    for combo in itertools.product(*(s.values for s in settings)):
        g = game
        for s, v in zip(settings, combo):
            g = apply_setting(g, s.path, v)
        problems = rule_problems(g)
        if problems:
            what = ", ".join(f"{s.name}={json.dumps(v)}" for s, v in zip(settings, combo))
            raise UsageError(f"--set {what}: {problems[0]}")
        out.append((combo, g))
    return out


@dataclass(frozen=True)
class SweepResult:
    game: str
    bot: str
    games: int
    seed: int
    settings: tuple[Setting, ...]
    players: tuple[int, ...]
    cells: tuple[tuple[tuple, int, Report], ...]  # (values, players, report)

    def label(self, values: tuple) -> str:
        return ", ".join(f"{s.path[-1]}={json.dumps(v)}" for s, v in zip(self.settings, values)) or "as is"

    def table(self) -> str:
        """Win % (95 % Wilson interval): one row per combination, one column per player count."""
        head = ["setting"] + [f"{p} player{'s' if p > 1 else ''}" for p in self.players]
        by = {(vals, p): r for vals, p, r in self.cells}
        rows = [head]
        for vals in dict.fromkeys(v for v, _, _ in self.cells):
            rows.append([self.label(vals)] + [_pct(by[vals, p]) for p in self.players])
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        lines = [
            "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in rows
        ]
        title = (
            f"{self.game}: win % (95 % Wilson interval), {self.bot} bot, {self.games} games per cell, seed {self.seed}"
        )
        return "\n".join([title, *lines])

    def to_data(self) -> dict:
        return {
            "game": self.game,
            "bot": self.bot,
            "games": self.games,
            "seed": self.seed,
            "settings": [{"path": s.name, "values": list(s.values)} for s in self.settings],
            "cells": [
                {
                    "values": dict(zip((s.name for s in self.settings), vals)),
                    "players": p,
                    "wins": r.wins,
                    "win_rate": round(r.win_rate, 6),
                    "interval95": [round(x, 6) for x in r.interval],
                }
                for vals, p, r in self.cells
            ],
        }


def _pct(r: Report) -> str:
    lo, hi = r.interval
    return f"{100 * r.win_rate:.1f} ({100 * lo:.1f}–{100 * hi:.1f})"


def sweep(
    game: Game,
    settings: list[Setting],
    players: tuple[int, ...],
    games: int,
    seed: int,
    bot: str = "baseline",
    jobs: int = 1,
    scheduler: str | None = None,
    progress=None,
) -> SweepResult:
    """Simulate every combination of settings at every player count; the same numbers on any workers."""

    check_bot(bot)
    grid = [(vals, g, p) for vals, g in variants(game, settings) for p in players]
    if len(grid) > MAX_CELLS:
        raise UsageError(f"the sweep has {len(grid)} cells; at most {MAX_CELLS}")
    for _, g, p in grid:
        check_players(g, p)
    size = batch_size(games * len(grid), max(jobs, 1))
    work = [batches(g, p, bot, seed, games, size) for _, g, p in grid]
    done = run_batches([b for w in work for b in w], jobs, scheduler, progress)
    cells, at = [], 0
    for (vals, g, p), w in zip(grid, work):
        results = [r for part in done[at : at + len(w)] for r in part]
        at += len(w)
        cells.append((vals, p, report(g, p, seed, bot, results, kit(g).progress_of)))
    return SweepResult(game.id, bot, games, seed, tuple(settings), players, tuple(cells))
