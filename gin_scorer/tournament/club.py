"""Club nights: the director chooses who plays whom (Hollywood, multi-match ledgers ...).

The engine only checks the choice: every entrant named exists, is active, and plays once.

>>> plan = club_round([Entrant(1), Entrant(2), Entrant(3)], [(1, 3)], 1)
>>> [(p.table, p.a, p.b) for p in plan.pairings]
[(1, 1, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.wording import said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant, Pairing, RoundPlan
from gin_scorer.tournament.tables import number_tables


def club_round(
    entrants: Sequence[Entrant], chosen: Sequence[tuple[int, int]], round_number: int
) -> RoundPlan:
    """Check the director's pairings and number the tables in the order given."""
    people = {e.id: e for e in entrants}
    seen: set[int] = set()
    pairings = []
    for a, b in chosen:
        for eid in (a, b):
            entrant = people.get(eid)
            if entrant is None:
                raise TournamentError(said("entrant {0} is not in this event", eid))
            if not entrant.active:
                raise TournamentError(said("{0} has withdrawn", entrant.display_name))
            if eid in seen:
                raise TournamentError(
                    said("{0} is paired twice in this round", entrant.display_name)
                )
            seen.add(eid)
        if a == b:
            raise TournamentError(
                said("{0} cannot play against themselves", people[a].display_name)
            )
        pairings.append(Pairing(a, b))
    if not pairings:
        raise TournamentError(said("choose at least one pairing for the club round"))
    return RoundPlan(round_number, number_tables(pairings))
