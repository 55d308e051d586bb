"""Row-by-row copies between databases: PostgreSQL backups as SQLite files, and restores.

A PostgreSQL database is backed up into a SQLite file with the same schema (read in one
REPEATABLE READ transaction, so the copy is one consistent moment) — the same kind of file
as a SQLite backup, so every backup can be checked, listed and restored the same way, and a
club can move its SQLite database onto a server with ``restore``.
"""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Table, func, select
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

import gin_scorer.store.tables  # noqa: F401  (every table on SQLModel.metadata)
from gin_scorer.core.wording import said
from gin_scorer.store.errors import StoreError
from gin_scorer.store.migrate import open_copy
from gin_scorer.store.sequences import continue_above
from gin_scorer.store.sqlite_copy import copy_database
from gin_scorer.store.tables import RESTORE_OP, Change, utcnow

if TYPE_CHECKING:
    from gin_scorer.store.connection import Database

_BATCH = 1000
_PG_RESTORE_LOCK = 0x67696E72


def _tables() -> list[Table]:
    return list(SQLModel.metadata.sorted_tables)  # parents before children


def copy_rows(source: Connection, target: Connection) -> dict[str, int]:
    """Insert every row of every gin-scorer table of ``source`` into ``target``.

    Both must be at the same schema revision and ``target`` empty. Returns rows per table.
    """
    counts: dict[str, int] = {}
    for table in _tables():
        order = list(table.primary_key.columns)
        result = source.execution_options(yield_per=_BATCH).execute(table.select().order_by(*order))
        counts[table.name] = 0
        for batch in result.mappings().partitions(_BATCH):
            target.execute(table.insert(), [dict(row) for row in batch])
            counts[table.name] += len(batch)
    return counts


def _reset_sequences(connection: Connection) -> None:
    """PostgreSQL: make each id sequence continue after the highest id present, or where it
    was if that is higher (a number handed out before the restore is never handed out
    again: decision 0026)."""
    for table in _tables():
        if "id" in table.c:
            continue_above(connection, table.name, 0)


def snapshot_to_sqlite(db: Database, out: Path) -> dict[str, int]:
    """Copy the whole database ``db`` into the new SQLite file ``out`` (must not exist)."""
    if out.exists():
        raise StoreError(said("{0} already exists; choose a new file name", out))
    partial = out.with_name(out.name + ".partial")
    partial.unlink(missing_ok=True)
    target = open_copy(partial, station=db.station)
    try:
        isolation = "REPEATABLE READ" if not db.is_sqlite else None
        with db.read_engine.connect() as source:
            if isolation:
                source = source.execution_options(isolation_level=isolation)
            with source.begin(), target.engine.begin() as destination:
                counts = copy_rows(source, destination)
    finally:
        target.close()
    connection = sqlite3.connect(partial)
    try:
        connection.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
    finally:
        connection.close()
    partial.replace(out)
    return counts


def restore_rows_into(db: Database, source: Path) -> dict[str, int]:
    """Replace every row of ``db`` by the rows of the SQLite database file ``source``.

    One transaction: on any error nothing changes. ``source`` is first brought to this
    version's schema (on a temporary copy, never the file itself). The change feed continues
    after its old highest id with a "restore" entry, so stations polling with an old marker
    see that everything changed.
    """
    with tempfile.TemporaryDirectory(prefix="gin-scorer-restore-") as folder:
        staged = Path(folder) / "staged.sqlite"
        copy_database(source, staged)
        staging = open_copy(staged, station=db.station)  # migrates an older backup to head
        try:
            with db.engine.begin() as target, staging.read_engine.connect() as rows:
                if target.dialect.name == "postgresql":
                    target.execute(select(func.pg_advisory_xact_lock(_PG_RESTORE_LOCK)))
                    # The append-only logs let this one transaction replace them (0003).
                    target.execute(select(func.set_config("gin_scorer.restoring", "on", True)))
                old_marker = target.execute(select(func.max(Change.id))).scalar() or 0
                for table in reversed(_tables()):
                    target.execute(table.delete())
                with rows.begin():
                    counts = copy_rows(rows, target)
                new_marker = target.execute(select(func.max(Change.id))).scalar() or 0
                target.execute(
                    Change.__table__.insert(),  # type: ignore[attr-defined]
                    {
                        "id": max(old_marker, new_marker) + 1,
                        "at": utcnow(),
                        "station": db.station,
                        "table_name": "database",
                        "row_id": None,
                        "op": RESTORE_OP,
                        "event_id": None,
                    },
                )
                if target.dialect.name == "postgresql":
                    _reset_sequences(target)
        finally:
            staging.close()
    return counts
