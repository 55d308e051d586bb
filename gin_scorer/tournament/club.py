"""Club nights: the director chooses who plays whom (Hollywood, multi-match ledgers ...).

The engine only checks the choice: every entrant named exists, is active, and plays once.

>>> plan = club_round([Entrant(1), Entrant(2), Entrant(3)], [(1, 3)], 1)
>>> [(p.table, p.a, p.b) for p in plan.pairings]
[(1, 1, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.wording import Said, said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant, Pairing, RoundPlan
from gin_scorer.tournament.tables import number_tables


def club_round(
    entrants: Sequence[Entrant],
    chosen: Sequence[tuple[int, ...]],
    round_number: int,
    *,
    seats: int = 2,
) -> RoundPlan:
    """Check the director's tables (``seats`` entrants each: 2, or 3 for three-player games)
    and number them in the order given."""
    people = {e.id: e for e in entrants}
    seen: set[int] = set()
    pairings = []
    for table in chosen:
        if len(table) != seats:
            raise TournamentError(_wrong_size(table, seats, people))
        for eid in table:
            entrant = people.get(eid)
            if entrant is None:
                raise TournamentError(said("entrant {0} is not in this event", eid))
            if not entrant.active:
                raise TournamentError(said("{0} has withdrawn", entrant.display_name))
            if table.count(eid) > 1:
                raise TournamentError(
                    said("{0} cannot play against themselves", entrant.display_name)
                )
            if eid in seen:
                raise TournamentError(
                    said("{0} is paired twice in this round", entrant.display_name)
                )
            seen.add(eid)
        pairings.append(Pairing(table[0], table[1], c=table[2] if seats == 3 else None))
    if not pairings:
        raise TournamentError(said("choose at least one pairing for the club round"))
    return RoundPlan(round_number, number_tables(pairings))


def _wrong_size(table: tuple[int, ...], seats: int, people: dict[int, Entrant]) -> Said:
    names = ", ".join(people[e].display_name if e in people else f"#{e}" for e in table)
    if seats == 3:
        return said("a table of this event seats three players, not {0} ({1})", len(table), names)
    return said("a table of this event seats two players, not {0} ({1})", len(table), names)
