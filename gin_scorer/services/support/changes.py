"""Polling for what other stations wrote: cheap enough to call every second.

A station keeps the ``marker`` of the last :class:`ChangeFeed` it read and asks again with
it; the feed names the tables and rows written since (hand-log rows already mapped to their
matches), so a screen refreshes only what changed.
"""

from __future__ import annotations

from sqlmodel import col, select

from gin_scorer.services.support.dto import Change, ChangeFeed
from gin_scorer.store import changes as feed
from gin_scorer.store.database import Database
from gin_scorer.store.tables import HandEntry, ResultConfirmation, ResultEntry


def current_marker(db: Database) -> int:
    """The marker of "now": a new screen starts polling from here."""
    with db.transaction(write=False) as session:
        return feed.latest_change_id(session)


def changes_since(
    db: Database, marker: int, *, event_id: int | None = None, limit: int = 1000
) -> ChangeFeed:
    """Changes after ``marker`` (all events, or one). Pass the returned ``marker`` next time;
    when ``limit`` rows came back, ask again at once for the rest."""
    with db.transaction(write=False) as session:
        rows = feed.changes_since(session, marker, event_id=event_id, limit=limit)
        match_ids = {r.row_id for r in rows if r.table_name == "match" and r.row_id}
        # A match's log rows name their match.
        for log in (HandEntry, ResultEntry, ResultConfirmation):
            log_rows = {r.row_id for r in rows if r.table_name == log.__tablename__ and r.row_id}
            if log_rows:
                query = select(log.match_id).where(col(log.id).in_(log_rows))
                match_ids.update(session.exec(query))
        changes = tuple(
            Change(
                id=r.id,
                at=r.at,
                station=r.station,
                table=r.table_name,
                row_id=r.row_id,
                op=r.op,
                event_id=r.event_id,
            )
            for r in rows
        )
        return ChangeFeed(
            marker=changes[-1].id if changes else marker,
            changes=changes,
            match_ids=frozenset(m for m in match_ids if m is not None),
        )
