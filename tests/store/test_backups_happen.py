"""Automatic backups that really happen (issue 41, finding 1), on either database.

A station on a server database made no automatic backup in five minutes of ``serve``:
``close()`` marked the database closed before it waited for the backup thread, which then
failed with "the database … is closed", and the failure was swallowed; opening a server
database never looked at the schedule."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gin_scorer.core.wording import said
from gin_scorer.store.backup import (
    backup_folder,
    backup_target,
    list_backups,
    make_backup,
    maybe_backup,
)
from gin_scorer.store.database import open_database
from gin_scorer.store.integrity import integrity_check
from gin_scorer.store.settings import set_setting
from gin_scorer.store.tables import Player
from tests.store.conftest import add_hand, new_match


@pytest.fixture(autouse=True)
def data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """errors.log goes to the test's own data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "gin-scorer" / "errors.log"


def test_a_one_shot_writer_leaves_its_backup_on_either_database(db_url: str) -> None:
    """A command that records a hand and closes at once: the backup it started is made."""
    with open_database(db_url, station="cli") as db:
        match_id = new_match(db)
        with db.transaction() as session:
            set_setting(session, "backup.every_hands", "1")
    with open_database(db_url, station="cli") as db:
        add_hand(db, match_id, 1)
        maybe_backup(db)  # what a service does after the hand; then the command closes
        target = backup_target(db)
    made = list_backups(target)
    assert made and made[0].reason == "auto"
    with sqlite3.connect(made[0].path) as copy:
        assert copy.execute("SELECT count(*) FROM hand_entry").fetchone() == (1,)
    assert db.backup_news.failure is None
    assert db.backup_news.newest_good_at == made[0].taken_at


def test_opening_a_server_database_looks_at_the_schedule(pg_url: str) -> None:
    with open_database(pg_url, station="desk", backups=False) as db:
        add_hand(db, new_match(db), 1)  # written by a station that keeps no backups
        with db.transaction() as session:
            set_setting(session, "backup.every_minutes", "1")
        target = backup_target(db)
    assert list_backups(target) == []
    with open_database(pg_url, station="desk"):
        pass  # the first backup ever is due at once: made on open, finished at close
    assert [b.reason for b in list_backups(target)] == ["auto"]


def test_a_failed_backup_is_said_once_and_logged(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_in_tmp: Path
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the backups' folder should be")
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(blocked))
    told: list[str] = []
    with open_database(db_url, station="desk") as db:
        db.backup_news.listen(lambda news: told.append(str(news.failure)))
        match_id = new_match(db)
        with db.transaction() as session:
            set_setting(session, "backup.every_hands", "1")
        for seq in (1, 2, 3):
            add_hand(db, match_id, seq)
            maybe_backup(db, on_open=seq == 1)  # on open: a server's looks are not spaced
            _settle(db)
            db._backup_checked_at = None  # a server's next look is not a few seconds away
        assert db.backup_news.failure is not None
    assert len(told) == 1 and told[0].startswith("the automatic backup failed: ")
    log = data_in_tmp.read_text(encoding="utf-8")
    assert log.count("the automatic backup failed") == 1
    # Once backups work again, the news says so.
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "backups-again"))
    with open_database(db_url, station="desk") as db:
        db.backup_news.failed(said("the disk was full"))
        db.backup_news.listen(lambda news: told.append(str(news.failure)))
        make_backup(db)
        assert db.backup_news.failure is None
    assert told[-1] == "None"


def _settle(db) -> None:  # type: ignore[no-untyped-def]
    assert db._backup_lock.acquire(timeout=60)
    db._backup_lock.release()


_BACKING_UP = """
import sys
from gin_scorer.store.backup import make_backup
from gin_scorer.store.database import open_database
db = open_database(sys.argv[1], station="killed", backups=False)
while True:
    make_backup(db, reason="auto")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_process_killed_during_a_backup_loses_no_backup(db_url: str, tmp_path: Path) -> None:
    """SIGKILL while a copy is half written: the older backups are whole, the half copy is
    not one of them, and the next backup is made."""
    with open_database(db_url, station="desk") as db:
        with db.transaction() as session:
            session.add_all(Player(name=f"Player {n} " + "x" * 200) for n in range(6_000))
        target = backup_target(db)
        make_backup(db)
    folder = backup_folder(target)
    child = subprocess.Popen([sys.executable, "-c", _BACKING_UP, db_url])
    try:
        _kill_while_half_written(child, folder)
    finally:
        child.kill()
        child.wait()
    assert list(folder.glob("*.partial")), "the kill landed between two backups"
    before = list_backups(target)
    assert len(before) >= 2
    for backup in before:
        assert integrity_check(backup.path) == "ok"
    with open_database(db_url, station="desk") as db:
        with db.transaction() as session:
            session.add(Player(name="after the kill"))
        made = make_backup(db)
    assert integrity_check(made.path) == "ok"
    assert list_backups(target)[0] == made


def _kill_while_half_written(child: subprocess.Popen[bytes], folder: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if len(list_backups_in(folder)) >= 2 and any(folder.glob("*.partial")):
            os.kill(child.pid, signal.SIGKILL)
            return
        time.sleep(0.001)
    pytest.fail("no backup was half written within a minute")


def list_backups_in(folder: Path) -> list[Path]:
    return [p for p in folder.glob("*.sqlite")] if folder.is_dir() else []
