"""Rules of the base game (RULES.md §1), each a pure function of a state's Facts."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from pnp.game.params import AT_ONCE, HANDS, LOCAL, ONE_PER_PLAYER, STUCK_OR_EMPTY, effective_cap
from pnp.rules.facts import Facts, Put, Rule, Violation, card_counter, rule
from pnp.rules.state.model import State
from pnp.rules.tranquility.params import TranquilityRules

ENGINE = "tranquility"
TqFacts = Facts[TranquilityRules]  # what this engine's rules read


def _tq(f: Facts) -> TranquilityRules:
    """The base game's parameters (these rules run only for the tranquility engine)."""
    assert isinstance(f.rules, TranquilityRules)
    return f.rules


def _cells(f: TqFacts) -> list[tuple[int, str, int]]:
    """(cell, card, number) for every filled cell holding an island, in reading order."""
    out = []
    for k, c in enumerate(f.sea.cells, 1):
        p = f.piece(c)
        if c is not None and p is not None and p.kind == "island" and p.number is not None:
            out.append((k, c, p.number))
    return out


def neighbours(r: TranquilityRules, k: int) -> list[int]:
    """Cells whose cards count for the cost of cell k, by the adjacency rule option."""
    if r.adjacency == "sequence":
        return [j for j in (k - 1, k + 1) if 1 <= j <= r.cells]
    col = (k - 1) % r.cols
    spots = [k - r.cols, k + r.cols] + ([k - 1] if col > 0 else []) + ([k + 1] if col < r.cols - 1 else [])
    return [j for j in spots if 1 <= j <= r.cells]


def place_cost(r: TranquilityRules, numbers: dict[int, int], x: int, k: int) -> int:
    """Cost of placing number x into cell k, given the numbers of the filled cells (RULES.md §1)."""
    near = [numbers[j] for j in neighbours(r, k) if j in numbers]
    if not near:
        return 0
    if r.cost == "gap":
        return max(near) - min(near) if len(near) >= 2 else 0
    return min(abs(x - v) for v in near)


def fits(numbers: dict[int, int], x: int, k: int) -> bool:
    """Strict reading order: everything before cell k is smaller than x, everything after larger."""
    return k not in numbers and all((v < x) if j < k else (v > x) for j, v in numbers.items())


def has_action(f: TqFacts, q: int) -> bool:
    """Whether player q (1-based) can play a card or discard two (the test for a lost game)."""
    s, r = f.state, f.rules
    hand = s.hands[q - 1] if 0 < q <= len(s.hands) else ()
    if len(hand) >= 2:
        return True
    kinds = [f.kind(c) for c in hand]
    if "start" in kinds and f.sea.start is None:
        return True
    numbers = {k: n for k, _, n in _cells(f)}
    full = len(numbers) == r.cells
    if "finish" in kinds and full and f.sea.start is not None:
        return True
    cap = effective_cap(r.cost_cap, len(hand) - 1)
    for c in hand:
        p = f.piece(c)
        if p is None or p.kind != "island" or p.number is None:
            continue
        for k in range(1, r.cells + 1):
            if fits(numbers, p.number, k) and place_cost(r, numbers, p.number, k) <= cap:
                return True
    return False


def start_shortfall(f: Facts, q: int) -> int:
    """Cards player q may still be short after giving a share of the start discard (0 once they drew)."""
    s, sea = f.state, f.state.sea
    if sea is None or sea.start is None or len(sea.start.shares) != s.players or not 1 <= q <= s.players:
        return 0  # a state with more hands than players: the "players" rule says so
    if _tq(f).start_discard_draw == AT_ONCE:  # everyone drew back up right after the start discard
        return 0
    u = sea.start.turn
    drew = {((t - 1) % s.players) + 1 for t in range(u, min(s.turn, u + s.players - 1) + 1)}
    return 0 if q in drew else sea.start.shares[q - 1].hand


@rule("tq-frame", "The frame holds one border card per outer cell edge: 2 × (rows + cols), corners open.", ENGINE)
def tq_frame(f: TqFacts) -> Iterator[Violation]:
    want = f.rules.frame
    if len(f.sea.frame) != want:
        yield Violation(
            "tq-frame",
            f"the frame holds {len(f.sea.frame)} border cards; a {f.rules.rows}×{f.rules.cols} grid needs {want}",
            f.sea.frame,
        )


@rule(
    "tq-box",
    "The box holds the spare borders, the start cards no player got and the islands removed at "
    "setup, and nothing else from the deck.",  # and the spare finish cards under finish_cards: one-per-player
    ENGINE,
)
def tq_box(f: TqFacts) -> Iterator[Violation]:
    kinds = card_counter(f.state.box, f)
    finishes = max(0, f.count("finish") - f.state.players) if _tq(f).finish_cards == ONE_PER_PLAYER else 0
    if kinds["finish"] != finishes:
        yield Violation(
            "tq-box",
            f"the box holds {kinds['finish']} finish card(s); under finish_cards: {_tq(f).finish_cards} "
            f"with {f.state.players} players it should hold {finishes}",
            tuple(c for c in f.state.box if f.kind(c) == "finish"),
        )
    starts = max(0, f.count("start") - f.state.players)
    if kinds["start"] != starts:
        yield Violation(
            "tq-box",
            f"the box holds {kinds['start']} start card(s); with {f.state.players} players it should hold {starts}",
            tuple(c for c in f.state.box if f.kind(c) == "start"),
        )
    if kinds["island"] != f.rules.remove_islands:
        yield Violation(
            "tq-box",
            f"the box holds {kinds['island']} island card(s); the rules remove {f.rules.remove_islands} at setup",
            tuple(c for c in f.state.box if f.kind(c) == "island"),
        )


@rule("tq-grid", "The grid has rows × cols cells and only island cards go into cells.", ENGINE)
def tq_grid(f: TqFacts) -> Iterator[Violation]:
    cells = f.sea.cells
    if len(cells) != f.rules.cells:
        yield Violation(
            "tq-grid", f"the grid lists {len(cells)} cells; a {f.rules.rows}×{f.rules.cols} grid has {f.rules.cells}"
        )


@rule(
    "tq-ascending",
    "Islands ascend strictly in reading order: bottom row left to right, then the row above (with order "
    "local, seed 000: each island above its neighbours to the left and below, under those to the right and above).",
    ENGINE,
)
def tq_ascending(f: TqFacts) -> Iterator[Violation]:
    filled = _cells(f)
    pairs: Iterable[tuple[tuple[int, str, int], tuple[int, str, int]]] = itertools.pairwise(filled)
    if f.rules.order == LOCAL:
        cols, at = f.rules.cols, {k: (k, c, n) for k, c, n in filled}
        pairs = (
            (at[k], at[j])
            for k in sorted(at)
            for j in ((k + 1) if (k - 1) % cols < cols - 1 else -1, k + cols)
            if j in at
        )
    for (k1, c1, n1), (k2, c2, n2) in pairs:
        if n1 >= n2:
            yield Violation(
                "tq-ascending",
                f"{n1} in cell {k1} is not below {n2} in cell {k2}, which comes later in reading order",
                (c1, c2),
                (f"cell {k1}", f"cell {k2}"),
            )


@rule(
    "tq-start",
    "A played start card records its player, its turn and the start discard: one share per player, "
    "from the hand (at most a hand) and, unless start_discard_from is hands, off the top of the "
    "pile, adding up to the start discard (or nothing when hands and piles could not pay it and "
    "the game was lost).",
    ENGINE,
)
def tq_start(f: TqFacts) -> Iterator[Violation]:
    s, start = f.state, f.sea.start
    if start is None:
        return
    card = (start.card,)
    if not 1 <= start.player <= s.players:
        yield Violation("tq-start", f"the start card was played by player {start.player}, who is not in the game", card)
    if not 1 <= start.turn <= s.turn + 1:
        yield Violation(
            "tq-start",
            f"the start card is said to be played on turn {start.turn}, but only {s.turn} turns were taken",
            card,
        )
    elif start.player != (start.turn - 1) % max(s.players, 1) + 1:
        yield Violation("tq-start", f"turn {start.turn} was not player {start.player}'s turn", card)
    if start.turn == s.turn + 1 and s.status == "playing":
        yield Violation("tq-start", "the turn of the start card has not ended although the game goes on", card)
    if len(start.shares) != s.players:
        yield Violation("tq-start", f"the start discard lists {len(start.shares)} shares for {s.players} players", card)
        return
    yield from _shares(f, start)


def _shares(f: TqFacts, start) -> Iterator[Violation]:
    s, r, card = f.state, f.rules, (start.card,)
    for q, share in enumerate(start.shares, 1):
        most = r.hand_size - (q == start.player)  # the player of the start card held it too
        if share.hand > most:
            yield Violation(
                "tq-start",
                f"player {q} gave {share.hand} cards from their hand to the start discard; "
                f"{'the player of the start card' if q == start.player else 'a hand'} "
                f"held at most {most}",
                card,
            )
        if share.pile and r.start_discard_from == HANDS:
            yield Violation(
                "tq-start",
                f"player {q} gave {share.pile} cards from their pile to the start discard, "
                "but under start_discard_from: hands it comes from the hands only",
                card,
            )
    total, need = sum(share.total for share in start.shares), r.start_discard
    held = sum(len(h) for h in s.hands) + (sum(len(p) for p in s.piles) if r.start_discard_from != HANDS else 0)
    if total != need and not (total == 0 and s.status == "lost" and held < need):
        yield Violation("tq-start", f"the start discard took {total} cards; the rules ask for {need}", card)
    if len(s.discard) < total:  # discarded cards stay out of the game
        yield Violation(
            "tq-start", f"the start discard took {total} cards, but the discard holds only {len(s.discard)}", card
        )


@rule("tq-start-dead", "Start cards are discarded only once a start card is down.", ENGINE)
def tq_start_dead(f: TqFacts) -> Iterator[Violation]:
    if f.sea.start is None:
        dead = tuple(c for c in f.state.discard if f.kind(c) == "start")
        if dead:
            yield Violation("tq-start-dead", "a start card was discarded before any start card was played", dead)


@rule(
    "tq-start-own",
    "Each player has one start card shuffled into their own pile after the opening draw: never "
    "in an opening hand, never more than one per player.",
    ENGINE,
)
def tq_start_own(f: TqFacts) -> Iterator[Violation]:
    s = f.state
    for q, (hand, pile) in enumerate(zip(s.hands, s.piles), 1):
        mine = tuple(c for c in hand + pile if f.kind(c) == "start")
        if len(mine) > 1:
            yield Violation("tq-start-own", f"player {q} holds {len(mine)} start cards; each player gets one", mine)
        if s.turn == 0:
            in_hand = tuple(c for c in hand if f.kind(c) == "start")
            if in_hand:
                yield Violation("tq-start-own", f"player {q}'s opening hand holds a start card", in_hand)
            elif len(mine) != 1:
                yield Violation(
                    "tq-start-own",
                    f"player {q}'s pile holds {len(mine)} start cards at setup; it should hold exactly one",
                    mine,
                )


@rule("tq-finish", "A finish card goes down only when every cell is filled and a start card is down.", ENGINE)
def tq_finish(f: TqFacts) -> Iterator[Violation]:
    sea = f.sea
    if sea.finish is None:
        return
    empty = [f"cell {k}" for k, c in enumerate(sea.cells, 1) if c is None]
    if empty:
        yield Violation(
            "tq-finish", f"a finish card was played with {len(empty)} empty cell(s)", (sea.finish,), tuple(empty)
        )
    if sea.start is None:
        yield Violation("tq-finish", "a finish card was played before any start card", (sea.finish,))


@rule("tq-won", "The game is won exactly when a finish card is down.", ENGINE)
def tq_won(f: TqFacts) -> Iterator[Violation]:
    s = f.state
    if (s.status == "won") != (f.sea.finish is not None):
        what = "is marked won without a finish card" if s.status == "won" else f"has a finish card but is {s.status}"
        yield Violation("tq-won", f"the game {what}")


@rule(
    "tq-lost",
    "The game is lost exactly when the player whose turn it is can neither play a card nor discard "
    "two (or when hands and piles could not pay the start discard).",  # or, under loss: stuck-or-empty, …
    ENGINE,
)
def tq_lost(f: TqFacts) -> Iterator[Violation]:
    s = f.state
    if s.status == "won" or not 1 <= s.current_player <= len(s.hands):
        return
    start = f.sea.start
    unpaid = (
        start is not None
        and s.status == "lost"
        and sum(share.total for share in start.shares) == 0
        and f.rules.start_discard > 0
    )
    stuck = not has_action(f, s.current_player)
    empty = [q for q, (h, p) in enumerate(zip(s.hands, s.piles), 1) if not h and not p]
    if _tq(f).loss == STUCK_OR_EMPTY and empty:
        if s.status == "playing":
            yield Violation(
                "tq-lost",
                f"player {empty[0]} has no card in hand or pile, so under loss: {STUCK_OR_EMPTY} the game is lost",
            )
        return
    if s.status == "lost" and not (stuck or unpaid):
        yield Violation(
            "tq-lost",
            f"the game is marked lost, but player {s.current_player} can still act",
            s.hands[s.current_player - 1],
        )
    if s.status == "playing" and stuck:
        yield Violation(
            "tq-lost",
            f"player {s.current_player} can neither play nor discard two, so the game is lost",
            s.hands[s.current_player - 1],
        )


@rule("tq-setup", "Before the first turn the grid is empty and no start or finish card is down.", ENGINE)
def tq_setup(f: TqFacts) -> Iterator[Violation]:
    sea = f.sea
    if f.state.turn != 0:
        return
    filled = tuple(c for c in sea.cells if c)
    if filled:
        yield Violation("tq-setup", f"{_pieces_named(f, filled)} in the grid before the first turn", filled)
    for card in (sea.start.card if sea.start else None, sea.finish):
        if card:
            yield Violation("tq-setup", "a start or finish card is down before the first turn", (card,))


def _pieces_named(f: TqFacts, cards: tuple[str, ...]) -> str:
    """What `cards` are, by kind, with the verb: "an island and 2 start cards are", "an island is"."""
    counts: dict[str, int] = {}
    for c in cards:
        kind = f.kind(c)
        noun = "island" if kind == "island" else f"{kind or 'unknown'} card"
        counts[noun] = counts.get(noun, 0) + 1
    parts = [
        f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}" if n == 1 else f"{n} {noun}s" for noun, n in counts.items()
    ]
    named = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return named + (" is" if len(cards) == 1 else " are")


def lay_out(state: State, put: Put) -> None:
    """Every piece on the sea with its area and label (pnp/rules/facts.py's `locate`)."""
    sea = state.sea
    if sea is None:
        return
    for piece in sea.frame:
        put(piece, "frame", "the frame")
    for k, cell in enumerate(sea.cells, 1):
        put(cell, "cell", f"cell {k}")
    put(sea.start.card if sea.start else None, "start", "the start corner")
    put(sea.finish, "finish", "the finish corner")


RULES: tuple[Rule, ...] = (  # checked in this order
    tq_frame,
    tq_box,
    tq_grid,
    tq_ascending,
    tq_start,
    tq_start_dead,
    tq_start_own,
    tq_finish,
    tq_won,
    tq_lost,
    tq_setup,
)
