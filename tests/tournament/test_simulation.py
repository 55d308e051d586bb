"""Simulated play: real deals under every preset, records that validate clean, repeatable."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.cards import Card
from gin_scorer.core.hands import Declaration, Side, score_hand
from gin_scorer.core.ledgers import play_match
from gin_scorer.core.validation import validate_hand
from gin_scorer.presets import list_presets, load_preset
from gin_scorer.simulation import play_hand, simulate_match

PRESETS = [p.key for p in list_presets()]


@pytest.mark.parametrize("key", PRESETS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), dealer=st.sampled_from(list(Side)))
def test_simulated_hands_validate_clean(key: str, seed: int, dealer: Side) -> None:
    rules = load_preset(key)
    record = play_hand(random.Random(seed), rules, dealer)
    assert [p.message for p in validate_hand(record, rules) if p.is_error] == []
    score_hand(record, rules)  # scores without complaint
    if record.declaration is not Declaration.DEAD:
        cards = record.cards
        assert cards is not None
        laid: list[Card] = [c for meld in cards.knocker_melds for c in meld]
        everything = laid + list(cards.knocker_deadwood) + list(cards.defender_cards)
        assert len(set(everything)) == len(everything)  # no card twice
        expected = 21 if record.declaration is Declaration.BIG_GIN else 20
        assert len(everything) == expected


def test_same_seed_same_match() -> None:
    rules = load_preset("wikipedia-standard")
    first = simulate_match(random.Random(11), rules)
    second = simulate_match(random.Random(11), rules)
    assert first == second
    ledger = play_match([score_hand(h.record, rules) for h in first], rules)
    assert ledger.finished and not ledger.extra_hands
