"""`pnp build`: what it writes, that a rebuild is byte-identical, and that bad input loses nothing."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

ROOT = Path(__file__).parent.parent
runner = CliRunner()


def snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One build of the base game into an empty folder outside the repository."""
    work = tmp_path_factory.mktemp("work")
    result = runner.invoke(app, ["build", "tranquility", "--out", str(work / "output"), "--quiet"])
    assert result.exit_code == 0, result.stderr
    return work / "output"


def test_build_writes_faces_sheets_setup_and_listing(built):
    game = built / "tranquility"
    assert len(list((game / "svg").glob("*.svg"))) == 88  # 80 islands, start, finish, border, 2 references, 3 backs
    assert (game / "svg" / "island-01.svg").is_file() and (game / "svg" / "back-back.svg").is_file()
    assert sorted(p.name for p in (game / "sheets").iterdir()) == ["tranquility-a4.pdf", "tranquility-letter.pdf"]
    assert (game / "deck.json").is_file()
    assert {p.suffix for p in (game / "setup").iterdir()} >= {".json", ".svg", ".pdf", ".txt"}
    assert not list(built.rglob(".*.tmp"))


def test_rebuild_is_byte_identical_and_writes_nothing(built, tmp_path):
    before = snapshot(built)
    result = runner.invoke(app, ["build", "tranquility", "--out", str(built)])
    assert result.exit_code == 0, result.stderr
    assert snapshot(built) == before
    assert "0 written" in result.stderr


def test_bad_spec_exits_1_and_leaves_the_last_good_output(built, tmp_path, monkeypatch):
    out = tmp_path / "output"
    shutil.copytree(built, out)
    before = snapshot(out)
    (tmp_path / "card_specs").mkdir()
    (tmp_path / "card_specs" / "tranquility.json").write_text('{"id": "tranquility", "title": 5}', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "tranquility", "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith("card_specs/tranquility.json:1:")
    assert (
        result.stderr.splitlines()[-1] == f"{len(result.stderr.splitlines()) - 1} problems found; nothing was written"
    )
    assert "Traceback" not in result.output
    assert snapshot(out) == before


def test_files_a_build_no_longer_makes_are_removed(built, tmp_path):
    out = tmp_path / "output"
    shutil.copytree(built, out)
    stale = out / "tranquility" / "svg" / "island-81.svg"
    stale.write_text("<svg/>", encoding="utf-8")  # as an earlier build with 81 islands wrote it
    manifest = out / ".pnp-manifests" / "build.tranquility.json"
    listed = json.loads(manifest.read_text(encoding="utf-8"))
    listed["files"]["tranquility/svg/island-81.svg"] = hashlib.sha256(b"<svg/>").hexdigest()
    manifest.write_text(json.dumps(listed), encoding="utf-8")
    mine = out / "notes.txt"
    mine.write_text("my own file", encoding="utf-8")
    result = runner.invoke(app, ["build", "tranquility", "--out", str(out), "--no-setup"])
    assert result.exit_code == 0, result.stderr
    assert not stale.exists()
    assert mine.read_text(encoding="utf-8") == "my own file"  # never touch what the build did not make


def test_build_from_another_folder_uses_the_bundled_games(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["render", "ascent", "--quiet"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "ascent" / "svg" / "back-back.svg").is_file()


def test_unknown_game_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["build", "tranquilty", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game or variant 'tranquilty'; did you mean 'tranquility'? (known: ")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    "games", [["tranquility", "ascent"], ["tranquility", "--paper", "letter"]], ids=["two-games", "one-game"]
)
def test_any_number_of_jobs_gives_the_same_bytes(tmp_path, games):
    """Every output file (the cache records and manifests included) byte for byte, with --jobs 1
    (no pool), 2 and 3, for several games (a game a task) and one (its papers, booklet and setup
    as tasks)."""
    args = ["build", *games, "--paper", "a4", "--quiet"]
    made = {}
    for jobs in ("1", "2", "3"):
        result = runner.invoke(app, args + ["--out", str(tmp_path / jobs), "--jobs", jobs])
        assert result.exit_code == 0, result.output
        made[jobs] = snapshot(tmp_path / jobs)
    assert made["1"] == made["2"] == made["3"] and len(made["1"]) > 90


def test_svg_files_staged_on_the_other_core_are_the_same_build(tmp_path, monkeypatch):
    """A big game's SVG files are written early by a pool worker and renamed into place at the
    end: the same files and bytes as writing them at the end, no temporary file left, and a second
    build finds them unchanged."""
    import pnp.pipeline.build
    from pnp.core import pool

    started = []
    real_init = pnp.pipeline.build._SvgStager.__init__
    monkeypatch.setattr(
        pnp.pipeline.build._SvgStager, "__init__", lambda self, *a: started.append(1) or real_init(self, *a)
    )
    args = ["build", "tranquility", "--paper", "a4"]
    monkeypatch.setattr(pnp.pipeline.build._SvgStager, "MIN_FILES", 10)
    staged = runner.invoke(app, args + ["--out", str(tmp_path / "staged")])
    assert staged.exit_code == 0, staged.stderr
    assert started or pool.workers(None, 2) < 2  # staged, wherever this machine has a pool
    monkeypatch.setattr(pnp.pipeline.build._SvgStager, "MIN_FILES", 10**9)
    assert runner.invoke(app, args + ["--out", str(tmp_path / "plain")]).exit_code == 0
    out = tmp_path / "staged"
    assert snapshot(out) == snapshot(tmp_path / "plain") and not list(out.rglob(".*.tmp"))
    monkeypatch.setattr(pnp.pipeline.build._SvgStager, "MIN_FILES", 10)
    shutil.rmtree(out / ".pnp-cache")  # so the game is drawn (and staged) again, not skipped
    again = runner.invoke(app, args + ["--out", str(out)])
    assert again.exit_code == 0 and "\n0 written, " in again.stderr, again.stderr
    assert snapshot(out) == snapshot(tmp_path / "plain") and not list(out.rglob(".*.tmp"))


def test_a_build_failing_after_staging_began_leaves_nothing(tmp_path, monkeypatch):
    import pnp.pipeline.build
    import pnp.sheets.impose
    from pnp.core.errors import PnpError

    def fail(*args, **kwargs):
        raise PnpError("the sheets could not be drawn")

    monkeypatch.setattr(pnp.pipeline.build._SvgStager, "MIN_FILES", 10)
    monkeypatch.setattr(pnp.sheets.impose, "paper_outputs", fail)
    out = tmp_path / "output"
    result = runner.invoke(app, ["build", "tranquility", "--paper", "a4", "--out", str(out), "--quiet"])
    assert (result.exit_code, result.stderr) == (1, "error: the sheets could not be drawn\n")
    assert not out.exists() or not any(out.rglob("*"))


def test_no_booklet_skips_the_booklets_and_a_later_build_makes_them_again(tmp_path):
    out = tmp_path / "output"
    args = ["build", "tranquility", "--out", str(out), "--no-setup", "--paper", "a4", "--quiet"]
    result = runner.invoke(app, [*args, "--no-booklet"])
    assert result.exit_code == 0, result.stderr
    game = out / "tranquility"
    assert (game / "sheets" / "tranquility-a4.pdf").is_file()
    assert not list(game.glob("rules-*.pdf"))
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in game.glob("rules-*.pdf")) == [
        "rules-a4.pdf",
        "rules-booklet-a4.pdf",
        "rules-booklet-letter.pdf",
        "rules-letter.pdf",
    ]


# --- the code key: what makes every face be drawn again after pnp itself changed ------------------


@pytest.fixture
def package_in_site_packages(tmp_path, monkeypatch):
    """A package folder `pnp` in a site-packages folder, the code key computed afresh for it."""
    from pnp.pipeline import cache

    package = tmp_path / "site-packages" / "pnp"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(cache, "PACKAGE_DIR", package)
    cache.code_key.cache_clear()
    yield package
    cache.code_key.cache_clear()


def _code_key() -> str:
    from pnp.pipeline import cache

    cache.code_key.cache_clear()
    return cache.code_key()


def test_an_installed_package_is_keyed_by_the_record_pip_wrote(package_in_site_packages):
    from pnp.pipeline.cache import DIST_INFO

    record = package_in_site_packages.parent / DIST_INFO / "RECORD"
    record.parent.mkdir()
    record.write_text("pnp/__init__.py,sha256=one,6\n", encoding="utf-8")
    first = _code_key()
    (package_in_site_packages / "__init__.py").write_text("x = 2\n", encoding="utf-8")
    assert _code_key() == first  # installed, the files are not read: pip writes a new RECORD when it installs
    record.write_text("pnp/__init__.py,sha256=two,6\n", encoding="utf-8")
    assert _code_key() != first


def test_a_checkout_is_keyed_by_its_files(package_in_site_packages):
    from pnp.pipeline.cache import DIST_INFO

    record = package_in_site_packages.parent / DIST_INFO / "RECORD"
    record.parent.mkdir()
    record.write_text("other/__init__.py,sha256=one,6\n", encoding="utf-8")  # not this package's files
    first = _code_key()
    (package_in_site_packages / "__init__.py").write_text("x = 2\n", encoding="utf-8")
    assert _code_key() != first
    record.unlink()
    assert _code_key() == _code_key() != first


def _faces_drawn(result) -> str:
    return next(line for line in result.stderr.splitlines() if "faces drawn" in line).split(" files, ")[1]


def test_a_second_build_draws_only_the_faces_whose_inputs_changed(tmp_path, monkeypatch):
    """A first build has no faces to reuse (it works out their keys while the workers draw); the
    next build with other options reuses every face, and one with an island more draws only that
    island; each records the same key for a face whichever way it was worked out."""
    monkeypatch.chdir(tmp_path)
    variants = tmp_path / "card_specs" / "variants"
    variants.mkdir(parents=True)
    spec = {"id": "isles", "extends": "tranquility", "title": "Isles"}
    (variants / "isles.json").write_text(json.dumps(spec), encoding="utf-8")
    args = ["build", "isles", "--out", "out", "--no-setup", "--no-booklet"]
    first = runner.invoke(app, [*args, "--paper", "a4"])
    assert first.exit_code == 0, first.stderr
    assert _faces_drawn(first).startswith("88 of 88 faces drawn")
    record = json.loads(Path("out/.pnp-cache/isles.json").read_text(encoding="utf-8"))["faces"]
    second = runner.invoke(app, [*args, "--paper", "letter"])
    assert second.exit_code == 0, second.stderr
    assert _faces_drawn(second).startswith("0 of 88 faces drawn")
    assert json.loads(Path("out/.pnp-cache/isles.json").read_text(encoding="utf-8"))["faces"] == record
    spec["kinds"] = [{"id": "island", "each": {"number": {"from": 1, "to": 81}}}]  # one island more
    (variants / "isles.json").write_text(json.dumps(spec), encoding="utf-8")
    third = runner.invoke(app, [*args, "--paper", "letter"])
    assert third.exit_code == 0, third.stderr
    assert _faces_drawn(third).startswith("1 of 89 faces drawn")
