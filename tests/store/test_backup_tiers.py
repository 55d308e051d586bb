"""Backups are kept by age tiers under a cap (issue 36): a burst never rotates history away.

``demo --season 20`` made twenty backups in one second and, when the newest twenty were kept,
every earlier backup went: the tiers keep the last hour whole, a backup a day for 30 days, one
an event day before that, and thin the burst first when the cap is reached."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.store.backup import backup_folder, list_backups, make_backup
from gin_scorer.store.backup_keep import Kept, backups_to_drop
from gin_scorer.store.database import open_database
from gin_scorer.store.settings import set_setting
from gin_scorer.store.tables import Player

NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
MB = 1024 * 1024


def _kept(minutes_ago: float, change: int, size: int = MB) -> Kept:
    when = NOW - timedelta(minutes=minutes_ago)
    return Kept(Path(f"b-{when:%Y%m%dT%H%M%S%f}-c{change}"), when, change, size)


def test_the_last_hour_is_kept_whole_then_one_a_day() -> None:
    hour = [_kept(m, 100 - m) for m in range(0, 60, 5)]
    yesterday = [_kept(24 * 60 + m, 50 - m) for m in (0, 30, 90)]  # three on one day
    dropped = backups_to_drop(hour + yesterday, NOW, 10_000 * MB)
    assert dropped == yesterday[1:]  # the day keeps its newest


def test_before_thirty_days_only_days_that_changed_something_are_kept() -> None:
    day = 24 * 60
    old = [_kept(40 * day, 7), _kept(41 * day, 7), _kept(42 * day, 5), _kept(43 * day, 5)]
    dropped = backups_to_drop([_kept(0, 9), *old], NOW, 10_000 * MB)
    # 43 days ago (c5) is the first; 42 days ago (c5) added nothing; 41 (c7) did; 40 (c7) not.
    assert {b.change_id for b in dropped} == {5, 7} and len(dropped) == 2
    assert old[1] not in dropped and old[3] not in dropped


def test_a_burst_over_the_cap_gives_way_before_history() -> None:
    burst = [_kept(m / 60, 1000 + m, 15 * MB) for m in range(20)]  # 20 in 20 seconds
    history = [_kept(d * 24 * 60, 100 - d, 15 * MB) for d in range(1, 11)]
    dropped = backups_to_drop(burst + history, NOW, 200 * MB)
    assert not set(dropped) & set(history)
    assert burst[0] not in dropped  # the newest stays
    kept = [b for b in burst + history if b not in dropped]
    assert sum(b.size for b in kept) <= 200 * MB


def test_the_newest_backup_is_never_dropped_even_alone_over_the_cap() -> None:
    only = _kept(0, 1, 500 * MB)
    assert backups_to_drop([only, _kept(3, 0, 500 * MB)], NOW, 10 * MB) == [_kept(3, 0, 500 * MB)]


ages = st.lists(
    st.tuples(st.floats(0, 120 * 24 * 60), st.integers(0, 50), st.integers(1, 40 * MB)),
    max_size=40,
)


@given(ages, st.integers(1, 400))
def test_what_the_tiers_keep(found: list[tuple[float, int, int]], cap_mb: int) -> None:
    backups = list({b.path: b for b in (_kept(*f) for f in found)}.values())
    dropped = backups_to_drop(backups, NOW, cap_mb * MB)
    kept = [b for b in backups if b not in dropped]
    if not backups:
        return
    newest = max(backups, key=lambda b: b.taken_at)
    assert newest in kept
    assert len(kept) + len(dropped) == len(backups)
    weight = sum(b.size for b in kept)
    if weight > cap_mb * MB:
        assert kept == [newest]  # only the newest may stand over the cap
    # Past the last hour, a day keeps at most its newest backup.
    older = [b for b in backups if NOW - b.taken_at >= timedelta(hours=1)]
    for b in kept:
        if b in older and b is not newest:
            same_day = [o for o in older if o.taken_at.date() == b.taken_at.date()]
            assert b == max(same_day, key=lambda o: o.taken_at)


def _old_backup(folder: Path, stem: str, when: datetime, change: int) -> Path:
    path = folder / f"{stem}-{when:%Y%m%dT%H%M%S%f}Z-c{change}-auto.sqlite"
    with sqlite3.connect(path) as made:
        made.execute("CREATE TABLE t (x)")
    return path


def test_a_burst_of_backups_keeps_the_days_before_it(tmp_path: Path) -> None:
    """Issue 36: every backup of a burst used to push one of the days before it out."""
    path = tmp_path / "club.sqlite"
    with open_database(path, backups=False) as db:
        folder = backup_folder(path)
        folder.mkdir(parents=True)
        now = datetime.now(UTC)
        days = [_old_backup(folder, "club", now - timedelta(days=d), 10 - d) for d in (2, 3, 5)]
        for n in range(25):  # more than the twenty that were kept
            with db.transaction() as session:
                session.add(Player(name=f"P{n}"))
            make_backup(db, reason="auto")
    kept = {b.path for b in list_backups(path)}
    assert set(days) <= kept
    assert len(kept) == 25 + 3


def test_the_cap_is_a_setting_of_the_database(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with open_database(path, backups=False) as db:
        with db.transaction() as session:
            set_setting(session, "backup.keep_megabytes", "1")
            session.add_all(Player(name=f"P{n}" * 200) for n in range(2000))
        for _ in range(4):
            make_backup(db)
    kept = list_backups(path)
    assert sum(b.path.stat().st_size for b in kept) <= MB or len(kept) == 1
    assert len(kept) < 4
