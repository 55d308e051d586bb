"""The defender's best answer to a knock: own melds plus layoffs on the knocker's melds.

After a knock (not gin) the defender lays out melds and may lay off other cards on the
knocker's melds as laid down: the fourth card of a set of three, or cards extending a run at
either end, several in a chain (5♥ then 6♥ on 2♥ 3♥ 4♥). A card used in one of the defender's
melds cannot also be laid off, and nothing is laid off on the knocker's deadwood.

>>> from gin_scorer.core.cards import parse_cards
>>> knocker = [make_meld(parse_cards("2h 3h 4h")), make_meld(parse_cards("Ks Kd Kc"))]
>>> defence = best_defence(knocker, parse_cards("5h 6h Kh 9c 9d 9s 2c"))
>>> [(str(layoff.card), layoff.meld) for layoff in defence.layoffs]
[('5♥', 0), ('6♥', 0), ('K♥', 1)]
>>> defence.deadwood_points
2

How the search works: given which of the defender's cards go into the defender's own melds,
laying off everything that can be laid off is always best (a layoff only ever opens more), and
what can be laid off is found by walking outward from each knocker run's ends over the
defender's remaining cards, then filling sets of three. When no card that could be laid off
is in any defender meld, the two choices do not interact: the best arrangement of the other
cards plus every layoff is best. Otherwise the search tries every choice of disjoint defender
melds (branching on the lowest undecided card: left out, or the lowest card of one of its
melds) and keeps the choice leaving the least deadwood, pruning a branch once the cards it has
already left unmelded and unreachable by any layoff outweigh the best found.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.cards import ALL_CARDS, Card, CardError, format_cards
from gin_scorer.core.hands import Layoff
from gin_scorer.core.melds import (
    AceRule,
    Meld,
    MeldError,
    MeldKind,
    best_arrangement,
    extend_meld,
    make_meld,  # noqa: F401  (the doctests use it)
    meld_problem,
)

# The search's own machinery: layoffs search the same masks and tables as melds do.
from gin_scorer.core.melds.search import _candidates, _least_of_mask, _pack
from gin_scorer.core.melds.tables import (
    _TABLES,
    _cards_of,
    _checked_mask,
    _hand_mask,
    _mask_points,
    _sorted_cards,
    _Tables,
)
from gin_scorer.core.wording import Said, said

__all__ = ["Defence", "best_defence", "layoff_problems", "least_defence_deadwood"]


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's melds, layoffs (``meld`` = index into the knocker's melds, in an order
    that can be played one after another) and the deadwood left (sorted)."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int


def _check_knocker_melds(knocker_melds: Sequence[Meld], ace_rule: AceRule) -> tuple[int, list[int]]:
    """The mask of all the knocker's melded cards and of each meld; refuses an illegal meld
    or a card in two melds, naming them."""
    table = _TABLES[ace_rule].melds
    laid = 0
    masks: list[int] = []
    for number, meld in enumerate(knocker_melds, start=1):
        mask = _hand_mask(meld.cards)
        if mask not in table or mask.bit_count() != len(meld.cards):
            problem = meld_problem(meld.cards, ace_rule) or said("{0} is not a meld", meld)
            raise MeldError(said("the knocker's meld {0} is not legal: {1}", number, problem))
        if laid & mask:
            card = _cards_of(laid & mask)[0]
            raise MeldError(said("{0} is in more than one of the knocker's melds", card))
        laid |= mask
        masks.append(mask)
    return laid, masks


def _shape(meld: Meld) -> tuple[int, int, int, int, int]:
    """What a legal meld in canonical order can take: for a run (suit offset, lowest position,
    highest position, length, 0); for a set of three (-1, 0, 0, 0, the missing card's bit);
    for a set of four (-1, 0, 0, 0, 0)."""
    first_card, last_card = meld.cards[0], meld.cards[-1]
    if meld.kind is MeldKind.SET:
        if len(meld.cards) == 4:
            return (-1, 0, 0, 0, 0)
        rank = first_card.index % 13
        every = sum(1 << (suit * 13 + rank) for suit in range(4))
        return (-1, 0, 0, 0, every & ~_hand_mask(meld.cards))
    first = first_card.index % 13
    return (first_card.index - first, first, last_card.index % 13, len(meld.cards), 0)


@functools.cache
def _shapes(ace_rule: AceRule) -> dict[int, tuple[int, int, int, int, int]]:
    """The shape of every legal meld of the deck under one ace rule, keyed by its mask (static
    facts, built on first use as the meld tables are)."""
    return {mask: _shape(meld) for mask, meld in _TABLES[ace_rule].melds.items()}


class _Layoffs:
    """Where each of the knocker's melds can take cards, and the closure over a set of cards."""

    __slots__ = ("_runs", "_sets", "_wrap")

    def __init__(self, knocker_masks: Sequence[int], ace_rule: AceRule) -> None:
        """``knocker_masks``: the knocker's melds, checked legal (see _check_knocker_melds)."""
        self._wrap = ace_rule is AceRule.TEDESCO
        # runs: (meld index, suit offset, lowest position, highest position, length)
        self._runs: list[tuple[int, int, int, int, int]] = []
        # sets of three: (meld index, the bit of the missing fourth card)
        self._sets: list[tuple[int, int]] = []
        shapes = _shapes(ace_rule)
        for number, mask in enumerate(knocker_masks):
            offset, first, last, length, fourth = shapes[mask]
            if offset >= 0:
                self._runs.append((number, offset, first, last, length))
            elif fourth:
                self._sets.append((number, fourth))

    def closure(self, free: int) -> list[tuple[int, int]]:
        """Everything that can be laid off from the cards of ``free``, as (card index, meld
        index) in an order that can be played."""
        taken = 0
        laid: list[tuple[int, int]] = []
        wrap = self._wrap
        for number, offset, first, last, length in self._runs:
            for step in (1, -1):
                position = last if step == 1 else first
                while length < 13:
                    position += step
                    if not 0 <= position < 13:
                        if not wrap:
                            break
                        position %= 13
                    bit = 1 << (offset + position)
                    if not free & bit or taken & bit:
                        break
                    taken |= bit
                    laid.append((offset + position, number))
                    length += 1
        for number, fourth in self._sets:
            if free & fourth and not taken & fourth:
                taken |= fourth
                laid.append((fourth.bit_length() - 1, number))
        return laid


def best_defence(
    knocker_melds: Sequence[Meld],
    defender_cards: Sequence[Card],
    ace_rule: AceRule = AceRule.LOW,
    *,
    allow_layoffs: bool = True,
) -> Defence:
    """The defender's melds and layoffs leaving the least deadwood, found exactly.

    ``allow_layoffs=False`` (after gin or big gin) is just the best arrangement of the
    defender's cards. Ties: least deadwood points, then fewest deadwood cards; a tie still left
    is settled by a fixed search order, so the same cards always give the same answer.
    """
    defender_cards = tuple(defender_cards)
    defender = _checked_mask(defender_cards)
    laid, knocker = _check_knocker_melds(knocker_melds, ace_rule)
    if laid & defender:
        both = format_cards(_cards_of(laid & defender))
        raise CardError(
            said("{0} cannot be both in the knocker's melds and the defender's hand", both)
        )
    if not allow_layoffs:
        plain = best_arrangement(defender_cards, ace_rule)
        return Defence(plain.melds, (), plain.deadwood, plain.deadwood_points)

    return _defence(defender, *_best_choice(defender, knocker, ace_rule), _TABLES[ace_rule])


def least_defence_deadwood(
    knocker_masks: Sequence[int], defender: int, ace_rule: AceRule, *, allow_layoffs: bool = True
) -> int:
    """:func:`best_defence`'s deadwood points, for masks already checked: the knocker's melds
    legal and apart, the defender's cards none of theirs (the checks of a whole event)."""
    tables = _TABLES[ace_rule]
    if not allow_layoffs:
        return _least_of_mask(defender, tables)
    melds, laid = _best_choice(defender, knocker_masks, ace_rule)
    left = defender
    for mask in melds:
        left &= ~mask
    for index, _ in laid:
        left &= ~(1 << index)
    return _mask_points(left, tables)


def _best_choice(
    defender: int, knocker: Sequence[int], ace_rule: AceRule
) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """The defender's best melds (masks) and layoffs ((card index, meld number), in an order
    that can be played) against the knocker's melds (masks)."""
    tables = _TABLES[ace_rule]
    layoffs = _Layoffs(knocker, ace_rule)
    reachable = 0  # every card that some choice of defender melds could let be laid off
    for index, _ in layoffs.closure(defender):
        reachable |= 1 << index
    candidates = _candidates(defender, tables)
    meldable = 0
    for mask, _ in candidates:
        meldable |= mask

    if not meldable & reachable:
        # No card both melds and lays off: melding never blocks a layoff chain, so the best
        # arrangement of the other cards plus laying off everything reachable is best.
        rest = defender & ~reachable
        chosen = _pack(candidates, rest.bit_count())[1] if candidates else ()
        return chosen, layoffs.closure(defender)

    return _search_defence(defender, candidates, meldable, reachable, layoffs, tables)


def _search_defence(
    defender: int,
    candidates: list[tuple[int, int]],
    meldable: int,
    reachable: int,
    layoffs: _Layoffs,
    tables: _Tables,
) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """The exhaustive search when melding can block a layoff: every choice of defender melds
    among the meldable cards, bounded by the deadwood no layoff can save."""
    points = tables.points
    by_low: dict[int, list[int]] = {}
    for mask, _ in candidates:
        by_low.setdefault(mask & -mask, []).append(mask)
    # Cards in no defender meld and never reachable by a layoff are deadwood whatever happens.
    fixed_points = _mask_points(defender & ~meldable & ~reachable, tables)
    best_key = (1 << 30, 0)
    best_melds: tuple[int, ...] = ()
    best_laid: list[tuple[int, int]] = []
    chosen_now: list[int] = []

    def explore(rem: int, melded: int, certain: int) -> None:
        # certain: points of cards already left out of melds that no layoff can reach.
        nonlocal best_key, best_melds, best_laid
        if certain > best_key[0]:
            return
        if not rem:
            free = defender & ~melded
            laid_off = layoffs.closure(free)
            left = free
            for index, _ in laid_off:
                left ^= 1 << index
            key = (_mask_points(left, tables), left.bit_count())
            if key < best_key:
                best_key, best_melds, best_laid = key, tuple(chosen_now), laid_off
            return
        low = rem & -rem
        lost = 0 if low & reachable else points[low.bit_length() - 1]
        explore(rem ^ low, melded, certain + lost)
        for meld in by_low.get(low, ()):
            if meld & rem == meld:
                chosen_now.append(meld)
                explore(rem ^ meld, melded | meld, certain)
                chosen_now.pop()

    explore(meldable, 0, fixed_points)
    return best_melds, best_laid


def _defence(
    defender: int, melds: tuple[int, ...], laid: list[tuple[int, int]], tables: _Tables
) -> Defence:
    left = defender
    for mask in melds:
        left &= ~mask
    for index, _ in laid:
        left &= ~(1 << index)
    if len(melds) > 1:
        melds = tuple(sorted(melds, key=tables.meld_order.__getitem__))
    return Defence(
        melds=tuple(tables.melds[mask] for mask in melds),
        layoffs=tuple(Layoff(ALL_CARDS[index], number) for index, number in laid),
        deadwood=_sorted_cards(left),
        deadwood_points=_mask_points(left, tables),
    )


def _why_not(meld: Meld, card: Card, ace_rule: AceRule) -> Said:
    """Why ``card`` does not fit ``meld`` (which it does not), in plain words."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return said("a set of four takes no more cards")
        rank = meld.cards[0].rank.label
        return said("a set of {0}s takes only a {0}", rank)
    suit = meld.cards[0].suit
    fits = [c for c in ALL_CARDS if c.suit is suit and extend_meld(meld, c, ace_rule)]
    if not fits:
        return said("the run holds the whole suit")
    if len(fits) == 1:
        reason = said("the run takes only {0}", fits[0])
    else:  # a run grows at its two ends only
        reason = said("the run takes only {0} or {1}", fits[0], fits[-1])
    if card.suit is not suit:
        return said("it is not a {0}; {1}", suit.symbol, reason)
    if ace_rule is AceRule.LOW and extend_meld(meld, card, AceRule.TEDESCO):
        return said("{0} (the ace is low)", reason)
    return reason


def layoff_problems(
    knocker_melds: Sequence[Meld], layoffs: Sequence[Layoff], ace_rule: AceRule = AceRule.LOW
) -> list[tuple[Layoff, Said]]:
    """Each declared layoff that does not fit, with the reason, playing them in the order given.

    A layoff may extend a run already extended by an earlier layoff (a chain). A layoff that
    does not fit is left out, so a chain built on it is reported too.

    >>> from gin_scorer.core.cards import parse_cards
    >>> knocker = [make_meld(parse_cards("2h 3h 4h"))]
    >>> five, six, seven = parse_cards("5h 6h 7h")
    >>> layoff_problems(knocker, [Layoff(five, 0), Layoff(six, 0)])
    []
    >>> [str(why) for _, why in layoff_problems(knocker, [Layoff(seven, 0)])]
    ['7♥ cannot be laid off on 2♥ 3♥ 4♥ (meld 1): the run takes only A♥ or 5♥']
    """
    current = list(knocker_melds)
    used: set[Card] = {card for meld in knocker_melds for card in meld.cards}
    problems: list[tuple[Layoff, Said]] = []
    for layoff in layoffs:
        card = layoff.card
        if not 0 <= layoff.meld < len(current):
            count = len(current)
            laid = (
                said("the knocker laid down 1 meld")
                if count == 1
                else said("the knocker laid down {0} melds", count)
            )
            why = said("{0} cannot be laid off on meld {1}: {2}", card, layoff.meld + 1, laid)
            problems.append((layoff, why))
            continue
        meld = current[layoff.meld]
        extended = None
        problem = meld_problem(meld.cards, ace_rule)
        if problem is None and card in used:
            problem = said("{0} is already on the table", card)
        elif problem is None:
            extended = extend_meld(meld, card, ace_rule)
            if extended is None:
                problem = _why_not(meld, card, ace_rule)
        if problem is not None or extended is None:
            why = said(
                "{0} cannot be laid off on {1} (meld {2}): {3}",
                card,
                meld,
                layoff.meld + 1,
                problem,
            )
            problems.append((layoff, why))
            continue
        current[layoff.meld] = extended
        used.add(card)
    return problems
