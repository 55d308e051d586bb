"""The shapes of melds: card positions, the order of a run under each ace rule, what a broken
run is missing, a legal meld in its canonical order."""

from __future__ import annotations

from collections.abc import Iterable

from gin_scorer.core.cards import (
    ALL_CARDS,
    Card,
    Suit,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from gin_scorer.core.melds.model import AceRule, Meld, MeldKind

# ---------------------------------------------------------------------------------------------
# Legality of one meld

_SUIT_BY_NUMBER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def _card(suit_number: int, rank_number: int) -> Card:
    """The card of a suit (0–3) and a rank position (0 = ace … 12 = king)."""
    return ALL_CARDS[suit_number * 13 + rank_number]


def _run_order(positions: set[int], ace_rule: AceRule) -> list[int] | None:
    """Rank positions (0 = ace … 12 = king) in play order if they form a run, else ``None``."""
    if len(positions) < 3:
        return None
    if ace_rule is AceRule.LOW:
        low, high = min(positions), max(positions)
        if high - low + 1 != len(positions):
            return None
        return list(range(low, high + 1))
    # Tedesco: the positions must be one unbroken arc of the 13-rank circle.
    if len(positions) == 13:
        return list(range(13))
    starts = [p for p in positions if (p - 1) % 13 not in positions]
    if len(starts) != 1:
        return None
    return [(starts[0] + k) % 13 for k in range(len(positions))]


def _missing_in_run(positions: set[int], ace_rule: AceRule) -> list[int]:
    """Rank positions that would make ``positions`` one run, filling the smallest gaps."""
    if ace_rule is AceRule.LOW:
        return [p for p in range(min(positions), max(positions) + 1) if p not in positions]
    # On the circle, the largest gap is left open and every other gap is what is missing.
    ordered = sorted(positions)
    gaps = [(((ordered[(i + 1) % len(ordered)] - p - 1) % 13), p) for i, p in enumerate(ordered)]
    _, open_after = max(gaps)
    missing: list[int] = []
    for size, p in gaps:
        if p != open_after:
            missing += [(p + k) % 13 for k in range(1, size + 1)]
    return sorted(missing)


def _meld_from_cards(cards: Iterable[Card], ace_rule: AceRule) -> Meld:
    """A :class:`Meld` in canonical order from cards already known to be a legal meld."""
    cards = tuple(cards)
    if len({card.rank for card in cards}) == 1:
        return Meld(MeldKind.SET, tuple(sorted(cards, key=lambda c: c.index)))
    suit_number = _SUIT_BY_NUMBER.index(cards[0].suit)
    order = _run_order({int(card.rank) - 1 for card in cards}, ace_rule)
    assert order is not None  # callers only pass legal runs
    return Meld(MeldKind.RUN, tuple(_card(suit_number, p) for p in order))
