"""Whether a Tranquility game or variant can be played at all (pnp/rules/problems.py asks through the
engine): what makes it impossible to set up or to win, and player counts that can never win."""

from __future__ import annotations

from collections import Counter

from pnp.game.model import Game
from pnp.game.params import HANDS, ONE_PER_PLAYER, START_DISCARD_FROM, physical_pieces
from pnp.rules.tranquility.params import TranquilityRules


def problems(game: Game, r: TranquilityRules, kinds: Counter) -> list[str]:
    return _tranquility(game, r, kinds)


def warnings(game: Game, r: TranquilityRules) -> list[str]:
    return _start_warnings(game, r) if r.start_discard else []


def _tranquility(game: Game, r: TranquilityRules, kinds: Counter) -> list[str]:
    out = []
    if game.modules:
        out.append("the tranquility rules have no modules")
    if r.start_discard_from not in START_DISCARD_FROM:
        out.append(f"start_discard_from {r.start_discard_from!r} is not one of: {', '.join(START_DISCARD_FROM)}")
    numbers = {p.number for p in physical_pieces(game) if p.kind == "island" and p.number is not None}
    usable = min(len(numbers), kinds["island"] - r.remove_islands)
    if usable < r.cells:
        out.append(
            f"a {r.rows}×{r.cols} grid needs {r.cells} islands with different numbers, but only {usable} "
            f"can be in play ({len(numbers)} different numbers, {kinds['island']} islands, "
            f"{r.remove_islands} removed at setup)"
        )
    if r.remove_islands > kinds["island"]:
        out.append(f"remove_islands ({r.remove_islands}) is more than the {kinds['island']} island cards")
    if kinds["border"] < r.frame:
        out.append(
            f"the frame of a {r.rows}×{r.cols} grid needs {r.frame} border cards, but there are {kinds['border']}"
        )
    if kinds["start"] < r.max_players:
        out.append(f"each of up to {r.max_players} players needs a start card, but there are {kinds['start']}")
    if kinds["finish"] < 1:
        out.append("without a finish card the game can never be won")
    return out


def _start_warnings(game: Game, r: TranquilityRules) -> list[str]:
    """Player counts whose start discard leaves no win. Every card of a won game is a different card: the
    grid's islands, the cards paid for placing them, the start card, a finish card and the start discard
    must all be among the cards dealt (the islands in play, the finish cards in play, one start card per
    player). Islands have different numbers, so by the published cost an island placed beside a filled
    cell costs at least 1, and at most half the cells (every other one) are filled with no filled
    neighbour: at least ⌊cells / 2⌋ cards are paid (by the gap cost, none need be). Under `hands` the
    hands also hold at most players × hand − 1 cards when the start card goes down."""
    kinds = Counter(p.kind for p in physical_pieces(game))
    islands = kinds["island"] - r.remove_islands
    paid = 0 if r.cost == "gap" else r.cells // 2
    out = []
    for players in range(r.min_players, r.max_players + 1):
        finishes = min(kinds["finish"], players) if r.finish_cards == ONE_PER_PLAYER else kinds["finish"]
        dealt = islands + finishes + players
        if r.start_discard > dealt - r.cells - paid - 2:
            out.append(
                f"with {players} player(s) a win needs {r.cells} islands in the grid, at least {paid} cards paid "
                f"for placing them, the start card, a finish card and the start discard of {r.start_discard}: "
                f"{r.cells + paid + 2 + r.start_discard} different cards, but only {dealt} are dealt ({islands} "
                f"islands, {finishes} finish cards, {players} start cards): such a game is always lost"
            )
        elif r.start_discard_from == HANDS and players * r.hand_size - 1 < r.start_discard:
            out.append(
                f"with {players} player(s) the hands hold at most {players * r.hand_size - 1} cards when the start "
                f"card is played ({players} × {r.hand_size} − the start card), fewer than the start discard of "
                f"{r.start_discard}: such a game is always lost"
            )
    return out
