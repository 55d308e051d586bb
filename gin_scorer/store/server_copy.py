"""The automatic backup of a PostgreSQL database, copied in a process of its own.

Copying a server's database into a SQLite file is Python work row by row: about 140 ms for
one evening of a hundred tables, seconds for a club's whole year. Made on a thread of the
program that serves the room or runs the desk, it shares that program's one interpreter lock
with every reply and every keystroke, and each backup stalled them all while it ran. In a
process of its own, started once per open database and kept for the next backups, the copy
runs beside them on another core.

A frozen bundle cannot start a plain Python child, and a child that cannot start or dies
leaves the copy to the calling thread, as before: a backup is never skipped for want of a
process.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import sys
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from gin_scorer.store.connection import Database, postgres_engine
from gin_scorer.store.snapshot import snapshot_to_sqlite

# In the copying process: the database it copies from, opened once for every backup.
_opened: dict[tuple[str, str], Database] = {}


def _copy_in_child(url: str, station: str, out: Path) -> dict[str, int]:
    """Run in the copying process: copy ``url`` into the new SQLite file ``out`` (the
    program that asks has opened and migrated the database; this only reads it)."""
    db = _opened.get((url, station))
    if db is None:
        engine = postgres_engine(url)
        db = Database(url, station, is_sqlite=False, engine=engine, backups_enabled=False)
        _opened[(url, station)] = db
        # A pool's process ends without running atexit: close the connections on the way out.
        multiprocessing.util.Finalize(None, db.close, exitpriority=10)
    return snapshot_to_sqlite(db, out)


_starting = threading.Lock()


def _copier(db: Database) -> Executor:
    with _starting:
        if db._backup_copier is None:
            context = multiprocessing.get_context("spawn")
            db._backup_copier = ProcessPoolExecutor(1, mp_context=context)
        return db._backup_copier


def copy_server_database(db: Database, out: Path) -> dict[str, int]:
    """Copy the PostgreSQL database ``db`` into ``out`` (see :func:`snapshot_to_sqlite`),
    in the database's copying process when one can run; returns the rows per table."""
    if getattr(sys, "frozen", False):
        return snapshot_to_sqlite(db, out)
    try:
        return _copier(db).submit(_copy_in_child, db.url, db.station, out).result()
    except BrokenProcessPool:
        # The process could not start, or died (killed, out of memory): copy here, and
        # start a fresh one for the next backup.
        stop_copier(db)
        return snapshot_to_sqlite(db, out)


def stop_copier(db: Database) -> None:
    """End the database's copying process, if it has one (on close)."""
    with _starting:
        copier, db._backup_copier = db._backup_copier, None
    if copier is not None:
        copier.shutdown(wait=True)
