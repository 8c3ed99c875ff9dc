"""Commands of the rules engine: setup, check and simulate."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Annotated

import typer

from pnp.cli.common import Force, Jobs, Lang, note, parse_seed, reports_errors, reports_errors_reading, with_lang
from pnp.cli.completion import game_argument
from pnp.core.errors import UsageError, cut
from pnp.core.outfolder import check_out_folder
from pnp.core.owned import owner, write_owned
from pnp.pipeline.load import load_game

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


@app.command()
@reports_errors
def setup(
    game: Annotated[str, game_argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", "-s", parser=parse_seed, metavar="<int>", help="Shuffle seed: the same seed deals the same table."
        ),
    ] = 1,
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder; files go to OUT/GAME/setup/.")] = Path(
        "output"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print the state JSON on stdout.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors (and --json output).")] = False,
    lang: Lang = None,
    force: Force = False,
) -> None:
    """Deal a setup by the rules, check it, and write the state (JSON) and a setup sheet (SVG + PDF).

    Example: pnp setup tranquility --players 3 --seed 7
    """
    # start-up: +370 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.outputs import setup_name
    from pnp.setupsheet.outputs import setup_outputs

    check_out_folder(out, [game])
    resolved = with_lang(load_game(game, modules=modules), lang)
    files = setup_outputs(resolved, players, seed)
    say = lambda message: note(message, quiet)
    write_owned(out, {owner("setup", resolved.id, setup_name(resolved, players, seed)): files}, force=force, say=say)
    state_file = next(rel for rel in files if rel.endswith(".json"))
    if as_json:
        typer.echo(files[state_file].decode("utf-8"), nl=False)
    elif not quiet:
        report = next(data for rel, data in files.items() if rel.endswith(".check.txt")).decode("utf-8")
        typer.echo(report.splitlines()[0])
        typer.echo(report.splitlines()[1].rstrip(":"))
    for rel in sorted(files):
        note(f"wrote {out / rel}", quiet)


@app.command()
@reports_errors_reading
def check(
    state_file: Annotated[
        Path, typer.Argument(help="A state JSON file (from pnp setup, or edited).", metavar="STATE.json")
    ],
    game: Annotated[
        str | None,
        typer.Option(
            "--game", help="Check against this game, variant or spec file instead of the one the state names."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only violations.")] = False,
) -> None:
    """Check a setup or mid-game state against the rules; exit 1 when any rule is broken.

    Example: pnp check output/tranquility/setup/setup-3p-seed1.json
    """
    # start-up: +386 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules import check_state
    from pnp.rules.outputs import check_report, dumps_check
    from pnp.rules.state.model import read_state_source
    from pnp.rules.state.reader import parse_state

    source = read_state_source(_state_path(state_file))
    state = parse_state(source)
    resolved = _state_game(source, state, game)
    violations = check_state(resolved, state)
    summary = f"{len(violations)} violation(s) of {len({v.rule for v in violations})} rule(s) in {state_file}"
    if as_json:
        typer.echo(dumps_check(resolved, state, violations), nl=False)
        if violations:
            note(summary)
    elif violations:
        for v in violations:
            typer.echo(str(v))
        typer.echo(summary)
    elif not quiet:
        typer.echo(check_report(resolved, state, violations).splitlines()[1].rstrip(":") + f" in {state_file}")
    if violations:
        raise typer.Exit(1)


def _state_path(state_file: Path) -> Path:
    """A state file named on the command line that is not there is a usage error (exit 2), as for specs."""
    if state_file.is_dir():
        raise UsageError(f"{state_file}: is a folder, not a state file")
    if not state_file.exists():
        raise UsageError(f"{state_file}: state file not found")
    return state_file


def _state_game(source, state, game: str | None):
    """The game a state names (`named_game`: a name, never a path; its problems are the state file's,
    at their line and path), or the one --game names."""
    from pnp.pipeline.replay import game_for, named_game  # here: start-up (it imports the rules; only check calls this)

    if game is not None:
        return game_for(source, [], state.engine, game, state.modules, "state")
    return named_game(source, [], state.game, state.modules, "state")


@app.command()
@reports_errors
def simulate(
    game: Annotated[str, game_argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games to play.")] = 1000,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            "-s",
            parser=parse_seed,
            metavar="<int>",
            help="Seed of the run: the same seed plays the same games.",
        ),
    ] = 1,
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    vs: Annotated[
        str | None,
        typer.Option(
            "--vs",
            help="Also play this game or variant (e.g. the parent), or GAME with one rule option changed "
            "(rules.KEY=VALUE, e.g. rules.first_player=fewest-cards), with the same seed; show both side by side.",
            metavar="GAME|rules.KEY=VALUE",
        ),
    ] = None,
    bot: Bot = "baseline",
    jobs: Jobs = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Play on this Dask scheduler (tcp://host:8786) instead of local cores; needs the extra '.[cluster]'.",
            metavar="ADDRESS",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            help="Also write a game record of every game into this folder (pnp replay re-checks one).",
            metavar="DIR",
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Play games with a bot and report the win rate (95 % Wilson interval), how far games got and why
    they were lost; games per second go to stderr. Warns when under 1 % of the games are won.

    Example: pnp simulate galateia --players 4 --games 5000 --seed 1 --vs tranquility --jobs 2
    """
    # start-up: +137 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules import simulate as run
    from pnp.rules.bots import check_bot
    from pnp.rules.workers import parse_scheduler, resolve_jobs

    if scheduler is not None:
        scheduler = parse_scheduler(scheduler)
    if not 1 <= games <= 10_000_000:
        raise UsageError(f"--games must be between 1 and 10000000, not {games}")
    check_bot(bot)
    workers = resolve_jobs(jobs)
    if log is not None and games > 10_000:
        raise UsageError(f"--log writes one file per game: at most 10000 games, not {games}")
    if log is not None:
        check_out_folder(log, [game], "--log")
    resolved = [load_game(game, modules=modules)]
    labels = [resolved[0].id]
    if vs:
        resolved.append(_vs_game(resolved[0], vs, modules))
        labels.append(f"{resolved[0].id}, {vs}" if resolved[1].id == resolved[0].id else resolved[1].id)
    started = time.perf_counter()
    reports = [
        _with_progress(
            lambda tick, g=g: run(g, players, games, seed, progress=tick, bot=bot, jobs=workers, scheduler=scheduler),
            games,
            quiet,
        )
        for g in resolved
    ]
    seconds = time.perf_counter() - started
    where = f"on the Dask scheduler {scheduler}" if scheduler else f"on {workers} worker(s)"
    note(
        f"played {games * len(reports)} games in {seconds:.2f} s: {games * len(reports) / seconds:,.0f} games/s "
        f"{where}",
        quiet,
    )
    for r, label in zip(reports, labels):
        if r.win_rate < HARD:
            note(_hard_warning(r, label))
    if as_json:
        data = [r.to_data() for r in reports]
        typer.echo(json.dumps(data[0] if not vs else {"game": data[0], "vs": data[1]}, indent=2, ensure_ascii=False))
    elif vs:
        typer.echo(side_by_side(reports[0], reports[1], labels))
    else:
        typer.echo(reports[0].text())
    if log is not None:
        # start-up: +161 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
        from pnp.rules.simlog import write_logs

        say = lambda message: note(message, quiet)
        written = write_logs(resolved[0], players, games, seed, log, bot, force=force, say=say)
        note(f"wrote {len(written)} game records to {log}", quiet)


def _hard_warning(r, label: str) -> str:
    """Under 1 % won: "nearly unwinnable" when the judging (stronger) bot played; else say which bot did."""
    # start-up: +125 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.bots import JUDGE_BOT, OPEN_HANDS

    won = f"{label} with {r.players} player(s) was won in {r.wins} of {r.games} games"
    won += f" ({100 * r.win_rate:.1f} %, under 1 %)"
    if r.bot == JUDGE_BOT:
        return f"warning: {won} by the {r.bot} bot: nearly unwinnable"
    if r.bot == OPEN_HANDS:
        return f"warning: {won} by the open-hands solver, which sees every card: no strategy wins more often"
    return (
        f"warning: {won} by the {r.bot} bot; nearly unwinnable is judged by the stronger {JUDGE_BOT} bot: "
        f"run again with --bot {JUDGE_BOT}"
    )


@app.command()
@reports_errors
def sweep(
    game: Annotated[str, game_argument(metavar="GAME")],
    settings: Annotated[
        list[str],
        typer.Option(
            "--set",
            help="A spec value to vary: rules.KEY=4..7, rules.KEY=a,b or modules.MODULE.KEY=V; "
            "repeat for every combination.",
            metavar="PATH=VALUES",
        ),
    ] = [],  # noqa: B006
    players: Annotated[str, typer.Option("--players", "-p", help="Player counts: 3, 1-5 or 1,3,5.")] = "1-5",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per cell.")] = 1000,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            "-s",
            parser=parse_seed,
            metavar="<int>",
            help="Seed of the run: every cell plays the same deals.",
        ),
    ] = 1,
    modules: Annotated[str, typer.Option("--modules", help=MODULES_HELP)] = "all",
    bot: Bot = "baseline",
    jobs: Jobs = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Play on this Dask scheduler (tcp://host:8786); needs the extra '.[cluster]'. "
            "The numbers are the same as locally.",
            metavar="ADDRESS",
        ),
    ] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder; the chart goes to OUT/GAME/sweep/.")] = Path(
        "output"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, no notes.")] = False,
    force: Force = False,
) -> None:
    """Simulate a grid of variants × player counts and print win rates with 95 % Wilson intervals;
    write a chart (PNG and SVG, with the optional extra '.[chart]').

    Example: pnp sweep tranquility --set rules.hand_size=4..7 --players 1-5 --games 500 --jobs 2
    """
    # start-up: +151 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.sweep import check_grid, check_settings, parse_players, parse_setting
    from pnp.rules.sweep import sweep as run
    from pnp.rules.sweep_chart import chart_available, render_chart
    from pnp.rules.workers import parse_scheduler, resolve_jobs

    if scheduler is not None:
        scheduler = parse_scheduler(scheduler)
    if not 1 <= games <= 1_000_000:
        raise UsageError(f"--games must be between 1 and 1000000, not {games}")
    parsed, counts, workers = [parse_setting(t) for t in settings], parse_players(players), resolve_jobs(jobs)
    check_grid(parsed, counts)  # before the game is loaded: at most MAX_CELLS cells
    check_out_folder(out, [game])
    resolved = load_game(game, modules=modules)
    check_settings(resolved, parsed, counts)  # every value through the spec schema, before any variant is built
    total = games * len(counts) * max(1, _product(len(p.values) for p in parsed))
    started = time.perf_counter()
    result = _with_progress(
        lambda tick: run(resolved, parsed, counts, games, seed, bot, workers, scheduler, tick), total, quiet
    )
    note(f"played {total} games in {time.perf_counter() - started:.2f} s", quiet)
    typer.echo(json.dumps(result.to_data(), indent=2, ensure_ascii=False) if as_json else result.table())
    if not chart_available():
        note("no chart: matplotlib is missing (pip install 'tranquility-pnp[chart]')", quiet)
        return
    stem = "sweep-" + ("-".join(p.path[-1] for p in parsed) or "none") + f"-{bot}"
    charts = {f"{resolved.id}/sweep/{stem}.{fmt}": data for fmt, data in render_chart(result).items()}
    write_owned(out, {owner("sweep", resolved.id, stem): charts}, force=force, say=lambda message: note(message, quiet))
    for rel in charts:
        note(f"wrote {out / rel}", quiet)


def _product(numbers) -> int:
    out = 1
    for n in numbers:
        out *= n
    return out


def _vs_game(first, vs: str, modules: str):
    """--vs: a game or variant by name, or the first game with one spec value changed (rules.KEY=VALUE)."""
    # start-up: +147 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from pnp.rules.problems import rule_problems
    from pnp.rules.sweep import apply_setting, parse_setting

    if not re.match(r"^(rules|modules)\.[^=]+=", vs):
        return load_game(vs, modules=modules)
    setting = parse_setting(vs, "--vs")
    if len(setting.values) != 1:
        raise UsageError(f"--vs {cut(vs)}: give one value (pnp sweep compares several)")
    changed = apply_setting(first, setting.path, setting.values[0], "--vs")
    problems = rule_problems(changed)
    if problems:
        raise UsageError(f"--vs {cut(vs)}: {problems[0]}")
    return changed


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
    # start-up: +54 ms CPU (measured) only when this runs; docs/performance.md "Start-up"
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("playing", total=total)
        return work(lambda done: bar.update(task, completed=done))


__all__ = ["check", "setup", "simulate", "sweep"]
