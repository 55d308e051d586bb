"""Tables of three: seating a round in threes, and what a finished table counts for.

A three-player game (Pagat: the dealer sits out, the loser of a hand deals the next) is one
game to the target between three players. In the standings a table counts as a result
between each two of its players, in the order they finished: the winner over both others,
the second over the third (their final scores decide; equal scores share, a draw). So a
table is worth two wins to its winner, one to the second and none to the third, and the
standings, tie-breaks and "who has met whom" read it as they read any other result.

Seating follows the Swiss idea in threes: round one folds the seeded field in thirds (the
top third's first with the middle third's first and the bottom third's first ...); later
rounds seat players of equal standing together, avoiding players who have already met. When
the field does not divide by three, the lowest-ranked players who have not had a bye get one
(one or two a round).

>>> from gin_scorer.tournament.model import Entrant
>>> from gin_scorer.tournament.swiss import swiss_ranking
>>> field = [Entrant(i, seed=i) for i in range(1, 8)]
>>> plan = seat_threes(swiss_ranking(field, [], 1), {}, 1)
>>> [(p.table, p.a, p.b, p.c) for p in plan.pairings]
[(1, 1, 3, 5), (2, 2, 4, 6), (None, 7, None, None)]
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from gin_scorer.core.wording import Said, joined, said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import MatchOutcome, Pairing, RoundPlan
from gin_scorer.tournament.results import ResultKind
from gin_scorer.tournament.swiss import SwissRanking
from gin_scorer.tournament.tables import number_tables

SEARCH_BUDGET = 20_000
"""How many seatings the search for tables without a repeated meeting may try before it
seats in standings order and names the repeats (a large field that has met a lot)."""


def seat_threes(
    ranking: SwissRanking,
    names: Mapping[int, str],
    round_number: int,
    *,
    fixed_tables: Mapping[int, int] | None = None,
) -> RoundPlan:
    """Seat round ``round_number`` in tables of three, byes for the one or two left over.

    ``ranking`` is who plays, best first (:func:`~.swiss.swiss_ranking`); ``names`` say the
    entrants in the notes. Before anyone has met, the field is folded in thirds."""
    order = list(ranking.order)
    if len(order) < 3:
        raise TournamentError(
            said(
                "a round of three-player tables needs at least 3 entrants who can play; "
                "there are {0}",
                len(order),
            )
        )
    byes = _bye_takers(order, ranking, len(order) % 3)
    seated = [eid for eid in order if eid not in byes]
    notes: list[Said] = []
    if not any(ranking.played.values()):
        tables = _folded(seated)
    else:
        tables = _search(seated, ranking) or _in_order(seated)
        repeats = _repeats(tables, ranking)
        if repeats:
            notes.append(
                said(
                    "every seating repeats a meeting; these players meet again: {0}",
                    joined([said("{0} v {1}", names[x], names[y]) for x, y in repeats], ", "),
                )
            )
    for eid in byes:
        if eid in ranking.had_bye:
            notes.append(said("{0} has a second bye: everyone else has had one", names[eid]))
    pairings = [Pairing(a, b, c=c) for a, b, c in tables]
    pairings.extend(Pairing(eid, None) for eid in byes)
    return RoundPlan(
        round_number,
        number_tables(pairings, fixed=fixed_tables),
        tuple(notes),
    )


def _bye_takers(order: list[int], ranking: SwissRanking, count: int) -> list[int]:
    """The lowest-ranked players without a bye yet (then those with one), ``count`` of them."""
    lowest_first = list(reversed(order))
    fresh = [e for e in lowest_first if e not in ranking.had_bye]
    again = [e for e in lowest_first if e in ranking.had_bye]
    return (fresh + again)[:count]


def _folded(seated: list[int]) -> list[tuple[int, int, int]]:
    """Round one: table i seats the i-th of each third of the seeded field."""
    count = len(seated) // 3
    return [(seated[i], seated[i + count], seated[i + 2 * count]) for i in range(count)]


def _in_order(seated: list[int]) -> list[tuple[int, int, int]]:
    return [(seated[i], seated[i + 1], seated[i + 2]) for i in range(0, len(seated), 3)]


def _met(x: int, y: int, ranking: SwissRanking) -> bool:
    return y in ranking.played.get(x, frozenset())


def _search(seated: list[int], ranking: SwissRanking) -> list[tuple[int, int, int]] | None:
    """Tables in standings order with no two players who have met; ``None`` when the budget
    runs out or there is none. The highest-ranked player still unseated takes the two
    nearest below them who have met neither them nor each other."""
    budget = [SEARCH_BUDGET]

    def seat(rest: list[int]) -> list[tuple[int, int, int]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for b, c in combinations(others, 2):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if _met(first, b, ranking) or _met(first, c, ranking) or _met(b, c, ranking):
                continue
            left = [e for e in others if e not in (b, c)]
            tables = seat(left)
            if tables is not None:
                return [(first, b, c), *tables]
            if budget[0] < 0:
                return None
        return None

    return seat(seated)


def _repeats(tables: list[tuple[int, int, int]], ranking: SwissRanking) -> list[tuple[int, int]]:
    return [(x, y) for table in tables for x, y in combinations(table, 2) if _met(x, y, ranking)]


def table_outcomes(
    seats: tuple[int, int, int],
    final: tuple[int, int, int],
    winner: int,
    *,
    round_number: int = 0,
    kind: ResultKind = ResultKind.PLAYED,
) -> tuple[MatchOutcome, ...]:
    """A finished three-player table as a result between each two of its players.

    ``seats`` are the entrants in seat order, ``final`` their game totals (boxes and the
    game bonus in), ``winner`` the winning seat (0, 1 or 2). The winner wins against both
    others; of the other two the higher total wins, equal totals draw. ``margin`` is the
    difference of the two totals, a game to whoever wins the pair.

    >>> [(o.a, o.b, o.winner, o.margin) for o in table_outcomes((7, 8, 9), (40, 300, 40), 1)]
    [(8, 7, 8, 260), (8, 9, 8, 260), (7, 9, None, 0)]
    """
    if winner not in (0, 1, 2):
        raise TournamentError(said("the winning seat must be 0, 1 or 2, not {0}", winner))
    others = sorted((s for s in range(3) if s != winner), key=lambda s: -final[s])
    placed = [winner, *others]
    out = []
    for i, j in combinations(range(3), 2):
        x, y = placed[i], placed[j]
        if i == 0 or final[x] > final[y]:
            pair_winner: int | None = seats[x]
        else:
            pair_winner = None
        out.append(
            MatchOutcome(
                a=seats[x],
                b=seats[y],
                winner=pair_winner,
                games_a=int(pair_winner == seats[x]),
                games_b=0,
                margin=final[x] - final[y],
                round_number=round_number,
                kind=kind,
            )
        )
    return tuple(out)
