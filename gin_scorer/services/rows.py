"""Finding a row by its id (a clear NotFound naming it) and claiming a row's next version
(a ConflictError when another station got there first)."""

from __future__ import annotations

from typing import TypeVar

from sqlmodel import Session, SQLModel

from gin_scorer.core.wording import words_of
from gin_scorer.services.errors import ConflictError, InvalidInput, NotFound
from gin_scorer.store.concurrency import bump_version
from gin_scorer.store.database import Database
from gin_scorer.store.errors import ConflictError as StoreConflict
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, Season

Row = TypeVar("Row", bound=SQLModel)

_NAMES: dict[type[SQLModel], str] = {
    Event: "event",
    Entrant: "entrant",
    Match: "match",
    HandEntry: "hand entry",
    Player: "player",
    Season: "season",
}


def fetch(session: Session, table: type[Row], row_id: int) -> Row:
    """The row ``row_id`` of ``table``, or :class:`NotFound` naming what was looked for."""
    if isinstance(row_id, bool) or not isinstance(row_id, int):
        raise InvalidInput(f"{_NAMES.get(table, table.__name__)} id {row_id!r} is not a number")
    row = session.get(table, row_id)
    if row is None:
        raise NotFound(f"there is no {_NAMES.get(table, table.__name__)} {row_id}")
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
        raise InvalidInput(f"expected version {expected!r} is not a number")
    try:
        return bump_version(session, table, row_id, expected, station=db.station)
    except StoreConflict as error:
        raise ConflictError(words_of(error)) from None
