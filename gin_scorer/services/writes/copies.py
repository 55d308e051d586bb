"""A copy of the whole database in a new SQLite file, wherever the director asks for it.

``gin-scorer backup --out FILE``: a SQLite database is copied with SQLite's online backup API
(consistent while other stations write); a PostgreSQL database is copied row by row into a new
SQLite file, seal links included, so the copy verifies like the original.
"""

from __future__ import annotations

from pathlib import Path

from gin_scorer.store.database import Database
from gin_scorer.store.snapshot import snapshot_to_sqlite
from gin_scorer.store.sqlite_copy import copy_database

__all__ = ["copy_to_file"]


def copy_to_file(db: Database, out: Path) -> None:
    """Write the whole of ``db`` to the new SQLite file ``out`` (which must not exist yet)."""
    if db.path is not None:
        copy_database(db.path, out)
    else:
        snapshot_to_sqlite(db, out)
