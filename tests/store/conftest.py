"""Store tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL names a server, on a
real PostgreSQL too (`db_url` and `pg_url` come from tests/conftest.py)."""

from __future__ import annotations

import pytest


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
