"""Small questions a front end asks before it calls a service (which match holds a hand,
which match is played at table 12)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, func, select

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.views import match_view
from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.support.errors import NotFound
from gin_scorer.services.support.rows import fetch
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, HandEntry, Match, Round

__all__ = ["RoundTables", "match_at_table", "match_of_hand", "round_tables"]


def match_of_hand(db: Database, hand_id: int) -> int:
    """The id of the match that hand entry ``hand_id`` belongs to (NotFound names the hand)."""
    with db.transaction(write=False) as session:
        return fetch(session, HandEntry, hand_id).match_id


def _round_number(session: Session, event_id: int, round_number: int | None) -> int:
    """``round_number``, or the event's latest paired round (0 when none is)."""
    fetch(session, Event, event_id)
    if round_number is not None:
        return round_number
    latest = session.exec(
        select(func.max(Round.number)).where(Round.event_id == event_id)
    ).one_or_none()
    return int(latest or 0)


def _round_matches(session: Session, event_id: int, round_number: int) -> list[Match]:
    query = (
        select(Match)
        .join(Round, col(Round.id) == col(Match.round_id))
        .where(Match.event_id == event_id, Round.number == round_number)
    )
    return list(session.exec(query))


def match_at_table(
    db: Database, event_id: int, table: int, *, round_number: int | None = None
) -> MatchView:
    """The match played at ``table`` in ``round_number`` (the event's latest round when not
    given): how a slip names its match. NotFound says which table of which round."""
    with db.transaction(write=False) as session:
        number = _round_number(session, event_id, round_number)
        for row in _round_matches(session, event_id, number):
            if row.table_number == table:
                return match_view(session, row)
        raise NotFound(_no_table(event_id, table, number))


def _no_table(event_id: int, table: int, round_number: int) -> Said:
    if round_number:
        return said(
            "no match at table {0} in round {1} of event {2}", table, round_number, event_id
        )
    return said("no match at table {0} in any round (none is paired) of event {1}", table, event_id)


@dataclass(frozen=True, slots=True)
class RoundTables:
    """A round's matches by table number (the round named, or the latest)."""

    event_id: int
    round_number: int
    matches: dict[int, MatchView]

    def at(self, table: int) -> MatchView:
        """The match at ``table``; NotFound names the table and the round."""
        found = self.matches.get(table)
        if found is None:
            raise NotFound(_no_table(self.event_id, table, self.round_number))
        return found


def round_tables(db: Database, event_id: int, *, round_number: int | None = None) -> RoundTables:
    """Every match of ``round_number`` (the event's latest round when not given) by table, in
    one read: a file of hands naming tables finds each table's match here."""
    with db.transaction(write=False) as session:
        number = _round_number(session, event_id, round_number)
        rows = _round_matches(session, event_id, number)
        found = {row.table_number: match_view(session, row) for row in rows if row.table_number}
        return RoundTables(event_id, number, found)
