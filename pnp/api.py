"""The library in a few names (docs/api.md): what `import pnp` gives.

    game = pnp.load("tranquility")          # a bundled game, a variant or a spec file, validated
    game.faces()                            # every distinct face (SVG, size in mm)
    game.sheets("a4", bleed="3mm")          # PDF sheets: {path: bytes}
    game.export("png", dpi=96)              # an export target's files: {path: bytes}
    state = game.setup(players=3, seed=7)   # a setup dealt by the rules
    pnp.check(state)                        # every broken rule
    game.simulate(players=3, games=200)     # bot games: win rate with a 95 % interval
    pnp.replay("game.json")                 # a game record re-checked move by move
    pnp.write(files, "output")              # files written atomically under a folder

Each call is a thin layer over the stage that does the work (pnp.pipeline, pnp.svg, pnp.sheets,
pnp.export, pnp.rules); `pnp COMMAND` calls the same functions. Errors are `pnp.core.errors.PnpError`s
whose text is the sentence the command prints.
"""

from __future__ import annotations

import importlib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlencode

from pnp.core.docpages import doc_page, topics_table
from pnp.core.errors import Problem, UsageError, cut
from pnp.core.i18n import check_language
from pnp.core.locate import find_spec, spec_files, spec_roots
from pnp.core.outfolder import check_out_folder
from pnp.core.output import write_all_if_changed
from pnp.game.build import ALL_MODULES, build_game
from pnp.game.catalogue import Entry, catalogue, catalogue_table
from pnp.game.listing import deck_listing, deck_table
from pnp.game.model import Face
from pnp.game.model import Game as GameModel
from pnp.game.variants import Change, deck_changes, spec_changes, starter_variant
from pnp.sheets.spec import SheetSpec
from pnp.spec.load import Spec, load_spec

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from pnp.pipeline.build import BuildReport
    from pnp.pipeline.replay import Replay
    from pnp.rules.check import Violation
    from pnp.rules.record import Record
    from pnp.rules.session import PlaySession
    from pnp.rules.simulation import Report
    from pnp.rules.state.model import State
    from pnp.rules.sweep import Setting, SweepResult
    from pnp.server.watch import Rebuilder
    from pnp.sheets.printer import PrinterProfile

Files = dict[str, bytes]  # path relative to the output folder → contents
Warn = Callable[[str], None]
Tick = Callable[[int], None]  # games played so far
SETTING = re.compile(r"^(rules|modules)\.[^=]+=")  # rules.KEY=VALUE or modules.MODULE.KEY=VALUE

__all__ = [
    "BuildReport",
    "Catalogue",
    "Check",
    "Files",
    "Game",
    "Replay",
    "Report",
    "Server",
    "State",
    "SweepGrid",
    "Table",
    "Validation",
    "VariantDiff",
    "build",
    "build_notes",
    "check",
    "check_file",
    "clear_printer",
    "default_games",
    "docs",
    "games",
    "load",
    "new_variant",
    "play",
    "printer",
    "read",
    "replay",
    "serve",
    "set_printer",
    "state_text",
    "sweep_chart",
    "sweep_grid",
    "validate",
    "variant_diff",
    "write",
]


@dataclass(frozen=True)
class SweepGrid:
    """What a sweep varies (`sweep_grid`): the settings, each with its values, and the player counts."""

    settings: tuple[Setting, ...]
    players: tuple[int, ...]

    @property
    def stem(self) -> str:
        """The chart's file stem before the bot: sweep-hand_size, sweep-none without settings."""
        return "sweep-" + ("-".join(s.path[-1] for s in self.settings) or "none")

    @property
    def cells(self) -> int:
        """The configurations played: every combination of the settings' values × player counts."""
        return len(self.players) * math.prod(len(s.values) for s in self.settings)


@dataclass(frozen=True)
class Check:
    """A state checked against its game's rules: `ok` when no rule is broken."""

    game: GameModel
    state: State
    violations: tuple[Violation, ...]

    @property
    def ok(self) -> bool:
        return not self.violations

    def text(self) -> str:
        """The report `pnp setup` writes beside a state: the rules checked and every violation."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.outputs import check_report

        return check_report(self.game, self.state, list(self.violations))

    def json(self) -> str:
        """The result as `pnp check --json` prints it (docs/state-format.md)."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.outputs import dumps_check

        return dumps_check(self.game, self.state, list(self.violations))


@dataclass(frozen=True, repr=False)
class Game:
    """A loaded game (`pnp.load`): its model (`.model`, pnp.game.model.Game) and what can be made of it.
    The faces are drawn once, on first use, and shared by `sheets` and `export`."""

    model: GameModel
    jobs: int | None = 1  # worker processes for drawing; None: every core

    def __repr__(self) -> str:
        return f"<pnp.Game {self.model.id!r}: {len(self.model.cards)} cards>"

    @property
    def id(self) -> str:
        return self.model.id

    @property
    def title(self) -> str:
        return self.model.title

    def listing(self) -> dict[str, Any]:
        """The resolved deck as `pnp list --json` prints it: every kind and card with id, count and fields."""
        return deck_listing(self.model)

    def deck_table(self) -> str:
        """The resolved deck as `pnp list` prints it."""
        return deck_table(self.model)

    def faces(self) -> tuple[Face, ...]:
        """Every distinct face, sorted by id: `.id`, `.svg`, `.width` and `.height` in mm (a Face shows
        itself in Jupyter)."""
        return self._drawn

    @cached_property
    def _drawn(self) -> tuple[Face, ...]:
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.svg.faces import render_faces

        return render_faces(self.model, jobs=self.jobs)

    def svg_files(self) -> dict[str, bytes | str]:
        """The files `pnp render` writes: one SVG per distinct face, under `svg_folder()`."""
        # lazy: -0.14 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.pipeline.build import face_outputs

        return face_outputs(self.model, self.faces())

    def svg_folder(self) -> str:
        """Where `svg_files` go: <game>/svg, with the face set and language when not the defaults
        (svg-it, svg-ink-saver, svg-no-modules)."""
        # lazy: -0.14 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.pipeline.build import svg_folder

        return svg_folder(self.model)

    def svg_owner(self) -> str:
        """Who writes `svg_files` in an output folder's manifest (render.tranquility, …)."""
        # lazy: -0.14 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.pipeline.build import render_owner

        return render_owner(self.model)

    def face(self, face_id: str) -> Face:
        """One face by its id (e.g. 'island-07'); a usage error naming a few ids when there is none."""
        found = {face.id: face for face in self.faces()}.get(face_id)
        if found is None:
            some = ", ".join(face.id for face in self.faces()[:5])
            raise UsageError(f"{self.id} has no face {face_id!r}; its faces are named like {some}, …")
        return found

    def sheets(
        self,
        *papers: str,
        warn: Warn | None = None,
        specs: Sequence[SheetSpec] = (),
        **options: str | bool | None,
    ) -> Files:
        """PDF sheets for each paper ('a4' when none is named) and, when duplex, the printer's calibration
        sheet. `options` are `pnp sheets`' options by their Python names (bleed="3mm", duplex="none",
        cut_lines=True, …: pnp.sheets.spec.SheetSpec.from_options); or `specs`, one SheetSpec a paper."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.sheets.impose import sheet_outputs

        if not specs:
            specs = [SheetSpec.from_options(paper=paper, **options) for paper in papers or ("a4",)]  # type: ignore[arg-type]
        return sheet_outputs(self.model, self.faces(), tuple(specs), warn=warn, jobs=self.jobs)

    def export(
        self,
        target: str,
        *,
        product: str | None = None,
        dpi: float = 150,
        bleed: bool = False,
        sheet: SheetSpec | None = None,
        base_url: str = "",
        warn: Warn | None = None,
        progress: Callable[[int, int], None] | None = None,
        folder: str | None = None,
    ) -> Files:
        """An export target's files (`pnp.export.TARGETS`: tgc, mpc, drivethru, tts, png, cut) under
        <game>/export/<target>/; each target takes only its own options (product: tgc, mpc, drivethru;
        dpi and bleed: png; base_url: tts; sheet: cut), another is a UsageError. `folder`: the folder
        under export/ (default: the target's name)."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.export import export as export_files

        return export_files(
            self.model,
            self.faces(),
            target,
            product=product,
            dpi=dpi,
            bleed=bleed,
            sheet=sheet,
            warn=warn,
            base_url=base_url,
            progress=progress,
            folder=folder,
            jobs=self.jobs,
        )

    def booklet(self) -> Files:
        """The rules booklet and the designer's sheet, as `pnp booklet` writes them: <game>/rules-a4.pdf,
        rules-letter.pdf, the imposed rules-booklet-a4.pdf and rules-booklet-letter.pdf, and
        designer-a4.pdf / designer-letter.pdf, in the game's language."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.booklet import booklet_outputs

        return booklet_outputs(self.model, self.faces())

    def setup(self, players: int = 3, seed: int = 1) -> State:
        """A setup dealt by the rules and checked: the same seed deals the same table."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.deal import deal_setup

        return deal_setup(self.model, players, seed)

    def setup_files(self, players: int = 3, seed: int = 1) -> Files:
        """The files `pnp setup` writes: <game>/setup/<stem>.json (the state), .check.txt, .svg and
        .pdf (the setup sheet)."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.setupsheet.outputs import setup_outputs

        return setup_outputs(self.model, players, seed)

    def setup_stem(self, players: int = 3, seed: int = 1) -> str:
        """The stem of the setup's files: setup-3p-seed1, with the modules and language when not the
        defaults."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.outputs import setup_name

        return setup_name(self.model, players, seed)

    def check(self, state: State) -> Check:
        """`state` checked against this game's rules."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.check import check_state

        return Check(self.model, state, tuple(check_state(self.model, state)))

    def simulate(
        self,
        players: int = 3,
        games: int = 1000,
        seed: int = 1,
        bot: str = "baseline",
        jobs: int = 1,
        progress: Tick | None = None,
        log: str | Path | None = None,
        scheduler: str | None = None,
    ) -> Report:
        """Play `games` games with a bot ('baseline', 'search', 'strong' or 'open-hands') on `jobs`
        processes, or on the Dask scheduler at `scheduler` (tcp://host:8786): the win rate with its
        95 % Wilson interval, how far games got and why they were lost (`.text()` as `pnp simulate`
        prints it). `log`: a folder that also gets a game record of every game (`pnp.replay`
        re-checks one)."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.simlog import write_logs
        from pnp.rules.simulation import simulate as simulate_games
        from pnp.rules.workers import parse_scheduler

        scheduler = None if scheduler is None else parse_scheduler(scheduler)
        report = simulate_games(
            self.model, players, games, seed, progress=progress, bot=bot, jobs=jobs, scheduler=scheduler
        )
        if log is not None:
            Path(log).mkdir(parents=True, exist_ok=True)
            write_logs(self.model, players, games, seed, Path(log), bot)
        return report

    def records(
        self,
        players: int,
        games: int,
        seed: int,
        folder: str | Path,
        bot: str = "baseline",
        *,
        force: bool = False,
        say: Warn | None = None,
    ) -> list[Path]:
        """Write a game record of each game `simulate` plays with the same arguments into `folder`
        (as the folder's output set: a file pnp did not write stops it unless `force`); the paths."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.simlog import write_logs

        return write_logs(self.model, players, games, seed, Path(folder), bot, force=force, say=say)

    def versus(self, other: str, modules: Sequence[str] | str | None = ALL_MODULES, option: str = "--vs") -> Game:
        """The game to compare this one with: a game or variant by name, or this game with one spec
        value changed ('rules.KEY=VALUE'); a UsageError starting with `option` when that cannot be."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.problems import rule_problems
        from pnp.rules.sweep import apply_setting, parse_setting

        if not SETTING.match(other):
            return replace(self, model=_load_game(other, modules=modules))
        setting = parse_setting(other, option)
        if len(setting.values) != 1:
            raise UsageError(f"{option} {cut(other)}: give one value (pnp sweep compares several)")
        changed = apply_setting(self.model, setting.path, setting.values[0], option)
        problems = rule_problems(changed)
        if problems:
            raise UsageError(f"{option} {cut(other)}: {problems[0]}")
        return replace(self, model=changed)

    def check_sweep(self, grid: SweepGrid) -> None:
        """Every value of `grid` through this game's spec schema and every player count against its
        range, before any variant is built; a UsageError for the first that cannot be."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.sweep import check_settings

        check_settings(self.model, list(grid.settings), grid.players)

    def sweep(
        self,
        grid: SweepGrid,
        games: int = 1000,
        seed: int = 1,
        bot: str = "baseline",
        jobs: int = 1,
        scheduler: str | None = None,
        progress: Tick | None = None,
    ) -> SweepResult:
        """Simulate every combination of `grid`'s settings at each of its player counts (`.table()`
        as `pnp sweep` prints it, `.to_data()` its JSON); the same numbers on any workers."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.sweep import sweep as sweep_games
        from pnp.rules.workers import parse_scheduler

        scheduler = None if scheduler is None else parse_scheduler(scheduler)
        counts = grid.players
        return sweep_games(self.model, list(grid.settings), counts, games, seed, bot, jobs, scheduler, progress)

    def play(self, players: int, seed: int = 1, seats: list[str] | None = None) -> PlaySession:
        """A table to play move by move, every move judged (`.places(card)`, `.move(move)`, `.undo()`);
        `seats`: 'person' or 'bot' for each player (default: all people, hot seat)."""
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.session import PlaySession

        return PlaySession(self.model, players, seed, seats)


def load(
    game: str | Path,
    modules: Sequence[str] | str | None = ALL_MODULES,
    *,
    ink: str | None = None,
    language: str | None = None,
    jobs: int | None = 1,
) -> Game:
    """A bundled game ('tranquility', 'ascent'), a variant in card_specs/ or a spec file, read and
    validated. `modules`: 'all', None for none, or Ascent module ids; `ink`: 'normal' or 'saver'
    (default: the spec's); `language`: a shipped language ('it') over the spec's; `jobs`: worker
    processes that draw faces (None: every core)."""
    model = _load_game(game, modules=modules)
    if ink is not None:
        if ink not in ("normal", "saver"):
            raise UsageError(f"ink {ink!r} is not one of normal, saver")
        model = replace(model, ink=ink)
    if language is not None:
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.rulestext import with_language

        model = with_language(model, check_language(language))
    return Game(model, jobs)


def check(state: State | str | Path, game: Game | str | Path | None = None) -> Check:
    """A state (a `State`, or the path of a state file) checked against the rules of the game it names
    (or of `game`: a loaded game, a name or a spec file)."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.check import check_state
    from pnp.rules.state.model import State, read_state_source
    from pnp.rules.state.reader import parse_state

    if not isinstance(state, State):
        state = parse_state(read_state_source(Path(state)))
    if game is None:
        model = _load_game(state.game, modules=list(state.modules))
    elif isinstance(game, Game):
        model = game.model
    else:
        model = _load_game(game, modules=list(state.modules))
    return Check(model, state, tuple(check_state(model, state)))


def check_file(path: str | Path, game: str | None = None) -> Check:
    """A state file checked as `pnp check` checks it: against the game it names (a problem of the
    file, at its line and path, when that is no game), or against `game` (a name or spec file)."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.replay import game_for, named_game
    from pnp.rules.check import check_state
    from pnp.rules.state.model import read_state_source
    from pnp.rules.state.reader import parse_state

    source = read_state_source(Path(path))
    state = parse_state(source)
    if game is not None:
        model = game_for(source, [], state.engine, game, state.modules, "state")
    else:
        model = named_game(source, [], state.game, state.modules, "state")
    return Check(model, state, tuple(check_state(model, state)))


def replay(record: Record | str | Path, game: Game | str | None = None) -> Replay:
    """A game record (a `Record`, or the path of a record file from `pnp play` or `pnp simulate
    --log`) re-checked move by move: `.broken` is the first broken rule (None when every move was legal),
    `.final` the state after the last good move, `.moves` how many were made. Against `game` named
    by a name or spec file, the record's rule options are not compared with that game's."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.replay import record_game
    from pnp.pipeline.replay import replay as replay_record
    from pnp.rules.record import Record, read_record

    if not isinstance(record, Record):
        record = read_record(Path(record))
    if isinstance(game, Game):
        return replay_record(record, game.model)
    return replay_record(record, record_game(record, game), options=game is None)


def read(record: str | Path) -> Record:
    """A game record file read and checked against docs/record-format.md (a SpecError at its line
    and path when it is not one)."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.record import read_record

    return read_record(Path(record))


def build(
    games: Sequence[str] | None = None,
    out: str | Path = "output",
    papers: Sequence[str] = ("a4",),
    *,
    setup: bool = True,
    booklet: bool = True,
    warn: Warn | None = None,
    jobs: int | None = None,
    sheets: Sequence[SheetSpec] | None = None,
    modules: str = "all",
    ink: str | None = None,
    language: str | None = None,
    progress: Warn | None = None,
    force: bool = False,
) -> BuildReport:
    """`pnp build`: faces, sheets (one per paper, or `sheets`: pnp.sheets.spec.SheetSpec each), setup
    and booklet of each game (default: `default_games()`) written under `out`, incrementally: a game
    whose inputs and outputs are unchanged is skipped. `modules`, `ink` and `language` as `load`
    takes them; `progress` hears a line per step; a file in the way that pnp did not write stops it
    unless `force`. Returns the files written, unchanged, removed and kept."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.build import build_games

    chosen = tuple(sheets) if sheets is not None else tuple(SheetSpec.from_options(paper=p) for p in papers)
    names = list(games) if games is not None else default_games()
    language = check_language(language)  # before anything is loaded
    return build_games(
        names,
        Path(out),
        chosen,
        setup=setup,
        modules=modules,
        ink=ink,
        warn=warn,
        booklet=booklet,
        progress=progress,
        language=language,
        jobs=jobs,
        force=force,
    )


def default_games() -> list[str]:
    """The games (not variants) `build` makes when none is named: those in ./card_specs, then the
    bundled ones."""
    names = [path.stem for root in spec_roots() if root.name == "card_specs" for path in spec_files(root)]
    return list(dict.fromkeys(names))


def _load_game(game: str | Path, modules: Sequence[str] | str | None = ALL_MODULES) -> GameModel:
    """pnp.pipeline.load.load_game: the spec's checks, the rules' engines and the faces' templates,
    imported on the first game loaded."""
    # lazy: -23 to -27 ms on pnp docs, pnp games and pnp build --help (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.load import load_game

    return load_game(game, modules=modules)


def build_notes(games: Sequence[str], modules: str = "all") -> list[str]:
    """What `pnp build` says of how hard each game is with every module, as measured (docs/rules.md)."""
    from pnp.rules.difficulty import build_note  # lazy: the engines, with _load_game's reason

    return [note for name in games if (note := build_note(name, modules))]


def sweep_grid(settings: Sequence[str], players: str = "1-5") -> SweepGrid:
    """What a sweep varies, read from `pnp sweep`'s words: settings such as 'rules.hand_size=4..7'
    and player counts such as '1-5' or '1,3,5'; refused (a UsageError) above the most cells a sweep
    plays, before any game is loaded."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.sweep import check_grid, parse_players, parse_setting

    grid = SweepGrid(tuple(parse_setting(text) for text in settings), parse_players(players))
    check_grid(list(grid.settings), grid.players)
    return grid


_RESULTS = {
    "BuildReport": "pnp.pipeline.build",
    "Replay": "pnp.pipeline.replay",
    "Report": "pnp.rules.simulation",
    "State": "pnp.rules.state.model",
}


def __getattr__(name: str) -> Any:
    """The stages' result types (`pnp.Report`, `pnp.Replay`, `pnp.State`, `pnp.api.BuildReport`), imported
    with their stage."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    if name not in _RESULTS:
        raise AttributeError(f"module 'pnp.api' has no attribute {name!r}")
    return getattr(importlib.import_module(_RESULTS[name]), name)


def sweep_chart(result: SweepResult) -> dict[str, bytes] | None:
    """A sweep's chart, {"png": …, "svg": …}; None without the optional extra '.[chart]' (matplotlib)."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.sweep_chart import chart_available, render_chart

    return render_chart(result) if chart_available() else None


def write(files: Mapping[str, bytes | str], out: str | Path = "output") -> list[Path]:
    """Write `files` ({path relative to `out`: contents}) atomically; returns the paths whose contents
    changed (a file that already holds the same bytes is left untouched)."""
    root = Path(out)
    changed = write_all_if_changed({root / rel: data for rel, data in files.items()})
    return sorted(path for path, was_changed in changed.items() if was_changed)


# The calls of the commands about specs, variants, printers, docs and servers: each a thin layer over
# its stage, as the calls above are.


@dataclass(frozen=True)
class Validation:
    """Specs checked as `pnp validate` checks them (`validate`): `problems` of every spec at once,
    `valid` the specs without one, in the order given."""

    paths: tuple[Path, ...]
    problems: tuple[Problem, ...]
    valid: tuple[Spec, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def contrast(self) -> list[Problem]:
        """The valid specs' text that would print unreadably: too little contrast with what is under it."""
        # lazy: -0.14 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.pipeline.validate import contrast_problems

        return contrast_problems(list(self.valid))

    def unwinnable(self, progress: Warn | None = None, tick: Callable[[int, int], None] | None = None) -> list[str]:
        """A warning for each valid spec (with every module) that a few bot games find nearly unwinnable
        (docs/rules.md); `progress` hears what is played, `tick` the games done of how many."""
        # lazy: -0.14 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.pipeline.validate import nearly_unwinnable

        games = [build_game(spec) for spec in self.valid]  # each with every module
        return nearly_unwinnable(games, progress=progress, tick=tick)


def validate(specs: Sequence[str | Path]) -> Validation:
    """Spec files (paths) or game names (str) checked against the JSON Schema and the rules: every problem at once."""
    # lazy: -0.14 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.validate import validation

    paths = tuple(find_spec(spec) if isinstance(spec, str) else Path(spec) for spec in specs)
    checked = validation(list(paths))
    return Validation(paths, tuple(checked.problems), tuple(checked.valid))


@dataclass(frozen=True)
class Catalogue:
    """What can be built (`games`): each game and variant with its title and what it extends."""

    entries: tuple[Entry, ...]

    def table(self) -> str:
        """The list as `pnp games` prints it."""
        return catalogue_table(list(self.entries))

    def json(self) -> str:
        """The list as `pnp games --json` prints it."""
        return json.dumps([e.as_json() for e in self.entries], indent=2, ensure_ascii=False)


def games() -> Catalogue:
    """Every game and variant found in ./card_specs, ./card_specs/variants and the bundled games
    (a name in ./card_specs first)."""
    return Catalogue(tuple(catalogue()))


def new_variant(name: str, parent: str | Path, table: str | None = None) -> Files:
    """A starter variant of the game or variant `parent`: {file name: contents} for card_specs/variants/,
    the spec NAME.json first; with `table` ('csv', 'xlsx' or 'ods') also each kind's list of cards as a
    spreadsheet, which the spec then reads its cards from."""
    parent_spec = load_spec(find_spec(str(parent)))
    if table is None:
        return {f"{name}.json": starter_variant(name, parent_spec).encode()}
    # lazy: -20 ms on pnp build --help, pnp list (docs/decisions.md "Plumbing only where it pays")
    from pnp.game.tablevariant import table_variant

    starter, sheets = table_variant(name, parent_spec, table)
    return {f"{name}.json": starter.encode(), **sheets}


@dataclass(frozen=True)
class VariantDiff:
    """What a variant changes against the spec it extends (`variant_diff`): values and piece counts."""

    variant: str
    extends: str
    changes: tuple[Change, ...]
    deck: tuple[str, ...]

    def lines(self) -> list[str]:
        """The changes as `pnp variant diff` prints them."""
        lines = [f"{self.variant} extends {self.extends}"]
        lines += [f"  {line}" for line in [str(c) for c in self.changes] or ["(no changes)"]]
        if self.deck:
            lines += ["pieces:", *(f"  {line}" for line in self.deck)]
        return lines

    def json(self) -> str:
        """The changes as `pnp variant diff --json` prints them."""
        changes = [asdict(c) for c in self.changes]
        data = {"variant": self.variant, "extends": self.extends, "changes": changes, "deck": list(self.deck)}
        return json.dumps(data, indent=2, ensure_ascii=False)


def variant_diff(name: str | Path) -> VariantDiff:
    """A variant (a name or spec file) compared with the spec it extends; a UsageError for a spec that
    extends nothing."""
    spec = load_spec(find_spec(str(name)))
    changes = spec_changes(spec)  # a usage error for a spec that extends nothing
    parent = cast(Spec, spec.parent)  # so it extends one
    deck = deck_changes(build_game(parent), _load_game(spec.path))
    return VariantDiff(spec.id, parent.id, tuple(changes), tuple(deck))


def docs(topic: str | None = None) -> str:
    """A page of the documentation shipped with the tool ('spec-format'), or the list of pages."""
    return doc_page(topic) if topic else topics_table()


def printer() -> PrinterProfile | None:
    """The printer profile in force (./pnp.toml first, then the user's file), or None."""
    # lazy: -20 ms on pnp build --help, pnp list (docs/decisions.md "Plumbing only where it pays")
    from pnp.sheets.printer import load_profile

    return load_profile()


def set_printer(back_offset: tuple[float, float]) -> PrinterProfile:
    """Keep `back_offset` (mm: dx right, dy down as seen on the back page) in the user's printer profile."""
    # lazy: -20 ms on pnp build --help, pnp list (docs/decisions.md "Plumbing only where it pays")
    from pnp.sheets.printer import save_profile

    return save_profile(back_offset)


def clear_printer() -> Path | None:
    """Remove the user's printer profile; the file removed, or None when there was none."""
    # lazy: -20 ms on pnp build --help, pnp list (docs/decisions.md "Plumbing only where it pays")
    from pnp.sheets.printer import clear_profile

    return clear_profile()


def state_text(state: State) -> str:
    """A state as a state file holds it (docs/state-format.md; `pnp check` reads it)."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.state.model import dump_state

    return dump_state(state)


@dataclass(frozen=True)
class Server:
    """`pnp serve`'s gallery, not yet started (`serve`): `.run()` builds, serves and rebuilds on save
    until Ctrl-C; `.app()` is the web application alone, for a server of your own."""

    games: tuple[str, ...]
    rebuild: Rebuilder

    def app(self, host: str = "127.0.0.1", port: int = 8000) -> Starlette:
        """The gallery's application as served on host:port (the page, its events and files, the Play
        page), without the watcher; it serves what is built in the output folder."""
        # lazy: -0.2 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.server.app import make_app
        from pnp.server.play import play_routes
        from pnp.server.trust import Trust

        routes = play_routes(list(self.games), self.rebuild.modules)
        return make_app(self.rebuild.out, self.rebuild.live, Trust(host, port), routes)

    def run(self, host: str = "127.0.0.1", port: int = 8000, open_page: bool = False, say: Warn = print) -> None:
        """Build, serve on host:port (0: any free port) and rebuild on every save until Ctrl-C; an
        OSError when the port cannot be listened on."""
        # lazy: -0.2 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.server.play import play_routes
        from pnp.server.run import serve as run

        routes = play_routes(list(self.games), self.rebuild.modules)
        run(self.rebuild, host, port, open_page, extra_routes=routes, say=say)


def serve(
    games: Sequence[str] | None = None,
    out: str | Path = "output",
    sheets: Sequence[SheetSpec] = (),
    *,
    setup: bool = True,
    booklet: bool = True,
    modules: str = "all",
    say: Warn = print,
) -> Server:
    """The live gallery of `games` (default: `default_games()`) built into `out` as `build` builds it
    (`sheets`: one SheetSpec a paper); `say` hears each rebuild. Unknown games and an output folder
    that would overwrite a spec are UsageErrors here, before anything starts."""
    # lazy: -0.2 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.server.live import Live
    from pnp.server.watch import Rebuilder

    names = list(games or default_games())
    for name in names:
        find_spec(name)  # an unknown game is a usage error before anything starts
    check_out_folder(Path(out), names)
    rebuild = Rebuilder(names, Path(out), tuple(sheets), setup, modules, Live(), say, booklet=booklet)
    return Server(tuple(names), rebuild)


@dataclass(frozen=True)
class Table:
    """`pnp play`'s virtual table, not yet started (`play`): `.query` is its page's address after
    /play?, `.run()` serves it until Ctrl-C, `.app()` is the web application alone."""

    game: str
    modules: str
    records: Path
    query: str
    lang: str | None

    def app(self, host: str = "127.0.0.1", port: int = 8001) -> Starlette:
        """The Play page's application as served on host:port."""
        # lazy: -0.2 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.server.app import play_app
        from pnp.server.trust import Trust

        return play_app([self.game], self.modules, self.records, self.query, Trust(host, port), lang=self.lang)

    def run(self, host: str = "127.0.0.1", port: int = 8001, open_page: bool = True, say: Warn = print) -> None:
        """Serve the table on host:port (0: any free port) until Ctrl-C, saving each game's record in
        `records`; an OSError when the port cannot be listened on."""
        # lazy: -0.2 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.server.run import serve_play

        names = [self.game]
        serve_play(names, self.modules, self.records, host, port, self.query, open_page, say, self.lang)


def play(
    game: str,
    players: int = 2,
    seed: int = 1,
    modules: str = "all",
    bots: Sequence[int] = (),
    records: str | Path = "records",
    lang: str | None = None,
) -> Table:
    """A virtual table of `game` dealt for `players` (hot seat) from `seed`, the seats in `bots`
    (1-based) given to the bot; each game's record goes into `records`. A seed, folder, game, player
    count or seat that cannot be is a UsageError here, before anything starts."""
    # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.deal import check_players
    from pnp.rules.state.model import SEEDS

    if not SEEDS[0] <= seed <= SEEDS[1]:  # pnp replay reads the record's seed back (docs/record-format.md)
        raise UsageError(f"--seed must be a whole number from {SEEDS[0]} to {SEEDS[1]}, not {seed}")
    check_out_folder(Path(records), [game], "--records")
    check_players(_load_game(game, modules=modules), players)  # a broken spec or an unknown game stops here
    seats = ["person"] * players
    for seat in bots:
        if not 1 <= seat <= players:
            raise UsageError(f"--bot names a seat from 1 to {players}, not {seat}")
        seats[seat - 1] = "bot"
    fields = {"game": game, "players": players, "seed": seed, "modules": modules, "seats": ",".join(seats)}
    query = urlencode({**fields, **({"lang": lang} if lang else {})})
    return Table(game, modules, Path(records), query, lang)
