"""An open database and its transactions: the engines, the durability PRAGMAs, the handle.

The bottom of the store: it imports no other store module but the tables, the errors, the
integrity check and the backups' news (a leaf). Opening a database (checks, migrations,
backups, the seal and the change feed watching every transaction) is
:mod:`gin_scorer.store.database`, above it.

SQLite is made durable on every connection: ``journal_mode=WAL`` (readers never block the
writer), ``synchronous=FULL`` (a commit survives a power cut), ``foreign_keys=ON`` and a
``busy_timeout`` so a second station waits instead of failing. A write transaction starts with
``BEGIN IMMEDIATE``: it takes the write lock at once, so two stations never discover a
conflict halfway through (which SQLite would report as an error instead of waiting).
"""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError, OperationalError
from sqlalchemy.pool import ConnectionPoolEntry
from sqlmodel import Session

from gin_scorer.core.wording import said
from gin_scorer.store.backup_news import BackupNews
from gin_scorer.store.errors import DatabaseBusy, StoreError
from gin_scorer.store.integrity import integrity_check
from gin_scorer.store.server_trouble import hung_up
from gin_scorer.store.tables import utcnow

__all__ = [
    "BUSY_TIMEOUT_MS",
    "Database",
    "SessionWatcher",
    "default_station",
    "quick_check",
    "sqlite_path",
]

STATION_ENV = "GIN_SCORER_STATION"
BUSY_TIMEOUT_MS = 5000
# Connections kept open: the room serves a phone per table from a thread pool, and a
# connection opened per request costs more than the request (SQLite's PRAGMAs, a TLS or
# login round trip on PostgreSQL).
POOL_SIZE = 16
POOL_OVERFLOW = 24
_READ_ONLY = "gin_scorer_read_only"
# A pooled PostgreSQL connection is asked "are you there?" (one round trip) only when it has
# sat unused this long. A server restart or a venue router dropping a quiet connection happens
# while the room is quiet; under a full room's load every connection is back in use within
# milliseconds, and a ping on every checkout was one more round trip on each of a table page's
# ten statements.
IDLE_PING_SECONDS = 10.0
# How long close() waits for a backup in flight: a club's year copied from a server over a
# venue's network takes a minute or two; past this the program closes and says so.
BACKUP_CLOSE_WAIT_SECONDS = 300.0
_LAST_USED = "gin_scorer_last_used"


def default_station() -> str:
    """This computer's name at the tournament (``GIN_SCORER_STATION``, else the host name)."""
    return os.environ.get(STATION_ENV) or socket.gethostname() or "station"


SessionWatcher = Callable[[Session, "Database"], None]
"""Told of every session a transaction opens, before it begins: the change feed and the seal
(:func:`gin_scorer.store.database.open_database` installs them)."""


@dataclass(eq=False)  # one object per open database: identity, hashable
class Database:
    """One open database. Create it with :func:`open_database`.

    ``path`` is the SQLite file (``None`` on PostgreSQL). The ``_backup_*`` fields are the
    state of the automatic backups (see :func:`gin_scorer.store.backup.maybe_backup`).
    """

    url: str
    station: str
    is_sqlite: bool
    engine: Engine
    path: Path | None = None
    backups_enabled: bool = True  # open_database(backups=False) turns automatic backups off
    # A server's automatic backups are copied in a process of their own (store.server_copy),
    # so that a long-running station's threads do not wait; a one-shot command, which waits
    # for the backup at close anyway, copies on its own thread instead of starting one.
    backups_beside: bool = True
    # When this program last committed a write (the GUI's "saved at" in the status bar).
    last_saved_at: datetime | None = None
    _read_engine: Engine | None = None
    _closed: bool = False
    _closing: bool = False  # close() has begun: no automatic backup starts any more
    # The newest good backup this program made, and a failure said once (backup_news).
    backup_news: BackupNews = field(default_factory=BackupNews, repr=False)
    _backup_lock: threading.Lock = field(default_factory=threading.Lock)
    # This program's SQLite writers queue here rather than in SQLite's busy handler, which
    # sleeps in growing steps (up to 100 ms) and so keeps a waiting writer idle after the lock
    # is free; other programs' writers still wait in the busy handler.
    _write_queue: threading.RLock = field(default_factory=threading.RLock)
    _backup_last_at: datetime | None = None
    _backup_last_change_id: int = 0
    _backup_checked_at: float | None = None  # time.monotonic() of the last look at a server
    # PostgreSQL: the process that makes the automatic backups' copies (store.server_copy).
    _backup_copier: Executor | None = None
    watchers: tuple[SessionWatcher, ...] = ()
    # Values the services derive from this database and keep while the facts under them are
    # unchanged (never facts themselves: each can be recomputed, and goes with the handle).
    derived: dict[object, object] = field(default_factory=dict, repr=False)

    @contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[Session]:
        """One transaction per user action: commits on a normal exit, rolls back on an error.

        ``write=False`` (for screens that only read) does not take SQLite's write lock.
        Objects stay usable after the block (no expiry on commit) so callers can build their
        frozen views from them.
        """
        if self._closed:
            raise StoreError(said("the database {0} is closed", self.display_name))
        engine = self.engine if write else self.read_engine
        queue = self._write_queue if write and self.is_sqlite else contextlib.nullcontext()
        committing = False  # a failure from here on may have reached the server's commit
        try:
            with queue, Session(engine, expire_on_commit=False) as session:
                session.info["station"] = self.station
                session.info["database"] = self  # whose derived values a service may keep
                for watch in self.watchers:
                    watch(session, self)
                with session.begin():
                    yield session
                    committing = write
            if write:
                self.last_saved_at = utcnow()
        except OperationalError as error:
            raise self._unsaved(error, committing=committing) from error

    def _unsaved(self, error: OperationalError, *, committing: bool = False) -> StoreError:
        """The sentence for a transaction the database could not complete: nothing saved, or
        (a server gone during the commit) perhaps saved."""
        if not self.is_sqlite:
            from gin_scorer.store.server_trouble import (
                ServerNotAnswering,
                server_trouble,
                went_away,
            )

            trouble = server_trouble(error, self.display_name, committing=committing)
            if isinstance(trouble, ServerNotAnswering) and went_away(error):
                # The server went away: every pooled connection may be dead with it. They
                # are let go, so that the first transaction after it is back opens a fresh one.
                self.engine.dispose()
            if trouble is not None:
                return trouble
        original = error.orig
        name = str(getattr(original, "sqlite_errorname", ""))
        text = str(original).strip().splitlines()[0] if original else str(error)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            return DatabaseBusy(
                said(
                    "the database {0} is busy: another station or program held it for more "
                    "than {1} s; nothing was saved — try again",
                    self.display_name,
                    BUSY_TIMEOUT_MS // 1000,
                )
            )
        if name == "SQLITE_FULL":
            return StoreError(
                said(
                    "the disk holding {0} is full: the last change was NOT saved; free some "
                    "space and enter it again",
                    self.display_name,
                )
            )
        if self.is_sqlite:
            return StoreError(
                said(
                    "the database {0} could not save the last change ({1}); it was NOT saved",
                    self.display_name,
                    text,
                )
            )
        return StoreError(
            said(
                "the database server {0} refused the transaction ({1}); nothing was "
                "saved — try again",
                self.display_name,
                text,
            )
        )

    @property
    def closing(self) -> bool:
        """Whether :meth:`close` has begun (a worker that keeps the backups stops)."""
        return self._closing

    @property
    def read_engine(self) -> Engine:
        """The engine for reading only (on SQLite its transactions take no write lock)."""
        return self._read_engine or self.engine

    @property
    def display_name(self) -> str:
        """The file path, or the URL without its password."""
        if self.path is not None:
            return str(self.path)
        return make_url(self.url).render_as_string(hide_password=True)

    def close(self) -> None:
        """Close the database, after the backup in flight, if any, has finished: it reads
        through this handle (a server's schedule, its change id), so the handle stays open
        until then. No new automatic backup starts once closing has begun."""
        if self._closing:
            return
        self._closing = True
        if self._backup_lock.acquire(timeout=BACKUP_CLOSE_WAIT_SECONDS):
            self._backup_lock.release()
        else:
            self.backup_news.failed(
                said(
                    "a backup still running after {0} s was left unfinished when {1} closed",
                    int(BACKUP_CLOSE_WAIT_SECONDS),
                    self.display_name,
                )
            )
        self._closed = True
        if self._backup_copier is not None:
            self._backup_copier.shutdown(wait=True)
            self._backup_copier = None
        self.engine.dispose()
        if self._read_engine is not None:
            self._read_engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _checked_location(text: str) -> str:
    """``text`` if it can name a database at all; a :class:`StoreError` saying why not (a NUL
    or another control character, nothing at all, a URL with no scheme or that cannot be
    read) instead of the driver's own exception."""
    from gin_scorer.core.text_checks import first_control
    from gin_scorer.core.wording import quote

    if not text.strip():
        raise StoreError(
            said("no database given: give a SQLite file path or a postgresql+psycopg:// URL")
        )
    index = first_control(text)
    if index is not None:
        raise StoreError(
            said(
                "the database {0} has the control character U+{1} at character {2}; give a "
                "SQLite file path or a postgresql+psycopg:// URL",
                quote(text),
                f"{ord(text[index]):04X}",
                index + 1,
            )
        )
    if "://" in text and not text.startswith("sqlite:"):
        scheme = text.split("://", 1)[0]
        if not scheme.startswith("postgresql"):
            raise StoreError(
                said(
                    "unsupported database {0}: give a SQLite file path or a "
                    "postgresql+psycopg:// URL",
                    quote(text),
                )
            )
    if "?" in text and not text.startswith("postgresql"):
        # "night.sqlite?mode=ro" would reach the driver as a URL query and open night.sqlite.
        raise StoreError(
            said(
                "the database {0}: a SQLite file name cannot contain '?'; rename the file",
                quote(text),
            )
        )
    if "://" in text or text.startswith("sqlite:"):
        try:
            make_url(text)
        except (ArgumentError, ValueError) as error:
            raise StoreError(
                said(
                    "the database URL {0} cannot be read ({1}); write it like "
                    "postgresql+psycopg://user:password@host/name",
                    quote(text),
                    str(error)[:80],
                )
            ) from None
    return text


def sqlite_path(url_or_path: str | os.PathLike[str]) -> Path | None:
    """The file a SQLite path or ``sqlite:///`` URL names; ``None`` for any other URL."""
    text = _checked_location(os.fspath(url_or_path))
    if text.startswith("sqlite:"):
        database = make_url(text).database
        if not database or database == ":memory:":
            raise StoreError(
                said("an in-memory SQLite database cannot keep a tournament; give a file")
            )
        return Path(database).expanduser().resolve()
    if "://" in text:
        return None
    return Path(text).expanduser().resolve()


def _on_sqlite_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # Autocommit at the driver level: SQLAlchemy's "begin" event below issues BEGIN itself
    # (pysqlite's own implicit BEGIN would be DEFERRED and is skipped for some statements).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _on_sqlite_begin(connection: Connection) -> None:
    read_only = connection.get_execution_options().get(_READ_ONLY, False)
    connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def sqlite_engine(path: Path) -> Engine:
    """An engine on the SQLite file ``path`` with the durability PRAGMAs on every connection."""
    engine = create_engine(
        f"sqlite:///{path}",
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000},
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
    )
    event.listen(engine, "connect", _on_sqlite_connect)
    event.listen(engine, "begin", _on_sqlite_begin)
    return engine


def postgres_engine(url: str) -> Engine:
    if not url.startswith("postgresql"):
        raise StoreError(
            said(
                "unsupported database URL {0}: give a SQLite file path or a "
                "postgresql+psycopg:// URL",
                repr(make_url(url).render_as_string(hide_password=True)),
            )
        )
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, pool_size=POOL_SIZE // 2, max_overflow=POOL_OVERFLOW)
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection before use only if it has been idle ``IDLE_PING_SECONDS``;
    a dead one is replaced by a fresh connection before the transaction starts."""

    def remember_use(_dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info[_LAST_USED] = time.monotonic()

    def ping_if_idle(dbapi_connection: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
        if dbapi_connection.closed or hung_up(dbapi_connection):
            raise DisconnectionError("the server closed this connection")
        idle = time.monotonic() - record.info.get(_LAST_USED, 0.0)
        if idle < IDLE_PING_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # any failure means "not usable": the pool reconnects
            raise DisconnectionError(str(error)) from error

    event.listen(engine, "connect", remember_use)
    event.listen(engine, "checkin", remember_use)
    event.listen(engine, "checkout", ping_if_idle)


def quick_check(path: Path) -> str:
    """``PRAGMA quick_check`` of an existing file without writing to it: "ok" or the damage."""
    return integrity_check(path, quick=True)
