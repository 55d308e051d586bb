"""A match of two teams at several card tables at once, as an event keeps it: partnerships
(two of two, P) and Tedesco's teams (N of N, W), their hands entered one after another.

An event's match keeps one log of hands for the two entrants (each a team). Hands are entered
table by table, deal by deal: with two tables hands 1 and 2 are deal 1 (its tables a and b),
hands 3 and 4 deal 2, and so on. At each table ``Side.A`` is team A's player, so the entry
line, the validation and the hand's score are the two-player ones. Players change opponents
every deal (:func:`seat_of`): team A's player at table t meets team B's player t + deal
(round the team), which for two tables is the partnership's
:func:`~gin_scorer.core.ledgers.partnership.seating`.

A deal counts once all its tables are in: until then its hands are *pending* (on the sheet,
not yet in the totals). A misdeal is dealt again at its table and takes no seat. The folds are
:func:`play_partnership` and :func:`play_teams`; this module only cuts the hands into deals and
summarises the result as the :class:`Match` every format shares — one game to the target, won
1–0, its margin the winners' lead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Outcome, Side
from gin_scorer.core.ledgers.game import Game, GameLine
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.partnership import Partnership, play_partnership
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.ledgers.teams import TeamRules, Teams, play_teams
from gin_scorer.core.rules import RuleSet

PARTNERSHIP_TABLES = 2


def team_rules(rules: RuleSet) -> TeamRules:
    """The team knobs of a rule set as the teams ledger takes them."""
    return TeamRules(rules.team_players, rules.team_target, rules.team_sweep_bonus)


@dataclass(frozen=True, slots=True)
class Seat:
    """Where the ``hand``-th seat (0-based: a match's hands in entry order, misdeals left
    out, :func:`seat_numbers`) was played and by whom.

    ``deal`` and ``table`` are 0-based; ``player_a`` / ``player_b`` index each team's members
    (0: the entrant's first name, 1: the partner, then the teammates).
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


def seat_of(hand: int, tables: int = PARTNERSHIP_TABLES) -> Seat:
    """The deal, table and players of the ``hand``-th seat (0-based) with ``tables`` tables.

    >>> seat_of(0)
    Seat(hand=0, deal=0, table=0, player_a=0, player_b=0)
    >>> seat_of(3)
    Seat(hand=3, deal=1, table=1, player_a=1, player_b=0)
    >>> seat_of(5, 3)  # deal 2 of teams of three: table c, A's third meets B's first
    Seat(hand=5, deal=1, table=2, player_a=2, player_b=0)
    """
    deal, table = divmod(hand, tables)
    return Seat(hand, deal, table, table, (table + deal) % tables)


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


def next_seat(results: Sequence[HandResult]) -> int:
    """The seat of the hand after ``results``: how many of them were not misdeals."""
    return sum(1 for result in results if result.outcome is not Outcome.MISDEAL)


@dataclass(frozen=True, slots=True)
class SeatedMatch:
    """The team ledger of an event's match, and where each hand entered stands.

    ``pending`` holds the hands of a deal whose other tables are not all in yet; ``extra_hands``
    those entered after a team reached the target (counted nowhere). A misdeal sits with the
    deal it was dealt in and scores nothing.
    """

    ledger: Partnership | Teams
    results: tuple[HandResult, ...]
    pending: tuple[int, ...]
    extra_hands: tuple[int, ...]
    tables: int
    seats: tuple[int, ...]  # each hand's seat (:func:`seat_numbers`)

    def seat(self, hand: int) -> Seat:
        """Where the ``hand``-th hand (0-based, in entry order) was played; ``hand`` past the
        last: the next hand's seat."""
        number = self.seats[hand] if hand < len(self.seats) else next_seat(self.results)
        return seat_of(number, self.tables)

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
        ledger = self.ledger
        return ledger.target if isinstance(ledger, Partnership) else ledger.rules.target

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
                zip(self.results, (seat // self.tables for seat in self.seats), strict=True)
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


def play_partnership_match(results: Sequence[HandResult], rules: RuleSet) -> SeatedMatch:
    """Fold an event match's hands (in entry order) as a partnership: two tables a deal.

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
    return _play_seated(
        results,
        PARTNERSHIP_TABLES,
        lambda deals: play_partnership([(deal[0], deal[1]) for deal in deals], rules),
    )


def play_teams_match(results: Sequence[HandResult], rules: RuleSet) -> SeatedMatch:
    """Fold an event match's hands (in entry order) as Tedesco's teams: a table for each of
    a team's players.

    >>> from gin_scorer.core.hand_json import record_from_json
    >>> from gin_scorer.core.hands import score_hand
    >>> from gin_scorer.core.rules import MatchFormat
    >>> teams = RuleSet(match_format=MatchFormat.TEAMS, team_target=60, team_sweep_bonus=25)
    >>> a = score_hand(record_from_json({"knock": "A", "deadwood": {"A": 2, "B": 22}}), teams)
    >>> b = score_hand(record_from_json({"gin": "B", "deadwood": {"A": 5}}), teams)
    >>> play_teams_match([a, a, a, b], teams).totals  # 3 x 20 and the sweep; b waits
    PerSide(a=85, b=0)
    """
    return _play_seated(
        results, rules.team_players, lambda deals: play_teams(deals, team_rules(rules))
    )


def _play_seated(
    results: Sequence[HandResult],
    tables: int,
    fold: Callable[[list[tuple[HandResult, ...]]], Partnership | Teams],
) -> SeatedMatch:
    """The hands cut into deals of ``tables`` hands (misdeals take no seat), folded."""
    played = [i for i, r in enumerate(results) if r.outcome is not Outcome.MISDEAL]
    whole = len(played) - len(played) % tables
    deals = [tuple(results[h] for h in played[i : i + tables]) for i in range(0, whole, tables)]
    ledger = fold(deals)
    counted = len(ledger.deals)
    seats = tuple(seat_numbers(results))
    if ledger.finished:
        extra = tuple(i for i, seat in enumerate(seats) if seat // tables >= counted)
        return SeatedMatch(ledger, tuple(results), (), extra, tables, seats)
    return SeatedMatch(ledger, tuple(results), tuple(played[whole:]), (), tables, seats)
