"""A SQLite database copied to a new file through SQLite's online backup API, never a file copy:
a copy of a WAL-mode database taken while the app runs can miss committed rows. Backups,
snapshots and restores all copy this way."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def copy_database(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to ``target`` through the online backup API.

    Written to a temporary name first and renamed, so ``target`` is never half a database.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    source_connection = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
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
    os.replace(partial, target)
