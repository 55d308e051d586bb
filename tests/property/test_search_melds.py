"""The fast exact search agrees with the brute force on random, dense and round-the-corner hands."""

from __future__ import annotations

from brute_force import min_deadwood, min_deadwood_after_discard
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import EXAMPLES, ace_rules, any_hand

from gin_scorer.core.cards import Card
from gin_scorer.core.melds import (
    AceRule,
    Arrangement,
    best_arrangement,
    best_discard,
    deadwood_points,
    least_deadwood,
    meld_problem,
)


def assert_consistent(arrangement: Arrangement, cards: list[Card], ace_rule: AceRule) -> None:
    """Legal, disjoint melds; the deadwood is exactly the rest and counted right."""
    melded = [card for meld in arrangement.melds for card in meld.cards]
    assert len(melded) == len(set(melded))
    for meld in arrangement.melds:
        assert meld_problem(meld.cards, ace_rule) is None
    assert sorted(melded + list(arrangement.deadwood)) == sorted(cards)
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood)
    assert arrangement.deadwood_points == deadwood_points(arrangement.deadwood, ace_rule)


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_hand((10, 11)), ace_rules, st.randoms(use_true_random=False))
def test_best_arrangement_is_the_minimum(cards: list[Card], ace_rule: AceRule, rnd) -> None:
    best = best_arrangement(cards, ace_rule)
    assert best.deadwood_points == min_deadwood(cards, ace_rule is AceRule.TEDESCO)
    assert_consistent(best, cards, ace_rule)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert best_arrangement(shuffled, ace_rule) == best  # same cards, same answer


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_hand((0, 1, 2, 3, 4, 5, 6, 7, 8, 9)), ace_rules)
def test_small_hands_too(cards: list[Card], ace_rule: AceRule) -> None:
    best = best_arrangement(cards, ace_rule)
    assert best.deadwood_points == min_deadwood(cards, ace_rule is AceRule.TEDESCO)
    assert_consistent(best, cards, ace_rule)


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_hand((11,)), ace_rules)
def test_best_discard_is_the_minimum(cards: list[Card], ace_rule: AceRule) -> None:
    tedesco = ace_rule is AceRule.TEDESCO
    analysis = best_discard(cards, ace_rule)
    assert analysis.all_eleven.deadwood_points == min_deadwood(cards, tedesco)
    assert_consistent(analysis.all_eleven, cards, ace_rule)
    assert analysis.big_gin == (analysis.all_eleven.deadwood_points == 0)
    if analysis.big_gin:
        assert analysis.discard is None
        assert analysis.kept == analysis.all_eleven
        return
    assert analysis.discard in cards
    kept = [card for card in cards if card != analysis.discard]
    assert analysis.kept.deadwood_points == min_deadwood_after_discard(cards, tedesco)
    assert analysis.kept == best_arrangement(kept, ace_rule)
    assert_consistent(analysis.kept, kept, ace_rule)


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_hand((0, 3, 7, 10, 11, 13)), ace_rules)
def test_least_deadwood_is_the_best_arrangements_count(
    cards: list[Card], ace_rule: AceRule
) -> None:
    assert least_deadwood(cards, ace_rule) == best_arrangement(cards, ace_rule).deadwood_points
    if len(cards) <= 11:
        assert least_deadwood(cards, ace_rule) == min_deadwood(cards, ace_rule is AceRule.TEDESCO)
