"""Three-player tables in an event (decision 0014): the third seat of a match, a table's
result from its hands, and what it counts for in the standings.

A table's result is the three-player ledger's (:mod:`gin_scorer.core.ledgers.three_player`);
the standings read it as a result between each two players (:func:`~gin_scorer.tournament.
threes.table_outcomes`). A player who withdraws from a table still playing loses to both
others, as a forfeit; the two left are ranked by their points when play stopped.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from gin_scorer.core.hands import HandResult
from gin_scorer.core.ledgers.three_player import play_three_player
from gin_scorer.core.rules import RuleSet
from gin_scorer.services.queries.rounds.derived import Derived
from gin_scorer.services.queries.rounds.model import MatchFacts
from gin_scorer.services.support.match_seats import SEAT_LETTERS
from gin_scorer.store.tables import Match
from gin_scorer.tournament.model import MatchOutcome
from gin_scorer.tournament.results import Reached, ResultKind
from gin_scorer.tournament.threes import table_outcomes


def derive_table(hands: int, results: Sequence[HandResult], rules: RuleSet) -> Derived:
    """A three-player table's derived result: finished, the winning seat's letter, and the
    seats' totals (final once finished, the running points before)."""
    game = play_three_player(results, rules)
    winner = SEAT_LETTERS[game.winner] if game.winner is not None else None
    totals = game.final if game.finished else game.points
    return (hands, 0, 0, game.finished, winner, 0, Reached(), totals)


def table_facts(
    row: Match,
    round_number: int | None,
    known: Derived,
    third: int,
    withdrawn: Collection[int],
) -> MatchFacts:
    """A three-player table's facts: its result between each two players once finished (or
    once a player withdrew from it while it was being played)."""
    hands, _a, _b, finished, side, _margin, _reached, totals = known
    assert row.entrant_b_id is not None
    seats = (row.entrant_a_id, row.entrant_b_id, third)
    number = round_number or 0
    table: tuple[MatchOutcome, ...] = ()
    forfeit = False
    if finished and side is not None and len(totals) == 3:
        final = (totals[0], totals[1], totals[2])
        table = table_outcomes(seats, final, SEAT_LETTERS.index(side), round_number=number)
    elif any(s in withdrawn for s in seats):
        table = _withdrawn_table(seats, totals, withdrawn, number)
        finished = forfeit = True
    return MatchFacts(
        row,
        round_number,
        hands,
        0,
        0,
        finished,
        table[0] if table else None,
        forfeit=forfeit,
        third=third,
        table=table,
    )


def _withdrawn_table(
    seats: tuple[int, int, int],
    totals: tuple[int, ...],
    withdrawn: Collection[int],
    round_number: int,
) -> tuple[MatchOutcome, ...]:
    """A table someone left while it was played: who stayed beats who left (a forfeit); two
    who stayed are ranked by their points so far, equal points a draw; two who left, nobody
    wins between them."""
    points = totals if len(totals) == 3 else (0, 0, 0)
    out = []
    for i, j in ((0, 1), (0, 2), (1, 2)):
        x, y = seats[i], seats[j]
        x_out, y_out = x in withdrawn, y in withdrawn
        if x_out and y_out:
            out.append(_between(x, y, None, 0, round_number, ResultKind.DOUBLE_FORFEIT))
        elif x_out or y_out:
            out.append(_between(x, y, y if x_out else x, 0, round_number, ResultKind.FORFEIT))
        else:
            margin = points[i] - points[j]
            winner = x if margin > 0 else y if margin < 0 else None
            out.append(_between(x, y, winner, margin, round_number, ResultKind.PLAYED))
    return tuple(out)


def _between(
    a: int, b: int, winner: int | None, margin: int, round_number: int, kind: ResultKind
) -> MatchOutcome:
    return MatchOutcome(
        a=a,
        b=b,
        winner=winner,
        games_a=int(winner == a),
        games_b=int(winner == b),
        margin=margin,
        round_number=round_number,
        kind=kind,
        points_known=kind is ResultKind.PLAYED,
    )
