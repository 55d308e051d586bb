"""Keeping a long-running station's backups: the schedule looked at on a clock, and how old
the newest good backup is.

A hand recorded through the services looks at the backup schedule itself; but a station that
only serves the room, or a desk whose hands are entered at another station, records nothing
of its own, and its backups came only after its own hands (issue 41: five minutes of
``serve`` against a server, no copy). :func:`keep_backing_up` looks at the schedule every half
minute on a thread of its own, for as long as the database is open; ``gin-scorer serve`` and
the desk start it. It also notices a station whose writes no backup holds for too long
(:func:`backup_health`), and says it once through the database's backup news, as a failed
backup is said.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlmodel import col

from gin_scorer.core.wording import Said, said
from gin_scorer.store import backup
from gin_scorer.store.backup_schedule import backup_schedule
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Change

LOOK_SECONDS = 30.0
# Writes that no backup holds after this many times the schedule's minutes are said: one
# missed backup is the clock's jitter, two mean backups are not being made.
OVERDUE_FACTOR = 2


@dataclass(frozen=True, slots=True)
class BackupHealth:
    """Where an open database's backups stand, for a status bar or ``backup --list``."""

    newest_at: datetime | None  # the newest backup in this station's folder
    unbacked_since: datetime | None  # the oldest write that no backup holds
    overdue_after: timedelta  # unbacked writes older than this are said
    failure: Said | None  # the last automatic backup failed: why (None once one works)

    def overdue(self, now: datetime) -> bool:
        since = self.unbacked_since
        return since is not None and now - since >= self.overdue_after


def backup_health(db: Database) -> BackupHealth:
    """How old the newest backup is, and whether writes have waited too long for one."""
    found = backup.list_backups(backup.backup_target(db))
    newest = found[0] if found else None
    with db.transaction(write=False) as session:
        schedule = backup_schedule(session)
        oldest = session.execute(
            select(func.min(Change.at)).where(col(Change.id) > (newest.change_id if newest else 0))
        ).scalar_one()
    if oldest is not None and oldest.tzinfo is None:
        oldest = oldest.replace(tzinfo=UTC)  # SQLite hands back a naive UTC time
    return BackupHealth(
        newest.taken_at if newest else None,
        oldest,
        timedelta(minutes=schedule.every_minutes * OVERDUE_FACTOR),
        db.backup_news.failure,
    )


def keep_backing_up(db: Database, every: float = LOOK_SECONDS) -> Callable[[], None]:
    """Look at ``db``'s backup schedule every ``every`` seconds on a thread of its own, until
    the database closes or the returned function is called."""
    stop = threading.Event()

    def run() -> None:
        while not stop.wait(every) and not db.closing:
            backup.maybe_backup(db)
            _say_if_overdue(db)

    threading.Thread(target=run, name="gin-scorer-backup-keeper", daemon=True).start()
    return stop.set


def _say_if_overdue(db: Database) -> None:
    from gin_scorer.store.errors import StoreError

    if not db.backups_enabled or db.closing or db.backup_news.failure is not None:
        return
    try:
        health = backup_health(db)
    except StoreError:
        return  # the server away: the station's own words say so, not the backups'
    if health.overdue(datetime.now(UTC)) and health.unbacked_since is not None:
        minutes = (datetime.now(UTC) - health.unbacked_since) // timedelta(minutes=1)
        db.backup_news.failed(
            said("no backup holds the writes of the last {0} minutes", int(minutes))
        )
