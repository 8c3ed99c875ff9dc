"""The Tranquility baseline's rules of thumb of issue 30 (docs/rules.md, "The baseline bots"): what each
seat knows of the face-down discard, the islands its discards spare, the finish card it keeps late, and
the start discard's thresholds by how long a player waits for its turn."""

from __future__ import annotations

from helpers.rulekit import game_named, table_with

from pnp.rules.tranquility.bot import DEAD, TranquilityBot
from pnp.rules.tranquility.engine import FINISH, START

TQ = game_named("tranquility")


def _numbers(t, cards) -> list[int]:
    return [t.deck.number[c] for c in cards]


def _hand(t, p: int, numbers) -> None:
    """Player p holds exactly the islands `numbers` (taken from wherever they are, not off the table)."""
    by = {t.deck.number[i]: i for i in t.deck.islands}
    wanted = {by[x] for x in numbers}
    for lst in t.hands + t.piles:
        lst[:] = [c for c in lst if c not in wanted]
    t.hands[p] = [by[x] for x in numbers]


def test_each_seat_remembers_the_places_of_the_discard_cards_it_put_there_itself():
    t = table_with(TQ, {1: 10, 20: 50}, players=2)
    _hand(t, 0, (30, 31, 70, 71, 72))
    _hand(t, 1, (60, 61, 62, 63, 64))
    t.discard_two(0, tuple(t.hands[0][:2]))
    t.place(1, t.hands[1][0], 25, tuple(t.hands[1][1:3]))  # 60 in cell 25 (next to nothing), paying 2
    assert t.seen == [[0, 1], [2, 3]] and _numbers(t, t.discard) == [30, 31, 61, 62]
    copy = t.clone()
    copy.discard_two(0, tuple(copy.hands[0][:2]))
    assert copy.seen[0] == [0, 1, 4, 5] and t.seen[0] == [0, 1]  # the copy's memory is its own


def test_the_start_discard_s_hand_cards_are_remembered_by_their_givers_and_its_pile_cards_by_nobody():
    t = table_with(TQ, {1: 40}, players=2)
    start = next(c for pile in t.piles for c in pile if t.deck.kind[c] == START)
    for pile in t.piles:
        if start in pile:
            pile.remove(start)
    _hand(t, 0, (3, 5, 60, 70))
    _hand(t, 1, (7, 8, 61, 62, 63))
    t.hands[0].insert(0, start)
    t.apply(0, ("start", start, [((t.hands[0][1],), 3), ((t.hands[1][0], t.hands[1][1]), 2)]))
    assert t.seen == [[0], [4, 5]]  # 3 at place 0, the three pile cards at 1-3, 7 and 8 at 4-5, two more
    assert _numbers(t, [t.discard[i] for i in (0, 4, 5)]) == [3, 7, 8] and len(t.discard) == 8


def test_discards_spare_an_island_whose_run_of_empty_cells_may_run_short():
    # 10 and 12 around cell 2: 11 is the only number that can fill it; it costs 1 there, the others 0
    t = table_with(TQ, {1: 10, 3: 12, 20: 50}, players=2)
    _hand(t, 0, (11, 30, 31, 70, 71))
    bot = TranquilityBot()
    rated = bot.rate_hand(t, t.hands[0])
    assert bot.room_left(t, bot.known(t, 0), t.hands[0][0]) == 0.0  # one number, held, for one cell
    assert _numbers(t, [e[1] for e in TranquilityBot(short_weight=0).worst_first(t, 0, rated)])[0] == 11
    assert _numbers(t, [e[1] for e in bot.worst_first(t, 0, rated)])[-1] == 11  # the last to go


def test_the_room_a_player_counts_drops_for_the_numbers_it_discarded_itself_not_for_others():
    # 10 in cell 1, 14 in cell 4: cells 2 and 3 take two of 11, 12, 13; player 1 holds 11
    t = table_with(TQ, {1: 10, 4: 14, 20: 50}, players=2)
    _hand(t, 0, (11, 30, 31, 70, 71))
    _hand(t, 1, (12, 60, 61, 62, 63))
    mine = t.clone()
    mine.hands[0].append(mine.hands[1].pop(0))  # as if player 1 had held 12 and discarded it
    mine.discard_two(0, (mine.hands[0][-1], mine.hands[0][1]))
    theirs = t.clone()
    theirs.discard_two(1, tuple(theirs.hands[1][:2]))  # player 2 discarded 12, face down
    eleven = t.hands[0][0]
    room = {
        name: TranquilityBot.room_left(s, TranquilityBot.known(s, 0), eleven)
        for name, s in (("mine", mine), ("theirs", theirs))
    }
    # 11 counts 1; 13 the chance an unseen card is not in the discard; 12 counts 0 only when player 1 saw it go
    assert room["mine"] < room["theirs"] < 1.0


def test_a_finish_card_is_kept_by_player_count_and_once_24_cells_are_filled():
    bot = TranquilityBot()
    assert [bot.finishes_kept(n) for n in range(1, 6)] == [2, 2, 3, 3, 4]
    assert TranquilityBot(keep_finish=2).finishes_kept(5) == 2
    cells = {k: 2 * k for k in range(1, 25)}  # 24 cells filled with 2, 4, …, 48
    t = table_with(TQ, cells, players=2)
    finishes = [c for pile in t.piles for c in pile if t.deck.kind[c] == FINISH][:2]
    for pile in t.piles:
        pile[:] = [c for c in pile if c not in finishes]
    _hand(t, 0, (60, 61, 62))
    t.hands[0] += finishes  # five finish cards in play: more than 2 would be kept at 2 players
    kept = [e[0] for e in bot.rate_hand(t, t.hands[0]) if t.deck.kind[e[1]] == FINISH]
    assert sorted(kept) == [-DEAD, DEAD]  # one kept, the other free to go
    early = [e[0] for e in TranquilityBot(keep_from=25).rate_hand(t, t.hands[0]) if t.deck.kind[e[1]] == FINISH]
    assert early == [DEAD, DEAD]


def test_the_start_discard_takes_more_hand_cards_from_the_players_who_play_soon():
    """`useless` for the player of the start card and the next, `useless_others` for those further."""
    t = table_with(TQ, {1: 40}, players=3)
    start = next(c for pile in t.piles for c in pile if t.deck.kind[c] == START)
    for pile in t.piles:
        if start in pile:
            pile.remove(start)
    _hand(t, 0, (3, 5, 60, 70))
    _hand(t, 1, (7, 8, 9, 61, 62))
    _hand(t, 2, (50, 55, 65, 66, 67))
    t.hands[0].insert(0, start)
    near = TranquilityBot(useless=0.0, useless_others=DEAD).start_shares(t, 0, start)
    far = TranquilityBot(useless=DEAD, useless_others=0.0).start_shares(t, 0, start)
    assert [len(cards) for cards, _ in near] == [4, 3, 0]  # the next player gives all but two; the last none
    assert [len(cards) for cards, _ in far] == [2, 3, 3]  # dead cards only (3, 5; 7, 8, 9); the last all but two
    assert _numbers(t, far[0][0]) == [3, 5] and _numbers(t, far[1][0]) == [7, 8, 9]
