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
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import UsageError, cut
from pnp.core.i18n import check_language
from pnp.core.locate import spec_files, spec_roots
from pnp.core.output import write_all_if_changed
from pnp.game.build import ALL_MODULES
from pnp.game.model import Face
from pnp.game.model import Game as GameModel
from pnp.pipeline.load import load_game
from pnp.rules.difficulty import build_note
from pnp.sheets.spec import SheetSpec

if TYPE_CHECKING:
    from pnp.pipeline.build import BuildReport
    from pnp.pipeline.replay import Replay
    from pnp.rules.check import Violation
    from pnp.rules.record import Record
    from pnp.rules.session import PlaySession
    from pnp.rules.simulation import Report
    from pnp.rules.state.model import State
    from pnp.rules.sweep import Setting, SweepResult

Files = dict[str, bytes]  # path relative to the output folder → contents
Warn = Callable[[str], None]
Tick = Callable[[int], None]  # games played so far
SETTING = re.compile(r"^(rules|modules)\.[^=]+=")  # rules.KEY=VALUE or modules.MODULE.KEY=VALUE

__all__ = [
    "BuildReport",
    "Check",
    "Files",
    "Game",
    "Replay",
    "Report",
    "State",
    "SweepGrid",
    "build",
    "build_notes",
    "check",
    "check_file",
    "default_games",
    "load",
    "read",
    "replay",
    "sweep_chart",
    "sweep_grid",
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

    def faces(self) -> tuple[Face, ...]:
        """Every distinct face, sorted by id: `.id`, `.svg`, `.width` and `.height` in mm (a Face shows
        itself in Jupyter)."""
        return self._drawn

    @cached_property
    def _drawn(self) -> tuple[Face, ...]:
        # lazy: -0.4 s on pnp build --help, pnp list, a no-op build (docs/decisions.md "Plumbing only where it pays")
        from pnp.svg.faces import render_faces

        return render_faces(self.model, jobs=self.jobs)

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
            return replace(self, model=load_game(other, modules=modules))
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
    model = load_game(game, modules=modules)
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
        model = load_game(state.game, modules=list(state.modules))
    elif isinstance(game, Game):
        model = game.model
    else:
        model = load_game(game, modules=list(state.modules))
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


def build_notes(games: Sequence[str], modules: str = "all") -> list[str]:
    """What `pnp build` says of how hard each game is with every module, as measured (docs/rules.md)."""
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
