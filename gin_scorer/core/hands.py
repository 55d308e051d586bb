"""One hand of gin: what happened (:class:`HandRecord`) and what it scores (:class:`HandResult`).

A record holds the *declared* facts a scorekeeper types between hands (who knocked, the
deadwood each player declared) and, optionally, the cards. :func:`score_hand` turns a record
into a result under a :class:`~gin_scorer.core.rules.RuleSet`; :func:`validate_hand` checks
the declaration against the cards and returns :class:`Problem` values that name the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from gin_scorer.core.cards import Card, Suit
from gin_scorer.core.wording import Said, SaidError, said

if TYPE_CHECKING:
    from gin_scorer.core.rules import RuleSet

# No ten-card hand can hold more deadwood than this (ten cards of 15 under Tedesco aces).
MAX_DEADWOOD = 150


class HandRecordError(SaidError, ValueError):
    """A hand record that cannot be scored; the message names the field and says why."""


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
    # Seed 000: "If a player is able to knock before any cards are accepted, it is considered a
    # misdeal": nothing is scored, the same dealer deals again. The declarer (if given) is
    # the player who could knock at once.
    MISDEAL = "misdeal"


class Outcome(Enum):
    """How the hand is scored once both hands are counted."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"
    MISDEAL = "misdeal"  # re-dealt: nothing scored
    # The knocker tied the defender and the rule set gives no undercut on a tie (O's rule).
    TIE = "tie"


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in a hand that does not add up, in plain words, naming the cards involved.

    ``code`` is a stable identifier for programs (e.g. ``"deadwood_mismatch"``); ``words``
    is the sentence shown to people, as its English pattern and values (a front end says it
    in the reader's language; ``message`` is its English); ``side`` says whose cards it
    concerns, when it does.
    """

    severity: Severity
    code: str
    words: Said
    cards: tuple[Card, ...] = ()
    side: Side | None = None

    @property
    def message(self) -> str:
        """The sentence in English (programs, logs and the command line's JSON)."""
        return str(self.words)

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
    # Seed 002, "action on the 50th card": the hand ended by taking the discard that left two
    # cards in the stock (allowed only to knock or go gin, where the rules allow it at all).
    fiftieth_card: bool = False

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


def score_hand(record: HandRecord, rules: RuleSet) -> HandResult:
    """What a hand scores under ``rules``, from the *declared* deadwood counts.

    The cards, when present, are for :func:`~gin_scorer.core.validation.validate_hand`; the
    score follows what the players declared (the director decides about disputes). Raises
    :class:`HandRecordError` for a record that cannot be scored.

    >>> from gin_scorer.core.rules import RuleSet
    >>> r = score_hand(HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 8), (Side.B, 10))),
    ...                RuleSet())
    >>> r.outcome.value, r.winner, r.points
    ('knock', <Side.A: 'A'>, 2)
    """
    declaration = record.declaration
    if declaration is Declaration.DEAD:
        return _dead_hand(record)
    if declaration is Declaration.MISDEAL:
        return _misdeal(record)
    knocker = record.declarer
    if knocker is None:
        raise HandRecordError(
            said("a {0} needs a declarer: say who ended the hand", declaration.value)
        )
    _check_counts(record)
    defender_count = record.declared(knocker.other)
    if defender_count is None:
        raise HandRecordError(
            said("the defender's deadwood is missing: how much did {0} count?", knocker.other.value)
        )
    doubled = (
        rules.spade_doubles and record.upcard is not None and (record.upcard.suit is Suit.SPADES)
    )
    if declaration in (Declaration.GIN, Declaration.BIG_GIN):
        return _gin(record, rules, knocker, defender_count, doubled)
    knocker_count = record.declared(knocker)
    if knocker_count is None:
        raise HandRecordError(
            said("the knocker's deadwood is missing: what did {0} knock with?", knocker.value)
        )
    return _knock(rules, knocker, knocker_count, defender_count, doubled)


def _misdeal(record: HandRecord) -> HandResult:
    if record.deadwood:
        raise HandRecordError(said("a misdeal scores nothing: give no deadwood counts"))
    if record.fiftieth_card:
        raise HandRecordError(said("a misdeal is found before any card is taken: no 50th card"))
    return replace(_dead_hand(replace(record, declarer=None)), outcome=Outcome.MISDEAL)


def _dead_hand(record: HandRecord) -> HandResult:
    if record.declarer is not None:
        raise HandRecordError(said("a dead hand has no declarer (nobody knocked)"))
    return _result(Outcome.DEAD, None, None, (0, 0))


class _Score(NamedTuple):
    """What the winner of a hand scores: ``base`` points and ``bonus`` (both doubled when the
    hand is), and ``boxes`` (already doubled where the rules say)."""

    base: int = 0
    bonus: int = 0
    boxes: int = 0


_NOTHING = _Score()  # a dead hand, a tie


def _result(
    outcome: Outcome,
    winner: Side | None,
    knocker: Side | None,
    counts: tuple[int, int],
    score: _Score = _NOTHING,
    doubled: bool = False,
) -> HandResult:
    """The one way a hand's result is built: ``winner`` (None: nobody) scores ``score``;
    ``counts`` are the knocker's deadwood and the defender's."""
    return HandResult(
        outcome=outcome,
        winner=winner,
        points=(score.base + score.bonus) * (2 if doubled else 1),
        base_points=score.base,
        bonus=score.bonus,
        doubled=doubled,
        boxes=score.boxes,
        knocker=knocker,
        knocker_deadwood=counts[0],
        defender_deadwood=counts[1],
    )


def _check_counts(record: HandRecord) -> None:
    """Every declared count a number from 0 to :data:`MAX_DEADWOOD`."""
    for side, count in record.deadwood:
        if isinstance(count, bool) or not isinstance(count, int):
            raise HandRecordError(
                said("deadwood of {0} is {1}: it must be a number", side.value, repr(count))
            )
        if not 0 <= count <= MAX_DEADWOOD:
            raise HandRecordError(
                said(
                    "deadwood of {0} is {1}: it must be between 0 and {2}",
                    side.value,
                    count,
                    MAX_DEADWOOD,
                )
            )


def _gin(
    record: HandRecord, rules: RuleSet, knocker: Side, defender_count: int, doubled: bool
) -> HandResult:
    """Gin or big gin: the defender's whole count plus the bonus, no layoffs."""
    declaration = record.declaration
    knocker_count = record.declared(knocker)
    if knocker_count not in (None, 0):
        if declaration is Declaration.BIG_GIN:
            raise HandRecordError(
                said(
                    "{0} declared big gin but counted {1} deadwood: gin means 0",
                    knocker.value,
                    knocker_count,
                )
            )
        raise HandRecordError(
            said(
                "{0} declared gin but counted {1} deadwood: gin means 0",
                knocker.value,
                knocker_count,
            )
        )
    if declaration is Declaration.BIG_GIN:
        if not rules.big_gin_allowed:
            raise HandRecordError(said("big gin is not played under {0}", rules.name))
        bonus, outcome = rules.big_gin_bonus, Outcome.BIG_GIN
    else:
        bonus, outcome = rules.gin_bonus, Outcome.GIN
    boxes = 1 + rules.gin_extra_boxes * (2 if doubled else 1)
    score = _Score(defender_count, bonus, boxes)
    return _result(outcome, knocker, knocker, (0, defender_count), score, doubled)


def _knock(
    rules: RuleSet, knocker: Side, knocker_count: int, defender_count: int, doubled: bool
) -> HandResult:
    """A knock: won on the difference, a tie, or undercut by the defender."""
    counts = (knocker_count, defender_count)
    if knocker_count < defender_count:
        score = _Score(defender_count - knocker_count, boxes=1)
        return _result(Outcome.KNOCK, knocker, knocker, counts, score, doubled)
    if knocker_count == defender_count and not rules.undercut_on_tie:
        return _result(Outcome.TIE, None, knocker, counts, doubled=doubled)
    boxes = 1 + rules.undercut_extra_boxes * (2 if doubled else 1)
    score = _Score(knocker_count - defender_count, rules.undercut_bonus, boxes)
    return _result(Outcome.UNDERCUT, knocker.other, knocker, counts, score, doubled)
