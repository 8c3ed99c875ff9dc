"""The search bot: legal games, the same game for the same seed, the real table left untouched."""

from __future__ import annotations

from helpers.rulekit import game_named, with_rules

from pnp.rules import check_state
from pnp.rules.bots import _deck, kit, play_game
from pnp.rules.search import clone
from pnp.rules.tranquility.search import TranquilitySearch

TQ = game_named("tranquility")


def test_a_search_game_is_legal_and_the_same_for_the_same_seed():
    k = kit(TQ)
    t = k.deal(_deck(TQ, k), 3, 11)
    bot = TranquilitySearch(seed=11, samples=2)
    while t.status == "playing" and t.turn < 40:
        p = t.turn % t.n
        before = {a: repr(v) for a, v in vars(t).items()}
        action = bot.choose(t, p)
        assert {a: repr(v) for a, v in vars(t).items()} == before  # the rollouts played on copies
        t.apply(p, action)
        assert check_state(TQ, t.to_state()) == []
    assert play_game(TQ, 2, 5, "search") == play_game(TQ, 2, 5, "search")


def test_the_redeal_keeps_what_the_player_sees_and_the_sizes():
    import random

    k = kit(TQ)
    t = k.deal(_deck(TQ, k), 3, 2)
    c = clone(t)
    TranquilitySearch().redeal(c, 0, random.Random(1))
    assert c.hands[0] == t.hands[0] and c.cells == t.cells and c.discard == t.discard
    assert [len(h) for h in c.hands] == [len(h) for h in t.hands]
    assert [len(p) for p in c.piles] == [len(p) for p in t.piles]

    def hidden(x):
        return sorted(c for lst in x.piles + x.hands[1:] for c in lst)

    def starts(x, q):
        return [card for card in x.piles[q] + (x.hands[q] if q else []) if x.deck.kind[card] == 1]

    assert hidden(c) == hidden(t) and c.piles != t.piles
    for q in range(3):  # each start card stays with its owner
        assert starts(c, q) == starts(t, q)


def test_the_face_down_discard_is_dealt_again_except_the_cards_the_player_put_there():
    import random

    k = kit(TQ)
    t = k.deal(_deck(TQ, k), 2, 4)
    bot = TranquilitySearch(seed=4)
    while t.status == "playing" and not (bot.own.get(0) and set(t.discard) - bot.own[0]):
        p = t.turn % t.n  # play until player 0 put cards into the discard and others did too
        t.apply(p, bot.choose(t, p))
    mine = bot.own[0]
    assert mine and all(c in t.discard for c in mine)
    before = sorted(t.discard)
    moved = set()
    for sample in range(20):
        c = clone(t)
        bot.redeal(c, 0, random.Random(sample))
        assert len(c.discard) == len(t.discard)
        for i, card in enumerate(t.discard):
            if card in mine:
                assert c.discard[i] == card  # what player 0 discarded it knows
            elif c.discard[i] != card:
                moved.add(i)
        hidden = lambda x: sorted(v for lst in x.piles + x.hands[1:] + [x.discard] for v in lst)
        assert hidden(c) == hidden(t) and sorted(t.discard) == before
    assert moved  # the cards player 1 and the start discard put there are unseen


def test_the_ascent_rollout_bot_plays_the_baseline_move_for_move():
    from pnp.rules.ascent.bot import AscentBot
    from pnp.rules.ascent.search import AscentRollout
    from pnp.rules.simulation import play_out

    game = game_named("ascent")  # every module: the goals it reads faster are all in play
    k = kit(game)
    for seed in (1, 2, 3):
        a = play_out(k.deal(_deck(game, k), 2, seed), AscentBot())
        b = play_out(k.deal(_deck(game, k), 2, seed), AscentRollout())
        assert a.to_state() == b.to_state()


def test_close_turns_are_searched_and_clear_ones_are_not():
    k = kit(TQ)
    bot = TranquilitySearch(seed=7)
    t = k.deal(_deck(TQ, k), 3, 7)
    from pnp.rules.simulation import play_out

    play_out(t, bot)
    assert 0 < bot.searched < t.turn


def test_search_results_do_not_depend_on_the_workers():
    from pnp.rules import simulate

    assert simulate(TQ, 2, 4, 9, bot="search", jobs=1) == simulate(TQ, 2, 4, 9, bot="search", jobs=2)


def test_tranquility_leaves_the_baseline_only_for_a_clear_gain_the_ascent_for_any():
    from pnp.rules.ascent.search import AscentSearch

    tq = TranquilitySearch()
    assert (tq.weight, tq.margin, tq.confirm) == (0.0, 1.0, 12)
    assert tq.best([2.0, 2.5, 1.0]) == 0 and tq.best([1.0, 2.0, 3.0]) == 2
    ascent = AscentSearch()
    assert (ascent.weight, ascent.margin, ascent.confirm) == (0.5, 0.0, 0)
    assert ascent.best([2.0, 2.1]) == 1 and ascent.best([2.0, 2.0]) == 0


# Games of the search bot recorded before it was made faster (bench/search_games.json, which holds 145;
# the Tranquility games recorded again when the baseline took new rules of thumb, issue 30):
# (game, modules, players, seed) → SHA-256 of its move log. A speed-up must leave every move as it was.
RECORDED = [
    (
        "ascent-modules-reconstructed",  # recorded with the modules as first reconstructed
        "all",
        1,
        10499958131665514997,
        "86799ce7426b2c48ad9c9770e8ca0c1cbe1de86024c8fa0871a584fba367e98e",
    ),
    ("ascent", "none", 2, 10904855999123826993, "e3920116b583d2a25666a47e5cd9e129d26848c6228d9d1d24ecdfa9b72cdb54"),
    ("tranquility", "all", 2, 7002664860023442459, "bf0e358dd886233f3da4d7e5029e9f181d36fd2638db5ba3b63b08d1b9cf60e1"),
    ("tranquility", "all", 1, 7677164818041690485, "551606b803f73949adce90913f399046570c1df8395de97a4b0a8247d164829a"),
]


def test_the_search_bot_plays_the_recorded_games_move_for_move():
    import hashlib

    from pnp.rules.bots import make_bot

    for name, modules, players, seed, moves in RECORDED:
        game = game_named(name, modules)
        k = kit(game)
        t, bot, log = k.deal(_deck(game, k), players, seed), make_bot(game, "search", seed), hashlib.sha256()
        while t.status == "playing":
            p = t.turn % t.n
            action = bot.choose(t, p)
            log.update(repr((p, action)).encode())
            if action is None:
                break
            t.apply(p, action)
        assert log.hexdigest() == moves, (name, modules, players, seed)


def test_a_trial_makes_the_choice_of_every_rollout_played():
    """`_Trial.choice` cuts rollouts short but chooses as `best` does on every score (random scores)."""
    import random

    from pnp.rules.ascent.search import AscentSearch
    from pnp.rules.search import _Trial

    rng = random.Random(3)
    for bot in (TranquilitySearch(), AscentSearch()):
        for _ in range(300):
            options, count = list(range(rng.randint(2, 4))), rng.choice((4, 16))
            table = {(n, d): rng.choice((0.0, 1.0, 0.5 * rng.random())) for n in options for d in range(count)}
            if bot.weight == 0:
                table = {key: float(v == 1.0) for key, v in table.items()}
            played = []

            class Deal:
                def __init__(self, d):
                    self.d = d

            class Known(_Trial):
                def deal(self, d):
                    return Deal(d)

            def rollout(dealt, p, n, table=table, played=played):
                played.append((n, dealt.d))
                return table[(n, dealt.d)]

            bot.rollout = rollout
            trial = Known(bot, None, 0, options)
            trial.seeds = [0] * count  # deals are not dealt here
            scores = [sum(table[(n, d)] for d in range(count)) for n in options]
            assert trial.choice(count) == bot.best(scores)
            assert len(played) == len(set(played))


def test_after_a_redeal_the_finish_cards_out_of_play_count_the_box_as_the_engine_does():
    # one finish card per player at 2 players: the other finish cards start in the box, out of play
    game = with_rules(TQ, finish_cards="one-per-player")
    k = kit(game)
    t = k.deal(_deck(game, k), 2, 3)
    dealt = t.finish_gone
    assert dealt > 0 and t.discard == []
    TranquilitySearch(seed=3, samples=1).after_redeal(t)
    assert t.finish_gone == dealt
