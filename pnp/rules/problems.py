"""Whether a game or variant can be played at all: sentences for spec validation.

`rule_problems(game)` lists what makes a game impossible to set up or to win (validation errors);
`rule_warnings(game)` lists what makes some player counts unwinnable (worth telling, not fatal).
"""

from __future__ import annotations

import itertools
from collections import Counter

from pnp.game.model import Game
from pnp.game.params import HANDS, ONE_PER_PLAYER, RULE_OPTIONS, START_DISCARD_FROM, physical_pieces
from pnp.rules.ascent.params import MODULE_PARAMS, AscentRules
from pnp.rules.params import rule_params
from pnp.rules.tranquility.params import TranquilityRules

ASCENT_MODULES = tuple(MODULE_PARAMS)  # the modules the engine reads parameters for: every one it knows


def rule_problems(game: Game) -> list[str]:
    """Every reason the rules cannot be played with this game's pieces and parameters."""
    try:
        rules = rule_params(game)
    except (ValueError, TypeError, AttributeError) as exc:
        return [f"the rules cannot be read: {exc}"]
    kinds = Counter(p.kind for p in physical_pieces(game))
    out = []
    if rules.hand_size < 2:
        out.append(
            f"a hand of {rules.hand_size} card(s) cannot take the discard-two action; hand_size must be at least 2"
        )
    out += _readings(game)
    if isinstance(rules, TranquilityRules):
        out += _tranquility(game, rules, kinds)
    else:
        out += _ascent(game, rules, kinds) + _bridges(rules, kinds)
    return out


def _readings(game: Game) -> list[str]:
    """A named rule option set to a value that is none of its readings, or one the engine lacks."""
    out = []
    for key, option in RULE_OPTIONS.items():
        if key not in game.rules or key == "bridges_at_setup":
            continue
        if game.engine not in option.engines:
            out.append(f"{key} is a rule option of {' and '.join(option.engines)}, not of {game.engine}")
        elif game.rules[key] not in option.values:
            out.append(f"{key} {game.rules[key]!r} is not one of: {', '.join(option.values)}")
    return out


def _bridges(r: AscentRules, kinds: Counter) -> list[str]:
    """bridges_at_setup: one count per player, each at most a hand, no more than the game's bridges."""
    out = []
    for players, given in r.bridges_at_setup:
        where = f"bridges_at_setup for {players} player(s)"
        if not r.min_players <= players <= r.max_players:
            out.append(f"{where}: the game is for {r.min_players}–{r.max_players} players")
        if len(given) != players:
            out.append(f"{where} lists {len(given)} count(s); it needs one per player")
        if any(not 0 <= n <= r.hand_size for n in given):
            out.append(f"{where}: each player gets 0 to {r.hand_size} bridges (a hand), not {list(given)}")
        if sum(given) > kinds["bridge"]:
            out.append(f"{where} hands out {sum(given)} bridges, but the game has {kinds['bridge']}")
    return out


def rule_warnings(game: Game) -> list[str]:
    """Player counts that can never win under these rules (the game is still valid)."""
    try:
        rules = rule_params(game)
    except (ValueError, TypeError, AttributeError):
        return []
    out = []
    if isinstance(rules, TranquilityRules) and rules.start_discard:
        out += _start_warnings(game, rules)
    if isinstance(rules, AscentRules):
        out += _goat_warnings(rules)
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


def _goat_warnings(r: AscentRules) -> list[str]:
    """Each slot ever holds at most one goat: a card rests on two neighbours, which never share a colour,
    so goats arrive from one support only and each row-1 card boards one goat. The goats that end in
    the target row or higher passed through distinct, non-adjacent cards of that row."""
    g = r.goats
    if g is None or r.same_colour_in_row or not 1 <= g.target_row <= r.rows:
        return []
    room = (r.width(g.target_row) + 1) // 2
    if g.goats <= room:
        return []
    return [
        f"the Mountain Goats goal can never be met: {g.goats} goats cannot all reach row {g.target_row}, since "
        f"each climbs its own chain of {g.colour} cards (no card rests on two cards of one colour) and row "
        f"{g.target_row} has {r.width(g.target_row)} slots, room for at most {room} {g.colour} cards apart"
    ]


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


def _ascent(game: Game, r: AscentRules, kinds: Counter) -> list[str]:
    out = [
        f"the ascent rules have no module {m.id!r} (known: {', '.join(ASCENT_MODULES)})"
        for m in game.modules
        if m.id not in ASCENT_MODULES
    ]
    if r.width(r.rows) < 1:
        out.append(f"a mountain with a base of {r.base} slots cannot have {r.rows} rows (the top row would be empty)")
        return out
    pieces = physical_pieces(game)
    terrain = [p for p in pieces if p.kind == "terrain"]
    if kinds["panorama"] < r.base_pieces:
        out.append(
            f"a base of {r.base} slots stands on {r.base_pieces} panorama triangles, but there are {kinds['panorama']}"
        )
    if len(terrain) + kinds["campfire"] < r.slots:
        out.append(
            f"the mountain has {r.slots} terrain slots, but there are only {len(terrain)} terrain cards and "
            f"{kinds['campfire']} campfires"
        )
    if r.row_minimum:
        for row in range(1, r.rows + 1):
            slots = sum(r.width(q) for q in range(row, r.rows + 1))
            high = sum(1 for p in terrain if (p.number or 0) >= row)
            if high < slots:
                out.append(
                    f"rows {row}–{r.rows} have {slots} slots, but only {high} terrain cards have a number of "
                    f"{row} or more"
                )
                break
    colours = {p.colour for p in terrain if p.colour}
    if not r.same_colour_in_row and len(colours) < 2 and r.base >= 2:
        out.append("with one terrain colour and no two of a colour side by side, no row can be filled")
    if kinds["summit"] < 1:
        out.append("without a summit card the game can never be won")
    return out + _module_problems(game, r, kinds, pieces, colours)


def _module_problems(game: Game, r: AscentRules, kinds: Counter, pieces, colours: set) -> list[str]:
    out = []
    cap = r.hand_size - 1 if r.cost_cap is None else min(r.cost_cap, r.hand_size - 1)
    if r.green_path and r.green_path.colour not in colours:
        out.append(f"the Green Path colour {r.green_path.colour!r} is not a terrain colour")
    if r.panorama:
        if r.panorama.revealed > r.base_pieces:
            out.append(f"the Panorama module reveals {r.panorama.revealed} triangles of a base of {r.base_pieces}")
        numbers = {p.number for p in pieces if p.kind == "terrain"}
        for card in game.cards:
            seq = card.fields.get("sequence") if card.kind == "panorama" else None
            if seq is None:
                continue
            if not seq or len(seq) > r.base or not set(seq) <= numbers:
                out.append(f"the panorama sequence of {card.id} cannot stand in one row of terrain cards")
            elif any(abs(a - b) > cap for a, b in itertools.pairwise(seq)):
                out.append(
                    f"the panorama sequence of {card.id} needs a step larger than the largest payable cost of {cap}"
                )
    if r.goats:
        if kinds["goat"] < r.goats.goats:
            out.append(f"the Mountain Goats module uses {r.goats.goats} goats, but there are {kinds['goat']}")
        if not 1 <= r.goats.target_row <= r.rows:
            out.append(f"the goats' target row {r.goats.target_row} is not a terrain row (1–{r.rows})")
        if r.goats.colour not in colours:
            out.append(f"the goat colour {r.goats.colour!r} is not a terrain colour")
    return out
