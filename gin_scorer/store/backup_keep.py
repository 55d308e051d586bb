"""Which backups to keep: by age tiers, under a cap in megabytes (issue 36).

The newest twenty used to be kept, whatever their age: a burst (``demo --season 20`` made
twenty in one second, 300 MB) rotated every earlier backup away, and with it the history a
director goes back to. Now a backup is kept by its age:

- every backup of the last hour (a slip of the last few minutes is undone from these);
- the newest of each day for the last 30 days;
- before that, the newest of each *event day*: a day whose backup holds changes that the day
  kept before it does not (a day when nothing was written keeps nothing new);
- the newest backup always.

Then, if what is kept weighs more than the cap (``backup.keep_megabytes``, default
:data:`DEFAULT_KEEP_MEGABYTES`), the copies are thinned in this order until it fits: the last
hour's (oldest first: a burst gives way before history does), then the daily ones and the
event days, oldest first. The newest backup is never dropped, even alone over the cap.

Pure: it decides from each backup's time, change id and size; :mod:`gin_scorer.store.backup`
deletes what it names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

HOUR = timedelta(hours=1)
DAILY_DAYS = 30
DEFAULT_KEEP_MEGABYTES = 2048
KEEP_MEGABYTES_SETTING = "backup.keep_megabytes"


@dataclass(frozen=True, slots=True)
class Kept:
    """One backup as the tiers see it."""

    path: Path
    taken_at: datetime
    change_id: int
    size: int


def backups_to_drop(backups: Sequence[Kept], now: datetime, cap_bytes: int) -> list[Kept]:
    """The backups to delete so that the rest follow the tiers and the cap (module doc)."""
    newest_first = sorted(backups, key=lambda b: b.taken_at, reverse=True)
    if not newest_first:
        return []
    recent = [b for b in newest_first if now - b.taken_at < HOUR]
    older = [b for b in newest_first if now - b.taken_at >= HOUR]
    daily_from = (now - timedelta(days=DAILY_DAYS)).date()
    daily = _newest_per_day(b for b in older if b.taken_at.date() >= daily_from)
    event_days = _event_days([b for b in older if b.taken_at.date() < daily_from])
    keep = {newest_first[0].path, *(b.path for b in recent + daily + event_days)}
    # Thinned under the cap: the last hour's extras first, then the days, oldest first each.
    thinning = sorted(recent, key=lambda b: b.taken_at) + sorted(
        daily + event_days, key=lambda b: b.taken_at
    )
    weight = sum(b.size for b in newest_first if b.path in keep)
    for candidate in thinning:
        if weight <= cap_bytes:
            break
        if candidate.path == newest_first[0].path or candidate.path not in keep:
            continue
        keep.discard(candidate.path)
        weight -= candidate.size
    return [b for b in newest_first if b.path not in keep]


def _newest_per_day(backups: Iterable[Kept]) -> list[Kept]:
    """The newest backup of each calendar day (UTC), given newest first."""
    chosen: dict[date, Kept] = {}
    for backup in backups:
        chosen.setdefault(backup.taken_at.date(), backup)
    return list(chosen.values())


def _event_days(backups: Sequence[Kept]) -> list[Kept]:
    """The newest backup of each day that holds something the day kept before it does not
    (a higher change id), given newest first."""
    days = sorted(_newest_per_day(backups), key=lambda b: b.taken_at)
    kept: list[Kept] = []
    for backup in days:
        if not kept or backup.change_id > kept[-1].change_id:
            kept.append(backup)
    return kept
