"""The deck's tables, built once, when a hand's cards are first looked at: every legal meld,
each suit's best runs, card orders and points, as 52-bit masks; and the mask helpers the
searches share. Building them takes a tenth of a second, which a hand typed without its cards
(``gin-scorer hand add ak7 15``) never needs, so nothing builds them at import (issue 41)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from gin_scorer.core.cards import (
    ALL_CARDS,
    Card,
    CardError,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from gin_scorer.core.melds.model import AceRule, Arrangement, Meld, _points_table
from gin_scorer.core.melds.shapes import _card, _meld_from_cards
from gin_scorer.core.wording import said

# ---------------------------------------------------------------------------------------------
# The exact search.
#
# A hand is a 52-bit mask (bit = Card.index: suit-major, 13 bits per suit, ace lowest). The
# tables below are static facts about the deck, built once on first use: every legal meld as a
# mask with its worth and its Meld object, and lookups that turn a mask back into sorted cards
# and points. No answer is ever remembered from one call to the next.

_SUIT_BITS = 0x1FFF  # the 13 bits of one suit
# Where a run of three can start without leaving its suit (rank positions 0-10 of each suit).
_RUN_STARTS = sum(0x7FF << (13 * suit) for suit in range(4))
_BIT: tuple[int, ...] = tuple(1 << index for index in range(52))  # the bit of each Card.index
# The four aces. Times a 13-bit pattern of ranks (or one rank's bit): every card of those ranks.
_RANK_BITS = 1 | 1 << 13 | 1 << 26 | 1 << 39

# A meld's worth in the search: its points first, then its number of cards, then one less per
# meld. Maximising the sum therefore means: least deadwood points, then fewest deadwood cards,
# then fewest (longer) melds. The fields cannot spill into each other: one search meets at most
# 17 melds (< 64, the card weight) and 52 cards (52 x 64 < 4096, the points weight).
_POINTS_SHIFT = 12
_CARD_WEIGHT = 1 << 6


def _cost(points: int, deadwood: int, melds: int) -> int:
    """What the fast search minimises: deadwood points, then deadwood cards (``deadwood`` is
    their mask), then melds, in one number. Each field stays below the next one's weight (at
    most 52 cards and 17 melds), and the cost of a hand is the sum of its suits' and sets'."""
    return (points << _POINTS_SHIFT) + _CARD_WEIGHT * deadwood.bit_count() + melds


def _rank_major(index: int) -> int:
    """Position of a card in display order (rank, then suit): 4 * rank position + suit."""
    return (index % 13) * 4 + index // 13


class _Tables:
    """Everything the search looks up for one ace rule."""

    __slots__ = (
        "discard_preference",
        "meld_order",
        "melds",
        "points",
        "run_cost",
        "runnable",
        "runs",
        "sets",
        "suit_points",
        "worth",
        "wrap",
    )

    def __init__(self, ace_rule: AceRule) -> None:
        self.wrap = ace_rule is AceRule.TEDESCO
        self.points = _points_table(ace_rule)
        # Which of two discards leaving equal deadwood goes: more points, then the higher card
        # (rank, then suit). Below 4096, so (deadwood << 12) - preference orders both at once.
        self.discard_preference = [
            self.points[index] * 64 + _rank_major(index) for index in range(52)
        ]
        self.melds: dict[int, Meld] = {}
        self.worth: dict[int, int] = {}
        self.meld_order: dict[int, int] = {}
        for cards in self._every_meld():
            mask = sum(1 << card.index for card in cards)
            self.melds[mask] = _meld_from_cards(cards, ace_rule)
            self.worth[mask] = (
                (sum(self.points[card.index] for card in cards) << _POINTS_SHIFT)
                + _CARD_WEIGHT * len(cards)
                - 1
            )
            self.meld_order[mask] = min(_rank_major(card.index) for card in cards)
        # sets[rank position][4-bit pattern of suits held] -> the sets (mask, worth) among them
        self.sets: list[list[tuple[tuple[int, int], ...]]] = []
        for rank in range(13):
            by_pattern: list[tuple[tuple[int, int], ...]] = []
            for pattern in range(16):
                suits = [s for s in range(4) if pattern >> s & 1]
                groups = [suits] if len(suits) >= 3 else []
                if len(suits) == 4:
                    groups += [[s for s in suits if s != left] for left in suits]
                masks = [sum(1 << (s * 13 + rank) for s in group) for group in groups]
                by_pattern.append(tuple((mask, self.worth[mask]) for mask in masks))
            self.sets.append(by_pattern)
        # suit_points[13-bit pattern]: points of those ranks (the same in every suit)
        self.suit_points = [0] * 8192
        for pattern in range(1, 8192):
            low = pattern & -pattern
            self.suit_points[pattern] = (
                self.suit_points[pattern ^ low] + self.points[low.bit_length() - 1]
            )
        # runs[13-bit pattern]: the best runs of one suit holding those ranks, when none of its
        # cards goes to a set (masks in the bits of the first suit; the same in every suit).
        # Each block of three or more ranks in a row (round the corner under Tedesco) melds
        # whole: that melds every card a run can take, in the fewest melds, so it is the one
        # best choice. runnable is the cards they meld, run_cost what they leave (see _cost).
        self.runs = [self._blocks(pattern) for pattern in range(8192)]
        self.runnable = [sum(runs) for runs in self.runs]
        self.run_cost = [
            _cost(self.suit_points[pattern & ~runnable], pattern & ~runnable, len(runs))
            for pattern, (runs, runnable) in enumerate(zip(self.runs, self.runnable, strict=True))
        ]

    def _blocks(self, pattern: int) -> tuple[int, ...]:
        """The blocks of three or more ranks in a row among a 13-bit pattern of ranks."""
        blocks: list[int] = []
        left = pattern
        while left:
            low = left & -left
            block = ((left + low) ^ left) & left  # the ranks in a row from the lowest one held
            blocks.append(block)
            left ^= block
        if self.wrap and len(blocks) > 1 and pattern & 1 and pattern >> 12:
            blocks[0] |= blocks.pop()  # the block from the king round the corner to the ace
        return tuple(block for block in blocks if block.bit_count() >= 3)

    def _every_meld(self) -> list[list[Card]]:
        every: list[list[Card]] = []
        for rank in range(13):
            suits = range(4)
            every.append([_card(s, rank) for s in suits])
            every += [[_card(s, rank) for s in suits if s != left] for left in suits]
        for suit in range(4):
            for start in range(13):
                for length in range(3, 14):
                    if not self.wrap and start + length > 13:
                        break
                    if length == 13 and start:
                        break  # the whole suit round the corner, listed once
                    every.append([_card(suit, (start + k) % 13) for k in range(length)])
        return every


class _TablesByRule(dict[AceRule, _Tables]):
    """Each ace rule's tables, built the first time that rule's are looked up (a plain dict
    lookup afterwards). Two threads that both miss build the same facts; either copy is kept."""

    def __missing__(self, rule: AceRule) -> _Tables:
        tables = self[rule] = _Tables(rule)
        return tables


_TABLES: dict[AceRule, _Tables] = _TablesByRule()


@functools.cache
def _display_orders() -> tuple[list[list[int]], list[list[tuple[Card, ...]]]]:
    """The tables :func:`_sorted_cards` reads, built on its first call.

    spread[suit][13-bit pattern]: the same cards as a display-order mask (bit = 4 * rank +
    suit); chunks[k][byte]: the cards of byte k of a display-order mask, in display order."""
    by_display_position = tuple(sorted(ALL_CARDS, key=lambda card: _rank_major(card.index)))
    spread: list[list[int]] = []
    for suit in range(4):
        table = [0] * 8192
        for pattern in range(1, 8192):
            low = pattern & -pattern
            table[pattern] = table[pattern ^ low] | 1 << ((low.bit_length() - 1) * 4 + suit)
        spread.append(table)
    chunks = [
        [
            tuple(by_display_position[8 * k + bit] for bit in range(8) if byte >> bit & 1)
            if 8 * k + 8 <= 52 or byte < 16
            else ()
            for byte in range(256)
        ]
        for k in range(7)
    ]
    return spread, chunks


def _hand_mask(cards: Iterable[Card]) -> int:
    bit = _BIT
    mask = 0
    for card in cards:
        mask |= bit[card.index]
    return mask


def _cards_of(mask: int) -> list[Card]:
    """The cards of a mask, by index (suit-major)."""
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        cards.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


def _sorted_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask sorted by rank, then suit."""
    spread, chunk = _display_orders()  # as a display-order mask, then byte by byte
    display = (
        spread[0][mask & _SUIT_BITS]
        | spread[1][mask >> 13 & _SUIT_BITS]
        | spread[2][mask >> 26 & _SUIT_BITS]
        | spread[3][mask >> 39 & _SUIT_BITS]
    )
    return (
        chunk[0][display & 255]
        + chunk[1][display >> 8 & 255]
        + chunk[2][display >> 16 & 255]
        + chunk[3][display >> 24 & 255]
        + chunk[4][display >> 32 & 255]
        + chunk[5][display >> 40 & 255]
        + chunk[6][display >> 48]
    )


def _mask_points(mask: int, tables: _Tables) -> int:
    points = tables.suit_points
    return (
        points[mask & _SUIT_BITS]
        + points[mask >> 13 & _SUIT_BITS]
        + points[mask >> 26 & _SUIT_BITS]
        + points[mask >> 39]
    )


def _arrangement(hand: int, best: tuple[int, tuple[int, ...]], tables: _Tables) -> Arrangement:
    """The Arrangement of ``hand`` that :func:`_best` found: (deadwood points, melds' masks)."""
    points, chosen = best
    if not chosen:
        return Arrangement((), _sorted_cards(hand), points)
    for mask in chosen:
        hand &= ~mask
    if len(chosen) > 1:
        order = tables.meld_order
        if len(chosen) == 2:
            first, second = chosen
            if order[first] > order[second]:
                chosen = (second, first)
        else:
            chosen = tuple(sorted(chosen, key=order.__getitem__))
    return Arrangement(
        tuple(map(tables.melds.__getitem__, chosen)),
        _sorted_cards(hand),
        points,
    )


def _indexes(mask: int) -> list[int]:
    """The card indexes of ``mask``, lowest first."""
    indexes = []
    while mask:
        low = mask & -mask
        indexes.append(low.bit_length() - 1)
        mask ^= low
    return indexes


def _checked_mask(cards: Sequence[Card]) -> int:
    """The mask of ``cards``; a card given twice is refused by name."""
    bit = _BIT
    mask = 0
    for card in cards:  # _hand_mask, written out: this is every search's first step
        mask |= bit[card.index]
    if mask.bit_count() != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(said("{0} is in the hand twice", card))
            seen.add(card)
    return mask
