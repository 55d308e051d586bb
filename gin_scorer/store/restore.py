"""Restoring a backup over a database (a SQLite file or a PostgreSQL server): checked first,
authorised by the services, the current database backed up or set aside, never overwritten
half-way; other stations told to reload."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from alembic.util.exc import CommandError

from gin_scorer.core.wording import said
from gin_scorer.store.backup import BackupFile, backup_file, change_id_in, make_backup
from gin_scorer.store.changes import latest_change_id
from gin_scorer.store.connection import Database
from gin_scorer.store.database import open_database
from gin_scorer.store.errors import NewerDatabase, StoreError
from gin_scorer.store.integrity import integrity_check
from gin_scorer.store.migrate import head_revision, script_directory
from gin_scorer.store.sequences import continue_above, highest_in_file
from gin_scorer.store.settings import PinGuards, pin_guards, pin_guards_in
from gin_scorer.store.snapshot import restore_rows_into
from gin_scorer.store.tables import RESTORE_OP, Change, utcnow


def move_aside(path: Path) -> Path:
    """Rename a (damaged) database and its -wal/-shm files out of the way; never delete."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        companion = Path(str(path) + suffix)
        if companion.exists():
            shutil.move(companion, Path(str(aside) + suffix))
    return aside


@dataclass(frozen=True, slots=True)
class RestoreResult:
    restored_from: Path
    database: str  # the file, or the server URL without its password
    safety_backup: BackupFile | None  # the database as it was just before the restore
    damaged_moved_to: Path | None  # where a damaged database was set aside


def _read_guards(path: Path) -> PinGuards:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return pin_guards(connection)
    finally:
        connection.close()


def _check_restorable(source: Path) -> None:
    problem = integrity_check(source)
    if problem != "ok":
        raise StoreError(said("{0} cannot be restored: it is damaged ({1})", source, problem))
    connection = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    try:
        rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        revisions = [str(row[0]) for row in rows]
    except sqlite3.DatabaseError:
        revisions = []
    finally:
        connection.close()
    if not revisions:
        raise StoreError(
            said("{0} is not a gin-scorer database (no schema revision in it)", source)
        )
    for revision in revisions:
        try:
            known = script_directory().get_revision(revision)
        except CommandError:
            known = None
        if known is None:
            raise NewerDatabase(revision, head_revision())


def restore_database(
    target: Path | str, source: Path, *, authorize: Callable[[PinGuards], None]
) -> RestoreResult:
    """Replace the database ``target`` (a SQLite file, or a PostgreSQL URL) by ``source``.

    1. ``source`` must pass ``PRAGMA integrity_check`` and be a gin-scorer database this
       version knows; 2. ``authorize`` is shown every PIN that guards the current database
       (or, when it is damaged, the backup) and raises to refuse — the services decide
       (:mod:`gin_scorer.services.support.authority`), nothing is touched before it returns; 3. the
       current database is backed up first — or, if damaged, renamed aside, never
       overwritten; 4. SQLite: the pages are copied with SQLite's backup API; PostgreSQL:
       the rows are replaced in one transaction; 5. the result is migrated to head, and the
       change feed records a "restore" after every marker other stations hold, so they
       reload.
    """
    source = source.expanduser().resolve()
    if isinstance(target, str):
        return _restore_server(target, source, authorize)
    db_path = target.expanduser().resolve()
    if source == db_path:
        raise StoreError(said("{0} is the database itself; choose a backup file", source))
    _check_restorable(source)
    exists = db_path.exists() and db_path.stat().st_size > 0
    healthy = exists and integrity_check(db_path, quick=True) == "ok"
    authorize(_read_guards(db_path) if healthy else _read_guards(source))
    old_marker = change_id_in(db_path) if healthy else 0
    old_matches = highest_in_file(db_path, "match") if healthy else 0
    safety = backup_file(db_path, reason="before-restore") if healthy else None
    aside = move_aside(db_path) if exists and not healthy else None
    db_path.parent.mkdir(parents=True, exist_ok=True)
    source_connection = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    try:
        target_connection = sqlite3.connect(db_path, timeout=30)
        try:
            target_connection.execute("PRAGMA busy_timeout = 30000")
            source_connection.backup(target_connection)
        finally:
            target_connection.close()
    finally:
        source_connection.close()
    with open_database(db_path, backups=False) as db:  # migrates an older backup to head
        _mark_restored(db, old_marker, old_matches)
    return RestoreResult(source, str(db_path), safety, aside)


def _mark_restored(db: Database, old_marker: int, old_matches: int) -> None:
    """The change feed goes on after the marker other stations hold, and match numbers after
    the highest the database had given before the restore (a printed table card names one)."""
    with db.transaction() as session:
        continue_above(session.connection(), "match", old_matches)
        new_marker = latest_change_id(session)
        session.add(
            Change(
                id=max(old_marker, new_marker) + 1,
                at=utcnow(),
                station=db.station,
                table_name="database",
                row_id=None,
                op=RESTORE_OP,
            )
        )


def _restore_server(
    url: str, source: Path, authorize: Callable[[PinGuards], None]
) -> RestoreResult:
    _check_restorable(source)
    with open_database(url, backups=False) as db:
        with db.transaction(write=False) as session:
            guards = pin_guards_in(session)
        authorize(guards)
        safety = make_backup(db, reason="before-restore")
        restore_rows_into(db, source)
        return RestoreResult(source, db.display_name, safety, None)
