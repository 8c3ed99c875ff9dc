"""`pnp build`: every output of the chosen games, computed in memory first, then written atomically.

Nothing is written until everything for a game has been computed, each file is replaced atomically
(and only when its bytes changed), and files a previous build of the same game wrote that are no
longer produced are removed last, using that build's manifest (see owned.py: a build never removes
what another command wrote).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import cast

from pnp.core.errors import PnpError
from pnp.core.i18n import language_suffix
from pnp.core.output import temporary_name
from pnp.core.owned import owner, prune_empty_dirs, remove_stray_temporaries, write_owned
from pnp.game.listing import deck_listing
from pnp.game.model import Face, Game

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

    game_id: str
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
    progress: Callable[[str], None] | None = None,
    language: str | None = None,
) -> BuildReport:
    """Build each game (skipping those whose inputs and outputs are unchanged since the last build,
    and re-rendering only the faces whose inputs changed), then write everything atomically.
    Games are checked here first, so a bad spec stops the build before anything is drawn; then
    they are drawn, on two cores when there are several."""
    from pnp.pipeline.cache import input_key, is_fresh, read_record, write_record

    options = (
        repr((sheets, setup, modules)) + (f" ink={ink}" if ink else "") + (f" lang={language}" if language else "")
    )
    pending: list[tuple] = []
    skipped: list[str] = []
    for name in names:
        known = input_key(name, options, language)
        if known and is_fresh(out, read_record(out, known[0]), known[1]):
            skipped.append(known[0])
            _say(progress, f"{known[0]}: unchanged")
            continue
        from pnp.game.rulestext import with_language
        from pnp.pipeline.load import load_game  # validation and drawing are imported only when something changed

        game = with_language(load_game(name, modules=modules), language)  # --lang over the spec's language
        pending.append((replace(game, ink=ink) if ink else game, known[1] if known else None, out, sheets, setup))
    builds = _draw_all(pending)
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
    from pnp.pipeline.cache import record_path
    from pnp.pipeline.gallery import gallery_outputs

    owned = {owner("build", b.game_id): b.outputs for b in builds}
    try:
        owned[owner("gallery")] = gallery_outputs(out, outputs)
        report = write_owned(out, owned, staged=staged, extra_files=[record_path(out, b.game_id) for b in builds])
    except BaseException:  # stopped before the staged files were all in place: remove the rest
        for tmp in staged.values():
            if tmp is not None:
                tmp.unlink(missing_ok=True)
        raise
    for build in builds:
        write_record(
            out, build.game_id, build.input, build.face_keys, {rel: report.digests[rel] for rel in build.outputs}
        )
    return BuildReport(report.written, report.unchanged, report.removed, tuple(skipped), report.kept)


_PENDING: list[tuple] = []  # what forked workers draw (inherited, not pickled: a Game holds mappingproxies)


def _draw_all(pending: list[tuple]) -> list[GameBuild]:
    """Draw each pending game; on two cores when there is more than one and fork is available."""
    global _PENDING
    if len(pending) < 2 or (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [_draw_game(*job) for job in pending]
    _PENDING = pending
    _load_drawing_code(any(job[4] for job in pending))
    try:
        with multiprocessing.get_context("fork").Pool(min(2, len(pending))) as pool:
            results = pool.map(_draw_pending, range(len(pending)))
    finally:
        _PENDING = []
    for result in results:
        if isinstance(result, tuple):  # (exit code, message) of a PnpError in a worker
            error = PnpError(result[1])
            error.exit_code = result[0]
            raise error
    return cast(list[GameBuild], results)  # every (exit code, message) raised above


def _load_drawing_code(setup: bool) -> None:
    """Import what drawing uses (reportlab, the PDF and rules code; its fonts) once, here, so the
    forked workers inherit it instead of each importing it again (~0.1 s a worker)."""
    from pnp.pdf.form import register_label_fonts
    from pnp.sheets import impose  # noqa: F401

    register_label_fonts()
    if setup:
        from pnp.rules import outputs  # noqa: F401


def _draw_pending(index: int) -> GameBuild | tuple[int, str]:
    try:
        return _draw_game(*_PENDING[index])
    except PnpError as exc:
        return (exc.exit_code, str(exc))


def _draw_game(game: Game, input_key: str | None, out: Path, sheets: tuple, setup: bool) -> GameBuild:
    from pnp.pipeline.cache import cached_faces, face_keys, read_record
    from pnp.svg.faces import render_faces

    started = time.perf_counter()
    keys = face_keys(game)
    reused = cached_faces(out, game, read_record(out, output_set(game)), keys)
    warnings: list[str] = []
    faces = render_faces(game, reused)
    stager = _SvgStager.start(out, face_outputs(game, faces)) if len(sheets) <= 1 else None
    try:
        made = game_outputs(game, faces, sheets, setup, warnings.append)
        staged = stager.staged() if stager else {}
    except BaseException:
        if stager:
            stager.discard()
        raise
    return GameBuild(
        output_set(game),
        input_key,
        keys,
        made,
        len(keys) - len(reused),
        tuple(warnings),
        time.perf_counter() - started,
        staged,
    )


class _SvgStager:
    """A big game's SVG files written to their temporary names on the other core while the sheets
    are drawn; write_owned renames them into place with everything else. Creating files is
    kernel work (~0.1–0.25 ms a file here), so 5,000 faces no longer wait for the sheets. Only with
    one paper: with two, both cores draw sheets, and a third process took the memory of a
    5,000-card build over 300 MB (measured: 307 MB)."""

    MIN_FILES = 200  # fewer are written at the end: forking would cost more than it saves

    def __init__(self, out: Path, files: dict[Path, bytes | str]):
        from pnp.core.output import stage_files
        from pnp.core.parallel import Background

        self.out, self.files = out, files
        self.child = Background(partial(stage_files, files))

    @classmethod
    def start(cls, out: Path, outputs: Outputs) -> _SvgStager | None:
        from pnp.core.parallel import may_fork

        if len(outputs) < cls.MIN_FILES or not may_fork():
            return None
        remove_stray_temporaries([out / rel for rel in outputs])  # before ours exist: the removal at writing keeps ours
        try:
            return cls(out, {out / rel: data for rel, data in outputs.items()})
        except OSError:  # no process to be had: the files are written at the end as usual
            return None

    def staged(self) -> dict:
        return self.child.result()

    def discard(self) -> None:
        """The build failed: stop waiting and remove whatever the child staged."""
        self.child.cancel()
        try:
            for path in self.files:
                temporary_name(path, self.child.pid).unlink(missing_ok=True)
            for folder in sorted({path.parent for path in self.files}):
                prune_empty_dirs(self.out, folder)  # folders made only for the staged files
        except OSError:
            pass  # best effort: the error that stopped the build is the one to report


def _say(progress: Callable[[str], None] | None, message: str) -> None:
    if progress:
        progress(message)


def game_outputs(
    game: Game, faces: tuple[Face, ...], sheets: tuple, setup: bool = True, warn: Callable[[str], None] | None = None
) -> Outputs:
    """Everything `pnp build` makes for one game, in memory: faces, deck, sheets, rules booklet, sample setup."""
    from pnp.booklet import booklet_outputs
    from pnp.sheets.impose import sheet_outputs

    outputs = {
        **face_outputs(game, faces),
        **deck_output(game),
        **sheet_outputs(game, faces, sheets, warn),
        **booklet_outputs(game, faces),
    }
    if setup:
        from pnp.rules.outputs import setup_outputs

        outputs.update(setup_outputs(game))
    return outputs


def output_set(game: Game) -> str:
    """The name of a game's outputs in its language: "tranquility", "tranquility-it" (its build
    record and owner), so a build in one language never removes or overwrites another's files."""
    return game.id + language_suffix(game.language)


def svg_folder(game: Game) -> str:
    """<game>/svg (English) or <game>/svg-it: where the game's SVG faces go."""
    return f"{game.id}/svg{language_suffix(game.language)}"


def face_outputs(game: Game, faces: tuple[Face, ...]) -> Outputs:
    """One SVG per distinct face, under <game>/svg/ (svg-LANG/ in another language; the faces' own
    strings, not copies: a 5,000-card deck's SVG text is held once)."""
    folder = svg_folder(game)
    return {f"{folder}/{face.id}.svg": face.svg for face in faces}


def deck_output(game: Game) -> Outputs:
    text = json.dumps(deck_listing(game), indent=2, ensure_ascii=False) + "\n"
    return {f"{game.id}/deck{language_suffix(game.language)}.json": text.encode("utf-8")}
