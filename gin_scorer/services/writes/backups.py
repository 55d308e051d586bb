"""Backups and restores from the app: back up now, list a database's backups, put one back.

The store does the work (:mod:`gin_scorer.store.backup`: SQLite's online backup API, a
PostgreSQL database copied row by row, the current database kept before a restore); who may
restore is decided here, by :mod:`gin_scorer.services.support.authority`. This module names the
database the way the app does — the path or URL the director opened — so the GUI needs no
store helpers of its own. Failures are the store's
:class:`~gin_scorer.store.errors.StoreError` (a :class:`PinError` for the PIN), each with a
sentence to show.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.exc import SQLAlchemyError

from gin_scorer.services.support.authority import DatabaseAction, require_whole_database
from gin_scorer.store.backup import BackupFile, backup_target, list_backups, make_backup
from gin_scorer.store.backup_news import BackupNews
from gin_scorer.store.database import Database, sqlite_path
from gin_scorer.store.errors import StoreError
from gin_scorer.store.restore import RestoreResult, restore_database
from gin_scorer.store.settings import PinGuards


def _target(database: str) -> Path | str:
    """A SQLite file as its resolved path, any other URL as given."""
    return sqlite_path(database) or database


def back_up_now(db: Database) -> BackupFile:
    """A backup of the open database, now, among its rotating backups."""
    return make_backup(db, reason="manual")


def backups_of(database: str | Database) -> list[BackupFile]:
    """The backups of a database (open, or named by path or URL, even a damaged one),
    newest first."""
    target = backup_target(database) if isinstance(database, Database) else _target(database)
    return list_backups(target)


def backup_seal(backup: BackupFile | Path) -> str | None:
    """The seal a backup file was sealed with, so the restore list can show which printed
    sheets it matches; ``None`` when it cannot be read (damaged, foreign, never sealed).

    The file is opened read-only and immutable: reading it never changes it (no journal mode
    switched, no -wal or -shm file left beside it), and it is never migrated.
    """
    path = backup.path if isinstance(backup, BackupFile) else backup
    if not path.is_file():
        return None
    from gin_scorer.services.support.seal import current_seal

    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    engine = create_engine(
        "sqlite+pysqlite://", creator=lambda: sqlite3.connect(uri, uri=True, timeout=5)
    )
    copy = Database(
        url=f"sqlite:///{path}",
        station="backup",
        is_sqlite=True,
        engine=engine,
        path=path,
        backups_enabled=False,
    )
    try:
        return current_seal(copy)
    except (SQLAlchemyError, StoreError, sqlite3.Error, ValueError):
        return None
    finally:
        copy.close()


def restore_backup(
    database: str,
    source: Path,
    *,
    pin: str | None = None,
    pins: Sequence[str] = (),
    ask_pin: Callable[[], str] | None = None,
) -> RestoreResult:
    """Put ``source`` back as ``database``; the database as it was is backed up first (or,
    when damaged, moved aside). Close the database before calling: the file is replaced.

    Replacing a database replaces every event in it, so it needs the PIN that guards all of
    them (:func:`gin_scorer.services.support.authority.require_whole_database`): the database PIN,
    else every event's PIN — ``pin`` and ``pins`` together, or one typed when ``ask_pin``
    asks. A refusal raises :class:`~gin_scorer.services.support.errors.PinError` before anything is
    touched."""
    given = [*([pin] if pin else []), *pins]

    def authorize(guards: PinGuards) -> None:
        require_whole_database(guards, given, DatabaseAction.REPLACE_DATABASE, ask=ask_pin)

    return restore_database(_target(database), source, authorize=authorize)


__all__ = [
    "BackupFile",
    "BackupNews",
    "RestoreResult",
    "back_up_now",
    "backup_seal",
    "backups_of",
    "restore_backup",
]
