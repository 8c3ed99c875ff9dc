"""The check report of a rule-checked setup is in the game's language, like the setup sheet beside it."""

from __future__ import annotations

from pnp.pipeline.load import load_game
from pnp.rules.rulestext import with_language
from pnp.setupsheet.outputs import setup_outputs


def _report(game: str, lang: str | None) -> list[str]:
    files = setup_outputs(with_language(load_game(game), lang))
    return next(data for rel, data in files.items() if rel.endswith(".check.txt")).decode("utf-8").splitlines()


def test_an_italian_setup_has_an_italian_check_report():
    lines = _report("tranquility", "it")
    assert lines[0] == "Tranquillità (tranquility), 3 giocatori, seme 1, turno 0: in corso"
    assert lines[1] == "valgono tutte le 24 regole:"
    assert (
        "  tq-ascending: Le isole crescono strettamente in ordine di lettura: la riga in basso da sinistra a "
        "destra, poi quella sopra (con l'ordine locale, seme 000: ogni isola sopra le vicine a sinistra e "
        "sotto, sotto quelle a destra e sopra)." in lines
    )


def test_the_english_check_report_reads_as_before():
    lines = _report("ascent", None)
    assert lines[:2] == ["Tranquility: The Ascent (ascent), 3 players, seed 1, turn 0: playing", "all 32 rules hold:"]
    assert "  as-bridge-end: A bridge never stands at either end of a row." in lines
