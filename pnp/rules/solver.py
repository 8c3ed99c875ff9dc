"""The open-hands solver (`--bot open-hands`): every hand and pile known, it searches for a winning line.

It is an upper bound on what any strategy can win: the players see every card, piles included, so the
game is a puzzle with one solver behind all seats. Depth-first search from the deal, on any engine's
table (the `Table` protocol, pnp/rules/engine.py):

- the first line tried at every position is the baseline bot's choice, so the baseline's own game is
  the first line searched, and every deal the baseline wins is won at once;
- a transposition table remembers positions already proved lost (`Table.key`: interchangeable cards
  are one class, piles by size, since they are only taken from the top);
- symmetry and dominance leave actions out (`Table.actions`: one of interchangeable cards; a dead card
  is given up before any live one);
- the engine's bound (`Table.doomed`) cuts a position no line can win from (too few fitting cards for
  the empty cells, no finish or summit left, a player out of cards before the turns a win needs).

A search that runs out of its node budget gives up: "gave up" is neither a win nor a proof. A search
that ends without a win is a proof that the deal cannot be won, unless an action list was cut short
(a start discard with more splits than `START_OPTIONS`), which counts as giving up too.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

OPEN_HANDS_NAME = "open-hands"  # its `--bot` name
WON, LOST = "won", "lost"
UNWINNABLE, GAVE_UP = "unwinnable", "gave-up"  # the loss reasons of an open-hands game
BUDGET = 20_000  # positions searched per game before the solver gives up (`--bot open-hands`)


LIMITS = (0, 1, 2, 3, 5, 8, 13, 1_000_000)  # discrepancies allowed per pass (the last: none)


class _OutOfNodes(Exception):
    pass


@dataclass(frozen=True)
class Solution:
    verdict: str  # "won" | "unwinnable" | "gave-up"
    line: tuple  # the winning line: (player, action) per turn, from the table solved
    nodes: int  # positions searched
    filled: int  # the most cells or slots filled in any position searched
    turns: int  # turns of the line (a win) or of the deepest position searched


def solve(table, first, filled, budget: int = BUDGET) -> Solution:
    """Search `table` (left untouched) for a winning line. `first(table, p)` names the action to try
    first (a bot's choice); `filled(table)` measures progress (the engine's `filled`).

    The search is limited-discrepancy: pass k tries every line that leaves the first choice at most k
    times, k = 0 (the bot's own game), 1, 2, 3, 5, 8, … and finally without limit; a position whose every
    line was searched is proved lost for good, one cut by the limit is skipped until the limit grows."""
    proved: set = set()  # positions no line wins from
    tried: dict = {}  # position → the largest limit it was searched to without a win
    line: list = []
    nodes = 0
    exact = True
    deepest = (filled(table), table.turn)

    def dfs(t, k: int) -> tuple[bool, bool]:
        """(won, every line from t searched)."""
        nonlocal nodes, exact, deepest
        if t.status == WON:
            return True, True
        here = (filled(t), t.turn)
        if here > deepest:
            deepest = here
        if t.status == LOST or t.doomed():
            return False, True
        key = t.key()
        if key in proved or tried.get(key, -1) >= k:
            return False, key in proved
        p = t.turn % t.n
        actions, complete = t.actions(p)
        exact = exact and complete
        if len(actions) > 1:
            preferred = first(t, p)
            if preferred is not None:
                actions = [preferred] + [a for a in actions if a != preferred]
        whole = complete
        for n, action in enumerate(actions):
            if n and not k:
                whole = False
                break
            if nodes >= budget:
                raise _OutOfNodes
            nodes += 1
            child = t.clone()
            child.apply(p, action)
            won, searched = dfs(child, k - (n > 0))
            if won:
                line.append((p, action))
                return True, True
            whole = whole and searched
        if whole:
            proved.add(key)
        else:
            tried[key] = k
        return False, whole

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    root = table.clone()
    verdict = GAVE_UP
    try:
        for k in LIMITS:
            won, searched = dfs(root, k)
            if won:
                verdict = WON
                break
            if searched:
                verdict = UNWINNABLE if exact else GAVE_UP
                break
    except _OutOfNodes:
        verdict = GAVE_UP
    finally:
        sys.setrecursionlimit(limit)
    line.reverse()
    turns = table.turn + len(line) if verdict == WON else deepest[1]
    return Solution(verdict, tuple(line), nodes, deepest[0], turns)


class OpenHandsBot:
    """The solver as a bot: on its first turn it solves the table, then plays the winning line; with no
    winning line found it plays the baseline's game (`verdict` says what the search found)."""

    def __init__(self, baseline, filled, budget: int = BUDGET) -> None:
        self.baseline, self.filled, self.budget = baseline, filled, budget
        self.solution: Solution | None = None
        self.plan: list = []

    @property
    def verdict(self) -> str:
        return self.solution.verdict if self.solution else GAVE_UP

    def choose(self, table, p: int):
        if self.solution is None:
            self.solution = solve(table, self.baseline.choose, self.filled, self.budget)
            self.plan = list(self.solution.line)
        if self.plan:
            seat, action = self.plan.pop(0)
            if seat == p:
                return action
            self.plan = []  # the table went another way than the line (never, but never play a wrong seat's move)
        return self.baseline.choose(table, p)
