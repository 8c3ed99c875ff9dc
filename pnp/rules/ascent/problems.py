"""Whether an Ascent game or variant can be played at all (pnp/rules/problems.py asks through the
engine): what makes it impossible to set up or to win, and goals that can never be met."""

from __future__ import annotations

import itertools
from collections import Counter

from pnp.game.model import Game
from pnp.game.params import physical_pieces
from pnp.rules.ascent.params import MODULE_PARAMS, AscentRules

ASCENT_MODULES = tuple(MODULE_PARAMS)  # the modules the engine reads parameters for: every one it knows


def problems(game: Game, r: AscentRules, kinds: Counter) -> list[str]:
    return _ascent(game, r, kinds) + _bridges(r, kinds)


def warnings(game: Game, r: AscentRules) -> list[str]:
    return _goat_warnings(r)


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
