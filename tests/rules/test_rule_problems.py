"""rule_problems and rule_warnings: variants that cannot be played are told apart from those that can."""

from __future__ import annotations

from helpers.rulekit import game_named, with_module_rules, with_rules, without_cards

from pnp.rules import deal_setup, rule_problems, rule_warnings, simulate

TQ = game_named("tranquility")
AS = game_named("ascent")


def test_the_bundled_games_have_no_problems():
    assert rule_problems(TQ) == [] and rule_problems(AS) == []


def test_a_bigger_grid_works_with_no_code_change_when_the_deck_allows_it():
    game = with_rules(TQ, grid={"rows": 7, "cols": 7})
    assert rule_problems(game) == ["the frame of a 7×7 grid needs 28 border cards, but there are 25"]
    small = with_rules(TQ, grid={"rows": 5, "cols": 5}, hand_size=6)
    assert rule_problems(small) == []
    state = deal_setup(small, 3, 1)
    assert len(state.sea.cells) == 25 and len(state.sea.frame) == 20 and len(state.hands[0]) == 6
    assert simulate(small, 3, 50, 1).progress_total == 25


def test_too_few_islands_hand_size_and_missing_pieces():
    problems = rule_problems(without_cards(with_rules(TQ, hand_size=1), "island", 30))
    assert any("needs 36 islands with different numbers, but only 30" in p for p in problems)
    assert any("hand of 1 card(s) cannot take the discard-two action" in p for p in problems)
    assert any(
        "each of up to 6 players needs a start card, but there are 5" in p
        for p in rule_problems(with_rules(TQ, players={"min": 1, "max": 6}))
    )
    assert any("remove_islands" in p for p in rule_problems(with_rules(TQ, remove_islands=90)))


def test_ascent_variants():
    assert any("top row would be empty" in p for p in rule_problems(with_rules(AS, mountain={"base": 5, "rows": 8})))
    assert any(
        "only" in p and "number of" in p for p in rule_problems(with_rules(AS, mountain={"base": 15, "rows": 14}))
    )
    assert any("not a terrain colour" in p for p in rule_problems(with_module_rules(AS, "green-path", colour="purple")))
    assert any("reveals 11" in p for p in rule_problems(with_module_rules(AS, "panorama", revealed=11)))
    assert any("target row 9" in p for p in rule_problems(with_module_rules(AS, "goats", target_row=9)))


def test_warnings_name_player_counts_and_goals_that_can_never_be_won():
    assert rule_warnings(TQ) == []  # solo is winnable when the start discard may come off the pile
    hands_only = with_rules(TQ, start_discard_from="hands")
    assert rule_warnings(hands_only) == [
        "with 1 player(s) the hands hold at most 4 cards when the start card is "
        "played (1 × 5 − the start card), fewer than the start discard of 8: such a game is always lost"
    ]
    assert rule_warnings(with_rules(hands_only, start_discard=4)) == []
    assert rule_warnings(AS) == []  # the spec's one goat reaches row 8
    row_6 = rule_warnings(with_module_rules(AS, "goats", goats=3, target_row=6))
    assert len(row_6) == 1 and "Mountain Goats goal can never be met" in row_6[0]
