"""A partnership as an event's match: two teams of two, their hands entered one after another.

An event's match keeps one log of hands for the two entrants (each a team of two). Hands are
entered table by table, deal by deal: hands 1 and 2 are deal 1 (its tables 1 and 2), hands 3
and 4 deal 2, and so on. At each table ``Side.A`` is team A's player, so the entry line, the
validation and the hand's score are the two-player ones. Who sits at which table follows
:func:`~gin_scorer.core.ledgers.partnership.seating`: partners change opponents every deal.

A deal counts once both its tables are in: until then its first hand is *pending* (on the
sheet, not yet in the totals). The fold is :func:`play_partnership`; this module only cuts
the hands into deals and summarises the result as the :class:`Match` every format shares —
one game to the partnership target, won 1–0, its margin the winners' lead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Outcome, Side
from gin_scorer.core.ledgers.game import Game, GameLine
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.partnership import Partnership, play_partnership, seating
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet

TABLES = 2  # a deal is played at two tables at once


@dataclass(frozen=True, slots=True)
class Seat:
    """Where hand ``hand`` (0-based, in entry order) was played and by whom.

    ``deal`` and ``table`` are 0-based; ``player_a`` / ``player_b`` index each team's members
    (0: the entrant's first name, 1: the partner).
    """

    hand: int
    deal: int
    table: int
    player_a: int
    player_b: int

    @property
    def first_dealer(self) -> Side:
        """Who deals this hand when nobody wrote the dealer down: at each table the deal
        alternates, and the two tables start with different teams dealing."""
        return Side.A if (self.deal + self.table) % 2 == 0 else Side.B


def seat_of(hand: int) -> Seat:
    """The deal, table and players of the ``hand``-th hand entered (0-based).

    >>> seat_of(0)
    Seat(hand=0, deal=0, table=0, player_a=0, player_b=0)
    >>> seat_of(3)
    Seat(hand=3, deal=1, table=1, player_a=1, player_b=0)
    """
    deal, table = divmod(hand, TABLES)
    player_a, player_b = seating(deal)[table]
    return Seat(hand, deal, table, player_a, player_b)


def seat_numbers(results: Sequence[HandResult]) -> list[int]:
    """Each hand's seat (the index :func:`seat_of` takes): the hands before it that were not
    misdeals. A misdeal is dealt again at the same table, so it and its re-deal share a seat.

    >>> from gin_scorer.core.hand_json import record_from_json
    >>> from gin_scorer.core.hands import score_hand
    >>> md = score_hand(record_from_json({"misdeal": True}), RuleSet())
    >>> dead = score_hand(record_from_json({"dead": True}), RuleSet())
    >>> seat_numbers([dead, md, dead, dead])
    [0, 1, 1, 2]
    """
    seats: list[int] = []
    played = 0
    for result in results:
        seats.append(played)
        if result.outcome is not Outcome.MISDEAL:
            played += 1
    return seats


@dataclass(frozen=True, slots=True)
class PartnershipMatch:
    """The partnership ledger of an event's match, and where each hand entered stands.

    ``pending`` holds the hands of a deal whose second table is not in yet; ``extra_hands``
    those entered after a team reached the target (counted nowhere). A misdeal sits with the
    deal it was dealt in and scores nothing.
    """

    ledger: Partnership
    results: tuple[HandResult, ...]
    pending: tuple[int, ...]
    extra_hands: tuple[int, ...]

    @property
    def totals(self) -> PerSide:
        return self.ledger.totals

    @property
    def finished(self) -> bool:
        return self.ledger.finished

    @property
    def winner(self) -> Side | None:
        return self.ledger.winner

    @property
    def target(self) -> int:
        return self.ledger.target

    def as_match(self) -> Match:
        """The summary every format shares: one game to the target, its lines the hands."""
        if not self.results:
            return Match((), PerSide(), False, None, 0, 1)
        won = PerSide() if self.winner is None else PerSide.of(self.winner, 1)
        return Match(
            games=(self._game(),),
            games_won=won,
            finished=self.finished,
            winner=self.winner,
            margin=self.totals.a - self.totals.b,
            games_to_win=1,
            extra_hands=self.extra_hands,
        )

    def _game(self) -> Game:
        deals = self.ledger.deals
        extra = set(self.extra_hands)
        lines = [
            # A hand shows its deal's totals once both tables are in; until then, the totals
            # so far (a deal's first table is on the sheet, not yet in the totals).
            GameLine(hand, result, deals[deal].totals if deal < len(deals) else self.totals)
            for hand, (result, deal) in enumerate(
                zip(self.results, self._deal_of_each(), strict=True)
            )
            if hand not in extra
        ]
        totals = self.totals
        finished = self.finished
        return Game(
            number=1,
            lines=tuple(lines),
            points=totals,
            boxes=PerSide(),
            finished=finished,
            winner=self.winner,
            shutout=False,
            box_bonus=PerSide(),
            game_bonus=PerSide(),
            shutout_bonus=PerSide(),
            final=totals,
            margin=abs(totals.a - totals.b) if finished else 0,
            target=self.target,
        )

    def _deal_of_each(self) -> list[int]:
        return [seat // TABLES for seat in seat_numbers(self.results)]


def play_partnership_match(results: Sequence[HandResult], rules: RuleSet) -> PartnershipMatch:
    """Fold an event match's hands (in entry order) as a partnership.

    >>> from gin_scorer.core.hand_json import record_from_json
    >>> from gin_scorer.core.hands import score_hand
    >>> from gin_scorer.core.rules import MatchFormat
    >>> rules = RuleSet(match_format=MatchFormat.PARTNERSHIP, partnership_target=30)
    >>> a = score_hand(record_from_json({"knock": "A", "deadwood": {"A": 2, "B": 22}}), rules)
    >>> b = score_hand(record_from_json({"gin": "B", "deadwood": {"A": 5}}), rules)
    >>> md = score_hand(record_from_json({"misdeal": True}), rules)
    >>> one = play_partnership_match([a, b, md, a], rules)
    >>> one.totals, one.pending, one.finished
    (PerSide(a=0, b=10), (3,), False)
    >>> two = play_partnership_match([a, b, a, a, a], rules)
    >>> two.totals, two.winner, two.extra_hands
    (PerSide(a=40, b=10), <Side.A: 'A'>, (4,))
    """
    played = [i for i, r in enumerate(results) if r.outcome is not Outcome.MISDEAL]
    whole = len(played) - len(played) % TABLES
    deals = [(results[played[i]], results[played[i + 1]]) for i in range(0, whole, TABLES)]
    ledger = play_partnership(deals, rules)
    counted = len(ledger.deals)
    deal_of = [seat // TABLES for seat in seat_numbers(results)]
    if ledger.finished:
        extra = tuple(i for i, deal in enumerate(deal_of) if deal >= counted)
        return PartnershipMatch(ledger, tuple(results), (), extra)
    pending = tuple(played[whole:])
    return PartnershipMatch(ledger, tuple(results), pending, ())
