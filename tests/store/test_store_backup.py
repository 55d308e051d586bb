"""Backups and restores of SQLite databases, and what a damaged file tells the director."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlmodel import select

from gin_scorer.store import CorruptDatabase, NewerDatabase, PinError, StoreError, open_database
from gin_scorer.store.backup import backup_folder, list_backups, make_backup, maybe_backup
from gin_scorer.store.database import Database
from gin_scorer.store.integrity import integrity_check
from gin_scorer.store.restore import RestoreResult
from gin_scorer.store.restore import restore_database as store_restore
from gin_scorer.store.settings import PinGuards, set_director_pin, set_setting
from gin_scorer.store.tables import Event, HandEntry, Player
from tests.store.conftest import add_hand, new_match


def restore_database(
    target: Path | str,
    source: Path,
    *,
    pin: str | None = None,
    ask_pin: Callable[[], str] | None = None,
) -> RestoreResult:
    """The store's restore with the services' decision of who may restore (the store only
    reads the guards and asks)."""
    from gin_scorer.services.support.authority import DatabaseAction, require_whole_database

    def authorize(guards: PinGuards) -> None:
        require_whole_database(
            guards, [pin] if pin else [], DatabaseAction.REPLACE_DATABASE, ask=ask_pin
        )

    return store_restore(target, source, authorize=authorize)


def _players(db: Database) -> list[str]:
    with db.transaction(write=False) as session:
        return sorted(p.name for p in session.exec(select(Player)))


def _add_players(db: Database, *names: str) -> None:
    with db.transaction() as session:
        for name in names:
            session.add(Player(name=name))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return (tmp_path / "club.sqlite").resolve()


def test_backup_and_restore_round_trip(path: Path) -> None:
    with open_database(path) as db:
        _add_players(db, "Ann", "Bob")
        taken = make_backup(db, reason="manual")
        _add_players(db, "Cy")  # after the backup: the restore must take it away
        assert _players(db) == ["Ann", "Bob", "Cy"]
    assert taken.path.parent == backup_folder(path) and integrity_check(taken.path) == "ok"
    result = restore_database(path, taken.path)
    with open_database(path) as db:
        assert _players(db) == ["Ann", "Bob"]
    # The database as it was just before the restore is kept too.
    assert result.safety_backup is not None and result.safety_backup.reason == "before-restore"
    with sqlite3.connect(result.safety_backup.path) as kept:
        assert sorted(n for (n,) in kept.execute("SELECT name FROM player")) == ["Ann", "Bob", "Cy"]


def test_a_backup_holds_committed_rows_still_in_the_wal(path: Path) -> None:
    with open_database(path) as db:
        _add_players(db, *(f"P{n}" for n in range(200)))
        # The app is still running: the rows may live only in club.sqlite-wal.
        taken = make_backup(db)
        with sqlite3.connect(taken.path) as copy:
            assert copy.execute("SELECT count(*) FROM player").fetchone() == (200,)
        assert not Path(str(taken.path) + "-wal").exists()


def _damage(path: Path, at: int, garbage: bytes) -> None:
    with open(path, "r+b") as handle:
        handle.seek(at)
        handle.write(garbage)


def test_a_damaged_file_names_the_newest_good_backup_and_is_left_alone(path: Path) -> None:
    with open_database(path) as db:
        _add_players(db, *(f"Player {n}" for n in range(400)))
        older = make_backup(db)
        newest = make_backup(db)
    # Damage the newest backup too: the message must skip it for the older good one.
    _damage(newest.path, 0, b"this is no longer a database!!!")
    _damage(path, 4096 * 2, os.urandom(4096 * 3))
    before = path.read_bytes()
    with pytest.raises(CorruptDatabase) as damaged:
        open_database(path)
    message = str(damaged.value)
    assert f"the database {path} is damaged" in message
    assert "left exactly as it is" in message
    assert f"The newest good backup is {older.path}" in message
    assert f"gin-scorer --db {path} restore {older.path}" in message
    assert damaged.value.newest_good_backup == older.path
    assert path.read_bytes() == before


def test_a_garbage_file_without_backups_says_so(path: Path) -> None:
    path.write_bytes(b"garbage, not SQLite " * 500)
    with pytest.raises(CorruptDatabase, match="No good backup of it was found"):
        open_database(path)
    assert path.read_bytes() == b"garbage, not SQLite " * 500


def test_restoring_over_a_damaged_file_sets_it_aside(path: Path) -> None:
    with open_database(path) as db:
        _add_players(db, "Ann")
        good = make_backup(db)
    path.write_bytes(b"\0garbage" * 1000)
    result = restore_database(path, good.path)
    assert result.damaged_moved_to is not None
    assert result.damaged_moved_to.read_bytes() == b"\0garbage" * 1000
    with open_database(path) as db:
        assert _players(db) == ["Ann"]


def test_restore_needs_the_director_pin(path: Path) -> None:
    with open_database(path) as db:
        _add_players(db, "Ann")
        good = make_backup(db)
        with db.transaction() as session:
            set_director_pin(session, "2468")
        _add_players(db, "Bob")
    with pytest.raises(PinError, match="protected by a director PIN"):
        restore_database(path, good.path)
    with pytest.raises(PinError, match="not the director PIN"):
        restore_database(path, good.path, pin="1357")
    with open_database(path) as db:
        assert _players(db) == ["Ann", "Bob"]  # nothing restored
    restore_database(path, good.path, ask_pin=lambda: "2468")
    with open_database(path) as db:
        assert _players(db) == ["Ann"]


def test_an_event_pin_guards_restore_too(path: Path) -> None:
    from gin_scorer.store.pin import hash_pin

    with open_database(path) as db:
        with db.transaction() as session:
            session.add(
                Event(name="Open", format="swiss", rules_json="{}", pin_hash=hash_pin("9999"))
            )
        good = make_backup(db)
    with pytest.raises(PinError):
        restore_database(path, good.path, pin="0000")
    restore_database(path, good.path, pin="9999")


def test_restore_refuses_damaged_foreign_or_newer_files(path: Path, tmp_path: Path) -> None:
    open_database(path).close()
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"nope" * 2000)
    with pytest.raises(StoreError, match="cannot be restored: it is damaged"):
        restore_database(path, damaged)
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE t (x)")
    with pytest.raises(StoreError, match="not a gin-scorer database"):
        restore_database(path, foreign)
    newer = tmp_path / "newer.sqlite"
    shutil.copy(path, newer)
    with sqlite3.connect(newer) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0999'")
    with pytest.raises(NewerDatabase):
        restore_database(path, newer)
    with pytest.raises(StoreError, match="is the database itself"):
        restore_database(path, path)


def test_a_half_written_backup_an_hour_old_is_cleared(path: Path) -> None:
    with open_database(path) as db:
        _add_players(db, "Ann")
        make_backup(db)
    stale = backup_folder(path) / "club-crashed.sqlite.partial"
    stale.write_bytes(b"half a backup")
    os.utime(stale, (0, 0))
    with open_database(path) as db:
        _add_players(db, "Bob")
        make_backup(db)
    assert not stale.exists()
    assert len(list_backups(path)) == 2


def test_automatic_backups_follow_the_hand_count(path: Path) -> None:
    with open_database(path) as db:
        match_id = new_match(db)
        with db.transaction() as session:
            set_setting(session, "backup.every_hands", "3")
            set_setting(session, "backup.every_minutes", "600")
        add_hand(db, match_id, 1)
        first = maybe_backup(db)  # the very first backup of a database: at once
        assert first is not None and first.reason == "auto"
        assert maybe_backup(db) is None  # nothing new
        add_hand(db, match_id, 2)
        add_hand(db, match_id, 3)
        assert maybe_backup(db) is None  # 2 hands < 3
        add_hand(db, match_id, 4)
        made = maybe_backup(db)
        assert made is not None
        with sqlite3.connect(made.path) as copy:
            assert copy.execute("SELECT count(*) FROM hand_entry").fetchone() == (4,)
    # A new session of the app starts from the newest backup on disk, not from zero.
    with open_database(path) as db:
        add_hand(db, match_id, 5)
        assert maybe_backup(db) is None


def test_automatic_backups_follow_the_clock(path: Path) -> None:
    with open_database(path) as db:
        with db.transaction() as session:
            set_setting(session, "backup.every_minutes", "0")
        _add_players(db, "Ann")
        assert maybe_backup(db) is not None
        _add_players(db, "Bob")  # not a hand, but a change: the clock rule backs it up
        assert maybe_backup(db) is not None


def test_backup_and_restore_on_either_database(db_url: str) -> None:
    """The same round trip on SQLite and PostgreSQL, and stations notice the restore."""
    from gin_scorer.store.backup import backup_target
    from gin_scorer.store.changes import changes_since, latest_change_id
    from gin_scorer.store.database import sqlite_path

    with open_database(db_url, station="desk") as db:
        match_id = new_match(db)
        add_hand(db, match_id, 1)
        _add_players(db, "Ann")
        taken = make_backup(db, reason="manual")
        assert taken.path.parent == backup_folder(backup_target(db))
        assert list_backups(backup_target(db))[0].path == taken.path
        add_hand(db, match_id, 2)
        _add_players(db, "Bob")
        with db.transaction(write=False) as session:
            marker = latest_change_id(session)  # another station's place in the feed
    with sqlite3.connect(taken.path) as copy:
        assert copy.execute("SELECT count(*) FROM hand_entry").fetchone() == (1,)
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    target = sqlite_path(db_url) or db_url
    result = restore_database(target, taken.path)
    assert result.safety_backup is not None
    with open_database(db_url) as db:
        assert _players(db) == ["Ann"]
        with db.transaction(write=False) as session:
            assert len(session.exec(select(HandEntry)).all()) == 1
            seen = changes_since(session, marker)
        assert [(c.table_name, c.op) for c in seen] == [("database", "restore")]
        _add_players(db, "Cy")  # ids continue after the restored rows
        add_hand(db, match_id, 2)
        assert _players(db) == ["Ann", "Cy"]


def test_a_sqlite_club_database_moves_onto_a_server(path: Path, pg_url: str) -> None:
    with open_database(path) as db:
        match_id = new_match(db)
        for seq in range(1, 4):
            add_hand(db, match_id, seq)
        with db.transaction() as session:
            set_director_pin(session, "2468")
    restore_database(pg_url, path)  # an empty server has no PIN of its own to ask for
    with open_database(pg_url) as server, server.transaction(write=False) as session:
        hands = session.exec(select(HandEntry)).all()
        assert [h.seq for h in hands] == [1, 2, 3]
        assert all(h.entered_at.tzinfo is not None for h in hands)
    # From now on the server is guarded by the PIN it received.
    with pytest.raises(PinError):
        restore_database(pg_url, path, pin="1111")
    restore_database(pg_url, path, pin="2468")


def test_no_automatic_backups_when_opened_without_them(path: Path) -> None:
    with open_database(path, backups=False) as db:
        _add_players(db, "Ann")
        assert maybe_backup(db) is None
        assert make_backup(db).path.is_file()  # an explicit backup still works


def test_a_locked_database_is_busy_not_damaged(path: Path) -> None:
    from gin_scorer.store import DatabaseBusy
    from gin_scorer.store.integrity import integrity_check

    open_database(path).close()
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        with pytest.raises(DatabaseBusy, match="locked by another program"):
            integrity_check(path, quick=True, wait_seconds=0.1)
    finally:
        holder.rollback()
        holder.close()


def test_a_background_backup_is_finished_when_the_database_closes(path: Path) -> None:
    with open_database(path) as db:
        match_id = new_match(db)
        add_hand(db, match_id, 1)
        assert maybe_backup(db, background=True) is None  # returns at once
    made = list_backups(path)
    assert [b.reason for b in made] == ["auto"]
    assert integrity_check(made[0].path) == "ok"


def _wait_for_backup(db: Database) -> None:
    """A server's automatic backup runs on a worker thread: wait until it let go."""
    assert db._backup_lock.acquire(timeout=60)
    db._backup_lock.release()


def test_a_server_database_is_backed_up_automatically_to_this_station(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin_scorer.store import backup
    from gin_scorer.store.backup import backup_target

    monkeypatch.setattr(backup, "SERVER_LOOK_SECONDS", 0.0)  # look at every hand
    with open_database(pg_url, station="desk-2") as db:
        match_id = new_match(db)
        with db.transaction() as session:
            set_setting(session, "backup.every_hands", "3")
            set_setting(session, "backup.every_minutes", "600")
        add_hand(db, match_id, 1)
        assert maybe_backup(db) is None  # never on the caller's thread: the copy crosses the net
        _wait_for_backup(db)
        first = list_backups(backup_target(db))
        assert [b.reason for b in first] == ["auto"]
        add_hand(db, match_id, 2)
        add_hand(db, match_id, 3)
        maybe_backup(db)
        _wait_for_backup(db)
        assert len(list_backups(backup_target(db))) == 1  # 2 hands < 3
        add_hand(db, match_id, 4)
        maybe_backup(db)
        _wait_for_backup(db)
        newest = list_backups(backup_target(db))[0]
        assert newest.path.parent == backup_folder(pg_url)
    with sqlite3.connect(newest.path) as copy:
        assert copy.execute("SELECT count(*) FROM hand_entry").fetchone() == (4,)
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_database_opened_without_backups_makes_none_on_either_store(db_url: str) -> None:
    """``backups=False`` (a report, a check) holds on a PostgreSQL server too: it was ignored
    there, so a command that only reads could start copying a whole server's event."""
    with open_database(db_url, backups=False) as db:
        assert db.backups_enabled is False
        assert maybe_backup(db) is None
    with open_database(db_url) as db:
        assert db.backups_enabled is True
