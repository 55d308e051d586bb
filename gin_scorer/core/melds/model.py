"""The values of the meld layer: the ace rule, melds, arrangements, what an eleven-card hand
allows, and what a card is worth."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.cards import (
    ALL_CARDS,
    Card,
    Rank,
    format_cards,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from gin_scorer.core.wording import SaidError


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


class MeldError(SaidError, ValueError):
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
