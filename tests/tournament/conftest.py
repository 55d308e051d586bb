"""Service-level tournament tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL
names a server, on a real PostgreSQL database too (created fresh, dropped afterwards)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_ENV = "GIN_SCORER_TEST_PG_URL"


@pytest.fixture(autouse=True)
def backups_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "backups"
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(folder))
    return folder


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[object]:
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from gin_scorer.store.database import open_database

    if request.param == "sqlite":
        database = open_database(str(tmp_path / "event.sqlite"), station="test", backups=False)
        yield database
        database.close()
        return
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need a server: set {PG_ENV} (.ci/run does)")
    name = f"gin_scorer_tour_{secrets.token_hex(5)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = make_url(base).set(database=name).render_as_string(hide_password=False)
    database = open_database(url, station="test", backups=False)
    try:
        yield database
    finally:
        database.close()
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
