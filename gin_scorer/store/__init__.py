"""The store: durable SQLite/PostgreSQL persistence, migrations, backups and the audit log.

Open a database with :func:`open_database`; do each user action in one
:meth:`Database.transaction`. The modules, one idea each:

- ``tables``       the sqlmodel tables (hands are an append-only log; no totals stored)
- ``database``     open_database / Database: durable PRAGMAs, BEGIN IMMEDIATE, clear errors
- ``migrate``      Alembic revisions in ``migrations/``, run from code; newer databases refused
- ``integrity``    quick_check / integrity_check that tell damage from a busy file
- ``backup``       rotating backups (online backup API), maybe_backup, restore
- ``snapshot``     PostgreSQL ⇄ SQLite row copies (server backups, moving onto a server)
- ``audit``        the hash-chained audit log: append, verify_chain, latest_hash
- ``seal``         the seal: one hash-chained link per write transaction, the printed code
- ``seal_check``   verifying the seal: chain, replay of every sealed row, PIN signatures
- ``pin``          director PINs as salted scrypt hashes (and the seal's signing key)
- ``settings``     per-database settings (director PIN, backup schedule)
- ``changes``      the change feed other stations poll (and PostgreSQL NOTIFY)
- ``concurrency``  optimistic versions: bump_version raises ConflictError
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gin_scorer.store.errors import (
    ConflictError,
    CorruptDatabase,
    DatabaseBusy,
    NewerDatabase,
    PinError,
    StoreError,
)

if TYPE_CHECKING:
    from gin_scorer.store.database import Database, open_database


def __getattr__(name: str) -> Any:
    """``Database`` and ``open_database`` load SQLAlchemy: only when asked for, so that a
    caller that needs only the error classes (the command line's --help) stays light."""
    if name in ("Database", "open_database"):
        from gin_scorer.store import database

        return getattr(database, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ConflictError",
    "CorruptDatabase",
    "Database",
    "DatabaseBusy",
    "NewerDatabase",
    "PinError",
    "StoreError",
    "open_database",
]
