"""Finding a row by its id (a clear NotFound naming it) and claiming a row's next version
(a ConflictError when another station got there first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlmodel import Session, SQLModel

from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.errors import ConflictError, InvalidInput, NotFound
from gin_scorer.store.concurrency import bump_version
from gin_scorer.store.database import Database
from gin_scorer.store.errors import ConflictError as StoreConflict
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, Season

Row = TypeVar("Row", bound=SQLModel)

# One whole sentence per kind of row, so that a translation can say each its own way.
_NOT_A_NUMBER: dict[type[SQLModel], Callable[[str], Said]] = {
    Event: lambda shown_id: said("event id {0} is not a number", shown_id),
    Entrant: lambda shown_id: said("entrant id {0} is not a number", shown_id),
    Match: lambda shown_id: said("match id {0} is not a number", shown_id),
    HandEntry: lambda shown_id: said("hand entry id {0} is not a number", shown_id),
    Player: lambda shown_id: said("player id {0} is not a number", shown_id),
    Season: lambda shown_id: said("season id {0} is not a number", shown_id),
}
_MISSING: dict[type[SQLModel], Callable[[int], Said]] = {
    Event: lambda row_id: said("there is no event {0}", row_id),
    Entrant: lambda row_id: said("there is no entrant {0}", row_id),
    Match: lambda row_id: said("there is no match {0}", row_id),
    HandEntry: lambda row_id: said("there is no hand entry {0}", row_id),
    Player: lambda row_id: said("there is no player {0}", row_id),
    Season: lambda row_id: said("there is no season {0}", row_id),
}


def fetch(session: Session, table: type[Row], row_id: int) -> Row:
    """The row ``row_id`` of ``table``, or :class:`NotFound` naming what was looked for."""
    if isinstance(row_id, bool) or not isinstance(row_id, int):
        not_a_number = _NOT_A_NUMBER.get(table)
        if not_a_number is None:
            raise InvalidInput(said("{0} id {1} is not a number", table.__name__, repr(row_id)))
        raise InvalidInput(not_a_number(repr(row_id)))
    row = session.get(table, row_id)
    if row is None:
        missing = _MISSING.get(table)
        if missing is None:
            raise NotFound(said("there is no {0} {1}", table.__name__, row_id))
        raise NotFound(missing(row_id))
    if isinstance(row, Event) and row.status == EventStatus.DELETED.value:
        # A deleted event's facts stay (sealed, verified) but nothing reads or changes it.
        raise NotFound(said("event {0} ({1}) was deleted", row_id, repr(row.name)))
    return row


def keep_for_transaction(session: Session, row: object) -> None:
    """Hold ``row`` for the rest of the transaction. The session's identity map holds rows
    weakly: a row read in a helper and asked for again later would be read a second time."""
    session.info.setdefault("kept_rows", []).append(row)


def fetch_for_update(session: Session, table: type[Row], row_id: int) -> Row:
    """Like :func:`fetch`, re-read from the database (after a version bump or on PostgreSQL
    after another transaction committed) rather than from the session's identity map."""
    row = fetch(session, table, row_id)
    session.refresh(row)
    return row


def claim_version(
    session: Session, db: Database, table: type[Match] | type[Event], row_id: int, expected: int
) -> int:
    """Move the row's version on from ``expected`` (``UPDATE ... WHERE version = expected``);
    :class:`ConflictError` when another station got there first. Returns the new version."""
    if isinstance(expected, bool) or not isinstance(expected, int):
        raise InvalidInput(said("expected version {0} is not a number", repr(expected)))
    try:
        return bump_version(session, table, row_id, expected, station=db.station)
    except StoreConflict as error:
        raise ConflictError(words_of(error)) from None
