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

from pnp.core.errors import UsageError, quoted
from pnp.core.errors import cut as shown
from pnp.core.names import did_you_mean
from pnp.game.model import Game, frozen_map
from pnp.rules.bots import check_bot, kit
from pnp.rules.deal import check_players
from pnp.rules.params import module_keys, module_params
from pnp.rules.problems import rule_problems
from pnp.rules.simulation import Report, report
from pnp.rules.workers import batch_size, batches, run_batches
from pnp.spec.load import rule_keys, schema_problems, spec_validator

MAX_CELLS = 500


@dataclass(frozen=True)
class Setting:
    path: tuple[str, ...]  # ("rules", "hand_size") or ("modules", "goats", "target_row")
    values: tuple

    @property
    def name(self) -> str:
        return ".".join(self.path)


MAX_SETTING = 4_000  # characters of one --set or --vs value list: 500 values of a few characters each
MAX_NUMBER_DIGITS = 20  # digits of a range's ends: a whole number the schema can bound (10^23 is refused by it)
MAX_MODULE_NUMBER = 100  # a module's whole-number parameters (goats, target_row, revealed) stay well below
MAX_PLAYERS = 10  # the spec schema's most players (`$defs/players`); the game's own range is checked on load


def parse_value(text: str):
    """A value as JSON would read it (numbers, true/false, Infinity), else the text itself; whether it
    fits the key it sets is the schema's to say (`value_problem`)."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, (int, float, bool, str)) else text


def parse_setting(text: str, option: str = "--set") -> Setting:
    """`rules.hand_size=4..7`, `rules.cost=nearest,gap`, `modules.goats.goats=2`; at most MAX_CELLS values."""
    name, sep, values = text.partition("=")
    path = tuple(name.strip().split("."))
    here = f"{option} {shown(text)}"
    if not sep or not values.strip():
        raise UsageError(f"{here}: expected PATH=VALUES, e.g. rules.hand_size=4..7")
    if not ((len(path) == 2 and path[0] == "rules") or (len(path) == 3 and path[0] == "modules")) or not all(path):
        raise UsageError(f"{here}: the path must be rules.KEY or modules.MODULE.KEY")
    if len(values) > MAX_SETTING or values.count(",") >= MAX_CELLS:
        raise UsageError(f"{here}: at most {MAX_CELLS} values, in at most {MAX_SETTING} characters")
    lo, dots, hi = values.partition("..")
    if dots:
        ends = (lo.strip(), hi.strip())
        if not all(_whole(end) for end in ends):
            raise UsageError(f"{here}: a range is two whole numbers, e.g. 4..7")
        a, b = (int(end) for end in ends)
        if not a <= b or b - a >= MAX_CELLS:
            raise UsageError(f"{here}: the range must go up, with at most {MAX_CELLS} values")
        return Setting(path, tuple(range(a, b + 1)))
    return Setting(path, tuple(parse_value(v.strip()) for v in values.split(",")))


def _whole(text: str) -> bool:
    digits = text.removeprefix("-")
    return digits.isascii() and digits.isdecimal() and len(digits) <= MAX_NUMBER_DIGITS


def parse_players(text: str) -> tuple[int, ...]:
    """`1-5`, `3` or `1,3,5`: player counts from 1 to MAX_PLAYERS, each once, read without building a
    range first (`1-99999999999` is refused, not listed)."""
    here = f"--players {shown(text)}"
    if text.count(",") >= MAX_PLAYERS:
        raise UsageError(f"{here}: player counts go from 1 to {MAX_PLAYERS} (a spec's most), each once")
    if "-" in text:
        ends = [x.strip() for x in text.split("-", 1)]
    else:
        ends = [x.strip() for x in text.split(",", MAX_PLAYERS)]
    if not all(_whole(x) and not x.startswith("-") for x in ends):
        raise UsageError(f"{here}: expected a number, a range like 1-5, or a list like 1,3,5")
    numbers = [int(x) for x in ends]
    if len(numbers) > MAX_PLAYERS or any(not 1 <= n <= MAX_PLAYERS for n in numbers):
        raise UsageError(f"{here}: player counts go from 1 to {MAX_PLAYERS} (a spec's most), each once")
    out = tuple(range(numbers[0], numbers[1] + 1)) if "-" in text else tuple(dict.fromkeys(numbers))
    if not out:
        raise UsageError(f"{here}: the range is empty")
    return out


def check_grid(settings: list[Setting], players: tuple[int, ...]) -> int:
    """The number of cells of a sweep (every combination × player counts), refused above MAX_CELLS
    before any variant is built."""
    cells = len(players)
    for setting in settings:
        cells *= len(setting.values)
        if cells > MAX_CELLS:
            break
    if cells > MAX_CELLS:
        raise UsageError(
            f"the sweep has more than {MAX_CELLS} cells (combinations of the --set values × player counts); "
            f"at most {MAX_CELLS}"
        )
    return cells


def check_settings(game: Game, settings: list[Setting], players: tuple[int, ...], option: str = "--set") -> None:
    """Every setting's path and value checked against the game (the spec schema's sentence for a value
    of the wrong type or range), and every player count against its range, before anything is built."""
    check_grid(settings, players)
    for setting in settings:
        check_path(game, setting.path, f"{option} {shown(setting.name)}")
        for value in setting.values:
            check_value(game, setting.path, value, option)
    for p in players:
        check_players(game, p)


def check_value(game: Game, path: tuple[str, ...], value, option: str = "--set") -> None:
    problem = value_problem(game, path, value)
    if problem is not None:
        raise UsageError(f"{option} {shown('.'.join(path) + '=' + _text(value))}: {problem}")


def _text(value) -> str:
    """A value as typed: `nearest` bare, but `"5"` (a string that reads as a number) in quotes."""
    return value if isinstance(value, str) and parse_value(value) == value else json.dumps(value)


def value_problem(game: Game, path: tuple[str, ...], value) -> str | None:
    """Why `value` cannot be set at `path` (None when it can): a rule key's value goes through the spec
    schema of that key, as in a spec file (Infinity, 4.5, "5" and 10^23 are refused for hand_size); a
    module parameter is a whole number from 0 to MAX_MODULE_NUMBER or a short text, as its field is."""
    if path[0] == "rules":
        errors = spec_validator(True).iter_errors({"rules": {"engine": game.engine, path[1]: value}})
        found = [message for at, message in schema_problems(errors) if list(at[:2]) == ["rules", path[1]]]
        return found[0] if found else None
    params = module_params(game.engine, path[1])  # check_path has named a module of the game
    kind = {f.name: f.type for f in dataclasses.fields(params)}.get(path[2]) if params is not None else None
    if kind in (int, "int"):
        if not isinstance(value, int) or isinstance(value, bool):
            return f"expected an integer, got {_words(value)}"
        if not 0 <= value <= MAX_MODULE_NUMBER:
            return f"expected an integer from 0 to {MAX_MODULE_NUMBER}, got {shown(str(value), 40)}"
    elif not isinstance(value, str) or not 0 < len(value) <= 48:
        return f"expected a text of 1 to 48 characters, got {_words(value)}"
    return None


def _words(value) -> str:
    kind = "boolean" if isinstance(value, bool) else "number" if isinstance(value, (int, float)) else "string"
    return f"{kind} {shown(json.dumps(value), 40)}"


def apply_setting(game: Game, path: tuple[str, ...], value, option: str = "--set") -> Game:
    """The game with one spec value changed (a variant without a spec file); a path the game lacks or
    a value its schema refuses is a usage error starting with `option`."""
    check_path(game, path, f"{option} {shown('.'.join(path))}")
    check_value(game, path, value, option)
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
        keys, what = rule_keys(game.engine), f"rule key {quoted(path[1])} for {game.id}"
    else:
        module, modules = path[1], [m.id for m in game.modules]
        if module not in modules:
            raise UsageError(
                f"{label}: {game.id} is played without the module {quoted(module)}{did_you_mean(module, modules)} "
                f"(modules: {', '.join(modules) or 'none'})"
            )
        keys, what = module_keys(game.engine, module), f"parameter {quoted(path[2])} of the module {quoted(module)}"
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
            raise UsageError(f"--set {shown(what)}: {problems[0]}")
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
    check_settings(game, settings, players)
    grid = [(vals, g, p) for vals, g in variants(game, settings) for p in players]
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
