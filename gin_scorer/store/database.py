"""Opening a database (a SQLite file or a PostgreSQL URL) and running transactions on it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> db = open_database(folder / "club" / "night.sqlite", station="desk", backups=False)
>>> with db.transaction() as session:
...     session.add(Player(name="Ada"))
>>> with db.transaction(write=False) as session:
...     [p.name for p in session.exec(select(Player))]
['Ada']
>>> db.close()

SQLite is made durable on every connection: ``journal_mode=WAL`` (readers never block the
writer), ``synchronous=FULL`` (a commit survives a power cut), ``foreign_keys=ON`` and a
``busy_timeout`` so a second station waits instead of failing. A write transaction starts with
``BEGIN IMMEDIATE``: it takes the write lock at once, so two stations never discover a
conflict halfway through (which SQLite would report as an error instead of waiting).
"""

from __future__ import annotations

import os
import socket
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError
from sqlmodel import Session, select

from gin_scorer.store.errors import DatabaseBusy, StoreError
from gin_scorer.store.integrity import integrity_check
from gin_scorer.store.tables import Player, utcnow

__all__ = ["Database", "Player", "default_station", "open_database", "quick_check", "select"]

STATION_ENV = "GIN_SCORER_STATION"
BUSY_TIMEOUT_MS = 5000
_READ_ONLY = "gin_scorer_read_only"


def default_station() -> str:
    """This computer's name at the tournament (``GIN_SCORER_STATION``, else the host name)."""
    return os.environ.get(STATION_ENV) or socket.gethostname() or "station"


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
    # When this program last committed a write (the GUI's "saved at" in the status bar).
    last_saved_at: datetime | None = None
    _read_engine: Engine | None = None
    _closed: bool = False
    _backup_lock: threading.Lock = field(default_factory=threading.Lock)
    _backup_last_at: datetime | None = None
    _backup_last_change_id: int = 0

    @contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[Session]:
        """One transaction per user action: commits on a normal exit, rolls back on an error.

        ``write=False`` (for screens that only read) does not take SQLite's write lock.
        Objects stay usable after the block (no expiry on commit) so callers can build their
        frozen views from them.
        """
        if self._closed:
            raise StoreError(f"the database {self.display_name} is closed")
        engine = self.engine if write else self.read_engine
        from gin_scorer.store import seal
        from gin_scorer.store.changes import watch_session

        try:
            with Session(engine, expire_on_commit=False) as session:
                session.info["station"] = self.station
                watch_session(session, self)
                seal.watch_session(session, self)
                with session.begin():
                    yield session
            if write:
                self.last_saved_at = utcnow()
        except OperationalError as error:
            raise self._unsaved(error) from error

    def _unsaved(self, error: OperationalError) -> StoreError:
        """The sentence for a transaction the database could not complete (nothing saved)."""
        original = error.orig
        name = str(getattr(original, "sqlite_errorname", ""))
        text = str(original).strip().splitlines()[0] if original else str(error)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            return DatabaseBusy(
                f"the database {self.display_name} is busy: another station or program "
                f"held it for more than {BUSY_TIMEOUT_MS // 1000} s; nothing was saved — "
                "try again"
            )
        if name == "SQLITE_FULL":
            return StoreError(
                f"the disk holding {self.display_name} is full: the last change was NOT "
                "saved; free some space and enter it again"
            )
        if self.is_sqlite:
            return StoreError(
                f"the database {self.display_name} could not save the last change ({text}); "
                "it was NOT saved"
            )
        return StoreError(
            f"the connection to {self.display_name} failed ({text}); the last change was NOT "
            "saved — check the network and enter it again"
        )

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
        if not self._closed:
            self._closed = True
            # Let a background backup finish (it copies through its own connections).
            if self._backup_lock.acquire(timeout=60):
                self._backup_lock.release()
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
    from gin_scorer.core.json_input import quote
    from gin_scorer.core.text_checks import first_control

    if not text.strip():
        raise StoreError(
            "no database given: give a SQLite file path or a postgresql+psycopg:// URL"
        )
    index = first_control(text)
    if index is not None:
        raise StoreError(
            f"the database {quote(text)} has the control character U+{ord(text[index]):04X} "
            f"at character {index + 1}; give a SQLite file path or a postgresql+psycopg:// URL"
        )
    if "://" in text and not text.startswith("sqlite:"):
        scheme = text.split("://", 1)[0]
        if not scheme.startswith("postgresql"):
            raise StoreError(
                f"unsupported database {quote(text)}: give a SQLite file path or a "
                "postgresql+psycopg:// URL"
            )
    if "?" in text and not text.startswith("postgresql"):
        # "night.sqlite?mode=ro" would reach the driver as a URL query and open night.sqlite.
        raise StoreError(
            f"the database {quote(text)}: a SQLite file name cannot contain '?'; rename the file"
        )
    if "://" in text or text.startswith("sqlite:"):
        try:
            make_url(text)
        except (ArgumentError, ValueError) as error:
            raise StoreError(
                f"the database URL {quote(text)} cannot be read ({str(error)[:80]}); write it "
                "like postgresql+psycopg://user:password@host/name"
            ) from None
    return text


def sqlite_path(url_or_path: str | os.PathLike[str]) -> Path | None:
    """The file a SQLite path or ``sqlite:///`` URL names; ``None`` for any other URL."""
    text = _checked_location(os.fspath(url_or_path))
    if text.startswith("sqlite:"):
        database = make_url(text).database
        if not database or database == ":memory:":
            raise StoreError("an in-memory SQLite database cannot keep a tournament; give a file")
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
    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _on_sqlite_connect)
    event.listen(engine, "begin", _on_sqlite_begin)
    return engine


def postgres_engine(url: str) -> Engine:
    if not url.startswith("postgresql"):
        raise StoreError(
            f"unsupported database URL {make_url(url).render_as_string(hide_password=True)!r}: "
            "give a SQLite file path or a postgresql+psycopg:// URL"
        )
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return create_engine(url, pool_pre_ping=True)


def quick_check(path: Path) -> str:
    """``PRAGMA quick_check`` of an existing file without writing to it: "ok" or the damage."""
    return integrity_check(path, quick=True)


def refuse_foreign_file(path: Path) -> None:
    """:class:`StoreError` if the SQLite file ``path`` holds tables but is not a gin-scorer
    database. Reads it read-only: nothing of the file changes, not even its journal mode."""
    from urllib.parse import quote as url_quote

    try:
        connection = sqlite3.connect(
            f"file:{url_quote(str(path))}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000
        )
        try:
            tables = {
                str(row[0])
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise _sqlite_open_error(path, error) from error
    foreign = tables - {"alembic_version"}
    if foreign and "alembic_version" not in tables:
        raise StoreError(
            f"{path} is a database, but not a gin-scorer one (it has tables "
            f"{', '.join(sorted(foreign)[:5])}); choose another file or an empty database "
            "(it was not changed)"
        )


def _sqlite_open_error(path: Path, error: Exception) -> StoreError:
    """What a driver error met while opening a SQLite file means for the director."""
    from gin_scorer.store.backup import corrupt_database_error

    original = getattr(error, "orig", None) or error
    name = str(getattr(original, "sqlite_errorname", ""))
    if "CORRUPT" in name or name == "SQLITE_NOTADB":
        return corrupt_database_error(path, str(original))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return DatabaseBusy(f"{path} is locked by another program; try again in a moment")
    return StoreError(f"cannot open the database {path}: {original}")


def open_database(
    url_or_path: str | os.PathLike[str],
    *,
    station: str | None = None,
    migrate: bool = True,
    backups: bool = True,
) -> Database:
    """Open (creating if new) a SQLite file or a PostgreSQL database, migrated to head.

    On an existing SQLite file: ``PRAGMA quick_check`` first (a damaged file raises
    :class:`CorruptDatabase` naming the newest good backup, and is never written to); a
    database newer than this app raises :class:`NewerDatabase`; a backup through SQLite's
    online backup API before any migration (and on the automatic schedule, when ``backups``).
    """
    from gin_scorer.core.json_input import quote
    from gin_scorer.store import backup as backup_module
    from gin_scorer.store import migrate as migrate_module

    who = station or default_station()
    path = sqlite_path(url_or_path)
    if path is None:
        url = os.fspath(url_or_path)
        engine = postgres_engine(url)
        db = Database(url=url, station=who, is_sqlite=False, engine=engine)
        try:
            migrate_module.prepare(db, migrate=migrate)
        except DBAPIError as error:  # unreachable server, wrong password, no permission...
            db.close()
            reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
            raise StoreError(f"cannot open the database {db.display_name}: {reason}") from error
        except BaseException:
            db.close()
            raise
        return db

    try:
        if path.is_dir():
            raise StoreError(f"{path} is a folder; give the name of a database file in it")
        existing = path.exists() and path.stat().st_size > 0
    except OSError as error:  # a name too long for the file system, a loop of links...
        raise StoreError(f"cannot open the database {quote(str(path))}: {error.strerror}") from None
    if existing:
        if not os.access(path, os.R_OK | os.W_OK):
            raise StoreError(
                f"{path} cannot be written (read-only file or no permission); gin-scorer must "
                "be able to save every hand — copy it somewhere writable"
            )
        problem = quick_check(path)
        if problem != "ok":
            raise backup_module.corrupt_database_error(path, problem)
        # Before the first connection of ours, which switches the file to WAL: a file that
        # is refused must leave exactly as it came.
        refuse_foreign_file(path)
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"cannot create the folder {path.parent} for the database: {error.strerror}"
            ) from error
    engine = sqlite_engine(path)
    read_engine = engine.execution_options(**{_READ_ONLY: True})
    db = Database(
        url=f"sqlite:///{path}",
        station=who,
        is_sqlite=True,
        engine=engine,
        path=path,
        backups_enabled=backups,
        _read_engine=read_engine,
    )
    try:
        if existing:
            migrate_module.refuse_newer(db)
            if backups and migrate and migrate_module.needs_upgrade(db):
                backup_module.make_backup(db, reason="before-migration")
            elif backups:
                backup_module.maybe_backup(db, on_open=True)
        migrate_module.prepare(db, migrate=migrate)
    except (sqlite3.DatabaseError, DBAPIError) as error:
        db.close()
        raise _sqlite_open_error(path, error) from error
    except BaseException:
        db.close()
        raise
    return db
