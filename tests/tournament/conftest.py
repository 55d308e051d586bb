"""Service-level tournament tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL
names a server, on a real PostgreSQL database too (created fresh, dropped afterwards)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_scorer.store.database import Database, open_database


@pytest.fixture(autouse=True)
def backups_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "backups"
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(folder))
    return folder


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """An empty database, on a SQLite file and on PostgreSQL (`db_url`: tests/conftest.py)."""
    database = open_database(db_url, station="test", backups=False)
    try:
        yield database
    finally:
        database.close()
