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
:attr:`Card.index`). Once the sets are chosen, the rest can only meld in runs, and the suits
are then independent: in one suit the best runs are always its blocks of three or more ranks
in a row, each melded whole (that melds every card a run can use, in the fewest melds), so a
table built at import gives each suit's best runs at once. The search therefore tries only
the set choices (at most three ranks are held in three suits in eleven cards; most hands
have none) and adds up four table entries for each. The best arrangement is the one of
least cost (deadwood points first; see ``_cost``). Bigger hands, with sets possible at
more ranks, go to a general search: every legal meld inside the hand is listed and a
depth-first search over them, most worth first, tries every disjoint combination, abandoning
a branch only when even its best imaginable completion cannot beat the best found. Nothing
is remembered between calls: the tables built at import are facts about the deck (every
legal meld, each suit's best runs, card orders, points), not answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from operator import itemgetter

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
    "least_deadwood",
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
    if (
        len(cards) >= 3
        and (mask := _hand_mask(cards)) in _TABLES[ace_rule].melds
        and mask.bit_count() == len(cards)
    ):
        return None  # the quick answer: one of the deck's legal melds, no card twice
    shown = format_cards(cards)
    if not cards:
        return "an empty meld is not a meld: a meld needs at least 3 cards"
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        return f"{shown} is not a meld: {twice} is in it twice"
    if len({card.rank for card in cards}) == 1:
        if len(cards) < 3:
            return f"{shown} is not a meld: a set needs 3 or 4 cards of one rank"
        return None  # 3 or 4 distinct cards of one rank (there are only four suits)
    if len({card.suit for card in cards}) != 1:
        return (
            f"{shown} is not a meld: the cards are neither all one rank (a set) "
            f"nor all one suit (a run)"
        )
    if len(cards) < 3:
        return f"{shown} is not a meld: a run needs 3 or more cards in a row of one suit"
    return _run_problem(cards, shown, ace_rule)


def _run_problem(cards: Sequence[Card], shown: str, ace_rule: AceRule) -> str | None:
    """Why three or more distinct cards of one suit are not a run (``None``: they are)."""
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
    # Work from the meld as the deck's table has it: right kind, canonical order. A Meld built
    # by hand that is not legal under this ace rule takes nothing.
    mask = _hand_mask(meld.cards)
    legal = _TABLES[ace_rule].melds.get(mask)
    if legal is None or mask.bit_count() != len(meld.cards):
        return None
    if legal.kind is MeldKind.SET:
        return _extend_set(legal, card)
    return _extend_run(legal, card, ace_rule)


def _extend_set(meld: Meld, card: Card) -> Meld | None:
    if len(meld.cards) >= 4 or card.rank is not meld.cards[0].rank:
        return None
    return Meld(MeldKind.SET, tuple(sorted((*meld.cards, card), key=lambda c: c.index)))


def _extend_run(meld: Meld, card: Card, ace_rule: AceRule) -> Meld | None:
    """The next card at either end (turning the corner K-A-2 under Tedesco's rule)."""
    if card.suit is not meld.cards[0].suit or len(meld.cards) >= 13:
        return None
    first, last = int(meld.cards[0].rank) - 1, int(meld.cards[-1].rank) - 1
    position = int(card.rank) - 1
    wrap = 13 if ace_rule is AceRule.TEDESCO else 10**6  # no corner to turn when aces are low
    if position == (last + 1) % wrap:
        return Meld(MeldKind.RUN, (*meld.cards, card))
    if position == (first - 1) % wrap:
        return Meld(MeldKind.RUN, (card, *meld.cards))
    return None


# ---------------------------------------------------------------------------------------------
# The exact search.
#
# A hand is a 52-bit mask (bit = Card.index: suit-major, 13 bits per suit, ace lowest). The
# tables below are static facts about the deck, built once at import: every legal meld as a
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


_BY_DISPLAY_POSITION: tuple[Card, ...] = tuple(
    sorted(ALL_CARDS, key=lambda card: _rank_major(card.index))
)
# _SPREAD[suit][13-bit pattern]: the same cards as a display-order mask (bit = 4 * rank + suit)
_SPREAD: list[list[int]] = []
for _suit in range(4):
    _table = [0] * 8192
    for _pattern in range(1, 8192):
        _low = _pattern & -_pattern
        _table[_pattern] = _table[_pattern ^ _low] | 1 << ((_low.bit_length() - 1) * 4 + _suit)
    _SPREAD.append(_table)
# _CHUNK_CARDS[k][byte]: the cards of byte k of a display-order mask, in display order
_CHUNK_CARDS: list[list[tuple[Card, ...]]] = [
    [
        tuple(_BY_DISPLAY_POSITION[8 * k + bit] for bit in range(8) if byte >> bit & 1)
        if 8 * k + 8 <= 52 or byte < 16
        else ()
        for byte in range(256)
    ]
    for k in range(7)
]
_TABLES: dict[AceRule, _Tables] = {rule: _Tables(rule) for rule in AceRule}


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


def _candidates(hand: int, tables: _Tables) -> list[tuple[int, int]]:
    """Every legal meld inside ``hand`` as (mask, worth): sets by rank, then runs by suit,
    start and length. Cheap bit tests skip ranks and suits that hold no meld."""
    a = hand & _SUIT_BITS
    b = hand >> 13 & _SUIT_BITS
    c = hand >> 26 & _SUIT_BITS
    d = hand >> 39
    found: list[tuple[int, int]] = []
    three = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in at least three suits
    while three:
        low = three & -three
        three ^= low
        rank = low.bit_length() - 1
        found += tables.sets[rank][
            (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
        ]
    worth = tables.worth
    if not tables.wrap:
        # Bit i of ``starts``: cards i, i+1, i+2 are held and in one suit. Runs then grow
        # card by card while the next card is held and still in the same suit.
        starts = hand & hand >> 1 & hand >> 2 & _RUN_STARTS
        while starts:
            low = starts & -starts
            starts ^= low
            following = low.bit_length() + 2  # the index after a run of three from ``low``
            run = low * 7
            found.append((run, worth[run]))
            while hand >> following & 1 and following % 13:
                run |= 1 << following
                following += 1
                found.append((run, worth[run]))
        return found
    for shift, held in ((0, a), (13, b), (26, c), (39, d)):
        doubled = held | held << 13  # two turns of the circle, to read runs round the corner
        starts = doubled & doubled >> 1 & doubled >> 2 & _SUIT_BITS
        while starts:
            low = starts & -starts
            starts ^= low
            start = low.bit_length() - 1
            run = low * 7
            length = 3
            while True:
                if length < 13 or start == 0:  # the whole suit is listed once
                    mask = ((run & _SUIT_BITS) | run >> 13) << shift
                    found.append((mask, worth[mask]))
                following = start + length
                if length == 13 or not doubled >> following & 1:
                    break
                run |= 1 << following
                length += 1
    return found


def _candidate_melds(hand: int, ace_rule: AceRule) -> list[int]:
    """Every legal meld inside ``hand``, as masks."""
    return [mask for mask, _ in _candidates(hand, _TABLES[ace_rule])]


_WORTH = itemgetter(1)


def _pack(candidates: list[tuple[int, int]], cards: int) -> tuple[int, tuple[int, ...]]:
    """The disjoint melds of greatest total worth among ``candidates``: (worth, their masks).

    ``cards`` is how many cards the hand has (so at most ``cards // 3`` melds fit). Depth-first
    over the candidates, most worth first; a branch stops as soon as the best it could still
    reach (its worth plus the next candidates' for the melds that could still fit) cannot beat
    the best found. Ties keep the first found, which depends only on the candidate list, which
    depends only on the hand.
    """
    used = 0
    total = 0
    for mask, worth in candidates:  # the common case: no two candidates share a card
        if used & mask:
            break
        used |= mask
        total += worth
    else:
        return total, tuple([mask for mask, _ in candidates])
    if len(candidates) == 2:  # two melds sharing a card: the better one (the first on a tie)
        (first, first_worth), (second, second_worth) = candidates
        return (second_worth, (second,)) if second_worth > first_worth else (first_worth, (first,))
    ordered = sorted(candidates, key=_WORTH, reverse=True)  # stable: ties keep their order
    return _pack_deep(ordered) if cards > 11 else _pack_three(ordered)


def _pack_three(ordered: list[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """:func:`_pack` for up to eleven cards, where at most three melds fit: the depth-first
    search written out as three loops (the hot path of every hand's arrangement)."""
    masks, worths_only = zip(*ordered, strict=True)
    worths = (*worths_only, 0, 0)
    count = len(masks)
    best = 0
    best_masks: tuple[int, ...] = ()
    for i in range(count):
        first = worths[i]
        if first + worths[i + 1] + worths[i + 2] <= best:
            break
        first_mask = masks[i]
        if first > best:
            best, best_masks = first, (first_mask,)
        for j in range(i + 1, count):
            two = first + worths[j]
            if two + worths[j + 1] <= best:
                break
            second_mask = masks[j]
            if first_mask & second_mask:
                continue
            if two > best:
                best, best_masks = two, (first_mask, second_mask)
            both = first_mask | second_mask
            for k in range(j + 1, count):
                three = two + worths[k]
                if three <= best:
                    break
                if not both & masks[k]:
                    # Later candidates are worth no more, so none can beat this one.
                    best, best_masks = three, (first_mask, second_mask, masks[k])
                    break
    return best, best_masks


def _pack_deep(ordered: list[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """:func:`_pack` for hands of more than eleven cards: the same search, recursive."""
    count = len(ordered)
    ahead = [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        ahead[i] = ahead[i + 1] + ordered[i][1]
    best = 0
    best_masks: tuple[int, ...] = ()

    def extend(first: int, used: int, total: int, masks: tuple[int, ...]) -> None:
        nonlocal best, best_masks
        for i in range(first, count):
            if total + ahead[i] <= best:
                return
            mask, worth = ordered[i]
            if used & mask:
                continue
            grown = total + worth
            chosen = (*masks, mask)
            if grown > best:
                best, best_masks = grown, chosen
            extend(i + 1, used | mask, grown, chosen)

    extend(0, 0, 0, ())
    return best, best_masks


def _search(hand: int, tables: _Tables) -> tuple[int, int]:
    """The best arrangement's cost (see :func:`_cost`) and the cards it melds in sets; or
    (-1, 0) for a hand where sets are possible at more than three ranks (only hands of more
    than eleven cards), which is left to :func:`_pack`.

    Once the sets are chosen, the rest is runs, and every suit is on its own: ``tables.runs``
    has the best runs of each suit (every block of three or more in a row, whole). So the
    search only tries each rank held in three suits or more without a set and with each of
    its sets (at most 6 x 6 x 2 tries in eleven cards), and adds up four table entries for
    each. A set is not tried without a card of its rank that no run can use (that card could
    only join it), nor left out when three such cards could make it; so a rank none of whose
    cards a run can use, as in most hands with a set, is settled without trying anything.
    Ties keep the first found, in an order that depends only on the hand.
    """
    a = hand & _SUIT_BITS
    b = hand >> 13 & _SUIT_BITS
    c = hand >> 26 & _SUIT_BITS
    d = hand >> 39
    run_cost = tables.run_cost
    three = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in at least three suits
    if not three:
        return run_cost[a] + run_cost[b] + run_cost[c] + run_cost[d], 0
    if three.bit_count() > 3:
        return -1, 0
    runnable = tables.runnable
    could_run = runnable[a] | runnable[b] << 13 | runnable[c] << 26 | runnable[d] << 39
    idle = hand & ~could_run
    # A rank no run can take a card of melds all its cards in one set: no choice to make.
    contested = three & (could_run | could_run >> 13 | could_run >> 26 | could_run >> 39)
    settled = three ^ contested
    tries = [(hand & settled * _RANK_BITS, settled.bit_count())]  # (cards in sets, how many sets)
    while contested:
        low = contested & -contested
        contested ^= low
        held = hand & _RANK_BITS * low  # the rank's cards
        must = held & idle  # those that only a set can meld
        choices = [(0, 0)] if must.bit_count() < 3 else []  # (cards in a set, 1 if a set)
        choices.append((held, 1))
        if held.bit_count() == 4:  # or a set of three, leaving out a card some run can use
            spare = held & ~must
            while spare:
                card = spare & -spare
                spare ^= card
                choices.append((held ^ card, 1))
        tries = [(taken | mask, count + one) for taken, count in tries for mask, one in choices]
    best = 1 << 60
    in_sets = 0
    for taken, cost in tries:
        rest = hand ^ taken
        cost += (
            run_cost[rest & _SUIT_BITS]
            + run_cost[rest >> 13 & _SUIT_BITS]
            + run_cost[rest >> 26 & _SUIT_BITS]
            + run_cost[rest >> 39]
        )
        if cost < best:
            best, in_sets = cost, taken
    return best, in_sets


def _best(hand: int, tables: _Tables) -> tuple[int, tuple[int, ...]]:
    """The best arrangement of ``hand``: its deadwood points and its melds' masks."""
    cost, in_sets = _search(hand, tables)
    if cost < 0:
        worth, packed = _pack(_candidates(hand, tables), hand.bit_count())
        return _mask_points(hand, tables) - (worth >> _POINTS_SHIFT), packed
    if not cost % _CARD_WEIGHT:  # the cost's last field, the number of melds, is 0
        return cost >> _POINTS_SHIFT, ()
    chosen: list[int] = []
    ranks = (in_sets | in_sets >> 13 | in_sets >> 26 | in_sets >> 39) & _SUIT_BITS
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        chosen.append(in_sets & _RANK_BITS * low)
    rest = hand ^ in_sets
    runs = tables.runs
    for shift in (0, 13, 26, 39):
        for run in runs[rest >> shift & _SUIT_BITS]:
            chosen.append(run << shift)
    return cost >> _POINTS_SHIFT, tuple(chosen)


def _sorted_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask sorted by rank, then suit."""
    spread = _SPREAD  # as a display-order mask (bit = 4 * rank + suit), then byte by byte
    display = (
        spread[0][mask & _SUIT_BITS]
        | spread[1][mask >> 13 & _SUIT_BITS]
        | spread[2][mask >> 26 & _SUIT_BITS]
        | spread[3][mask >> 39 & _SUIT_BITS]
    )
    chunk = _CHUNK_CARDS
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
    if not isinstance(cards, (tuple, list)):
        cards = tuple(cards)
    hand = _checked_mask(cards)
    tables = _TABLES[ace_rule]
    return _arrangement(hand, _best(hand, tables), tables)


def least_deadwood(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> int:
    """``best_arrangement(cards, ace_rule).deadwood_points``, without building the arrangement.

    For checking many hands quickly (simulations, a declared count against the cards).

    >>> least_deadwood(parse_cards("7h 8h 9h 9c 9d 9s 2c 3d Kc Ks"))
    25
    """
    if not isinstance(cards, (tuple, list)):
        cards = tuple(cards)
    hand = _checked_mask(cards)
    tables = _TABLES[ace_rule]
    cost = _search(hand, tables)[0]
    if cost < 0:  # sets possible at more than three ranks: the general search
        return _best(hand, tables)[0]
    return cost >> _POINTS_SHIFT


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
    tables = _TABLES[ace_rule]
    best = _best(hand, tables)
    all_eleven = _arrangement(hand, best, tables)
    if not all_eleven.deadwood:
        return ElevenCardAnalysis(
            discard=None, kept=all_eleven, big_gin=True, all_eleven=all_eleven
        )
    # A card left out of the eleven's best melds goes without changing them: the ten kept
    # keep the same melds (no ten cards can meld more). Try those first, then only the melded
    # cards worth at least as much, since keeping the other melds intact is the best case for
    # them (the bound below).
    melded = 0
    for mask in best[1]:
        melded |= mask
    dead = all_eleven.deadwood_points
    points = tables.points
    # Keys to minimise: the ten's deadwood first, then the discard's rank (see _Tables).
    preference = tables.discard_preference
    # Among the unmelded cards the key falls as the preference rises (it counts the points
    # first), so the most preferred of them is the best until a melded card beats it.
    best_index = max(_indexes(hand & ~melded), key=preference.__getitem__)
    best_key = ((dead - points[best_index]) << 12) - preference[best_index]
    for index in _indexes(melded):
        if ((dead - points[index]) << 12) - preference[index] >= best_key:
            continue  # cannot beat the best even if the other melds all stayed
        kept_dead = _search(hand ^ 1 << index, tables)[0] >> _POINTS_SHIFT
        key = (kept_dead << 12) - preference[index]
        if key < best_key:
            best_key, best_index = key, index
    if 1 << best_index & melded:
        kept_hand = hand ^ 1 << best_index
        kept = _arrangement(kept_hand, _best(kept_hand, tables), tables)
    else:  # an unmelded card takes nothing from the best: the ten keep the eleven's melds
        left = hand & ~melded & ~(1 << best_index)
        kept = Arrangement(all_eleven.melds, _sorted_cards(left), dead - points[best_index])
    return ElevenCardAnalysis(
        discard=ALL_CARDS[best_index], kept=kept, big_gin=False, all_eleven=all_eleven
    )
