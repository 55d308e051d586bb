"""How old a station's newest backup is, in words: the desk's status bar and ``backup --list``.

"Backed up 4 min ago" while all is well; the failure's own sentence when the last automatic
backup failed; a warning when writes have waited longer than the schedule allows for one.
Takes the time from its caller (this layer knows no clock).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from gin_scorer.core.wording import Said
from gin_scorer.presentation.words import say, translate


def backup_age(newest_at: datetime | None, now: datetime) -> str:
    """``backed up 4 min ago``; ``no backup yet``."""
    if newest_at is None:
        return translate("backups", "no backup yet")
    age = max(now - newest_at, timedelta(0))
    if age < timedelta(minutes=1):
        return translate("backups", "backed up just now")
    if age < timedelta(hours=1):
        return translate("backups", "backed up {0} min ago").format(age // timedelta(minutes=1))
    if age < timedelta(days=2):
        return translate("backups", "backed up {0} h ago").format(age // timedelta(hours=1))
    return translate("backups", "backed up {0} days ago").format(age.days)


def backup_state(
    newest_at: datetime | None,
    now: datetime,
    *,
    failure: Said | None = None,
    unbacked_since: datetime | None = None,
    overdue: bool = False,
) -> tuple[str, bool]:
    """The status line for a station's backups, and whether it is a warning."""
    if failure is not None:
        return say(failure), True
    if overdue and unbacked_since is not None:
        minutes = max(now - unbacked_since, timedelta(0)) // timedelta(minutes=1)
        return translate(
            "backups", "no backup holds the writes of the last {0} minutes ({1})"
        ).format(minutes, backup_age(newest_at, now)), True
    return backup_age(newest_at, now), False
