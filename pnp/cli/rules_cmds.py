"""Commands of the rules engine: setup, check and simulate."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp import api
from pnp.cli.common import Force, Jobs, Lang, note, parse_seed, reports_errors, reports_errors_reading
from pnp.cli.completion import game_argument
from pnp.core.errors import UsageError
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import owner, write_owned
from pnp.rules.bots import JUDGE_BOT, OPEN_HANDS, check_bot
from pnp.rules.workers import parse_scheduler, resolve_jobs

if TYPE_CHECKING:
    from pnp.rules.simulation import Report

app = typer.Typer(rich_markup_mode=None)  # this module's commands: pnp/cli/__init__.py loads them by name (COMMANDS)

HARD = 0.01  # a configuration won in fewer games than this is reported as nearly unwinnable
Bot = Annotated[
    str,
    typer.Option(
        "--bot",
        help=(
            "The bot: baseline, search, strong (the solver on sampled hidden cards), "
            "or open-hands (sees every card: an upper bound) (docs/rules.md)."
        ),
    ),
]
"""The one `--bot` option of simulate and sweep."""


MODULES_HELP = "Ascent modules to include: 'all' (default), 'none', or ids separated by commas."


def _seed(help: str) -> typer.models.OptionInfo:
    return typer.Option("--seed", "-s", parser=parse_seed, metavar="<int>", help=help)


def _scheduler(help: str) -> typer.models.OptionInfo:
    return typer.Option("--scheduler", help=help, metavar="ADDRESS")


Game = Annotated[str, game_argument(metavar="GAME")]
Players = Annotated[int, typer.Option("--players", "-p", help="Number of players.")]
Modules = Annotated[str, typer.Option("--modules", help=MODULES_HELP)]
DealSeed = Annotated[int, _seed("Shuffle seed: the same seed deals the same table.")]
SetupOut = Annotated[Path, typer.Option("--out", "-o", help="Output folder; files go to OUT/GAME/setup/.")]
StateJson = Annotated[bool, typer.Option("--json", help="Print the state JSON on stdout.")]
SetupQuiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors (and --json output).")]
StateFile = Annotated[Path, typer.Argument(help="A state JSON file (from pnp setup, or edited).", metavar="STATE.json")]
CheckGame = Annotated[
    str | None,
    typer.Option("--game", help="Check against this game, variant or spec file instead of the one the state names."),
]
CheckJson = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
CheckQuiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print only violations.")]
Games = Annotated[int, typer.Option("--games", "-n", help="Number of games to play.")]
RunSeed = Annotated[int, _seed("Seed of the run: the same seed plays the same games.")]
Vs = Annotated[
    str | None,
    typer.Option(
        "--vs",
        help="Also play this game or variant (e.g. the parent), or GAME with one rule option changed "
        "(rules.KEY=VALUE, e.g. rules.first_player=fewest-cards), with the same seed; show both side by side.",
        metavar="GAME|rules.KEY=VALUE",
    ),
]
Scheduler = Annotated[
    str | None,
    _scheduler("Play on this Dask scheduler (tcp://host:8786) instead of local cores; needs the extra '.[cluster]'."),
]
ReportJson = Annotated[bool, typer.Option("--json", help="Print the report as JSON.")]
NoBar = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
Log = Annotated[
    Path | None,
    typer.Option(
        "--log",
        help="Also write a game record of every game into this folder (pnp replay re-checks one).",
        metavar="DIR",
    ),
]
Settings = Annotated[
    list[str],
    typer.Option(
        "--set",
        help="A spec value to vary: rules.KEY=4..7, rules.KEY=a,b or modules.MODULE.KEY=V; "
        "repeat for every combination.",
        metavar="PATH=VALUES",
    ),
]
Counts = Annotated[str, typer.Option("--players", "-p", help="Player counts: 3, 1-5 or 1,3,5.")]
CellGames = Annotated[int, typer.Option("--games", "-n", help="Games per cell.")]
SweepSeed = Annotated[int, _seed("Seed of the run: every cell plays the same deals.")]
SweepScheduler = Annotated[
    str | None,
    _scheduler(
        "Play on this Dask scheduler (tcp://host:8786); needs the extra '.[cluster]'. "
        "The numbers are the same as locally."
    ),
]
SweepOut = Annotated[Path, typer.Option("--out", "-o", help="Output folder; the chart goes to OUT/GAME/sweep/.")]
SweepJson = Annotated[bool, typer.Option("--json", help="Print the results as JSON.")]
SweepQuiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, no notes.")]


@app.command()
@reports_errors
def setup(
    game: Game,
    players: Players = 3,
    seed: DealSeed = 1,
    modules: Modules = "all",
    out: SetupOut = Path("output"),
    as_json: StateJson = False,
    quiet: SetupQuiet = False,
    lang: Lang = None,
    force: Force = False,
) -> None:
    """Deal a setup by the rules, check it, and write the state (JSON) and a setup sheet (SVG + PDF).

    Example: pnp setup tranquility --players 3 --seed 7
    """
    check_out_folder(out, [game])
    loaded = api.load(game, modules, language=lang)
    files = loaded.setup_files(players, seed)
    say = lambda message: note(message, quiet)
    write_owned(out, {owner("setup", loaded.id, loaded.setup_stem(players, seed)): files}, force=force, say=say)
    if as_json:
        typer.echo(next(data for rel, data in files.items() if rel.endswith(".json")).decode("utf-8"), nl=False)
    elif not quiet:
        report = next(data for rel, data in files.items() if rel.endswith(".check.txt")).decode("utf-8")
        typer.echo(report.splitlines()[0])
        typer.echo(report.splitlines()[1].rstrip(":"))
    for rel in sorted(files):
        note(f"wrote {out / rel}", quiet)


@app.command()
@reports_errors_reading
def check(
    state_file: StateFile,
    game: CheckGame = None,
    as_json: CheckJson = False,
    quiet: CheckQuiet = False,
) -> None:
    """Check a setup or mid-game state against the rules; exit 1 when any rule is broken.

    Example: pnp check output/tranquility/setup/setup-3p-seed1.json
    """
    checked = api.check_file(_state_path(state_file), game)
    violations = checked.violations
    summary = f"{len(violations)} violation(s) of {len({v.rule for v in violations})} rule(s) in {state_file}"
    if as_json:
        typer.echo(checked.json(), nl=False)
        if violations:
            note(summary)
    elif violations:
        for v in violations:
            typer.echo(str(v))
        typer.echo(summary)
    elif not quiet:
        typer.echo(checked.text().splitlines()[1].rstrip(":") + f" in {state_file}")
    if violations:
        raise typer.Exit(1)


def _state_path(state_file: Path) -> Path:
    """A state file named on the command line that is not there is a usage error (exit 2), as for specs."""
    if state_file.is_dir():
        raise UsageError(f"{state_file}: is a folder, not a state file")
    if not state_file.exists():
        raise UsageError(f"{state_file}: state file not found")
    return state_file


def _run_options(games: int, most: int, scheduler: str | None, jobs: int | None) -> tuple[str | None, int]:
    """--scheduler, --games and --jobs checked before anything is loaded: the scheduler's address and
    the number of workers."""
    address = None if scheduler is None else parse_scheduler(scheduler)
    if not 1 <= games <= most:
        raise UsageError(f"--games must be between 1 and {most}, not {games}")
    return address, resolve_jobs(jobs)


@app.command()
@reports_errors
def simulate(
    game: Game,
    players: Players = 3,
    games: Games = 1000,
    seed: RunSeed = 1,
    modules: Modules = "all",
    vs: Vs = None,
    bot: Bot = "baseline",
    jobs: Jobs = None,
    scheduler: Scheduler = None,
    as_json: ReportJson = False,
    quiet: NoBar = False,
    log: Log = None,
    force: Force = False,
) -> None:
    """Play games with a bot and report the win rate (95 % Wilson interval), how far games got and why
    they were lost; games per second go to stderr. Warns when under 1 % of the games are won.

    Example: pnp simulate galateia --players 4 --games 5000 --seed 1 --vs tranquility --jobs 2
    """
    address, workers = _run_options(games, 10_000_000, scheduler, jobs)
    _check_log(log, games, game, check_bot(bot))
    first = api.load(game, modules)
    loaded = [first] + ([first.versus(vs, modules)] if vs else [])
    labels = [first.id] + ([f"{first.id}, {vs}" if loaded[1].id == first.id else loaded[1].id] if vs else [])
    run = lambda g, tick: g.simulate(players, games, seed, bot, workers, progress=tick, scheduler=address)
    started = time.perf_counter()
    reports = [_with_progress(lambda tick, g=g: run(g, tick), games, quiet) for g in loaded]
    _said_speed(games * len(reports), time.perf_counter() - started, address, workers, quiet)
    _print_reports(reports, labels, as_json)
    if log is not None:
        say = lambda message: note(message, quiet)
        written = first.records(players, games, seed, log, bot, force=force, say=say)
        note(f"wrote {len(written)} game records to {log}", quiet)


def _check_log(log: Path | None, games: int, game: str, bot: str) -> None:
    """--log: at most 10000 games (one file each), into a folder that is not the game's own."""
    if log is not None and games > 10_000:
        raise UsageError(f"--log writes one file per game: at most 10000 games, not {games}")
    if log is not None:
        check_out_folder(log, [game], "--log")


def _said_speed(played: int, seconds: float, scheduler: str | None, workers: int, quiet: bool) -> None:
    where = f"on the Dask scheduler {scheduler}" if scheduler else f"on {workers} worker(s)"
    note(f"played {played} games in {seconds:.2f} s: {played / seconds:,.0f} games/s {where}", quiet)


def _print_reports(reports: list[Report], labels: list[str], as_json: bool) -> None:
    """A warning for each configuration won under 1 %, then the report (or the two side by side)."""
    for r, label in zip(reports, labels):
        if r.win_rate < HARD:
            note(_hard_warning(r, label))
    if as_json:
        data = [r.to_data() for r in reports]
        typer.echo(
            json.dumps(data[0] if len(data) == 1 else {"game": data[0], "vs": data[1]}, indent=2, ensure_ascii=False)
        )
    elif len(reports) == 2:
        typer.echo(side_by_side(reports[0], reports[1], labels))
    else:
        typer.echo(reports[0].text())


def _hard_warning(r: Report, label: str) -> str:
    """Under 1 % won: "nearly unwinnable" when the judging bot played; else say which bot did."""
    won = f"{label} with {r.players} player(s) was won in {r.wins} of {r.games} games"
    won += f" ({100 * r.win_rate:.1f} %, under 1 %)"
    if r.bot == JUDGE_BOT:
        return f"warning: {won} by the {r.bot} bot: nearly unwinnable"
    if r.bot == OPEN_HANDS:
        return f"warning: {won} by the open-hands solver, which sees every card: no strategy wins more often"
    return (
        f"warning: {won} by the {r.bot} bot; nearly unwinnable is judged by the {JUDGE_BOT} bot, which looks ahead: "
        f"run again with --bot {JUDGE_BOT}"
    )


@app.command()
@reports_errors
def sweep(
    game: Game,
    settings: Settings = [],  # noqa: B006
    players: Counts = "1-5",
    games: CellGames = 1000,
    seed: SweepSeed = 1,
    modules: Modules = "all",
    bot: Bot = "baseline",
    jobs: Jobs = None,
    scheduler: SweepScheduler = None,
    out: SweepOut = Path("output"),
    as_json: SweepJson = False,
    quiet: SweepQuiet = False,
    force: Force = False,
) -> None:
    """Simulate a grid of variants × player counts and print win rates with 95 % Wilson intervals;
    write a chart (PNG and SVG, with the optional extra '.[chart]').

    Example: pnp sweep tranquility --set rules.hand_size=4..7 --players 1-5 --games 500 --jobs 2
    """
    address, workers = _run_options(games, 1_000_000, scheduler, jobs)
    grid = api.sweep_grid(settings, players)  # before the game is loaded: at most MAX_CELLS cells
    check_out_folder(out, [game])
    loaded = api.load(game, modules)
    loaded.check_sweep(grid)  # every value through the spec schema, before any variant is built
    total = games * grid.cells
    started = time.perf_counter()
    result = _with_progress(lambda tick: loaded.sweep(grid, games, seed, bot, workers, address, tick), total, quiet)
    note(f"played {total} games in {time.perf_counter() - started:.2f} s", quiet)
    typer.echo(json.dumps(result.to_data(), indent=2, ensure_ascii=False) if as_json else result.table())
    chart = api.sweep_chart(result)
    if chart is None:
        note("no chart: matplotlib is missing (pip install 'tranquility-pnp[chart]')", quiet)
        return
    stem = f"{grid.stem}-{bot}"
    charts = {f"{loaded.id}/sweep/{stem}.{fmt}": data for fmt, data in chart.items()}
    write_owned(out, {owner("sweep", loaded.id, stem): charts}, force=force, say=lambda message: note(message, quiet))
    for rel in charts:
        note(f"wrote {out / rel}", quiet)


def side_by_side(first, second, labels=None) -> str:
    """Two reports in two columns: win rate, interval, progress and the main loss causes."""
    rows = [("", *(labels or (first.game, second.game)))]
    for label, pick in (
        ("players", lambda r: str(r.players)),
        ("games", lambda r: str(r.games)),
        ("won", lambda r: f"{r.wins} ({100 * r.win_rate:.1f} %)"),
        ("95 % interval", lambda r: f"{100 * r.interval[0]:.1f}–{100 * r.interval[1]:.1f} %"),
        ("mean filled", lambda r: f"{r.mean_progress:.1f} of {r.progress_total} {r.progress_of}"),
        ("mean turns", lambda r: f"{r.mean_turns:.1f}"),
        ("top loss", lambda r: f"{r.reasons[0][0]} ({r.reasons[0][1]})" if r.reasons else "none"),
    ):
        rows.append((label, pick(first), pick(second)))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return "\n".join(f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c}".rstrip() for a, b, c in rows)


def _with_progress(work, total: int, quiet: bool):
    if quiet or total < 2000:
        return work(None)
    # lazy: -90 ms on pnp setup and pnp check (docs/decisions.md "Plumbing only where it pays")
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("playing", total=total)
        return work(lambda done: bar.update(task, completed=done))


__all__ = ["check", "setup", "simulate", "sweep"]
