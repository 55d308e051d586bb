"""Optimistic concurrency between stations: claim a row's version or learn who changed it.

Two stations may show the same match. Each write says which ``version`` it was based on;
:func:`bump_version` moves the version on with ``UPDATE ... WHERE version = expected`` and
raises :class:`ConflictError` when another station got there first — never a lost update.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from sqlmodel import col

from gin_scorer.store.changes import event_of_match, record_change
from gin_scorer.store.errors import ConflictError
from gin_scorer.store.seal import note_row
from gin_scorer.store.tables import Event, Match


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
    what = "match" if table is Match else "event"
    result = session.execute(
        update(table)
        .where(col(table.id) == row_id, col(table.version) == expected)
        .values(version=expected + 1)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        found = session.execute(
            select(col(table.version)).where(col(table.id) == row_id)
        ).scalar_one_or_none()
        if found is None:
            raise ConflictError(f"{what} {row_id} does not exist (deleted at another station?)")
        raise ConflictError(
            f"{what} {row_id} was changed at another station (it is at version {found}, this "
            f"screen showed version {expected}); reload it and enter the change again"
        )
    event_id = row_id if table is Event else event_of_match(session, row_id)
    record_change(session, table.__tablename__, row_id, "update", event_id, station=station)
    note_row(session, table.__tablename__, row_id)  # a core UPDATE: the flush does not see it
    return expected + 1
