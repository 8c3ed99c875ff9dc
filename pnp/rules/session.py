"""A game at the virtual table (`pnp play`, the Play page of `pnp serve`): people and bots take turns,
the engine judges every move (pnp/rules/judge.py), undo replays the record without its last moves.

The session is the only judge: the page asks what a card may do (`places`), sends a move in the
record's move format, and shows what the session answers (`view`). Nothing is decided in the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import PnpError, UsageError
from pnp.game.model import Game
from pnp.rules.check import Violation
from pnp.rules.deal import check_players
from pnp.rules.engines import engine_of
from pnp.rules.judge import judge
from pnp.rules.record import MoveError, Recorder, move_from_data, move_to_data
from pnp.rules.simlog import deal, new_bot
from pnp.rules.simulation import REASONS

PERSON, BOT = "person", "bot"


class IllegalMove(PnpError):
    """A move the rules do not allow: the page shows the rule and its sentence."""

    def __init__(self, violation: Violation):
        super().__init__(str(violation))
        self.violation = violation


@dataclass(frozen=True)
class Face:
    front: str
    back: str


class PlaySession:
    """One game at the table: `move` judges and makes a person's move, then lets the bots play."""

    def __init__(self, game: Game, players: int, seed: int, seats: list[str] | None = None):
        check_players(game, players)
        seats = list(seats or [PERSON] * players)
        if len(seats) != players or any(s not in (PERSON, BOT) for s in seats):
            raise UsageError(f"give each of the {players} seats to 'person' or 'bot'")
        self.game, self.players, self.seed, self.seats = game, players, seed, seats
        self.bot = new_bot(game)
        self.recorder = Recorder(game, deal(game, players, seed), seats)
        self.log: list[str] = []
        self._bots_play()

    @property
    def table(self):
        return self.recorder.table

    # ---- asking ---------------------------------------------------------------------------
    def places(self, card_id: str) -> list[dict]:
        """Where the current player may put this card of their hand, with the cost of each place."""
        t, p = self.table, self.table.turn % self.table.n
        if t.status != "playing" or card_id not in t.deck.index:
            return []
        c = t.deck.index[card_id]
        if c not in t.hands[p]:
            return []
        return engine_of(self.game).places(t, p, c)

    # ---- moving ---------------------------------------------------------------------------
    def move(self, data: dict) -> None:
        """Judge a person's move (record format); make it, then let the bots play their seats."""
        t = self.table
        if t.status == "playing" and self.seats[t.turn % t.n] != PERSON:
            raise IllegalMove(Violation("move-turn", f"seat {t.turn % t.n + 1} is played by the bot"))
        try:
            p, action = move_from_data(t, data)
        except MoveError as exc:
            raise IllegalMove(Violation("move-shape", f"{'.'.join(map(str, exc.path)) or 'move'}: {exc}")) from None
        wrong = judge(t, p, action)
        if wrong is not None:
            raise IllegalMove(wrong)
        self._make(p, action)
        self._bots_play()

    def _make(self, p: int, action) -> None:
        hand_before = len(self.table.hands[p])
        pile_before = len(self.table.piles[p])
        self.recorder.apply(p, action)
        self.log.append(describe(self.recorder.moves[-1]) + _drew(pile_before - len(self.table.piles[p]), hand_before))

    def _bots_play(self, limit: int = 10_000) -> None:
        t = self.table
        while t.status == "playing" and self.seats[t.turn % t.n] == BOT and limit:
            p = t.turn % t.n
            action = self.bot.choose(t, p)
            if action is None:
                t.lose()
                break
            self._make(p, action)
            limit -= 1

    def undo(self) -> bool:
        """Take back the last person's move (and the bots' moves after it); False when there is none."""
        moves = self.recorder.moves
        people = [k for k, m in enumerate(moves) if self.seats[m["player"] - 1] == PERSON]
        if not people:
            return False
        keep = moves[: people[-1]]
        self.recorder = Recorder(self.game, deal(self.game, self.players, self.seed), self.seats)
        self.log = []
        for data in keep:
            p, action = move_from_data(self.table, data)
            self._make(p, action)
        return True

    def record_text(self) -> str:
        return self.recorder.dumps()

    @property
    def end_sentence(self) -> str:
        t = self.table
        if t.status == "won":
            return engine_of(self.game).won_log
        if t.status == "lost":
            reason = t.loss_reason()
            return f"Lost ({reason}): {REASONS.get(reason, reason)}."
        return ""


def describe(move: dict) -> str:
    who, what = f"player {move['player']}", move["action"]
    if what == "discard":
        return f"{who} discarded {', '.join(move['cards'])}"
    if what == "play":
        return f"{who} played {move['card']} into cell {move['cell']}" + _paid(move)
    if what in ("place", "swap"):
        verb = "placed" if what == "place" else "swapped in"
        return f"{who} {verb} {move['card']} at row {move['row']} slot {move['slot']}" + _paid(move)
    if what == "campfire":
        return (
            f"{who} lit {move['card']} at row {move['row']} slot {move['slot']}, moving the card there to row "
            f"{move['to_row']} slot {move['to_slot']}" + _paid(move)
        )
    if what == "start":
        shares = move["shares"]
        if shares is None:
            return f"{who} played {move['card']}; the start discard could not be paid"
        parts = [
            f"P{q + 1}: {len(s['hand'])} from hand" + (f" + {s['pile']} off the pile" if s["pile"] else "")
            for q, s in enumerate(shares)
        ]
        return f"{who} played {move['card']}; start discard " + "; ".join(parts)
    return f"{who} played {move['card']}"


def _paid(move: dict) -> str:
    return f", paying {', '.join(move['paid'])}" if move.get("paid") else ""


def _drew(drawn: int, hand_before: int) -> str:
    return f"; drew {drawn}" if drawn > 0 else ""


__all__ = ["BOT", "PERSON", "IllegalMove", "PlaySession", "describe", "move_to_data"]
