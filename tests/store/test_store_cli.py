"""``gin-scorer backup / restore / audit`` as a director types them."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from gin_scorer.cli import main
from gin_scorer.store import open_database
from gin_scorer.store.audit import append
from gin_scorer.store.settings import set_director_pin
from gin_scorer.store.tables import Player


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite"
    with open_database(path, station="desk") as db, db.transaction() as session:
        session.add(Player(name="Ann"))
        for n in range(3):
            append(session, "td", "record_hand", f"match 1 hand {n + 1}", {"n": n})
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_audit_verify_reports_an_intact_log(db_file: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = _run(capsys, "--db", str(db_file), "audit", "verify")
    assert status == 0
    with sqlite3.connect(db_file) as connection:
        latest = connection.execute("SELECT hash FROM audit_entry WHERE id = 3").fetchone()[0]
    assert out.strip() == f"audit log intact: 3 entries, latest {latest[:8].upper()}"


def test_audit_verify_names_the_first_broken_entry(db_file: Path, capsys, tamper) -> None:  # type: ignore[no-untyped-def]
    with open_database(db_file) as db, db.engine.begin() as connection:
        tamper(connection)
        connection.execute(text("UPDATE audit_entry SET subject = 'match 9' WHERE id = 2"))
    status, out, _ = _run(capsys, "--db", str(db_file), "audit", "verify")
    assert status == 1
    assert out.startswith("audit log BROKEN: audit entry 2 (record_hand match 9)")


def test_audit_show_prints_the_newest(db_file: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = _run(capsys, "--db", str(db_file), "audit", "show", "--last", "2")
    lines = out.strip().splitlines()
    assert status == 0 and len(lines) == 2
    assert "desk/td  record_hand  match 1 hand 3" in lines[-1] and '{"n":2}' in lines[-1]


def test_backup_out_then_restore_with_a_pin(
    db_file: Path,
    tmp_path: Path,
    capsys,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out_file = tmp_path / "saved.sqlite"
    status, out, _ = _run(capsys, "--db", str(db_file), "backup", "--out", str(out_file))
    assert status == 0 and str(out_file) in out
    status, _, err = _run(capsys, "--db", str(db_file), "backup", "--out", str(out_file))
    assert status == 2 and "already exists" in err
    with open_database(db_file) as db, db.transaction() as session:
        set_director_pin(session, "2468")
        session.add(Player(name="Bob"))
    monkeypatch.setattr("sys.stdin", io.StringIO("1111\n"))  # a wrong PIN typed at the prompt
    status, _, err = _run(capsys, "--db", str(db_file), "restore", str(out_file))
    assert status == 2 and "not the director PIN" in err
    status, out, _ = _run(capsys, "--db", str(db_file), "restore", str(out_file), "--pin", "2468")
    assert status == 0 and out.startswith(f"restored {db_file.resolve()} from {out_file}")
    assert "the database as it was is kept in" in out
    with sqlite3.connect(db_file) as connection:
        assert connection.execute("SELECT name FROM player").fetchall() == [("Ann",)]


def test_a_damaged_database_is_one_clear_line(db_file: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    _run(capsys, "--db", str(db_file), "backup")
    db_file.write_bytes(b"\x00" * 8192)
    status, out, err = _run(capsys, "--db", str(db_file), "audit", "verify")
    assert status == 2 and out == ""
    assert err.startswith(f"gin-scorer: the database {db_file.resolve()} is damaged")
    assert "restore" in err and "Traceback" not in err


def test_backup_list_and_missing_restore_file(db_file: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    _run(capsys, "--db", str(db_file), "backup")
    status, out, _ = _run(capsys, "--db", str(db_file), "backup", "--list")
    assert status == 0 and "(manual)" in out
    status, _, err = _run(capsys, "--db", str(db_file), "restore", "no-such-backup.sqlite")
    assert status == 2 and "no-such-backup.sqlite does not exist" in err


def test_backup_and_restore_a_server_database(pg_url: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    with open_database(pg_url) as db, db.transaction() as session:
        session.add(Player(name="Ann"))
    out_file = tmp_path / "server.sqlite"
    status, out, _ = _run(capsys, "--db", pg_url, "backup", "--out", str(out_file))
    assert status == 0 and out.strip().endswith(str(out_file))
    with open_database(pg_url) as db, db.transaction() as session:
        session.add(Player(name="Bob"))
    status, out, _ = _run(capsys, "--db", pg_url, "restore", str(out_file))
    assert status == 0 and "the database as it was is kept in" in out
    status, out, _ = _run(capsys, "--db", pg_url, "backup", "--list")
    assert status == 0 and "(before-restore)" in out
    with sqlite3.connect(out_file) as copy:
        assert copy.execute("SELECT name FROM player").fetchall() == [("Ann",)]


def test_the_backup_schedule_is_set_per_database(db_file: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.store.backup import backup_schedule

    status, out, _ = _run(capsys, "--db", str(db_file), "backup", "--every-hands", "5")
    assert status == 0 and out.strip().endswith("every 5 hands or 10 minutes")
    with open_database(db_file) as db, db.transaction(write=False) as session:
        schedule = backup_schedule(session)
    assert (schedule.every_hands, schedule.every_minutes) == (5, 10)
    with pytest.raises(SystemExit):
        main(["--db", str(db_file), "backup", "--every-minutes", "zero"])
    assert "'zero' is not a whole number" in capsys.readouterr().err


def test_the_director_pin_guards_restores_and_itself(
    db_file: Path,
    tmp_path: Path,
    capsys,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = tmp_path / "saved.sqlite"
    _run(capsys, "--db", str(db_file), "backup", "--out", str(saved))
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    status, _, err = _run(capsys, "--db", str(db_file), "director-pin", "set")
    assert status == 2 and "at least 4" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("2468\n"))
    status, out, _ = _run(capsys, "--db", str(db_file), "director-pin", "set")
    assert status == 0 and out.startswith("director PIN of ") and out.strip().endswith("set")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    status, _, err = _run(capsys, "--db", str(db_file), "restore", str(saved))
    assert status == 2 and "protected by a director PIN" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("9999\n"))
    status, _, err = _run(capsys, "--db", str(db_file), "director-pin", "clear", "--pin", "1")
    assert status == 2 and "not the director PIN" in err
    status, out, _ = _run(capsys, "--db", str(db_file), "director-pin", "clear", "--pin", "2468")
    assert status == 0 and out.strip().endswith("cleared")
    status, _, _ = _run(capsys, "--db", str(db_file), "restore", str(saved))
    assert status == 0
