"""A pooled PostgreSQL connection is checked before use only after it has sat idle: a busy room
pays no extra round trip per transaction, and a connection the server dropped while the room
was quiet is replaced before a transaction starts, so nobody sees the error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlmodel import select

from gin_scorer.store import connection, open_database
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Player


@pytest.fixture
def db(pg_url: str) -> Iterator[Database]:
    with open_database(pg_url, station="desk", backups=False) as opened:
        yield opened


@pytest.fixture
def pings(db: Database, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each ping the pool makes, counted by wrapping the dialect's own."""
    made: list[object] = []
    ping = db.engine.dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        made.append(dbapi_connection)
        return ping(dbapi_connection)

    monkeypatch.setattr(db.engine.dialect, "do_ping", counted)
    return made


def _backend(db: Database) -> int:
    with db.transaction() as session:
        return int(session.connection().exec_driver_sql("SELECT pg_backend_pid()").scalar_one())


def test_a_connection_in_steady_use_is_not_pinged(db: Database, pings: list[object]) -> None:
    for _ in range(20):
        _backend(db)
    assert pings == []


def test_a_connection_idle_for_long_is_pinged_before_use(
    db: Database, pings: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    _backend(db)
    monkeypatch.setattr(connection, "IDLE_PING_SECONDS", 0.0)
    _backend(db)
    assert len(pings) == 1


def test_a_connection_the_server_dropped_while_idle_is_replaced_unseen(
    db: Database, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    dropped = _backend(db)
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as link:
        assert link.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": dropped}).scalar()
    admin.dispose()
    monkeypatch.setattr(connection, "IDLE_PING_SECONDS", 0.0)
    with db.transaction() as session:
        session.add(Player(name="Ann"))
    assert _backend(db) != dropped
    with db.transaction(write=False) as session:
        assert [p.name for p in session.exec(select(Player)).all()] == ["Ann"]
