"""best_defence agrees with a brute force that tries every defender meld choice and every
order of layoffs, on random knocker spreads with defender cards drawn near them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.cards import ALL_CARDS, Card
from gin_scorer.core.hands import Layoff
from gin_scorer.core.layoffs import best_defence, layoff_problems
from gin_scorer.core.melds import AceRule, Meld, deadwood_points, make_meld, meld_problem
from tests.property.brute_force import fits, min_deadwood, min_defence_deadwood
from tests.property.search_strategies import EXAMPLES, ace_rules


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[list[Meld], list[Card], AceRule]:
    ace_rule = draw(ace_rules)
    wrap = ace_rule is AceRule.TEDESCO
    used: set[Card] = set()
    melds: list[Meld] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            rank = draw(st.integers(0, 12))
            suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
            cards = [ALL_CARDS[s * 13 + rank] for s in suits]
        else:
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(3, 6))
            start = draw(st.integers(0, 12 if wrap else 13 - length))
            cards = [ALL_CARDS[suit * 13 + (start + k) % 13] for k in range(length)]
        if used.isdisjoint(cards):
            used.update(cards)
            melds.append(make_meld(cards, ace_rule))
    # Defender cards mostly from the knocker's suits and ranks, so layoffs and chains happen.
    near = [
        card
        for card in ALL_CARDS
        if card not in used and any(card.suit is c.suit or card.rank is c.rank for c in used)
    ]
    rest = [card for card in ALL_CARDS if card not in used]
    size = draw(st.integers(6, 10))
    pool = near if len(near) >= size and draw(st.integers(0, 3)) else rest
    defender = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return melds, defender, ace_rule


@settings(max_examples=EXAMPLES * 2, deadline=None)
@given(scenarios())
def test_best_defence_is_the_minimum(scenario: tuple[list[Meld], list[Card], AceRule]) -> None:
    knocker, defender, ace_rule = scenario
    tedesco = ace_rule is AceRule.TEDESCO
    defence = best_defence(knocker, defender, ace_rule)
    expected = min_defence_deadwood([m.cards for m in knocker], defender, tedesco)
    assert defence.deadwood_points == expected

    # The answer is playable: legal disjoint melds, layoffs that fit in the order given,
    # and the deadwood is exactly what is left.
    melded = [card for meld in defence.melds for card in meld.cards]
    for meld in defence.melds:
        assert meld_problem(meld.cards, ace_rule) is None
    assert layoff_problems(knocker, defence.layoffs, ace_rule) == []
    laid = [layoff.card for layoff in defence.layoffs]
    everything = melded + laid + list(defence.deadwood)
    assert sorted(everything) == sorted(defender)
    assert defence.deadwood_points == deadwood_points(defence.deadwood, ace_rule)


@settings(max_examples=EXAMPLES, deadline=None)
@given(scenarios())
def test_without_layoffs_it_is_the_best_arrangement(
    scenario: tuple[list[Meld], list[Card], AceRule],
) -> None:
    knocker, defender, ace_rule = scenario
    defence = best_defence(knocker, defender, ace_rule, allow_layoffs=False)
    assert defence.layoffs == ()
    assert defence.deadwood_points == min_deadwood(defender, ace_rule is AceRule.TEDESCO)


@settings(max_examples=EXAMPLES * 2, deadline=None)
@given(scenarios(), st.data())
def test_layoff_problems_flags_exactly_the_layoffs_that_do_not_fit(
    scenario: tuple[list[Meld], list[Card], AceRule], data: st.DataObject
) -> None:
    knocker, defender, ace_rule = scenario
    tedesco = ace_rule is AceRule.TEDESCO
    declared = data.draw(
        st.lists(
            st.builds(
                Layoff,
                st.sampled_from(defender),
                st.integers(-1, len(knocker)),
            ),
            max_size=6,
        )
    )
    table = [frozenset(meld.cards) for meld in knocker]
    used: set[Card] = set().union(*table)
    expected_bad = []
    for layoff in declared:
        ok = (
            0 <= layoff.meld < len(table)
            and layoff.card not in used
            and fits(table[layoff.meld], layoff.card, tedesco)
        )
        if ok:
            table[layoff.meld] = table[layoff.meld] | {layoff.card}
            used.add(layoff.card)
        else:
            expected_bad.append(layoff)
    problems = layoff_problems(knocker, declared, ace_rule)
    assert [layoff for layoff, _ in problems] == expected_bad
    for layoff, why in problems:
        assert str(layoff.card) in str(why)  # the reason names the card
