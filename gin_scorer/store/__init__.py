"""The store: durable SQLite/PostgreSQL persistence, migrations, backups and the audit log.

Open a database with :func:`open_database`; do each user action in one
:meth:`Database.transaction`. Tables are in :mod:`gin_scorer.store.tables`.
"""

from gin_scorer.store.database import Database, open_database
from gin_scorer.store.errors import (
    ConflictError,
    CorruptDatabase,
    DatabaseBusy,
    NewerDatabase,
    PinError,
    StoreError,
)

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
