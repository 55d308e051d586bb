"""How often the automatic backups run: every N hands or M minutes with something new, kept
in the database itself so that every station of an event shares it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from gin_scorer.core.wording import said
from gin_scorer.store.errors import StoreError
from gin_scorer.store.settings import get_setting, set_setting

DEFAULT_EVERY_HANDS = 25
DEFAULT_EVERY_MINUTES = 10


@dataclass(frozen=True, slots=True)
class BackupSchedule:
    every_hands: int = DEFAULT_EVERY_HANDS
    every_minutes: int = DEFAULT_EVERY_MINUTES


def backup_schedule(session: Session) -> BackupSchedule:
    """The automatic backup schedule stored in the database (defaults when unset)."""

    def read(key: str, default: int) -> int:
        try:
            return int(get_setting(session, key) or default)
        except ValueError:
            return default

    return BackupSchedule(
        read("backup.every_hands", DEFAULT_EVERY_HANDS),
        read("backup.every_minutes", DEFAULT_EVERY_MINUTES),
    )


def set_backup_schedule(
    session: Session, *, every_hands: int | None = None, every_minutes: int | None = None
) -> BackupSchedule:
    """Change the schedule (each at least 1); returns the schedule now in force."""
    for name, value in (("every_hands", every_hands), ("every_minutes", every_minutes)):
        if value is not None:
            if value < 1 and name == "every_hands":
                raise StoreError(said("backups every hands: {0} is not at least 1", value))
            if value < 1:
                raise StoreError(said("backups every minutes: {0} is not at least 1", value))
            set_setting(session, f"backup.{name}", str(value))
    return backup_schedule(session)
