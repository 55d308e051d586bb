"""How often the automatic backups run: every N hands or M minutes, stored in the database.

Each call runs its own transaction, so a front end changes the schedule without opening one
itself. A value below 1 is refused by the store with a sentence naming it.
"""

from __future__ import annotations

from gin_scorer.store.backup_schedule import BackupSchedule
from gin_scorer.store.backup_schedule import backup_schedule as _read_schedule
from gin_scorer.store.backup_schedule import set_backup_schedule as _write_schedule
from gin_scorer.store.database import Database

__all__ = ["BackupSchedule", "backup_schedule", "set_backup_schedule"]


def backup_schedule(db: Database) -> BackupSchedule:
    """The schedule in force (the defaults while none was set)."""
    with db.transaction(write=False) as session:
        return _read_schedule(session)


def set_backup_schedule(
    db: Database, *, every_hands: int | None = None, every_minutes: int | None = None
) -> BackupSchedule:
    """Change either part of the schedule (``None`` keeps it); returns the schedule now in force."""
    with db.transaction() as session:
        return _write_schedule(session, every_hands=every_hands, every_minutes=every_minutes)
