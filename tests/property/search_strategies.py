"""Hypothesis strategies for hands and layoff scenarios, shared by the search property tests."""

from __future__ import annotations

import os

from hypothesis import strategies as st

from gin_scorer.core.cards import ALL_CARDS, Card, Rank
from gin_scorer.core.melds import AceRule

# Modest in CI; raise locally with GIN_SCORER_PROPERTY_EXAMPLES=2000 for a deeper check.
EXAMPLES = int(os.environ.get("GIN_SCORER_PROPERTY_EXAMPLES", "120"))

ace_rules = st.sampled_from(list(AceRule))

# Meld-dense: only aces to fives (20 cards), so sets and runs cross each other everywhere.
DENSE_CARDS = [card for card in ALL_CARDS if card.rank <= Rank.FIVE]
# Two suits and a window of ranks round the corner: long runs, Tedesco wraps, chains.
CORNER_CARDS = [
    card
    for card in ALL_CARDS
    if card.suit.value in "hs" and (card.rank >= Rank.TEN or card.rank <= Rank.FOUR)
] + [card for card in ALL_CARDS if card.rank in (Rank.ACE, Rank.KING)]
CORNER_CARDS = list(dict.fromkeys(CORNER_CARDS))


def hands(size: int, pool: list[Card] | None = None) -> st.SearchStrategy[list[Card]]:
    return st.lists(
        st.sampled_from(pool or list(ALL_CARDS)), min_size=size, max_size=size, unique=True
    )


def any_hand(sizes: tuple[int, ...] = (10, 11)) -> st.SearchStrategy[list[Card]]:
    return st.sampled_from(sizes).flatmap(
        lambda size: st.one_of(
            hands(size), hands(size, DENSE_CARDS), hands(min(size, len(CORNER_CARDS)), CORNER_CARDS)
        )
    )
