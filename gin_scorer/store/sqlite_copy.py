"""A SQLite database copied to a new file through SQLite's online backup API, never a file copy:
a copy of a WAL-mode database taken while the app runs can miss committed rows. Backups,
snapshots and restores all copy this way."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from pathlib import Path

RENAME_TRIES = 10
RENAME_PAUSE_SECONDS = 0.2
"""On Windows a file just written may be held open for a moment (a virus scanner, the search
indexer), and renaming it fails with a PermissionError: tried again for about two seconds."""


def read_only_uri(path: Path) -> str:
    """``path`` as a read-only SQLite URI, every character that means something in a URI
    escaped: a folder named ``club #3`` or ``100% gin`` (or ``C:\\Users\\Zoë Ó'Brien``) is
    read as it is, never cut at the ``#`` into another, empty, database.

    >>> read_only_uri(Path("/data/club #3/gin?.sqlite"))
    'file:///data/club%20%233/gin%3F.sqlite?mode=ro'
    """
    return f"{path.absolute().as_uri()}?mode=ro"


def copy_database(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to ``target`` through the online backup API.

    Written to a temporary name first and renamed, so ``target`` is never half a database.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    source_connection = sqlite3.connect(read_only_uri(source), uri=True, timeout=30)
    try:
        target_connection = sqlite3.connect(partial)
        try:
            source_connection.backup(target_connection)
            # A backup file stands alone: no -wal beside it.
            target_connection.execute("PRAGMA journal_mode = DELETE")
        finally:
            target_connection.close()
    finally:
        source_connection.close()
    with open(partial, "rb+") as handle:
        os.fsync(handle.fileno())
    _rename(partial, target)


def _rename(partial: Path, target: Path) -> None:
    for attempt in range(RENAME_TRIES):
        try:
            os.replace(partial, target)
            return
        except PermissionError:
            if attempt == RENAME_TRIES - 1:
                with contextlib.suppress(OSError):
                    partial.unlink(missing_ok=True)
                raise
            time.sleep(RENAME_PAUSE_SECONDS)
