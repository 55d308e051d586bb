"""The fast exact search agrees with the brute force on random, dense and round-the-corner hands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.cards import ALL_CARDS, Card, Suit, format_cards
from gin_scorer.core.melds import (
    AceRule,
    Arrangement,
    best_arrangement,
    best_discard,
    deadwood_points,
    extend_meld,
    least_deadwood,
    make_meld,
    meld_problem,
)
from tests.property.brute_force import (
    best_key,
    fits,
    is_meld,
    min_deadwood,
    min_deadwood_after_discard,
    points,
)
from tests.property.search_strategies import (
    CORNER_CARDS,
    DENSE_CARDS,
    EXAMPLES,
    ace_rules,
    any_hand,
    hands,
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


def one_suit(sizes: tuple[int, int] = (1, 13)) -> st.SearchStrategy[list[Card]]:
    """Any cards of one suit: runs, gaps and corners."""
    return st.sampled_from(list(Suit)).flatmap(
        lambda suit: st.lists(
            st.sampled_from([c for c in ALL_CARDS if c.suit is suit]),
            min_size=sizes[0],
            max_size=sizes[1],
            unique=True,
        )
    )


@settings(max_examples=EXAMPLES * 2, deadline=None)
@given(st.one_of(any_hand((0, 3, 6, 9, 10, 11)), one_suit((0, 13))), ace_rules)
def test_ties_go_to_fewer_deadwood_cards_then_fewer_melds(
    cards: list[Card], ace_rule: AceRule
) -> None:
    """The whole order of the docstring, not just the points: the search keeps each suit's best
    runs in a table and tries only the set choices, so every step of the tie-break counts."""
    best = best_arrangement(cards, ace_rule)
    assert (best.deadwood_points, len(best.deadwood), len(best.melds)) == best_key(
        cards, ace_rule is AceRule.TEDESCO
    )


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


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_hand((11,)), ace_rules)
def test_best_discard_follows_its_tie_break(cards: list[Card], ace_rule: AceRule) -> None:
    """Least kept deadwood, then the discard worth most, then the higher card (rank, suit)."""
    tedesco = ace_rule is AceRule.TEDESCO
    analysis = best_discard(cards, ace_rule)
    if analysis.big_gin:
        return

    def key(discard: Card) -> tuple[int, int, tuple[int, int]]:
        kept = [card for card in cards if card != discard]
        negated = (-discard.sort_key[0], -discard.sort_key[1])
        return (min_deadwood(kept, tedesco), -points(discard, tedesco), negated)

    assert analysis.discard == min(cards, key=key)


@settings(max_examples=EXAMPLES * 3, deadline=None)
@given(
    st.one_of(
        hands(3, CORNER_CARDS),
        hands(4, CORNER_CARDS),
        hands(5, CORNER_CARDS),
        hands(3, DENSE_CARDS),
        hands(4),
        hands(3),
        one_suit(),
    ),
    ace_rules,
)
def test_meld_problem_agrees_with_first_principles(cards: list[Card], ace_rule: AceRule) -> None:
    legal = is_meld(cards, ace_rule is AceRule.TEDESCO)
    problem = meld_problem(cards, ace_rule)
    assert (problem is None) == legal, problem
    if legal:
        meld = make_meld(cards, ace_rule)
        assert sorted(meld.cards) == sorted(cards)
    else:
        assert format_cards(cards) in str(problem)  # the message names the cards


@settings(max_examples=EXAMPLES * 3, deadline=None)
@given(st.data(), ace_rules)
def test_extend_meld_agrees_with_first_principles(data: st.DataObject, ace_rule: AceRule) -> None:
    tedesco = ace_rule is AceRule.TEDESCO
    cards = data.draw(
        st.one_of(hands(3, CORNER_CARDS), hands(4, CORNER_CARDS), hands(3, DENSE_CARDS))
    )
    if not is_meld(cards, tedesco):
        return
    meld = make_meld(cards, ace_rule)
    card = data.draw(st.sampled_from(list(ALL_CARDS)))
    grown = extend_meld(meld, card, ace_rule)
    assert (grown is not None) == fits(frozenset(cards), card, tedesco)
    if grown is not None:
        assert sorted(grown.cards) == sorted([*cards, card])
        assert grown == make_meld(grown.cards, ace_rule)  # still in canonical order
