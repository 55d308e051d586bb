"""A backup's seal is read without changing the backup file; unreadable files give None."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes.backups import back_up_now, backup_seal
from gin_scorer.services.writes.events import create_event
from gin_scorer.store.database import open_database


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_backup_carries_the_seal_it_was_taken_with_and_reading_it_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "backups"))
    db = open_database(tmp_path / "club.sqlite", station="desk", backups=False)
    try:
        create_event(db, name="Club night")
        made = back_up_now(db)
        sealed = current_seal(db)
        create_event(db, name="Next week")  # the database moves on; the backup does not
        assert current_seal(db) != sealed
    finally:
        db.close()
    folder_before = sorted(p.name for p in made.path.parent.iterdir())
    digest_before = _digest(made.path)
    assert sealed is not None and backup_seal(made) == sealed == backup_seal(made.path)
    assert _digest(made.path) == digest_before
    assert sorted(p.name for p in made.path.parent.iterdir()) == folder_before  # no -wal/-shm


@pytest.mark.parametrize(
    "content", [b"", b"not a database at all\n", b"SQLite format 3\x00" + b"\x07" * 200]
)
def test_an_unreadable_file_has_no_seal_and_is_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "odd.sqlite"
    path.write_bytes(content)
    assert backup_seal(path) is None
    assert path.read_bytes() == content
    assert backup_seal(tmp_path / "missing.sqlite") is None


def test_a_database_with_nothing_recorded_has_no_seal(tmp_path: Path) -> None:
    db = open_database(tmp_path / "empty.sqlite", station="desk", backups=False)
    db.close()
    assert backup_seal(tmp_path / "empty.sqlite") is None
