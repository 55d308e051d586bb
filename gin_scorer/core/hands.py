"""One hand of gin: what happened (:class:`HandRecord`) and what it scores (:class:`HandResult`).

A record holds the *declared* facts a scorekeeper types between hands (who knocked, the
deadwood each player declared) and, optionally, the cards. :func:`score_hand` turns a record
into a result under a :class:`~gin_scorer.core.rules.RuleSet`; :func:`validate_hand` checks
the declaration against the cards and returns :class:`Problem` values that name the cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.cards import Card


class Side(Enum):
    """The two seats of a two-player hand. Ledgers map sides to entrants."""

    A = "A"
    B = "B"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class Declaration(Enum):
    """What the player who ended the hand declared (or that nobody did)."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"


class Outcome(Enum):
    """How the hand is scored once both hands are counted."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"
    # The knocker tied the defender and the rule set gives no undercut on a tie (O's rule).
    TIE = "tie"


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in a hand that does not add up, in plain words, naming the cards involved.

    ``code`` is a stable identifier for programs (e.g. ``"deadwood_mismatch"``); ``message``
    is the sentence shown to people; ``side`` says whose cards it concerns, when it does.
    """

    severity: Severity
    code: str
    message: str
    cards: tuple[Card, ...] = ()
    side: Side | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


@dataclass(frozen=True, slots=True)
class Layoff:
    """A defender's card laid off on the knocker's meld number ``meld`` (0-based, as laid)."""

    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class HandCards:
    """The cards of a finished hand, as laid on the table.

    ``knocker_melds`` and ``knocker_deadwood`` are the knocker's spread exactly as laid down
    (for big gin: 11 cards in melds). ``defender_cards`` are all the defender's cards;
    ``defender_melds`` and ``layoffs`` are what the defender declared, when entered
    (``None`` means "not entered": the scorer then computes the defender's best).
    """

    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood: tuple[Card, ...]
    defender_cards: tuple[Card, ...]
    defender_melds: tuple[tuple[Card, ...], ...] | None = None
    layoffs: tuple[Layoff, ...] | None = None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What happened in a hand, as declared at the table.

    ``declarer`` is the player who knocked / went gin / big gin (``None`` for a dead hand).
    ``deadwood`` maps each side to the deadwood count it declared: for the knocker, the
    count it knocked with (0 for gin); for the defender, the count after layoffs. A side may
    be missing when not needed (a gin hand needs only the defender's count).
    """

    declaration: Declaration
    declarer: Side | None = None
    deadwood: tuple[tuple[Side, int], ...] = ()
    upcard: Card | None = None
    cards: HandCards | None = None

    def declared(self, side: Side) -> int | None:
        for who, count in self.deadwood:
            if who is side:
                return count
        return None


@dataclass(frozen=True, slots=True)
class HandResult:
    """Who scores what for one hand.

    ``points`` is everything the hand is worth to ``winner`` before game-end bonuses (the
    deadwood difference plus gin / big gin / undercut bonus, doubled when ``doubled``).
    ``boxes`` is how many boxes the winner earns for it. ``winner`` is ``None`` when nobody
    scores (a dead hand, or a tie without undercut).
    """

    outcome: Outcome
    winner: Side | None
    points: int
    base_points: int
    bonus: int
    doubled: bool
    boxes: int
    knocker: Side | None
    knocker_deadwood: int
    defender_deadwood: int
