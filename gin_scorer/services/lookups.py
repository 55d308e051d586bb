"""Small questions a front end asks before it calls a service (which match holds a hand,
which match is played at table 12)."""

from __future__ import annotations

from sqlmodel import col, func, select

from gin_scorer.core.wording import said
from gin_scorer.services.dto import MatchView
from gin_scorer.services.errors import NotFound
from gin_scorer.services.rows import fetch
from gin_scorer.services.views import match_view
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Event, HandEntry, Match, Round

__all__ = ["match_at_table", "match_of_hand"]


def match_of_hand(db: Database, hand_id: int) -> int:
    """The id of the match that hand entry ``hand_id`` belongs to (NotFound names the hand)."""
    with db.transaction(write=False) as session:
        return fetch(session, HandEntry, hand_id).match_id


def match_at_table(
    db: Database, event_id: int, table: int, *, round_number: int | None = None
) -> MatchView:
    """The match played at ``table`` in ``round_number`` (the event's latest round when not
    given): how a slip names its match. NotFound says which table of which round."""
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        if round_number is None:
            latest = session.exec(
                select(func.max(Round.number)).where(Round.event_id == event_id)
            ).one_or_none()
            round_number = int(latest or 0)
        query = (
            select(Match)
            .join(Round, col(Round.id) == col(Match.round_id))
            .where(Match.event_id == event_id, Round.number == round_number)
            .where(Match.table_number == table)
        )
        row = session.exec(query).first()
        if row is None:
            if round_number:
                raise NotFound(
                    said(
                        "no match at table {0} in round {1} of event {2}",
                        table,
                        round_number,
                        event_id,
                    )
                )
            raise NotFound(
                said(
                    "no match at table {0} in any round (none is paired) of event {1}",
                    table,
                    event_id,
                )
            )
        return match_view(session, row)
