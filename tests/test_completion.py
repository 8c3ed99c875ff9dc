"""Shell completion: typer's completion is on, and game arguments complete to game and variant names."""

from __future__ import annotations

from typer.testing import CliRunner

from pnp.cli import app


def _complete(words: str) -> list[str]:
    env = {"_PNP_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = CliRunner().invoke(app, [], env=env, prog_name="pnp")
    assert result.exit_code == 0
    return result.output.split()


def test_game_names_complete():
    assert _complete("pnp play gal") == ["galateia"]
    assert _complete("pnp build tr") == ["tranquility"]
    assert "ascent" in _complete("pnp serve a")


def test_the_completion_options_are_offered():
    help_text = CliRunner().invoke(app, ["--help"]).output
    assert "--install-completion" in help_text and "--show-completion" in help_text


def test_build_ends_by_saying_where_to_look(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["build", "galateia", "--out", "out", "--no-setup", "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == "open out/index.html"


def test_every_command_taking_a_game_completes_names_and_spec_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "card_specs" / "variants").mkdir(parents=True)
    (tmp_path / "card_specs" / "variants" / "my-sea.json").write_text("{}", encoding="utf-8")
    (tmp_path / "card_specs" / "variants" / "notes.txt").write_text("", encoding="utf-8")
    for command in ("sheets", "list", "setup", "simulate", "booklet", "render", "export png"):
        assert _complete(f"pnp {command} gal") == ["galateia"], command
    assert _complete("pnp sheets card") == ["card_specs/"]
    assert _complete("pnp sheets card_specs/variants/") == ["card_specs/variants/my-sea.json"]
