"""What the virtual table page shows of a session: hands, piles, the sea or the mountain as spots.

Spots are laid out here in card units (x right, y down; 1 = one card's side) so the page only draws
them: a spot is a place on the table with the piece on it (or none) and the key moves name it by
("cell:7", "slot:2.3", "summit"). Faces are named by face id; the page fetches them as SVG.
"""

from __future__ import annotations

import math

from pnp.rules.session import PlaySession
from pnp.rules.tranquility.sheet import frame_positions


def view(session: PlaySession) -> dict:
    t, game = session.table, session.game
    p = t.turn % t.n
    pieces = {piece.id: piece for piece in t.deck.pieces}
    cards = {card.id: card for card in game.cards}
    ids = [piece.id for piece in t.deck.pieces]

    def face(piece_id: str | None) -> str | None:
        return cards[pieces[piece_id].card].front_face_id if piece_id else None

    def back(piece_id: str) -> str:
        return cards[pieces[piece_id].card].back_face_id

    hands = [[{"piece": ids[c], "face": face(ids[c]), "kind": pieces[ids[c]].kind} for c in hand] for hand in t.hands]
    out = {
        "game": game.id,
        "title": game.title,
        "engine": game.engine,
        "modules": [m.id for m in game.modules],
        "players": t.n,
        "seed": session.seed,
        "seats": session.seats,
        "turn": t.turn,
        "current": p + 1,
        "status": t.status,
        "end": session.end_sentence,
        "hands": hands,
        "piles": [{"count": len(pile), "back": back(ids[pile[-1]]) if pile else None} for pile in t.piles],
        "discard": {"count": len(t.discard), "top": [{"piece": ids[c], "face": face(ids[c])} for c in t.discard[-6:]]},
        "box": len(t.box),
        "aside": [{"piece": ids[c], "face": face(ids[c])} for c in t.aside],
        "can_discard": t.status == "playing" and len(t.hands[p]) >= 2,
        "log": session.log[-12:],
        "moves": len(session.recorder.moves),
        "bleed": _bleed(game),
    }
    if hasattr(t, "cells"):
        out.update(_sea(t, ids, face))
    else:
        out.update(_mountain(t, ids, face))
    return out


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
