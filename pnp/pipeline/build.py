"""`pnp build`: every output of the chosen games, computed in memory first, then written atomically.

Nothing is written until everything for a game has been computed, each file is replaced atomically
(and only when its bytes changed), and files a previous build of the same game and options wrote
that are no longer produced are removed last, using that build's manifest (see owned.py: a build
never removes what another command wrote, nor replaces a file pnp did not write). Every option
that changes the files' bytes is in their names: the faces of another ink or module set go to
their own folder (svg-ink-saver/, svg-no-modules/), so the gallery shows the default faces, and
builds with other options are other owners, so neither removes the other's files. The gallery
is computed and everything written while the output folder's lock is held (outlock.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import cast

from pnp.core import pool
from pnp.core.i18n import language_suffix
from pnp.core.outlock import holding
from pnp.core.output import stage_files
from pnp.core.owned import (
    owner,
    prune_empty_dirs,
    read_manifest,
    remove_strays_inside,
    write_owned,
)
from pnp.game.listing import deck_listing
from pnp.game.model import Face, Game
from pnp.pipeline.cache import cached_faces, face_keys, input_key, is_fresh, read_record, record_path, write_record
from pnp.pipeline.load import load_game
from pnp.sheets.names import output_set as sheet_set
from pnp.sheets.names import variant_parts

Outputs = dict[str, "bytes | str"]  # path relative to the output root → contents (str: UTF-8 text)


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote: files changed, unchanged and removed, relative to the output root."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]
    skipped: tuple[str, ...] = ()  # games whose inputs and outputs were unchanged
    kept: tuple[str, ...] = ()  # files no longer made but edited since they were written: left alone


@dataclass(frozen=True)
class GameBuild:
    """One game's outputs and what the next build needs to know about them (picklable)."""

    game_id: str  # its output set: the name of its build record (output_set)
    owner: str  # who writes its files (build_owner)
    input: str | None
    face_keys: dict[str, str]
    outputs: Outputs
    drawn: int
    warnings: tuple[str, ...]
    seconds: float
    staged: dict = field(default_factory=dict)  # output path → staged temporary file (see output.stage_files)


def build_games(
    names: list[str],
    out: Path,
    sheets: tuple,
    setup: bool = True,
    modules: str = "all",
    ink: str | None = None,
    warn: Callable[[str], None] | None = None,
    booklet: bool = True,
    progress: Callable[[str], None] | None = None,
    language: str | None = None,
    jobs: int | None = None,
    force: bool = False,
) -> BuildReport:
    """Build each game (skipping those whose inputs and outputs are unchanged since the last build,
    and re-rendering only the faces whose inputs changed), then write everything atomically: a
    file in the way that pnp did not write stops it before it writes anything, unless `force`
    (pnp/core/owned.py). Games are checked here first, so a bad spec stops the build before anything is drawn; then
    they are drawn on `jobs` worker processes (None: every core; see `_draw_all`)."""
    options = (
        repr((sheets, setup, modules))
        + (f" ink={ink}" if ink else "")
        + (f" lang={language}" if language else "")
        + ("" if booklet else " no-booklet")
    )
    pending: list[_Pending] = []
    skipped: list[str] = []
    for name in names:
        known = input_key(name, options, language)
        if known and is_fresh(out, read_record(out, known[0]), known[1]):
            skipped.append(known[0])
            _say(progress, f"{known[0]}: unchanged")
            continue
        # lazy: -20 ms on pnp build --help and a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
        from pnp.rules.rulestext import with_language

        game = with_language(load_game(name, modules=modules), language)  # --lang over the spec's language
        pending.append(
            _Pending(replace(game, ink=ink) if ink else game, known[1] if known else None, out, sheets, setup, booklet)
        )
    builds = _draw_all(pending, jobs)
    outputs: Outputs = {}
    staged: dict = {}
    for build in builds:
        for message in build.warnings:
            _say(warn, message)
        outputs.update(build.outputs)
        staged.update(build.staged)
        _say(
            progress,
            f"{build.game_id}: {len(build.outputs)} files, {build.drawn} of {len(build.face_keys)} "
            f"faces drawn ({build.seconds:.2f} s)",
        )
    # lazy: -48 ms on pnp build --help and pnp render (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.gallery import gallery_outputs

    owned = {b.owner: b.outputs for b in builds}
    try:
        tell = _teller(warn, progress)
        with holding(out, tell):  # the gallery sees every game written before, and no file is half-listed
            leaving = {rel for name in owned for rel in read_manifest(out, name)} - set(outputs)
            owned[owner("gallery")] = gallery_outputs(out, outputs, leaving)
            report = write_owned(
                out,
                owned,
                staged=staged,
                extra_files=[record_path(out, b.game_id) for b in builds],
                force=force,
                say=tell,
            )
            for build in builds:
                write_record(
                    out,
                    build.game_id,
                    build.input,
                    build.face_keys,
                    {rel: report.digests[rel] for rel in build.outputs},
                )
    except BaseException:  # stopped before the staged files were all in place: remove the rest
        for tmp in staged.values():
            if tmp is not None:
                tmp.unlink(missing_ok=True)
        raise
    return BuildReport(report.written, report.unchanged, report.removed, tuple(skipped), report.kept)


@dataclass(frozen=True)
class _Pending:
    """A game to draw, and what its build was asked for."""

    game: Game
    input: str | None  # its inputs' key (None: not cacheable)
    out: Path
    sheets: tuple
    setup: bool
    booklet: bool = True


def _draw_all(pending: list[_Pending], jobs: int | None) -> list[GameBuild]:
    """Draw the pending games on the pool (pnp.core.pool). Several small games: a game a task,
    each drawn whole in its worker (its faces, sheets and booklet share that worker's caches).
    Otherwise one game after another, each spread over the workers (`_draw_game`). What the tasks
    are depends on the games, never on the number of workers, so neither do the outputs, the
    warnings, nor which error is reported."""
    if not pending:  # nothing changed (the no-op build): load no drawing code
        return []
    # lazy: -0.4 s on a no-op pnp build, which draws nothing (docs/decisions.md "Plumbing only where it pays")
    from pnp.svg.faces import PARALLEL_FACES

    setup = any(p.setup for p in pending)
    if len(pending) >= 2 and all(len(p.game.cards) < PARALLEL_FACES for p in pending):
        _load_drawing_code(setup, any(p.booklet for p in pending))  # before the games' workers fork: each inherits it
        return pool.run([partial(_draw_game, p, jobs) for p in pending], jobs)
    return [_draw_game(p, jobs) for p in pending]


def _draw_game(p: _Pending, jobs: int | None) -> GameBuild:
    """One game in two rounds on the pool: its faces (a big game's in parts), then a task for each
    paper's sheets, the rules booklet and the sample setup, and one staging a big game's SVG files
    meanwhile. In a worker of `_draw_all`'s pool, both rounds run in that worker."""
    # lazy: -261 ms on a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pdf import picturecache
    from pnp.pdf.paint import keep_prepared, prepare_faces
    from pnp.svg.faces import After, render_faces

    started = time.perf_counter()
    record = read_record(p.out, output_set(p.game))
    # the faces' keys say which faces the last build drew can be reused; a first build has none to
    # reuse, and works them out (~7 ms at 500 cards) while the workers draw, for its record
    keys = face_keys(p.game) if record.get("faces") else {}
    reused = cached_faces(p.out, p.game, record, keys, svg_folder(p.game))

    def meanwhile() -> None:
        # the code of the sheets, booklet and setup is imported while the workers draw the faces, and
        # each worker walks its faces for the PDF painter: the sheets' workers, forked later, inherit them
        _load_drawing_code(p.setup, p.booklet)
        if not keys:
            keys.update(face_keys(p.game))

    dpis = tuple(sorted({spec.image_dpi for spec in p.sheets}))  # the pictures made where the faces are drawn
    painted = After(partial(prepare_faces, dpis=dpis), keep_prepared) if p.sheets else None
    faces = render_faces(p.game, reused, jobs, meanwhile=meanwhile, after=painted)
    svg = face_outputs(p.game, faces)
    tasks = game_parts(p.game, faces, p.sheets, p.setup, p.booklet)
    stager = _SvgStager.start(p.out, svg) if pool.workers(jobs, len(tasks) + 1) >= 2 else None
    try:
        done = pool.run([*tasks, stager.stage] if stager else tasks, jobs)
    except BaseException:  # the workers are gone: remove what they staged
        if stager:
            stager.discard()
        raise
    made: Outputs = {**svg, **deck_output(p.game)}
    warnings: list[str] = []
    for outputs, said in done[: len(tasks)]:
        made.update(outputs)
        warnings += said
    staged = cast(dict, done[len(tasks)]) if stager else {}
    picturecache.prune()  # the pictures made ready for the PDF, kept for the next build, stay bounded
    seconds = time.perf_counter() - started
    drawn = len(keys) - len(reused)
    said = tuple(dict.fromkeys(warnings))  # a face's short bleed is said once, not once a paper
    owner_name = build_owner(p.game, p.sheets)
    return GameBuild(output_set(p.game), owner_name, p.input, keys, made, drawn, said, seconds, staged)


def _load_drawing_code(setup: bool, booklet: bool = False) -> None:
    """Import what drawing uses (reportlab, the PDF and rules code; its fonts) once, here, so the
    forked workers inherit it instead of each importing it again (~0.1 s a worker). A big game
    does it (with the booklet's code, ~0.2 s more) while its faces are drawn in the workers."""
    # lazy: -103 ms on a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pdf.form import register_label_fonts
    from pnp.sheets import impose  # noqa: F401

    register_label_fonts()
    if setup:
        from pnp.setupsheet import outputs  # noqa: F401
    if booklet:
        # lazy: -215 ms on a build without the booklet (docs/decisions.md "Plumbing only where it pays")
        import pnp.booklet  # noqa: F401


class _SvgStager:
    """A big game's SVG files written to their temporary names by a worker while others draw the
    sheets; write_owned renames them into place with everything else. Creating files is kernel
    work (~0.1–0.25 ms a file here), so 5,000 faces need not wait for the sheets. Only when the
    pool has workers: on one core the files are written at the end."""

    MIN_FILES = 200  # fewer are written at the end: a task would cost more than it saves...
    MIN_BYTES = 16 * 1024 * 1024  # ...unless they are big: faces carrying pictures (160 photos: 282 MB)

    def __init__(self, out: Path, files: dict[Path, str | bytes]):
        self.out, self.files = out, files

    @classmethod
    def start(cls, out: Path, outputs: Outputs) -> _SvgStager | None:
        if len(outputs) < cls.MIN_FILES and sum(len(data) for data in outputs.values()) < cls.MIN_BYTES:
            return None
        # before ours exist: the removal at writing keeps ours
        remove_strays_inside(out, [out / rel for rel in outputs])
        return cls(out, {out / rel: data for rel, data in outputs.items()})

    def stage(self) -> dict:
        """The task: write the files to their temporary names (output.stage_files)."""

        return stage_files(self.files)

    def discard(self) -> None:
        """The build failed or was stopped, its workers are gone: remove whatever was staged."""
        try:
            remove_strays_inside(self.out, self.files)  # .NAME.PID.tmp of processes no longer running
            for folder in sorted({path.parent for path in self.files}):
                prune_empty_dirs(self.out, folder)  # folders made only for the staged files
        except OSError:
            pass  # best effort: the error that stopped the build is the one to report


def _say(progress: Callable[[str], None] | None, message: str) -> None:
    if progress:
        progress(message)


def _teller(warn: Callable[[str], None] | None, progress: Callable[[str], None] | None) -> Callable[[str], None]:
    """What writing says (pnp/core/owned.py): its warnings to `warn`, the rest (waiting for the
    output folder's lock) to `progress`."""

    def tell(message: str) -> None:
        if message.startswith("warning: "):
            _say(warn, message.removeprefix("warning: "))
        else:
            _say(progress, message)

    return tell


Part = tuple["Mapping[str, bytes | str]", "list[str]"]  # some of a game's outputs, and the warnings making them gave


def game_parts(
    game: Game, faces: tuple[Face, ...], sheets: tuple, setup: bool = True, booklet: bool = True
) -> list[Callable[[], Part]]:
    """The parts of a game's build that take time, each a task for the pool: each paper's sheets
    and calibration sheet, (with `booklet`) the rules booklet and (with `setup`) the rule-checked
    sample setup."""
    # lazy: -145 ms on a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
    from pnp.sheets.impose import paper_outputs

    tasks: list[Callable[[], Part]] = [partial(paper_outputs, game, faces, spec) for spec in sheets]
    if booklet:
        tasks.append(partial(_booklet, game, faces))
    if setup:
        tasks.append(partial(_setup, game))
    return tasks


def _booklet(game: Game, faces: tuple[Face, ...]) -> Part:
    # lazy: -593 ms on a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
    from pnp.booklet import booklet_outputs

    return booklet_outputs(game, faces), []


def _setup(game: Game) -> Part:
    # lazy: -385 ms on a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
    from pnp.setupsheet.outputs import setup_outputs

    return setup_outputs(game), []


def output_set(game: Game) -> str:
    """The name of a game's build record in its language: "tranquility", "tranquility-it", so a
    build in one language never reuses another's record."""
    return game.id + language_suffix(game.language)


def face_set(game: Game) -> tuple[str, ...]:
    """What names a game's faces besides its language: its ink when not normal and its modules
    when not all ('ink-saver', 'no-modules'; () for the default faces)."""
    return tuple(part for part in ("" if game.ink == "normal" else f"ink-{game.ink}", game.modules_name) if part)


def build_owner(game: Game, sheets: tuple = ()) -> str:
    """Who writes a build's files (pnp/core/owned.py): the game in its language, then every option
    that changes the files (the sheet options, ink and modules: pnp/sheets/names.py), so a build
    with other options never removes this one's files: build.tranquility, build.ascent.no-modules,
    build.tranquility.bleed3mm-ink-saver."""
    parts = variant_parts(sheets[0], game) if sheets else face_set(game)
    return owner("build", output_set(game), *([sheet_set(parts)] if parts else []))


def render_owner(game: Game) -> str:
    """Who writes `pnp render`'s faces: render.tranquility, render.tranquility.ink-saver."""
    parts = face_set(game)
    return owner("render", output_set(game), *([sheet_set(parts)] if parts else []))


def svg_folder(game: Game) -> str:
    """Where a game's SVG faces go: <game>/svg for the default faces, with the face set and the
    language when not the default: svg-it, svg-ink-saver, svg-no-modules-it."""
    return f"{game.id}/" + "-".join(("svg", *face_set(game))) + language_suffix(game.language)


def face_outputs(game: Game, faces: tuple[Face, ...]) -> Outputs:
    """One SVG per distinct face, in `svg_folder` (the faces' own strings, not copies: a
    5,000-card deck's SVG text is held once)."""
    folder = svg_folder(game)
    return {f"{folder}/{face.id}.svg": face.svg for face in faces}


def deck_output(game: Game) -> Outputs:
    """The deck listing: <game>/deck.json, with the modules and the language when not the default
    (deck-no-modules.json, deck-it.json); the ink changes no word of it."""
    text = json.dumps(deck_listing(game), indent=2, ensure_ascii=False) + "\n"
    name = "-".join(("deck", *([game.modules_name] if game.modules_name else [])))
    return {f"{game.id}/{name}{language_suffix(game.language)}.json": text.encode("utf-8")}
