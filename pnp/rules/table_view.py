"""What the virtual table page shows of a session: hands, piles, the sea or the mountain as spots.

Spots are laid out here in card units (x right, y down; 1 = one card's side) so the page only draws
them: a spot is a place on the table with the piece on it (or none) and the key moves name it by
("cell:7", "slot:2.3", "summit"). Faces are named by face id; the page fetches them as SVG. Every
piece carries its printed name, and every sentence (prompt, log, end, goals, the page's own words in
`words`) is in the game's language (pnp/rules/table_words.py).
"""

from __future__ import annotations

import math

from pnp.core.i18n import N_, Translator, translator
from pnp.rules import table_words
from pnp.rules.session import PERSON, PlaySession
from pnp.rules.tranquility.sheet import frame_positions

# The page's own words (pnp/server/play.html asks for them by their English text).
PAGE_WORDS = (
    N_("Game"),
    N_("Players"),
    N_("Seed"),
    N_("Modules"),
    N_("Deal"),
    N_("gallery"),
    N_("person"),
    N_("bot"),
    N_("Player {p}"),
    N_("Player {p}'s hand"),
    N_("Discard two"),
    N_("Confirm"),
    N_("Cancel"),
    N_("Undo"),
    N_("Show every hand"),
    N_("Goals"),
    N_("Moves"),
    N_("turn {turn}"),
    N_("seed {seed}"),
    N_("with {modules}"),
    N_("{n} cards"),
    N_("Piles: {piles} · discard {discard} · box {box}"),
    N_("Record: {path}"),
    N_("cost {n}"),
    N_("free"),
    N_("Players: a whole number from {low} to {high}."),
    N_("Seed: a whole number."),
    N_("Choose where {card} goes: the highlighted places show their cost."),
    N_("{card} costs {n}: choose {n} other cards of your hand to discard, then Confirm."),
    N_("Choose two cards of your hand to discard, then Confirm."),
    N_("Choose how the team pays the start discard of {need} cards."),
    N_("Play {card}: the team discards {need} cards from the hands. Choose each player's share."),
    N_("Play {card}: the team discards {need} cards from the hands or off the piles. Choose each player's share."),
    N_("Start discard: {n} of {need} chosen"),
    N_("Play the start card"),
    N_("It cannot be paid: play it and lose"),
    N_("off the pile"),
    N_("cards off the top of player {p}'s pile"),
    N_("Choose one: {card} can go here more than one way."),
    N_("{action} to row {row} slot {slot} (cost {cost})"),
    N_("{action} (cost {cost})"),
    N_("the table is gone (the server was restarted): Deal for a new one."),
    N_("The table could not be reached: {error}"),
    N_("waiting at the foot"),
    N_("Goat at row {row} slot {slot}"),
    N_("cell {n}"),
    N_("row {row} slot {slot}"),
    N_("{place}, empty"),
    N_("summit"),
    N_("Start corner"),
    N_("Finish corner"),
    N_("{name} in {place}"),
    N_("Hand"),
    N_("The sea"),
    N_("The mountain"),
    N_("place"),
    N_("swap"),
    N_("campfire"),
)


def words_for(lang: str | None) -> dict[str, str]:
    """The page's own words in `lang`: {English: translation}."""
    t = translator(lang)
    return {msgid: t.gettext(msgid) for msgid in PAGE_WORDS}


def names_for(session: PlaySession) -> tuple[table_words.Names, Translator]:
    w = translator(session.game.language)
    return table_words.Names(session.game, session.table.deck.pieces, w), w


def view(session: PlaySession) -> dict:
    t, game = session.table, session.game
    p = t.turn % t.n
    pieces = {piece.id: piece for piece in t.deck.pieces}
    cards = {card.id: card for card in game.cards}
    ids = [piece.id for piece in t.deck.pieces]
    names, w = names_for(session)

    def face(piece_id: str | None) -> str | None:
        return cards[pieces[piece_id].card].front_face_id if piece_id else None

    def back(piece_id: str) -> str:
        return cards[pieces[piece_id].card].back_face_id

    hands = [
        [{"piece": ids[c], "name": names(ids[c]), "face": face(ids[c]), "kind": pieces[ids[c]].kind} for c in hand]
        for hand in t.hands
    ]
    moves = session.recorder.moves
    out = {
        "game": game.id,
        "title": w.gettext(game.title),
        "engine": game.engine,
        "modules": [m.id for m in game.modules],
        "module_titles": [w.gettext(m.title) for m in game.modules],
        "lang": game.language or "en",
        "words": words_for(game.language),
        "players": t.n,
        "seed": session.seed,
        "seats": session.seats,
        "turn": t.turn,
        "current": p + 1,
        "status": t.status,
        "end": table_words.end_sentence(t, w, hasattr(t, "cells")),
        "hands": hands,
        "piles": [{"count": len(pile), "back": back(ids[pile[-1]]) if pile else None} for pile in t.piles],
        "discard": {
            "count": len(t.discard),
            "top": [{"piece": ids[c], "name": names(ids[c]), "face": face(ids[c])} for c in t.discard[-6:]],
        },
        "box": len(t.box),
        "aside": [{"piece": ids[c], "name": names(ids[c]), "face": face(ids[c])} for c in t.aside],
        "can_discard": t.status == "playing" and len(t.hands[p]) >= 2,
        "log": [table_words.describe(m, names, w) for m in moves[-12:]],
        "moves": len(moves),
        "can_undo": t.status == "playing" and any(session.seats[m["player"] - 1] == PERSON for m in moves),
        "bleed": _bleed(game),
        "goals": [] if hasattr(t, "cells") else table_words.ascent_goals(t, names, w),
    }
    if hasattr(t, "cells"):
        out.update(_sea(t, ids, face))
    else:
        out.update(_mountain(t, ids, face))
    for spot in out["spots"]:
        spot["name"] = names(spot["piece"]) if spot["piece"] else ""
    for goat in out.get("goats", []):
        goat["name"] = names(goat["piece"])
    start = t.can_start(p) if hasattr(t, "cells") and t.status == "playing" else -1
    seat = session.seats[p] if t.status == "playing" else PERSON
    out["prompt"] = table_words.prompt(t, p + 1, seat, names(ids[start]) if start >= 0 else None, w)
    return out


def choices(session: PlaySession, card_id: str) -> dict:
    """Where the current player may put a card of their hand (with each place's cost), and why not
    elsewhere: `why` for the card (when it has no place), `refused` for each other place by spot key."""
    places = session.places(card_id)
    t, p = session.table, session.table.turn % session.table.n
    if t.status != "playing" or card_id not in t.deck.index or t.deck.index[card_id] not in t.hands[p]:
        return {"places": places, "why": "", "refused": {}}
    names, w = names_for(session)
    c = t.deck.index[card_id]
    allowed = {_key(place) for place in places}
    refused: dict[str, str] = {}
    if hasattr(t, "cells"):
        why = "" if places else table_words.tranquility_card(t, p, c, names, w)
        for k in range(1, t.N + 1):
            if f"cell:{k}" not in allowed:
                refused[f"cell:{k}"] = why or table_words.tranquility_cell(t, p, c, k, names, w)
        if "finish" not in allowed:
            refused["finish"] = why or table_words.tranquility_finish(t, p, c, names, w)
    else:
        why = "" if places else table_words.ascent_card(t, p, c, names, w)
        for r, row in enumerate(t.rows):
            for i in range(len(row)):
                if f"slot:{r + 1}.{i + 1}" not in allowed:
                    refused[f"slot:{r + 1}.{i + 1}"] = why or table_words.ascent_place(t, p, c, r, i, names, w)
        if "summit" not in allowed:
            refused["summit"] = why or table_words.ascent_summit(t, c, names, w)
    return {"places": places, "why": why, "refused": refused}


def _key(place: dict) -> str:
    action = place["action"]
    if action == "play":
        return f"cell:{place['cell']}"
    if action in ("finish", "summit", "start"):
        return action
    return f"slot:{place['row']}.{place['slot']}"


def _bleed(game) -> float:
    """The bleed as a share of the card's side: faces are drawn with it; the page crops it off."""
    return round(game.card.bleed / game.card.width, 4) if game.card.width else 0.0


def _sea(t, ids, face) -> dict:
    r = t.rules
    spots = []
    for i, (col, row) in enumerate(frame_positions(r.rows, r.cols)):
        piece = ids[t.frame[i]] if i < len(t.frame) else None
        spots.append(_spot(f"frame:{i + 1}", col, row, piece, face, ""))
    for k in range(1, r.cells + 1):
        col, up = (k - 1) % r.cols, (k - 1) // r.cols
        piece = ids[t.cells[k]] if t.cells[k] >= 0 else None
        spots.append(_spot(f"cell:{k}", col + 1, r.rows - up, piece, face, str(k)))
    corner = lambda key, col, row, c: _spot(key, col, row, ids[c] if c >= 0 else None, face, key)
    spots.append(corner("start", 0, r.rows + 1, t.start))
    spots.append(corner("finish", r.cols + 1, 0, t.finish))
    p = t.turn % t.n
    need = r.start_discard
    can_pay = sum(map(len, t.hands)) - 1 + (sum(map(len, t.piles)) if r.start_discard_from != "hands" else 0) >= need
    return {
        "spots": spots,
        "size": [r.cols + 2, r.rows + 2],
        "must_start": t.can_start(p) >= 0 and t.status == "playing",
        "start_discard": {"need": need, "from": r.start_discard_from, "can_pay": can_pay},
    }


def _mountain(t, ids, face) -> dict:
    r = t.rules
    side = 1 / math.sqrt(2)
    spots = []
    top = (r.rows + 2) / 2  # y of the base's bottom edge, counted from the top of the table
    for j, c in enumerate(t.base):
        spot = _spot(f"base:{j + 1}", j, top - 0.5, ids[c], face, "")
        spot.update(h=0.5, revealed=c in t.revealed)
        spots.append(spot)
    for row in range(1, r.rows + 2):
        slots = range(1, r.width(row) + 1) if row <= r.rows else [1 + max(0, r.width(r.rows) - 2) / 2]
        for slot in slots:
            cx, cy = slot + (row - 1) / 2, top - 0.5 - (row - 1) / 2
            if row <= r.rows:
                c = t.rows[row - 1][slot - 1]
                key, label = f"slot:{row}.{slot}", f"{row}.{slot}"
            else:
                c, key, label = t.summit, "summit", "summit"
            spot = _spot(key, cx - side / 2, cy - side / 2, ids[c] if c >= 0 else None, face, label)
            spot.update(w=side, h=side, rot=45)
            spots.append(spot)
    goats = []
    for g, at in t.goats:
        if at is None:
            goats.append({"piece": ids[g], "face": face(ids[g]), "at": None})
        else:
            goats.append({"piece": ids[g], "face": face(ids[g]), "at": f"slot:{at[0] + 1}.{at[1] + 1}"})
    return {"spots": spots, "size": [r.base_pieces, top + 0.2], "goats": goats, "must_start": False}


def _spot(key: str, x: float, y: float, piece: str | None, face, label: str) -> dict:
    return {
        "key": key,
        "x": round(x, 4),
        "y": round(y, 4),
        "w": 1,
        "h": 1,
        "rot": 0,
        "piece": piece,
        "face": face(piece),
        "label": label,
    }
