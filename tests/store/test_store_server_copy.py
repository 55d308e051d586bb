"""A server's automatic backups are copied in a process of their own (the room's replies and
the desk's typing no longer wait while a whole event is copied), and a copying process that
cannot run never costs a backup."""

from __future__ import annotations

import os
import sqlite3
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gin_scorer.store import backup, open_database
from gin_scorer.store.backup import backup_target, list_backups, make_backup, maybe_backup
from gin_scorer.store.backup_schedule import set_backup_schedule
from gin_scorer.store.database import Database
from tests.store.conftest import add_hand, new_match


def _hand_in_new_match(db: Database) -> None:
    add_hand(db, new_match(db), 1)


def _wait_for_backup(db: Database) -> None:
    assert db._backup_lock.acquire(timeout=60)
    db._backup_lock.release()


def _hands_in(backup: Path) -> int:
    with sqlite3.connect(backup) as copy:
        return int(copy.execute("SELECT count(*) FROM hand_entry").fetchone()[0])


def test_the_automatic_copy_is_made_in_a_process_that_ends_with_the_database(
    pg_url: str,
) -> None:
    with open_database(pg_url, station="room") as db:
        _hand_in_new_match(db)
        maybe_backup(db)  # the very first backup of a database: at once
        _wait_for_backup(db)
        copier = db._backup_copier
        assert copier is not None
        copying = list(getattr(copier, "_processes", {}))
        assert copying and os.getpid() not in copying
        made = list_backups(backup_target(db))
        assert [b.reason for b in made] == ["auto"]
        assert _hands_in(made[0].path) == 1
    assert db._backup_copier is None
    for pid in copying:  # the copying process ended (and was waited for) when db closed
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"the copying process {pid} outlived its database")


def test_a_backup_made_by_hand_is_copied_here(pg_url: str) -> None:
    """``gin-scorer backup`` and *Back up now* wait for their copy anyway: no process."""
    with open_database(pg_url, station="desk", backups=False) as db:
        _hand_in_new_match(db)
        made = make_backup(db, reason="manual")
        assert db._backup_copier is None
        assert _hands_in(made.path) == 1


class _BrokenCopier(Executor):
    """A copying process that died (killed, out of memory) or could not start."""

    def __init__(self) -> None:
        self.stopped = False

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(BrokenProcessPool("the copying process died"))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.stopped = True


def test_a_copying_process_that_died_leaves_the_copy_to_this_one(pg_url: str) -> None:
    with open_database(pg_url, station="room") as db:
        _hand_in_new_match(db)
        broken = _BrokenCopier()
        db._backup_copier = broken
        maybe_backup(db)
        _wait_for_backup(db)
        made = list_backups(backup_target(db))
        assert [b.reason for b in made] == ["auto"]  # copied here instead
        assert _hands_in(made[0].path) == 1
        assert broken.stopped and db._backup_copier is None  # a fresh one next time


def test_a_servers_schedule_is_looked_at_every_few_seconds_not_at_every_hand(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hundred tables record several hands a second: each look at the schedule is a
    transaction on the server, so a station looks at most every SERVER_LOOK_SECONDS."""
    now = [1000.0]
    monkeypatch.setattr(backup, "time", SimpleNamespace(monotonic=lambda: now[0]))
    with open_database(pg_url, station="room") as db:
        with db.transaction() as session:
            set_backup_schedule(session, every_hands=1)
        _hand_in_new_match(db)
        maybe_backup(db)
        _wait_for_backup(db)
        assert len(list_backups(backup_target(db))) == 1
        _hand_in_new_match(db)
        now[0] += backup.SERVER_LOOK_SECONDS - 1
        maybe_backup(db)  # looked a moment ago: not again yet
        _wait_for_backup(db)
        assert len(list_backups(backup_target(db))) == 1
        now[0] += 1
        maybe_backup(db)  # the next hand after the interval looks, and backs up
        _wait_for_backup(db)
        made = list_backups(backup_target(db))
        assert len(made) == 2 and _hands_in(made[0].path) == 2
