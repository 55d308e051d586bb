"""Is this a meld, and why not: the one-line reasons a director reads, making a meld, and
laying a card off on one."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gin_scorer.core.cards import (
    Card,
    format_cards,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from gin_scorer.core.melds.model import AceRule, Meld, MeldError, MeldKind
from gin_scorer.core.melds.shapes import (
    _SUIT_BY_NUMBER,
    _card,
    _meld_from_cards,
    _missing_in_run,
    _run_order,
)
from gin_scorer.core.melds.tables import _TABLES, _hand_mask
from gin_scorer.core.wording import Said, joined, said


def meld_problem(cards: Sequence[Card], ace_rule: AceRule = AceRule.LOW) -> Said | None:
    """Why ``cards`` are not a meld, in plain words; ``None`` when they are one.

    >>> meld_problem(parse_cards("7h 8h 9h")) is None
    True
    >>> str(meld_problem(parse_cards("7h 8h 10h")))
    '7♥ 8♥ 10♥ is not a run: 9♥ is missing'
    >>> str(meld_problem(parse_cards("7h 7c")))
    '7♥ 7♣ is not a meld: a set needs 3 or 4 cards of one rank'
    >>> str(meld_problem(parse_cards("7h 8c 9h")))
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
        return said("an empty meld is not a meld: a meld needs at least 3 cards")
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        return said("{0} is not a meld: {1} is in it twice", shown, twice)
    if len({card.rank for card in cards}) == 1:
        if len(cards) < 3:
            return said("{0} is not a meld: a set needs 3 or 4 cards of one rank", shown)
        return None  # 3 or 4 distinct cards of one rank (there are only four suits)
    if len({card.suit for card in cards}) != 1:
        return said(
            "{0} is not a meld: the cards are neither all one rank (a set) "
            "nor all one suit (a run)",
            shown,
        )
    if len(cards) < 3:
        return said("{0} is not a meld: a run needs 3 or more cards in a row of one suit", shown)
    return _run_problem(cards, shown, ace_rule)


def _run_problem(cards: Sequence[Card], shown: str, ace_rule: AceRule) -> Said | None:
    """Why three or more distinct cards of one suit are not a run (``None``: they are)."""
    positions = {int(card.rank) - 1 for card in cards}
    if _run_order(positions, ace_rule) is not None:
        return None
    if ace_rule is AceRule.LOW and _run_order(positions, AceRule.TEDESCO) is not None:
        return said("{0} is not a run: the ace is low", shown)
    suit_number = _SUIT_BY_NUMBER.index(cards[0].suit)
    missing = [_card(suit_number, p) for p in _missing_in_run(positions, ace_rule)]
    if len(missing) == 1:
        return said("{0} is not a run: {1} is missing", shown, missing[0])
    if len(missing) <= 3:
        listed = ", ".join(str(card) for card in missing[:-1])
        return said("{0} is not a run: {1} and {2} are missing", shown, listed, missing[-1])
    return said(
        "{0} is not a run: the cards are not in a row ({1} cards are missing)", shown, len(missing)
    )


def make_meld(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> Meld:
    """The meld made of ``cards`` (any order), or :class:`MeldError` saying why it is not one.

    >>> print(make_meld(parse_cards("9h 7h 8h")))
    7♥ 8♥ 9♥
    >>> make_meld(parse_cards("Kc Kd"))
    Traceback (most recent call last):
    ...
    gin_scorer.core.melds.model.MeldError: K♣ K♦ is not a meld: a set needs 3 or 4 cards of one rank
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


def melds_made(melds: Sequence[Meld]) -> Said:
    """What each of ``melds`` makes, in words: "7♥ 8♥ 9♥ makes a run; K♠ K♥ K♦ makes a set"."""
    return joined(
        [
            said("{0} makes a set", meld)
            if meld.kind is MeldKind.SET
            else said("{0} makes a run", meld)
            for meld in melds
        ]
    )
