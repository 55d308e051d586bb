"""Store tests run on real SQLite files and, when GIN_SCORER_TEST_PG_URL names a server, on a
real PostgreSQL too (`db_url` and `pg_url` come from tests/conftest.py)."""

from __future__ import annotations

import pytest

from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match


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


def new_match(db: Database) -> int:
    """A new event with one match between two entrants (its id)."""
    with db.transaction() as session:
        event = Event(name="Open", format="swiss", rules_json="{}")
        session.add(event)
        session.flush()
        a, b = Entrant(event_id=event.id, name="A"), Entrant(event_id=event.id, name="B")
        session.add_all([a, b])
        session.flush()
        match = Match(event_id=event.id, entrant_a_id=a.id, entrant_b_id=b.id, rules_json="{}")
        session.add(match)
        session.flush()
        assert match.id is not None
        return match.id


def add_hand(db: Database, match_id: int, seq: int) -> None:
    """A bare hand row ``seq`` in match ``match_id``."""
    with db.transaction() as session:
        session.add(
            HandEntry(
                match_id=match_id, seq=seq, record_json="{}", entered_by="td", station=db.station
            )
        )
