"""A long-running station keeps its backups on a clock (issue 41, finding 1): hands entered at
another station are backed up here too, and writes that wait too long for a backup are said."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gin_scorer.services.writes.backup_keeper import backup_health, keep_backing_up
from gin_scorer.store.backup import backup_target, list_backups, make_backup
from gin_scorer.store.database import open_database
from gin_scorer.store.settings import set_setting
from tests.store.conftest import add_hand, new_match


@pytest.fixture(autouse=True)
def data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def test_hands_written_by_another_station_are_backed_up_by_the_one_serving(db_url: str) -> None:
    with open_database(db_url, station="room") as room:
        with room.transaction() as session:
            set_setting(session, "backup.every_hands", "2")
        stop = keep_backing_up(room, every=0.05)
        try:
            with open_database(db_url, station="desk", backups=False) as desk:
                match_id = new_match(desk)
                add_hand(desk, match_id, 1)
                add_hand(desk, match_id, 2)
            deadline = time.monotonic() + 30
            while not list_backups(backup_target(room)) and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            stop()
        made = list_backups(backup_target(room))
    assert made and made[0].reason == "auto"


def test_the_newest_backup_and_the_writes_waiting_for_one(db_url: str) -> None:
    with open_database(db_url, station="desk", backups=False) as db:
        with db.transaction() as session:
            set_setting(session, "backup.every_minutes", "5")
        empty = backup_health(db)
        assert empty.newest_at is None
        taken = make_backup(db)
        assert backup_health(db).unbacked_since is None  # everything is in the backup
        add_hand(db, new_match(db), 1)
        health = backup_health(db)
    assert health.newest_at == taken.taken_at
    assert health.unbacked_since is not None
    now = datetime.now(UTC)
    assert not health.overdue(now)
    assert health.overdue(now + timedelta(minutes=11))  # twice the schedule's minutes


def test_writes_waiting_too_long_are_said_once(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin_scorer.services.writes import backup_keeper

    told: list[str] = []
    with open_database(db_url, station="desk") as db:
        with db.transaction() as session:  # a schedule that makes no backup in this test
            set_setting(session, "backup.every_minutes", "600")
            set_setting(session, "backup.every_hands", "1000")
        make_backup(db)
        db.backup_news.listen(lambda news: told.append(str(news.failure)))
        add_hand(db, new_match(db), 1)
        monkeypatch.setattr(backup_keeper, "OVERDUE_FACTOR", 0)  # overdue at once
        stop = keep_backing_up(db, every=0.05)
        time.sleep(1.0)
        stop()
    assert len(told) == 1
    assert told[0].startswith("the automatic backup failed: no backup holds the writes")
