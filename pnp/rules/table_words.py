"""The virtual table in the player's words: pieces named as printed, why a card or a place is refused,
the Ascent's module goals, the prompt for the next step, the log. Every sentence is in the table's
language (the message catalogues, docs/languages.md).

Names come from the game as printed: "Island 48", "Meadow 7" (the spec's terrain names, never its
colour ids), "Finish". Why a card or a place is refused, and the module goals, are each engine's own
words (pnp/rules/<game>/play.py, through the `Engine` protocol); the page shows them when a card or a
place is refused (pnp/server/play.html). The move rules' own messages stay pnp/rules/judge.py's.
"""

from __future__ import annotations

from pnp.core.i18n import N_, Translator
from pnp.game.model import Game
from pnp.game.params import Piece

LOSS_WORDS = {
    "start-discard": N_("the hands could not pay the start discard"),
    "blocked": N_("a run of empty cells could no longer be filled: too few fitting numbers were left"),
    "out-of-cards": N_("a player could neither play nor discard two"),
    "empty": N_("a player's hand and pile were both empty"),
    "no-finish": N_("the sea was full but no Finish card was left"),
    "finish-late": N_("the sea was full but a Finish card did not reach a hand in time"),
    "no-start": N_("the sea was full but no Start card had been played"),
    "no-summit": N_("the mountain was finished but no Summit card was left"),
    "bridge": N_("the mountain was full but a bridge could not be covered"),
    "goal:green-path": N_("the mountain was finished without the Green Path"),
    "goal:panorama": N_("the mountain was finished without every revealed Panorama sequence"),
    "goal:goats": N_("the mountain was finished with goats below their target row"),
}


class Names:
    """Pieces named as printed, in the table's language."""

    def __init__(self, game: Game, pieces: tuple[Piece, ...], t: Translator):
        self.game, self.t = game, t
        kinds = {kind.id: kind.name for kind in game.kinds}
        self.by_id = {piece.id: self._name(piece, kinds) for piece in pieces}

    def _name(self, piece: Piece, kinds: dict[str, str]) -> str:
        t, kind = self.t, piece.kind
        if kind == "island" and piece.number is not None:
            return t.gettext("Island {n}", n=piece.number)
        if kind == "terrain" and piece.colour:
            terrain = self.game.theme.terrain_name(piece.colour, self.t.lang)
            return f"{terrain} {piece.number}" if piece.number is not None else terrain
        if kind == "campfire" and piece.colour:
            return t.gettext("{terrain} campfire", terrain=self.game.theme.terrain_name(piece.colour, self.t.lang))
        if kind == "panorama":
            seq = next((c.fields.get("sequence") for c in self.game.cards if c.id == piece.card), None)
            if isinstance(seq, (list, tuple)):
                return t.gettext("Panorama {sequence}", sequence="-".join(map(str, seq)))
        name = t.gettext(str(kinds.get(kind, kind)))
        return f"{name} {piece.number}" if piece.number is not None else name

    def __call__(self, piece_id: str) -> str:
        return self.by_id.get(piece_id, piece_id)

    def of(self, table, c: int) -> str:
        return self(table.deck.pieces[c].id)


# ---- prompts, the end and the log --------------------------------------------------------------


def prompt(table, player: int, seat: str, must_start: str | None, w: Translator) -> str:
    """What to do now, from turn 1 on."""
    if table.status == "won":
        return w.gettext("The game is won. Deal for a new table.")
    if table.status == "lost":
        return w.gettext("The game is lost. Deal for a new table, or try the same seed again.")
    if seat != "person":
        return w.gettext("Player {p} is the bot.", p=player)
    if must_start:
        return w.gettext("Player {p}: you hold {card}; choose it and play it first.", p=player, card=must_start)
    return w.gettext("Player {p}: choose a card of your hand to play it, or discard two cards.", p=player)


def end_sentence(table, w: Translator, won: str) -> str:
    """How the game ended, in the player's words; `won` is the engine's sentence for a win."""
    if table.status == "won":
        return w.gettext(won)
    if table.status == "lost":
        reason = table.loss_reason()
        return w.gettext("Lost: {why}.", why=w.gettext(LOSS_WORDS[reason]) if reason in LOSS_WORDS else reason)
    return ""


def describe(move: dict, names: Names, w: Translator) -> str:
    """One move of the record in the player's words."""
    who, what = w.gettext("Player {p}", p=move["player"]), move["action"]
    card = names(move["card"]) if "card" in move else ""
    paid = w.gettext(", paying {cards}", cards=", ".join(names(x) for x in move["paid"])) if move.get("paid") else ""
    if what == "discard":
        return w.gettext("{who} discarded {cards}", who=who, cards=", ".join(names(x) for x in move["cards"]))
    if what == "play":
        return w.gettext("{who} played {card} into cell {cell}", who=who, card=card, cell=move["cell"]) + paid
    where = {"row": move.get("row"), "slot": move.get("slot")}
    if what == "place":
        return w.gettext("{who} placed {card} at row {row} slot {slot}", who=who, card=card, **where) + paid
    if what == "swap":
        return w.gettext("{who} swapped {card} in at row {row} slot {slot}", who=who, card=card, **where) + paid
    if what == "campfire":
        return (
            w.gettext(
                "{who} lit {card} at row {row} slot {slot}, moving the card there to row {to_row} slot {to_slot}",
                who=who,
                card=card,
                to_row=move["to_row"],
                to_slot=move["to_slot"],
                **where,
            )
            + paid
        )
    if what == "start":
        if move.get("shares") is None:
            return w.gettext("{who} played {card}; the start discard could not be paid", who=who, card=card)
        total = sum(len(s["hand"]) + s["pile"] for s in move["shares"])
        return w.gettext("{who} played {card}; the team discarded {n} cards", who=who, card=card, n=total)
    return w.gettext("{who} played {card}", who=who, card=card)
