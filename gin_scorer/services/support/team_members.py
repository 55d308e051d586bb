"""The people of an entrant, in seat order: the player, the partner, then a team's further
players (Tedesco's teams of three or four keep those in ``team_member``).

Everything that asks "who is this entrant" — the entrant's view, the registry, ratings, the
club's history, a merge, the export — asks here, so that a team of four is four people
everywhere.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sqlmodel import Session, col, select

from gin_scorer.store.tables import Entrant, TeamMember


def further_players(session: Session, entrant_ids: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Each entrant's third and later players, in seat order (entrants with none left out)."""
    if not entrant_ids:
        return {}
    found: dict[int, list[int]] = defaultdict(list)
    for start in range(0, len(entrant_ids), 400):
        chunk = list(entrant_ids[start : start + 400])
        for entrant_id, player_id in session.exec(
            select(TeamMember.entrant_id, TeamMember.player_id)
            .where(col(TeamMember.entrant_id).in_(chunk))
            .order_by(col(TeamMember.entrant_id), col(TeamMember.position))
        ):
            found[entrant_id].append(player_id)
    return {entrant_id: tuple(players) for entrant_id, players in found.items()}


def further_players_of(session: Session, rows: Sequence[Entrant]) -> dict[int, tuple[int, ...]]:
    """:func:`further_players` of ``rows``. A third player sits beside a partner (entry fills
    the partner first), so entrants without one are not asked about: an event of lone players
    reads no team rows at all (the room reads entrants at every hand)."""
    return further_players(session, [r.id for r in rows if r.id is not None and r.partner_id])


def entrant_people(session: Session, rows: Sequence[Entrant]) -> dict[int, tuple[int, ...]]:
    """Each entrant's players (ids), in seat order: player, partner, further players."""
    further = further_players_of(session, rows)
    return {
        row.id: (
            *(p for p in (row.player_id, row.partner_id) if p is not None),
            *further.get(row.id, ()),
        )
        for row in rows
        if row.id is not None
    }


def add_further_players(session: Session, entrant_id: int, player_ids: Sequence[int]) -> None:
    """Seat a team's third and later players (positions 2, 3 …)."""
    for position, player_id in enumerate(player_ids, start=2):
        session.add(TeamMember(entrant_id=entrant_id, position=position, player_id=player_id))


def rows_of_player(session: Session, player_id: int) -> list[TeamMember]:
    """The team seats a player holds beyond the first two of a team."""
    return list(session.exec(select(TeamMember).where(TeamMember.player_id == player_id)))
