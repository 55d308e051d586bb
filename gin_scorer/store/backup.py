"""Backups of SQLite databases: automatic, rotating, and restorable.

Every backup goes through SQLite's online backup API (``sqlite3.Connection.backup``), never a
file copy: a copy of a WAL-mode database taken while the app runs can miss committed rows.

Where: ``<data folder>/backups/<db file name>-<8 hex of its full path>/`` (the hash keeps two
``club.sqlite`` files in different folders from rotating each other's backups away), or under
``$GIN_SCORER_BACKUP_DIR`` instead of ``<data folder>/backups``. Each file is named
``<db stem>-<UTC time>-c<change id>[-<reason>].sqlite``; the change id is the newest entry of
the change feed it contains, so nothing is copied twice when nothing changed. Which are kept
is decided by age tiers under a cap in megabytes (:mod:`gin_scorer.store.backup_keep`).

When: before a migration; on open, if the newest backup is older than the interval; and when
services call :func:`maybe_backup` after each recorded hand — every ``backup.every_hands``
hands (default 25) or ``backup.every_minutes`` minutes (default 10) with something new.
A PostgreSQL database is copied the same way into SQLite files in each station's own backup
folder (on a worker thread: the copy crosses the network; the automatic ones in a process of
their own, :mod:`gin_scorer.store.server_copy`). An automatic backup never raises: a failure
is said once through the database's :class:`~gin_scorer.store.backup_news.BackupNews`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from gin_scorer.core.wording import Said, said
from gin_scorer.store.backup_keep import (
    DEFAULT_KEEP_MEGABYTES,
    KEEP_MEGABYTES_SETTING,
    Kept,
    backups_to_drop,
)
from gin_scorer.store.backup_schedule import (
    DEFAULT_EVERY_HANDS,
    DEFAULT_EVERY_MINUTES,
    backup_schedule,
)
from gin_scorer.store.changes import latest_change_id
from gin_scorer.store.errors import CorruptDatabase, StoreError
from gin_scorer.store.integrity import integrity_check
from gin_scorer.store.settings import get_int_setting
from gin_scorer.store.sqlite_copy import copy_database

if TYPE_CHECKING:
    from gin_scorer.store.connection import Database

BACKUP_DIR_ENV = "GIN_SCORER_BACKUP_DIR"
# A server's schedule is looked at no more often than this, after a hand: a room of a hundred
# tables records several hands a second, and each look is a transaction on the server.
SERVER_LOOK_SECONDS = 5.0
_NAME = re.compile(
    r"^(?P<stem>.+)-(?P<when>\d{8}T\d{12})Z-c(?P<change>\d+)(?:-(?P<reason>[a-z-]+))?\.sqlite$"
)


@dataclass(frozen=True, slots=True)
class BackupFile:
    path: Path
    taken_at: datetime
    change_id: int
    reason: str | None


def backups_root() -> Path:
    override = os.environ.get(BACKUP_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from gin_scorer.paths import data_dir

    return data_dir() / "backups"


def backup_folder(db_path: Path | str) -> Path:
    """The folder holding the backups of the SQLite file ``db_path`` (or a PostgreSQL URL)."""
    if isinstance(db_path, str):
        url = make_url(db_path)
        identity = url.set(password=None).render_as_string(hide_password=False)
        name = f"{url.database or 'postgres'}.postgresql"
    else:
        identity = str(db_path.expanduser().resolve())
        name = db_path.name
    tag = hashlib.sha256(identity.encode()).hexdigest()[:8]
    return backups_root() / f"{name}-{tag}"


def backup_target(db: Database) -> Path | str:
    """What :func:`backup_folder` and :func:`list_backups` take for an open database."""
    return db.path if db.is_sqlite and db.path is not None else db.url


def list_backups(db_path: Path | str) -> list[BackupFile]:
    """The backups of ``db_path`` (a SQLite file, or a PostgreSQL URL), newest first."""
    folder = backup_folder(db_path)
    if not folder.is_dir():
        return []
    found = []
    for child in folder.iterdir():
        match = _NAME.match(child.name)
        if match and child.is_file():
            when = datetime.strptime(match["when"], "%Y%m%dT%H%M%S%f").replace(tzinfo=UTC)
            found.append(BackupFile(child, when, int(match["change"]), match["reason"]))
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


def newest_good_backup(db_path: Path) -> BackupFile | None:
    """The newest backup of ``db_path`` that passes ``PRAGMA quick_check``."""
    for candidate in list_backups(db_path):
        try:
            if integrity_check(candidate.path, quick=True) == "ok":
                return candidate
        except StoreError:  # unreadable right now: not one to recommend
            continue
    return None


def _quote(path: Path) -> str:
    text = str(path)
    return f'"{text}"' if any(c in text for c in " '&;()") else text


def corrupt_database_error(path: Path, problem: str) -> CorruptDatabase:
    """The error for a damaged file: what is wrong, that it was left alone, how to restore."""
    good = newest_good_backup(path)
    words: Said
    if good is None:
        words = said(
            "the database {0} is damaged ({1}); it has been left exactly as it is. No good "
            "backup of it was found in {2}. Keep the damaged file: a copy of it may still be "
            "recovered with the sqlite3 tool's .recover command.",
            path,
            problem,
            backup_folder(path),
        )
    else:
        words = said(
            "the database {0} is damaged ({1}); it has been left exactly as it is. The newest "
            "good backup is {2} (taken {3} UTC). Restore it with: {4}",
            path,
            problem,
            good.path,
            f"{good.taken_at:%Y-%m-%d %H:%M}",
            f"gin-scorer --db {_quote(path)} restore {_quote(good.path)}",
        )
    return CorruptDatabase(words, path=path, newest_good_backup=None if good is None else good.path)


def change_id_in(path: Path) -> int:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        row = connection.execute("SELECT max(id) FROM change").fetchone()
        return int(row[0] or 0)
    except sqlite3.OperationalError:  # before revision 0002 there is no change feed
        return 0
    finally:
        connection.close()


def make_backup(db: Database, *, reason: str | None = None, beside: bool = False) -> BackupFile:
    """Back up ``db`` now into its rotating folder; drop what the age tiers do not keep.

    A PostgreSQL database is copied row by row into a SQLite file of the same schema;
    ``beside``: in a process of its own (:mod:`gin_scorer.store.server_copy`), so that the
    copy does not hold up this program's other threads.
    """
    if db.is_sqlite and db.path is not None:
        return backup_file(db.path, reason=reason, database=db)
    now = datetime.now(UTC)
    with db.transaction(write=False) as session:
        change_id = latest_change_id(session)
    name = make_url(db.url).database or "postgres"
    suffix = f"-{reason}" if reason else ""
    target = backup_folder(db.url) / f"{name}-{now:%Y%m%dT%H%M%S%f}Z-c{change_id}{suffix}.sqlite"
    target.parent.mkdir(parents=True, exist_ok=True)
    # Loaded here: a command on a SQLite file never needs them (multiprocessing, Alembic).
    from gin_scorer.store.server_copy import copy_server_database
    from gin_scorer.store.snapshot import snapshot_to_sqlite

    if beside and db.backups_beside:
        copy_server_database(db, target)
    else:
        snapshot_to_sqlite(db, target)
    db._backup_last_at = now
    db._backup_last_change_id = change_id
    db.backup_news.succeeded(now)
    _rotate(db.url, target)
    return BackupFile(target, now, change_id, reason)


def backup_file(
    path: Path, *, reason: str | None = None, database: Database | None = None
) -> BackupFile:
    """Back up the SQLite file ``path`` into its rotating folder (see :func:`make_backup`)."""
    now = datetime.now(UTC)
    change_id = change_id_in(path)
    suffix = f"-{reason}" if reason else ""
    name = f"{path.stem}-{now:%Y%m%dT%H%M%S%f}Z-c{change_id}{suffix}.sqlite"
    target = backup_folder(path) / name
    copy_database(path, target)
    made = BackupFile(target, now, change_id, reason)
    if database is not None:
        database._backup_last_at = now
        database._backup_last_change_id = change_id
        database.backup_news.succeeded(now)
    _rotate(path, target)
    return made


def _rotate(path: Path | str, newest: Path) -> None:
    """Drop the backups the age tiers do not keep (the cap read from the newest copy, which
    holds the database's settings), and half-written copies an hour old."""
    found = []
    for backup in list_backups(path):
        with contextlib.suppress(OSError):  # gone meanwhile: another station rotating
            found.append(Kept(backup.path, backup.taken_at, backup.change_id, _size(backup.path)))
    for old in backups_to_drop(found, datetime.now(UTC), _cap_megabytes(newest) * 1024 * 1024):
        old.path.unlink(missing_ok=True)
    # A backup interrupted by a crash leaves a .partial file: clear those an hour old.
    folder = backup_folder(path)
    cutoff = datetime.now(UTC).timestamp() - 3600
    for partial in folder.glob("*.partial"):
        with contextlib.suppress(OSError):
            if partial.stat().st_mtime < cutoff:
                partial.unlink()


def _size(path: Path) -> int:
    return path.stat().st_size


def _cap_megabytes(newest: Path) -> int:
    try:
        connection = sqlite3.connect(f"file:{newest}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error:
        return DEFAULT_KEEP_MEGABYTES
    try:
        return get_int_setting(connection, KEEP_MEGABYTES_SETTING, DEFAULT_KEEP_MEGABYTES)
    except sqlite3.Error:  # a copy from before the settings table
        return DEFAULT_KEEP_MEGABYTES
    finally:
        connection.close()


def maybe_backup(
    db: Database, *, on_open: bool = False, background: bool = False
) -> BackupFile | None:
    """Back up ``db`` if the schedule says so; services call this after each recorded hand.

    Due when something changed since the newest backup and either ``backup.every_hands`` hands
    were entered since, or ``backup.every_minutes`` minutes passed (on open: the minutes
    only). Does nothing when the database was opened with ``backups=False`` or is closing.
    Never raises: a failed automatic backup must not lose the hand that was just recorded (the
    next call tries again); the failure is said once through ``db.backup_news`` (errors.log,
    and whoever listens: the command line, the desk, the room's terminal).

    A PostgreSQL database is copied row by row into a SQLite file in this station's backup
    folder, so every station of a shared event keeps copies of its own; the copy travels over
    the network, so it is always made on a worker thread. Its schedule is looked at no more
    often than every :data:`SERVER_LOOK_SECONDS` (a backup due after a hand may come a few
    seconds later).

    ``background=True`` makes the copy on a worker thread (the GUI keeps typing; WAL lets the
    copy read while hands are written) and returns ``None`` at once; ``Database.close()``
    waits for it before it closes anything.
    """
    if not db.backups_enabled or db._closing or (db.is_sqlite and db.path is None):
        return None
    if not db.is_sqlite and not on_open:
        now = time.monotonic()
        looked = db._backup_checked_at
        if looked is not None and now - looked < SERVER_LOOK_SECONDS:
            return None  # looked a moment ago: the next hand looks again
        db._backup_checked_at = now
    if not db._backup_lock.acquire(blocking=False):
        return None  # another thread is already backing up
    if db._closing:  # close() began between the look above and the lock
        db._backup_lock.release()
        return None
    if background or not db.is_sqlite:
        threading.Thread(
            target=_locked_backup, args=(db, on_open), name="gin-scorer-backup", daemon=True
        ).start()
        return None
    return _locked_backup(db, on_open)


def _locked_backup(db: Database, on_open: bool) -> BackupFile | None:
    """:func:`_maybe_backup` with the backup lock held (released here); a failure is said
    through ``db.backup_news``, never raised."""
    try:
        return _maybe_backup(db, on_open=on_open)
    except (sqlite3.Error, OSError, StoreError, SQLAlchemyError) as error:
        db.backup_news.failed(_why(error))
        return None
    finally:
        db._backup_lock.release()


def _why(error: BaseException) -> Said:
    """What went wrong in a backup, in one line (a driver's message can run to many)."""
    if isinstance(error, StoreError):
        return error.words
    if isinstance(error, OSError) and error.strerror:
        return said("{0}: {1}", error.filename or type(error).__name__, error.strerror)
    original = getattr(error, "orig", None) or error
    lines = [line.strip() for line in str(original).splitlines() if line.strip()]
    return said("{0}", lines[0] if lines else type(error).__name__)


@dataclass(frozen=True, slots=True)
class _Progress:
    """What the schedule looks at: the newest change, and hands entered since the last backup."""

    change_id: int
    hands: int
    every_hands: int
    every_minutes: int


def _maybe_backup(db: Database, *, on_open: bool) -> BackupFile | None:
    if db._backup_last_at is None:
        newest = next(iter(list_backups(backup_target(db))), None)
        if newest is not None:
            db._backup_last_at = newest.taken_at
            db._backup_last_change_id = newest.change_id
            db.backup_news.succeeded(newest.taken_at)
    progress = _sqlite_progress(db) if db.is_sqlite else _server_progress(db)
    if progress is None or progress.change_id == db._backup_last_change_id:
        return None  # nothing new since the newest backup (or an empty database)
    last = db._backup_last_at
    stale = last is None or datetime.now(UTC) - last >= timedelta(minutes=progress.every_minutes)
    if stale or (not on_open and progress.hands >= progress.every_hands):
        return make_backup(db, reason="auto", beside=True)
    return None


def _sqlite_progress(db: Database) -> _Progress | None:
    """Read on a connection of its own, read-only: the schedule never takes a write lock."""
    assert db.path is not None
    connection = sqlite3.connect(f"file:{db.path}?mode=ro", uri=True, timeout=30)
    try:
        current = int(connection.execute("SELECT max(id) FROM change").fetchone()[0] or 0)
        hands = int(
            connection.execute(
                "SELECT count(*) FROM change WHERE id > ? AND table_name = 'hand_entry' "
                "AND op = 'insert'",
                (db._backup_last_change_id,),
            ).fetchone()[0]
        )
        return _Progress(
            current,
            hands,
            get_int_setting(connection, "backup.every_hands", DEFAULT_EVERY_HANDS),
            get_int_setting(connection, "backup.every_minutes", DEFAULT_EVERY_MINUTES),
        )
    except sqlite3.OperationalError:
        return None  # not migrated yet: the pre-migration backup covers it
    finally:
        connection.close()


def _server_progress(db: Database) -> _Progress:
    from sqlalchemy import func, select
    from sqlmodel import col

    from gin_scorer.store.tables import Change

    with db.transaction(write=False) as session:
        hands = session.execute(
            select(func.count())
            .select_from(Change)
            .where(
                col(Change.id) > db._backup_last_change_id,
                col(Change.table_name) == "hand_entry",
                col(Change.op) == "insert",
            )
        ).scalar_one()
        schedule = backup_schedule(session)
        return _Progress(
            latest_change_id(session), int(hands), schedule.every_hands, schedule.every_minutes
        )
