"""Service-level tournament tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL
names a server, on a real PostgreSQL database too (created fresh, dropped afterwards)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gin_scorer.store.database import Database, open_database


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """An empty database, on a SQLite file and on PostgreSQL (`db_url`: tests/conftest.py)."""
    database = open_database(db_url, station="test", backups=False)
    try:
        yield database
    finally:
        database.close()
