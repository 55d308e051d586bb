"""The change feed: how a station learns, cheaply, that another station wrote something.

Every flush of a session opened by :meth:`Database.transaction` adds one :class:`Change` row
per player/event/entrant/round/match/hand row inserted, updated or deleted, in the same
transaction (so a change is visible exactly when the data is). A station polls
:func:`changes_since` with the last id it saw; on PostgreSQL each such commit also sends
``NOTIFY gin_scorer_changes`` so :func:`listen_for_changes` can wake a station at once.

Core-level ``UPDATE`` statements bypass the ORM's flush: code that issues one records it with
:func:`record_change` (as :func:`gin_scorer.store.concurrency.bump_version` does).

The same rows tell a write what it changed: inside :func:`written_rows`, every transaction that
commits on this thread hands its rows (with the match and round each belongs to) to the block,
so a caller learns what a service wrote without the service keeping count.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import event, func, insert, or_, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key
from sqlmodel import col

from gin_scorer.store.tables import (
    RESTORE_OP,
    WATCHED_TABLES,
    Change,
    Event,
    HandEntry,
    Match,
    ResultConfirmation,
    ResultEntry,
    utcnow,
)
from gin_scorer.store.undo_links import UndoLink

if TYPE_CHECKING:
    from gin_scorer.store.connection import Database

CHANNEL = "gin_scorer_changes"
_NOTIFIED = "gin_scorer_notified"  # session.info: this transaction has sent its NOTIFY
_PENDING = "gin_scorer_written"  # session.info: its rows, handed to the listeners at commit


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """One entry of the change feed, as plain values."""

    id: int
    at: datetime
    station: str
    table_name: str
    row_id: int | None
    op: str
    event_id: int | None


@dataclass(frozen=True, slots=True)
class WrittenRow:
    """One row a committed transaction wrote, with the match and round it belongs to (a log
    row's match, a match's own id and round), for :func:`written_rows`."""

    table_name: str
    row_id: int | None
    op: str
    event_id: int | None
    match_id: int | None
    round_id: int | None


_LISTENING: ContextVar[tuple[list[WrittenRow], ...]] = ContextVar(
    "gin_scorer_written_rows", default=()
)


@contextmanager
def written_rows() -> Iterator[list[WrittenRow]]:
    """The rows every transaction committed inside the block (on this thread) wrote, in
    order; a transaction rolled back adds none. Blocks may nest: each hears its own."""
    rows: list[WrittenRow] = []
    token = _LISTENING.set((*_LISTENING.get(), rows))
    try:
        yield rows
    finally:
        _LISTENING.reset(token)


def _written(row: dict[str, Any], obj: Any = None) -> WrittenRow:
    table, row_id = row["table_name"], row["row_id"]
    match_id = row_id if table == "match" else getattr(obj, "match_id", None)
    round_id = row_id if table == "round" else getattr(obj, "round_id", None)
    return WrittenRow(
        table,
        row_id,
        row["op"],
        row["event_id"],
        match_id if isinstance(match_id, int) else None,
        round_id if isinstance(round_id, int) else None,
    )


def event_of_match(session: Session, match_id: int) -> int | None:
    """The event of match ``match_id``: from the session when the transaction has the match
    in hand (a write to a match always has), else read."""
    held = session.identity_map.get(identity_key(Match, match_id))
    if isinstance(held, Match):
        return held.event_id
    return (
        session.connection()
        .execute(select(col(Match.event_id)).where(col(Match.id) == match_id))
        .scalar_one_or_none()
    )


def _event_of(session: Session, obj: Any, cache: dict[int, int | None]) -> int | None:
    if isinstance(obj, Event):
        return obj.id
    if isinstance(obj, HandEntry | ResultEntry | ResultConfirmation | UndoLink):
        if obj.match_id not in cache:
            cache[obj.match_id] = event_of_match(session, obj.match_id)
        return cache[obj.match_id]
    value = getattr(obj, "event_id", None)
    return value if isinstance(value, int) else None


def _rows(session: Session, station: str) -> list[dict[str, Any]]:
    cache: dict[int, int | None] = {}
    now = utcnow()
    rows: list[dict[str, Any]] = []
    groups: Iterable[tuple[str, Iterable[Any]]] = (
        ("insert", session.new),
        ("update", (o for o in session.dirty if session.is_modified(o))),
        ("delete", session.deleted),
    )
    for op, objects in groups:
        for obj in objects:
            table = getattr(obj, "__tablename__", None)
            if table not in WATCHED_TABLES:
                continue
            row = {
                "at": now,
                "station": station,
                "table_name": table,
                "row_id": getattr(obj, "id", None),
                "op": op,
                "event_id": _event_of(session, obj, cache),
            }
            rows.append(row)
            if _LISTENING.get():  # someone wants to hear what this transaction wrote
                session.info.setdefault(_PENDING, []).append(_written(row, obj))
    return rows


def _write(session: Session, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    connection = session.connection()
    connection.execute(insert(Change), rows)
    if connection.dialect.name == "postgresql" and not session.info.get(_NOTIFIED):
        # Delivered to listeners when (and only if) the transaction commits; one is enough
        # for the whole transaction (listeners read the feed from where they were).
        connection.execute(select(func.pg_notify(CHANNEL, rows[-1]["station"])))
        session.info[_NOTIFIED] = True


def watch_session(session: Session, db: Database) -> None:
    """Record every write of ``session`` in the change feed (called by Database.transaction)."""

    def after_flush(flushed: Session, _context: Any) -> None:
        _write(flushed, _rows(flushed, db.station))

    def after_commit(committed: Session) -> None:
        pending = committed.info.pop(_PENDING, ())
        for rows in _LISTENING.get():
            rows.extend(pending)

    def after_rollback(rolled_back: Session) -> None:
        rolled_back.info.pop(_PENDING, None)

    event.listen(session, "after_flush", after_flush)
    event.listen(session, "after_commit", after_commit)
    event.listen(session, "after_rollback", after_rollback)


def record_change(
    session: Session,
    table_name: str,
    row_id: int | None,
    op: str = "update",
    event_id: int | None = None,
    *,
    station: str | None = None,
) -> None:
    """Add a change by hand, for writes made with core statements instead of the ORM.

    ``station`` defaults to the station of the Database the session came from.
    """
    where = station or str(session.info.get("station") or "unknown")
    row = {
        "at": utcnow(),
        "station": where,
        "table_name": table_name,
        "row_id": row_id,
        "op": op,
        "event_id": event_id,
    }
    _write(session, [row])
    if _LISTENING.get():
        session.info.setdefault(_PENDING, []).append(_written(row))


def latest_change_id(session: Session) -> int:
    """The newest change id (0 for none): a station's starting marker."""
    value = session.execute(select(func.max(Change.id))).scalar_one_or_none()
    return int(value or 0)


def changes_since(
    session: Session, last_id: int, *, event_id: int | None = None, limit: int = 1000
) -> list[ChangeRow]:
    """Changes with id > ``last_id`` (oldest first), optionally of one event only. A
    restore of the whole database is a change of every event."""
    query = select(Change).where(col(Change.id) > last_id)
    if event_id is not None:
        query = query.where(or_(col(Change.event_id) == event_id, col(Change.op) == RESTORE_OP))
    rows = session.execute(query.order_by(col(Change.id)).limit(limit)).scalars()
    return [
        ChangeRow(c.id or 0, c.at, c.station, c.table_name, c.row_id, c.op, c.event_id)
        for c in rows
    ]


@dataclass
class ChangeListener:
    """A background watcher started by :func:`listen_for_changes`; ``stop()`` ends it."""

    thread: threading.Thread
    stopping: threading.Event

    def stop(self, timeout: float = 5.0) -> None:
        self.stopping.set()
        self.thread.join(timeout)


def listen_for_changes(
    db: Database, callback: Callable[[int], None], *, poll_seconds: float = 1.0
) -> ChangeListener:
    """Call ``callback(latest_change_id)`` from a background thread whenever others write.

    PostgreSQL: woken by ``LISTEN gin_scorer_changes`` (no polling). SQLite: polls the
    ``change`` table every ``poll_seconds`` (a single indexed MAX, cheap). The callback runs
    on the watcher thread: a GUI hands it to its own thread (a queued signal).
    """
    stopping = threading.Event()

    def latest() -> int:
        with db.transaction(write=False) as session:
            return latest_change_id(session)

    seen = [latest()]

    def report_if_new() -> None:
        now = latest()
        if now != seen[0]:
            seen[0] = now
            callback(now)

    def poll() -> None:
        while not stopping.wait(poll_seconds):
            report_if_new()

    def listen() -> None:
        import psycopg

        url = db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            while not stopping.is_set():
                # Wakes at a notification, or after poll_seconds: a missed one costs a second.
                for _ in connection.notifies(timeout=poll_seconds, stop_after=1):
                    pass
                report_if_new()

    def run() -> None:
        # A dropped network or a busy file must not end the watch: wait, then try again.
        while not stopping.is_set():
            try:
                (poll if db.is_sqlite else listen)()
            except Exception:  # any failure here is retried, never fatal
                stopping.wait(max(poll_seconds, 1.0))

    thread = threading.Thread(target=run, name="gin-scorer-changes", daemon=True)
    thread.start()
    return ChangeListener(thread, stopping)
