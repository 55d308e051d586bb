"""Opening a database (a SQLite file or a PostgreSQL URL): the checks before the first
connection, the backup before a migration, the migration, and the watchers every transaction
gets (the change feed, the seal).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> db = open_database(folder / "club" / "night.sqlite", station="desk", backups=False)
>>> with db.transaction() as session:
...     session.add(Player(name="Ada"))
>>> with db.transaction(write=False) as session:
...     [p.name for p in session.exec(select(Player))]
['Ada']
>>> db.close()

The top of the store's one-way order: connection (the handle) < migrate, seal, changes <
snapshot < backup < database (opening) < restore.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy.exc import DBAPIError
from sqlmodel import select

from gin_scorer.core.wording import said, words_of
from gin_scorer.store import backup as backup_module
from gin_scorer.store import migrate as migrate_module
from gin_scorer.store import seal
from gin_scorer.store.changes import watch_session
from gin_scorer.store.connection import (
    _READ_ONLY,
    BUSY_TIMEOUT_MS,
    Database,
    default_station,
    postgres_engine,
    quick_check,
    sqlite_engine,
    sqlite_path,
)
from gin_scorer.store.errors import DatabaseBusy, StoreError, not_ours
from gin_scorer.store.server_trouble import server_trouble
from gin_scorer.store.tables import Player

__all__ = [
    "Database",
    "Player",
    "default_station",
    "open_database",
    "quick_check",
    "select",
    "sqlite_path",
]

WATCHERS = (watch_session, seal.watch_session)
"""Every transaction of an opened database: the change feed first, then the seal."""


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
        raise not_ours(path, foreign, unchanged=True)


def _sqlite_open_error(path: Path, error: Exception) -> StoreError:
    """What a driver error met while opening a SQLite file means for the director."""
    original = getattr(error, "orig", None) or error
    name = str(getattr(original, "sqlite_errorname", ""))
    if "CORRUPT" in name or name == "SQLITE_NOTADB":
        return backup_module.corrupt_database_error(path, str(original))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return DatabaseBusy(said("{0} is locked by another program; try again in a moment", path))
    return StoreError(said("cannot open the database {0}: {1}", path, words_of(original)))


def open_database(
    url_or_path: str | os.PathLike[str],
    *,
    station: str | None = None,
    migrate: bool = True,
    backups: bool = True,
    backups_beside: bool = True,
    checked: bool = False,
) -> Database:
    """Open (creating if new) a SQLite file or a PostgreSQL database, migrated to head.

    On an existing SQLite file: ``PRAGMA quick_check`` first (a damaged file raises
    :class:`CorruptDatabase` naming the newest good backup, and is never written to), unless
    ``checked`` says this program's process that opened it a moment ago has just done so
    (verify's second process: reading the whole file again costs it half a second); a
    database newer than this app raises :class:`NewerDatabase`; a backup through SQLite's
    online backup API before any migration (and on the automatic schedule, when ``backups``).
    ``backups_beside=False``: a server's automatic backups are copied on this program's own
    thread, not in a process of their own (a one-shot command: see ``Database``).
    """
    who = station or default_station()
    path = sqlite_path(url_or_path)
    if path is None:
        return _open_server(
            os.fspath(url_or_path), who, migrate=migrate, backups=backups, beside=backups_beside
        )
    existing = _checked_file(path, quick_check_first=not checked)
    db = Database(
        url=f"sqlite:///{path}",
        station=who,
        is_sqlite=True,
        engine=(engine := sqlite_engine(path)),
        path=path,
        backups_enabled=backups,
        _read_engine=engine.execution_options(**{_READ_ONLY: True}),
        watchers=WATCHERS,
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


def _open_server(
    url: str, station: str, *, migrate: bool, backups: bool, beside: bool = True
) -> Database:
    """A PostgreSQL database, migrated; an unreachable server is one clear sentence."""
    db = Database(
        url=url,
        station=station,
        is_sqlite=False,
        engine=postgres_engine(url),
        backups_enabled=backups,
        backups_beside=beside,
        watchers=WATCHERS,
    )
    try:
        migrate_module.prepare(db, migrate=migrate)
        if backups:  # on the schedule's clock, as a SQLite file is on open (on a worker)
            backup_module.maybe_backup(db, on_open=True)
    except DBAPIError as error:  # unreachable server, wrong password, no permission...
        db.close()
        trouble = server_trouble(error, db.display_name)
        if trouble is not None:  # not answering (retry), or refused (say why)
            raise trouble from error
        reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        raise StoreError(
            said("cannot open the database {0}: {1}", db.display_name, reason)
        ) from error
    except BaseException:
        db.close()
        raise
    return db


def _checked_file(path: Path, *, quick_check_first: bool = True) -> bool:
    """Whether the SQLite file ``path`` already holds a database, after the checks that leave a
    refused file exactly as it came (damage, permissions, a foreign database); a new file's
    folder is created."""
    from gin_scorer.core.wording import quote

    try:
        if path.is_dir():
            raise StoreError(said("{0} is a folder; give the name of a database file in it", path))
        existing = path.exists() and path.stat().st_size > 0
    except OSError as error:  # a name too long for the file system, a loop of links...
        raise StoreError(
            said("cannot open the database {0}: {1}", quote(str(path)), error.strerror)
        ) from None
    if not existing:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                said(
                    "cannot create the folder {0} for the database: {1}",
                    path.parent,
                    error.strerror,
                )
            ) from error
        return False
    if not os.access(path, os.R_OK | os.W_OK):
        raise StoreError(
            said(
                "{0} cannot be written (read-only file or no permission); gin-scorer must be "
                "able to save every hand — copy it somewhere writable",
                path,
            )
        )
    problem = quick_check(path) if quick_check_first else "ok"
    if problem != "ok":
        raise backup_module.corrupt_database_error(path, problem)
    # Before the first connection of ours, which switches the file to WAL: a file that is
    # refused must leave exactly as it came.
    refuse_foreign_file(path)
    return True
