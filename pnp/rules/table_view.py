"""What the virtual table page shows of a session: hands, piles, the sea or the mountain as spots.

Spots are laid out here in card units (x right, y down; 1 = one card's side) so the page only draws
them: a spot is a place on the table with the piece on it (or none) and the key moves name it by
("cell:7", "slot:2.3", "summit"). Faces are named by face id; the page fetches them as SVG. Every
piece carries its printed name, and every sentence (prompt, log, end, goals, the page's own words in
`words`) is in the game's language (pnp/rules/table_words.py). The table's own spots, goals and
refusals are its engine's (pnp/rules/<game>/play.py, through the `Engine` protocol).
"""

from __future__ import annotations

from pnp.core.i18n import N_, Translator, translator
from pnp.rules import table_words
from pnp.rules.engines import engine_of
from pnp.rules.session import PERSON, PlaySession

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
    N_("Arrow keys move between the places, Home and End to the first and the last; Enter chooses one."),
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
    engine = engine_of(game)

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
        "has_modules": bool(game.available_modules),
        "module_titles": [w.gettext(m.title) for m in game.modules],
        "lang": game.language or "en",
        "words": words_for(game.language),
        "players": t.n,
        "seed": session.seed,
        "seats": session.seats,
        "turn": t.turn,
        "current": p + 1,
        "status": t.status,
        "end": table_words.end_sentence(t, w, engine.won_words),
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
        "goals": engine.goals(t, names, w),
    }
    out.update(engine.table_view(t, ids, face))
    for spot in out["spots"]:
        spot["name"] = names(spot["piece"]) if spot["piece"] else ""
    for goat in out.get("goats", []):
        goat["name"] = names(goat["piece"])
    start = engine.must_start(t, p) if t.status == "playing" else -1
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
    why, refused = engine_of(session.game).refusals(t, p, c, allowed, bool(places), names, w)
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
