"""Melds, deadwood and the exact best arrangement of a gin hand.

A *meld* is a set (3 or 4 cards of one rank) or a run (3 or more cards in a row of one suit).
Cards in no meld are *deadwood*; a hand's deadwood count is the sum of their points. The scorer
never trusts a declared arrangement blindly: :func:`best_arrangement` finds the arrangement with
the least deadwood by an exact search, so a director can see when a player under-declared.

>>> hand = parse_cards("7h 8h 9h 9c 9d 9s 2c 3d Kc Ks")
>>> best = best_arrangement(hand)
>>> [str(meld) for meld in best.melds]
['7♥ 8♥ 9♥', '9♣ 9♦ 9♠']
>>> best.deadwood_points
25

Aces are low unless the Tedesco rule is chosen, where an ace is high or low, runs turn the
corner (``Q-K-A`` and ``K-A-2`` are runs) and an unmelded ace counts 15:

>>> meld_problem(parse_cards("Qs Ks As"))
'Q♠ K♠ A♠ is not a run: the ace is low'
>>> print(make_meld(parse_cards("As Ks 2s"), AceRule.TEDESCO))
K♠ A♠ 2♠

How the search works (and why it is exact): the hand becomes a 52-bit mask (bit
:attr:`Card.index`); every candidate meld inside the hand is listed once as a mask, filed under
its lowest card. The lowest card not yet decided is then either deadwood or the lowest card of
one of its melds, which is a complete case split, so exploring both branches (with the answers
for each remaining mask remembered during the one call) visits every legal arrangement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.cards import (
    ALL_CARDS,
    Card,
    CardError,
    Rank,
    Suit,
    format_cards,
    parse_cards,  # noqa: F401  (the doctests use it)
)

__all__ = [
    "AceRule",
    "Arrangement",
    "ElevenCardAnalysis",
    "Meld",
    "MeldError",
    "MeldKind",
    "best_arrangement",
    "best_discard",
    "card_points",
    "deadwood_points",
    "extend_meld",
    "make_meld",
    "meld_problem",
]


class AceRule(Enum):
    """How aces play.

    ``LOW``: ace is low only (A-2-3 is a run, Q-K-A is not), worth 1 in deadwood.
    ``TEDESCO``: ace high or low, runs turn the corner (Q-K-A, K-A-2), an unmelded ace is 15.
    """

    LOW = "low"
    TEDESCO = "tedesco"


class MeldKind(Enum):
    SET = "set"
    RUN = "run"


class MeldError(ValueError):
    """Cards that do not form a meld; the message names the cards and says why."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal set or run. Build one with :func:`make_meld`, which checks it.

    ``cards`` are in canonical order: a run low to high as played (a Tedesco run turning the
    corner starts where it is played from, e.g. ``K♠ A♠ 2♠``), a set by suit (♣ ♦ ♥ ♠).
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return format_cards(self.cards)

    @property
    def code(self) -> str:
        """Machine form, e.g. ``7h 8h 9h``."""
        return format_cards(self.cards, machine=True)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds chosen from a hand and what is left over.

    ``deadwood`` is sorted (rank, then suit); ``deadwood_points`` uses the ace rule searched.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int


@dataclass(frozen=True, slots=True)
class ElevenCardAnalysis:
    """The best play of an 11-card hand (after drawing).

    ``discard`` is the card to throw so that ``kept`` (the best arrangement of the other ten)
    has the least deadwood. When all eleven cards meld (``big_gin``) no discard is needed:
    ``discard`` is ``None`` and ``kept`` is the eleven-card arrangement itself.
    ``all_eleven`` is the best arrangement of all eleven cards (deadwood counts all eleven).
    """

    discard: Card | None
    kept: Arrangement
    big_gin: bool
    all_eleven: Arrangement


# ---------------------------------------------------------------------------------------------
# Points

_TEDESCO_ACE_POINTS = 15
_POINTS_LOW: tuple[int, ...] = tuple(card.points for card in ALL_CARDS)
_POINTS_TEDESCO: tuple[int, ...] = tuple(
    _TEDESCO_ACE_POINTS if card.rank is Rank.ACE else card.points for card in ALL_CARDS
)


def _points_table(ace_rule: AceRule) -> tuple[int, ...]:
    return _POINTS_TEDESCO if ace_rule is AceRule.TEDESCO else _POINTS_LOW


def card_points(card: Card, ace_rule: AceRule = AceRule.LOW) -> int:
    """A card's deadwood value: ace 1 (15 under Tedesco), 2–10 face value, J Q K 10.

    >>> card_points(parse_cards("As")[0]), card_points(parse_cards("As")[0], AceRule.TEDESCO)
    (1, 15)
    """
    if card.rank is Rank.ACE and ace_rule is AceRule.TEDESCO:
        return _TEDESCO_ACE_POINTS
    return card.points


def deadwood_points(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> int:
    """The sum of the cards' deadwood values.

    >>> deadwood_points(parse_cards("As 7h Kd"))
    18
    """
    return sum(card_points(card, ace_rule) for card in cards)


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


def meld_problem(cards: Sequence[Card], ace_rule: AceRule = AceRule.LOW) -> str | None:
    """Why ``cards`` are not a meld, in plain words; ``None`` when they are one.

    >>> meld_problem(parse_cards("7h 8h 9h")) is None
    True
    >>> meld_problem(parse_cards("7h 8h 10h"))
    '7♥ 8♥ 10♥ is not a run: 9♥ is missing'
    >>> meld_problem(parse_cards("7h 7c"))
    '7♥ 7♣ is not a meld: a set needs 3 or 4 cards of one rank'
    >>> meld_problem(parse_cards("7h 8c 9h"))
    '7♥ 8♣ 9♥ is not a meld: the cards are neither all one rank (a set) nor all one suit (a run)'
    """
    shown = format_cards(cards)
    if not cards:
        return "an empty meld is not a meld: a meld needs at least 3 cards"
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return f"{shown} is not a meld: {card} is in it twice"
        seen.add(card)
    ranks = {card.rank for card in cards}
    suits = {card.suit for card in cards}
    if len(ranks) == 1:
        if len(cards) < 3:
            return f"{shown} is not a meld: a set needs 3 or 4 cards of one rank"
        return None  # 3 or 4 distinct cards of one rank (there are only four suits)
    if len(suits) != 1:
        return (
            f"{shown} is not a meld: the cards are neither all one rank (a set) "
            f"nor all one suit (a run)"
        )
    if len(cards) < 3:
        return f"{shown} is not a meld: a run needs 3 or more cards in a row of one suit"
    positions = {int(card.rank) - 1 for card in cards}
    if _run_order(positions, ace_rule) is not None:
        return None
    if ace_rule is AceRule.LOW and _run_order(positions, AceRule.TEDESCO) is not None:
        return f"{shown} is not a run: the ace is low"
    suit_number = _SUIT_BY_NUMBER.index(cards[0].suit)
    missing = [_card(suit_number, p) for p in _missing_in_run(positions, ace_rule)]
    if len(missing) == 1:
        return f"{shown} is not a run: {missing[0]} is missing"
    if len(missing) <= 3:
        listed = ", ".join(str(card) for card in missing[:-1]) + f" and {missing[-1]}"
        return f"{shown} is not a run: {listed} are missing"
    return f"{shown} is not a run: the cards are not in a row ({len(missing)} cards are missing)"


def _meld_from_cards(cards: Iterable[Card], ace_rule: AceRule) -> Meld:
    """A :class:`Meld` in canonical order from cards already known to be a legal meld."""
    cards = tuple(cards)
    if len({card.rank for card in cards}) == 1:
        return Meld(MeldKind.SET, tuple(sorted(cards, key=lambda c: c.index)))
    suit_number = _SUIT_BY_NUMBER.index(cards[0].suit)
    order = _run_order({int(card.rank) - 1 for card in cards}, ace_rule)
    assert order is not None  # callers only pass legal runs
    return Meld(MeldKind.RUN, tuple(_card(suit_number, p) for p in order))


def make_meld(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> Meld:
    """The meld made of ``cards`` (any order), or :class:`MeldError` saying why it is not one.

    >>> print(make_meld(parse_cards("9h 7h 8h")))
    7♥ 8♥ 9♥
    >>> make_meld(parse_cards("Kc Kd"))
    Traceback (most recent call last):
    ...
    gin_scorer.core.melds.MeldError: K♣ K♦ is not a meld: a set needs 3 or 4 cards of one rank
    """
    cards = tuple(cards)
    problem = meld_problem(cards, ace_rule)
    if problem is not None:
        raise MeldError(problem)
    return _meld_from_cards(cards, ace_rule)


def extend_meld(meld: Meld, card: Card, ace_rule: AceRule = AceRule.LOW) -> Meld | None:
    """``meld`` with ``card`` laid off on it, or ``None`` when the card does not fit.

    A set of three takes its fourth card; a run takes the next card at either end.

    >>> run = make_meld(parse_cards("2h 3h 4h"))
    >>> print(extend_meld(run, parse_cards("5h")[0]))
    2♥ 3♥ 4♥ 5♥
    >>> extend_meld(run, parse_cards("6h")[0]) is None
    True
    """
    if card in meld.cards:
        return None
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4 or card.rank is not meld.cards[0].rank:
            return None
        return Meld(MeldKind.SET, tuple(sorted((*meld.cards, card), key=lambda c: c.index)))
    if card.suit is not meld.cards[0].suit or len(meld.cards) >= 13:
        return None
    first, last = int(meld.cards[0].rank) - 1, int(meld.cards[-1].rank) - 1
    position = int(card.rank) - 1
    if ace_rule is AceRule.TEDESCO:
        if position == (last + 1) % 13:
            return Meld(MeldKind.RUN, (*meld.cards, card))
        if position == (first - 1) % 13:
            return Meld(MeldKind.RUN, (card, *meld.cards))
        return None
    if position == last + 1:
        return Meld(MeldKind.RUN, (*meld.cards, card))
    if position == first - 1:
        return Meld(MeldKind.RUN, (card, *meld.cards))
    return None


# ---------------------------------------------------------------------------------------------
# Candidate melds of a hand, as bitmasks

_SUIT_BITS = 0x1FFF  # the 13 bits of one suit


def _hand_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def _cards_of(mask: int) -> list[Card]:
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        cards.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


def _candidate_melds(hand: int, ace_rule: AceRule) -> list[int]:
    """Every legal meld (as a mask) that lies inside the hand mask ``hand``, each once."""
    melds: list[int] = []
    # Sets: any 3 of a rank held 3 or 4 times, and the 4 together.
    for rank in range(13):
        held = [1 << (suit * 13 + rank) for suit in range(4) if hand >> (suit * 13 + rank) & 1]
        if len(held) >= 3:
            full = sum(held)
            if len(held) == 4:
                melds.append(full)
                melds.extend(full ^ bit for bit in held)
            else:
                melds.append(full)
    # Runs: every stretch of 3+ consecutive ranks of one suit (round the corner for Tedesco).
    wrap = ace_rule is AceRule.TEDESCO
    for suit in range(4):
        bits = hand >> (suit * 13) & _SUIT_BITS
        shift = suit * 13
        for start in range(13):
            if not bits >> start & 1:
                continue
            run = 1 << start
            position = start
            for length in range(2, 14):
                position += 1
                if position == 13:
                    if not wrap:
                        break
                    position = 0
                if not bits >> position & 1:
                    break
                run |= 1 << position
                if length >= 3:
                    melds.append(run << shift)
    return list(dict.fromkeys(melds))  # a full 13-card circle is found from every start


# ---------------------------------------------------------------------------------------------
# The exact search

# A meld's worth in the search: its points first, then its number of cards, then one less per
# meld. Maximising the sum therefore means: least deadwood points, then fewest deadwood cards,
# then fewest (longer) melds. The fields cannot spill into each other: one search meets at most
# 17 melds (< 64, the card weight) and 52 cards (52 x 64 < 4096, the points weight).
_POINTS_WEIGHT = 1 << 12
_CARD_WEIGHT = 1 << 6


class _Search:
    """Best meld choice for any subset of one hand's cards, remembered during one analysis.

    ``best(mask)`` answers for the cards of ``mask`` (a subset of the hand); answers are kept
    per mask, so analysing the eleven 10-card subsets of an 11-card hand shares the work.
    """

    __slots__ = ("_by_low", "_meldable", "_memo")

    def __init__(self, hand: int, ace_rule: AceRule) -> None:
        points = _points_table(ace_rule)
        by_low: dict[int, list[tuple[int, int]]] = {}
        meldable = 0
        for meld in _candidate_melds(hand, ace_rule):
            meldable |= meld
            worth = -1 + _CARD_WEIGHT * meld.bit_count()
            rest = meld
            while rest:
                low = rest & -rest
                worth += _POINTS_WEIGHT * points[low.bit_length() - 1]
                rest ^= low
            by_low.setdefault(meld & -meld, []).append((meld, worth))
        self._by_low = by_low
        self._meldable = meldable
        # mask -> (worth of the best melds inside it, the meld chosen for its lowest card or 0)
        self._memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def _solve(self, rem: int) -> int:
        memo = self._memo
        known = memo.get(rem)
        if known is not None:
            return known[0]
        low = rem & -rem
        best = self._solve(rem ^ low)  # the lowest card is deadwood ...
        choice = 0
        for meld, worth in self._by_low.get(low, ()):  # ... or starts one of its melds
            if meld & rem == meld:
                value = worth + self._solve(rem ^ meld)
                if value > best:
                    best, choice = value, meld
        memo[rem] = (best, choice)
        return best

    def best(self, mask: int) -> list[int]:
        """The chosen melds (masks) for the cards of ``mask``."""
        rem = mask & self._meldable
        self._solve(rem)
        chosen: list[int] = []
        memo = self._memo
        while rem:
            choice = memo[rem][1]
            if choice:
                chosen.append(choice)
                rem ^= choice
            else:
                rem ^= rem & -rem
        return chosen


def _arrangement(hand: int, melds: list[int], ace_rule: AceRule) -> Arrangement:
    melded = 0
    built: list[Meld] = []
    for mask in melds:
        melded |= mask
        built.append(_meld_from_cards(_cards_of(mask), ace_rule))
    built.sort(key=lambda meld: min(card.sort_key for card in meld.cards))
    deadwood = sorted(_cards_of(hand & ~melded))
    points = _points_table(ace_rule)
    return Arrangement(
        melds=tuple(built),
        deadwood=tuple(deadwood),
        deadwood_points=sum(points[card.index] for card in deadwood),
    )


def _checked_mask(cards: Sequence[Card]) -> int:
    mask = _hand_mask(cards)
    if mask.bit_count() != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"{card} is in the hand twice")
            seen.add(card)
    return mask


def best_arrangement(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood, found exactly.

    Works for any number of cards (0–11 at the table; with 11, all eleven are counted).
    Ties: least deadwood points, then fewest deadwood cards, then fewest melds; a tie still
    left is settled by a fixed search order over the cards, so the same cards (in any order)
    always give the same answer. Melds are listed by their lowest card (rank, then suit).

    >>> best = best_arrangement(parse_cards("7c 7d 7h 7s 8s 9s"))
    >>> [str(meld) for meld in best.melds], best.deadwood
    (['7♣ 7♦ 7♥', '7♠ 8♠ 9♠'], ())
    """
    cards = tuple(cards)
    hand = _checked_mask(cards)
    return _arrangement(hand, _Search(hand, ace_rule).best(hand), ace_rule)


def best_discard(cards: Sequence[Card], ace_rule: AceRule = AceRule.LOW) -> ElevenCardAnalysis:
    """The best card to discard from 11 cards, and what the hand is worth before and after.

    The discard minimises the deadwood of the ten cards kept; among equal discards, the one
    worth more points goes (it is the one a player would rather not be caught with), then the
    higher card (rank, then suit ♠ ♥ ♦ ♣). All eleven melded is big gin: no discard (``None``).

    >>> analysis = best_discard(parse_cards("2c 3c 4c 7h 8h 9h Jd Js Jh Kc 5d"))
    >>> print(analysis.discard, analysis.kept.deadwood_points, analysis.big_gin)
    K♣ 5 False
    """
    cards = tuple(cards)
    if len(cards) != 11:
        raise CardError(f"the hand has {len(cards)} cards; choosing a discard needs 11")
    hand = _checked_mask(cards)
    search = _Search(hand, ace_rule)
    all_eleven = _arrangement(hand, search.best(hand), ace_rule)
    if not all_eleven.deadwood:
        return ElevenCardAnalysis(
            discard=None, kept=all_eleven, big_gin=True, all_eleven=all_eleven
        )
    points = _points_table(ace_rule)
    best_key: tuple[int, int, tuple[int, int]] | None = None
    best_card = cards[0]
    best_kept = all_eleven
    for card in cards:
        kept_mask = hand ^ (1 << card.index)
        kept = _arrangement(kept_mask, search.best(kept_mask), ace_rule)
        key = (kept.deadwood_points, -points[card.index], (-card.sort_key[0], -card.sort_key[1]))
        if best_key is None or key < best_key:
            best_key, best_card, best_kept = key, card, kept
    return ElevenCardAnalysis(
        discard=best_card, kept=best_kept, big_gin=False, all_eleven=all_eleven
    )
