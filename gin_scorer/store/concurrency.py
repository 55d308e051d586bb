"""Optimistic concurrency between stations: claim a row's version or learn who changed it.

Two stations may show the same match. Each write says which ``version`` it was based on;
:func:`bump_version` moves the version on with ``UPDATE ... WHERE version = expected`` and
raises :class:`ConflictError` when another station got there first — never a lost update.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from sqlmodel import col

from gin_scorer.core.wording import Said, said
from gin_scorer.store.changes import event_of_match, record_change
from gin_scorer.store.errors import ConflictError
from gin_scorer.store.seal import note_row
from gin_scorer.store.tables import Change, Event, HandEntry, Match


def bump_version(
    session: Session,
    table: type[Match] | type[Event],
    row_id: int,
    expected: int,
    *,
    station: str | None = None,
) -> int:
    """Move ``table`` row ``row_id`` from version ``expected`` to the next; return the new one.

    Raises :class:`ConflictError` naming the row if its version is no longer ``expected``,
    or if it does not exist. The change feed gets an "update" of the row (``station``
    defaults to the session's Database's).
    """
    result = session.execute(
        update(table)
        .where(col(table.id) == row_id, col(table.version) == expected)
        .values(version=expected + 1)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        found = session.execute(
            select(col(table.version)).where(col(table.id) == row_id)
        ).scalar_one_or_none()
        if table is Match and found is not None:
            raise ConflictError(_match_conflict(session, row_id, found, expected))
        raise ConflictError(_conflict(table is Match, row_id, found, expected))
    event_id = row_id if table is Event else event_of_match(session, row_id)
    record_change(session, table.__tablename__, row_id, "update", event_id, station=station)
    note_row(session, table.__tablename__, row_id)  # a core UPDATE: the flush does not see it
    return expected + 1


def _match_conflict(session: Session, match_id: int, found: int, expected: int) -> Said:
    """A match changed since it was read, naming the station that changed it last and its
    newest hand (decision 0004 says a conflict names them)."""
    station = session.execute(
        select(col(Change.station))
        .where(col(Change.table_name) == "match", col(Change.row_id) == match_id)
        .order_by(col(Change.id).desc())
        .limit(1)
    ).scalar_one_or_none()
    newest = session.execute(
        select(col(HandEntry.seq), col(HandEntry.station))
        .where(col(HandEntry.match_id) == match_id)
        .order_by(col(HandEntry.id).desc())
        .limit(1)
    ).first()
    if newest is not None:
        return said(
            "match {0} was changed at station {1} (its newest entry: hand {2}, from {3}); it "
            "is at version {4}, the change was made for version {5}: read it again and enter "
            "the change again",
            match_id,
            station or newest.station,
            newest.seq,
            newest.station,
            found,
            expected,
        )
    return said(
        "match {0} was changed at station {1}; it is at version {2}, the change was made for "
        "version {3}: read it again and enter the change again",
        match_id,
        station or "?",
        found,
        expected,
    )


def _conflict(is_match: bool, row_id: int, found: int | None, expected: int) -> Said:
    """Why the row ``row_id`` (a match, else an event) is not at version ``expected``."""
    if found is None and is_match:
        return said("match {0} does not exist (deleted at another station?)", row_id)
    if found is None:
        return said("event {0} does not exist (deleted at another station?)", row_id)
    return said(
        "event {0} was changed at another station (it is at version {1}, the change was "
        "made for version {2}); read it again and enter the change again",
        row_id,
        found,
        expected,
    )
