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
    result = session.execute(
        update(table)
        .where(col(table.id) == row_id, col(table.version) == expected)
        .values(version=expected + 1)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        found = session.execute(
            select(col(table.version)).where(col(table.id) == row_id)
        ).scalar_one_or_none()
        raise ConflictError(_conflict(table is Match, row_id, found, expected))
    event_id = row_id if table is Event else event_of_match(session, row_id)
    record_change(session, table.__tablename__, row_id, "update", event_id, station=station)
    note_row(session, table.__tablename__, row_id)  # a core UPDATE: the flush does not see it
    return expected + 1


def _conflict(is_match: bool, row_id: int, found: int | None, expected: int) -> Said:
    """Why the row ``row_id`` (a match, else an event) is not at version ``expected``."""
    if found is None and is_match:
        return said("match {0} does not exist (deleted at another station?)", row_id)
    if found is None:
        return said("event {0} does not exist (deleted at another station?)", row_id)
    if is_match:
        return said(
            "match {0} was changed at another station (it is at version {1}, this screen "
            "showed version {2}); reload it and enter the change again",
            row_id,
            found,
            expected,
        )
    return said(
        "event {0} was changed at another station (it is at version {1}, this screen "
        "showed version {2}); reload it and enter the change again",
        row_id,
        found,
        expected,
    )
