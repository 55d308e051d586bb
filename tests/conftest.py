"""Test-wide setup: no display, no backups in the user's data folder, no time limit on a
property's examples, and the one PostgreSQL fixture every folder's tests share."""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

# Speed is measured in benchmarks/, never by a test. A season-scoring property failed once on
# a loaded two-core machine and not again in 20,000 examples: Hypothesis' default deadline
# (200 ms an example) is the one part of a property that depends on the machine's load.
settings.register_profile("gin-scorer", deadline=None)
settings.load_profile("gin-scorer")

# Qt must never look for a display: without one it aborts the process.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Databases opened by a test without a backup folder of its own must not write backups into
# the data folder of whoever runs the tests.
_scratch = tempfile.mkdtemp(prefix="gin-scorer-tests-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
os.environ.setdefault("GIN_SCORER_BACKUP_DIR", os.path.join(_scratch, "backups"))


@pytest.fixture(autouse=True)
def backups_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's backups go to its own folder: never the user's data folder, and never
    another test's backups to count."""
    folder = tmp_path / "backups"
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(folder))
    return folder


# --- PostgreSQL ------------------------------------------------------------------------------
# Tests that need a server read its URL from this variable (.ci/run starts a throwaway one) and
# skip, saying so, without it. Each test gets a database of its own on that server, so tests
# never see each other's rows and a failed test leaves nothing behind for the next.

PG_ENV = "GIN_SCORER_TEST_PG_URL"
# Names the databases of this pytest run: two runs sharing one server never collide, and a
# database left over by a killed run says which run it came from.
_RUN_TAG = secrets.token_hex(3)

# For fixtures parametrised over both databases: the PostgreSQL case carries the `postgres`
# marker, so `-m postgres` selects it and `-m "not postgres"` leaves it out.
ON_POSTGRESQL = pytest.param("postgresql", marks=pytest.mark.postgres)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for `pg_url` by name needs the server: mark it, whatever its folder."""
    for item in items:
        if "pg_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database of this test's own, dropped afterwards
    (skips, saying why, without a test server)."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need a server: set {PG_ENV} (.ci/run does)")
    name = f"gin_scorer_test_{_RUN_TAG}_{secrets.token_hex(4)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        # FORCE: a connection a failed test forgot to close must not keep the database alive.
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(params=["sqlite", ON_POSTGRESQL])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on a SQLite file and on PostgreSQL."""
    if request.param == "sqlite":
        (tmp_path / "data").mkdir(exist_ok=True)  # the command line never makes a folder
        return str(tmp_path / "data" / "test.sqlite")
    return str(request.getfixturevalue("pg_url"))
