"""Store tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL names a server, on a
real PostgreSQL too: each test gets a fresh database with a random name, dropped afterwards."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

PG_ENV = "GIN_SCORER_TEST_PG_URL"
SESSION_TAG = secrets.token_hex(3)


@pytest.fixture(autouse=True)
def backups_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Backups of test databases go to the test's folder, never the user's data folder."""
    folder = tmp_path / "backups"
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(folder))
    return folder


def _admin_engine(url: str):  # type: ignore[no-untyped-def]
    return create_engine(url, isolation_level="AUTOCOMMIT", pool_pre_ping=True)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (skips, saying why, without a test server)."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need a server: set {PG_ENV} (.ci/run does)")
    name = f"gin_scorer_test_{SESSION_TAG}_{secrets.token_hex(4)}"
    admin = _admin_engine(base)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on a SQLite file and on PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "data" / "test.sqlite")
    return str(request.getfixturevalue("pg_url"))


def allow_tampering(connection) -> None:  # type: ignore[no-untyped-def]
    """Switch off the append-only guard of the logs (revision 0003) the way a determined
    person with raw SQL access could, so a test can check the hash chain still notices."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql("SELECT set_config('gin_scorer.restoring', 'on', true)")
    else:
        for action in ("update", "delete"):
            connection.exec_driver_sql(f"DROP TRIGGER IF EXISTS audit_entry_append_only_{action}")


@pytest.fixture
def tamper():  # type: ignore[no-untyped-def]
    return allow_tampering
