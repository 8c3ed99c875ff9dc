"""Tranquility's search bot (`--bot search`): the common search of pnp/rules/search.py with
Tranquility's candidates, its start cards kept by their owners, and its finish cards recounted."""

from __future__ import annotations

from pnp.rules.play_kit import Discard
from pnp.rules.search import Search
from pnp.rules.tranquility.bot import TranquilityBot
from pnp.rules.tranquility.engine import FINISH, START


class TranquilitySearch(Search):
    """Tranquility's baseline wins most games: a lost rollout scores 0 (filling cells that do not win
    drew the search to greedy plays), and a change needs one more win than the baseline's choice on
    4 deals, then again on 12 more (docs/rules.md)."""

    baseline_class = TranquilityBot
    default_progress = 0.0
    default_margin = 1.0
    default_confirm = 12

    def remember_play(self, t, p: int, action) -> None:
        what = action[0]
        if what == "start" and action[2] is not None:
            for q, (cards, _pile) in enumerate(action[2]):
                self.own.setdefault(q, set()).update(cards)
        elif what in ("play",):
            self.own.setdefault(p, set()).update(action[3])

    def stays(self, table, card) -> bool:
        return table.deck.kind[card] == START  # each player's start card stays in their own cards

    def after_redeal(self, table) -> None:
        kind = table.deck.kind
        table.finish_gone = sum(
            1 for c in table.discard + table.box if kind[c] == FINISH
        )  # out of play, as the engine counts

    def progress(self, table) -> float:
        return table.filled / table.N

    def candidates(self, t, p: int, first) -> list:
        hand, bot = t.hands[p], self.baseline
        if len(hand) < 2 or t.local:  # local order (seed 000): the baseline's ratings are not read here
            return [first]
        rated = bot.rate_hand(t, hand)
        cap = t.cap(p)
        plays = sorted((e for e in rated if e[2] >= 0 and e[3] <= cap), key=lambda e: (e[0], e[1], e[2]))
        out = [first]
        if plays:
            top = plays[0][0]
            near_limit = abs(top - bot.play_limit) <= self.window
            for e in plays[: self.width]:
                if e[0] <= top + self.window / 2 and (first[0] == "play" or near_limit):
                    action = bot._play(rated, e, t, p)
                    if action not in out:
                        out.append(action)
            if first[0] == "play" and near_limit:
                worst = bot.worst_first(t, p, rated)
                out.append(Discard("discard", (worst[0][1], worst[1][1])))
        return out
