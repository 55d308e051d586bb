"""Round robin by the circle method: everyone meets everyone once; an odd field gets a bye.

The field is fixed when round 1 is paired (entrants in seed order). Entrant 1 stays put while
the others rotate one place a round, so the schedule is the same whenever it is recomputed.
An entrant who withdraws leaves their remaining opponents a bye in that round.

>>> sched = round_robin_schedule([1, 2, 3, 4])
>>> [[(p.a, p.b) for p in r] for r in sched]
[[(1, 4), (2, 3)], [(1, 3), (4, 2)], [(1, 2), (3, 4)]]
>>> [len(r) for r in round_robin_schedule([1, 2, 3])]
[2, 2, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gin_scorer.core.wording import said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant, Pairing, RoundPlan
from gin_scorer.tournament.tables import number_tables


def round_robin_schedule(field: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin over ``field`` (in seed order); byes listed last."""
    if len(field) < 2:
        raise TournamentError(said("a round robin needs at least 2 entrants, not {0}", len(field)))
    if len(set(field)) != len(field):
        raise TournamentError(said("an entrant is listed twice in the round robin"))
    lines: list[int | None] = list(field)
    if len(lines) % 2:
        lines.append(None)
    n = len(lines)
    rounds: list[list[Pairing]] = []
    rest = lines[1:]
    for r in range(n - 1):
        rotated = rest[-r:] + rest[:-r] if r else list(rest)
        seats = [lines[0], *rotated]
        games: list[Pairing] = []
        byes: list[Pairing] = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is None and b is not None:
                byes.append(Pairing(b, None))
            elif b is None and a is not None:
                byes.append(Pairing(a, None))
            elif a is not None and b is not None:
                games.append(Pairing(a, b))
        rounds.append(games + byes)
    return rounds


def round_robin_field(entrants: Sequence[Entrant]) -> list[int]:
    """The entrants who started the round robin, in seed order."""
    return [e.id for e in sorted(entrants, key=lambda e: e.seed_key) if e.joined_round == 1]


def pair_round_robin(
    entrants: Sequence[Entrant],
    round_number: int,
    *,
    field: Sequence[int] | None = None,
    previous_tables: Mapping[int, int] | None = None,
) -> RoundPlan:
    """Round ``round_number`` of the round robin; players keep last round's table if free."""
    late = [e for e in entrants if e.joined_round > 1 and e.active]
    if late:
        raise TournamentError(
            said(
                "{0} joined late: a round robin's schedule is fixed at round 1 "
                "(withdraw the late entry to go on)",
                late[0].display_name,
            )
        )
    ids = list(field) if field is not None else round_robin_field(entrants)
    schedule = round_robin_schedule(ids)
    if not 1 <= round_number <= len(schedule) and len(schedule) == 1:
        raise TournamentError(
            said("the round robin has 1 round; there is no round {0}", round_number)
        )
    if not 1 <= round_number <= len(schedule):
        raise TournamentError(
            said(
                "the round robin has {0} rounds; there is no round {1}",
                len(schedule),
                round_number,
            )
        )
    gone = {e.id for e in entrants if not e.active}
    pairings: list[Pairing] = []
    for p in schedule[round_number - 1]:
        a_out = p.a in gone
        b_out = p.b is None or p.b in gone
        if not a_out and not b_out:
            pairings.append(p)
        elif not a_out:
            pairings.append(Pairing(p.a, None))
        elif p.b is not None and not b_out:
            pairings.append(Pairing(p.b, None))
    return RoundPlan(round_number, number_tables(pairings, previous=previous_tables))


def round_robin_rounds(field_size: int) -> int:
    """How many rounds a round robin of ``field_size`` takes (an odd field one more)."""
    return field_size - 1 if field_size % 2 == 0 else field_size
