"""The audit entries of a transaction are chained onto the log when it commits, in the same
step as the seal's link: the lock that orders both chains is taken for the transaction's last
statements only, so that other stations' writes wait for those, not for the whole action."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlmodel import Session

from gin_scorer.store import open_database
from gin_scorer.store.audit import GENESIS, append, latest_hash, recent, verify_chain
from gin_scorer.store.database import Database
from gin_scorer.store.seal_check import check_seal
from gin_scorer.store.tables import Player


@contextmanager
def _statements(db: Database) -> Iterator[list[str]]:
    said: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        said.append(" ".join(statement.split()))

    event.listen(db.engine, "before_cursor_execute", note)
    try:
        yield said
    finally:
        event.remove(db.engine, "before_cursor_execute", note)


def test_entries_of_one_transaction_chain_in_the_order_they_were_made(db_url: str) -> None:
    with open_database(db_url, station="desk", backups=False) as db:
        with db.transaction() as session:
            session.add(Player(name="Ann"))
            first = append(session, "td", "player.add", "player:1", {"n": 1})
            second = append(session, "td", "player.note", "player:1", {"n": 2})
            assert first.hash == "" and second.id is None  # not chained before the commit
        assert first.prev_hash == GENESIS and second.prev_hash == first.hash
        with db.transaction(write=False) as session:
            assert [e.action for e in recent(session)] == ["player.add", "player.note"]
            assert latest_hash(session) == second.hash
            assert verify_chain(session) is None
            checked = check_seal(session)
            assert checked.holds, checked.problems  # the entries are sealed as they were stored


def test_a_session_the_seal_does_not_watch_chains_its_entry_at_once(db_url: str) -> None:
    with open_database(db_url, station="desk", backups=False) as db:
        with Session(db.engine) as session, session.begin():
            entry = append(session, "td", "maintenance", "database", {})
            assert entry.id is not None and entry.prev_hash == GENESIS and entry.hash
            first_hash = entry.hash
        with db.transaction() as session:
            later = append(session, "td", "player.add", "player:1", {})
        assert later.prev_hash == first_hash
        with db.transaction(write=False) as session:
            assert verify_chain(session) is None


def test_the_chains_lock_is_held_for_the_last_statements_only(pg_url: str) -> None:
    with open_database(pg_url, station="desk", backups=False) as db:
        with _statements(db) as said, db.transaction() as session:
            session.add(Player(name="Ann"))
            session.flush()
            append(session, "td", "player.add", "player:1", {})
            session.add(Player(name="Bea"))
        locks = [n for n, s in enumerate(said) if "pg_advisory_xact_lock" in s]
        assert len(locks) == 1  # one statement takes both chains' locks, in writers' order
        held = said[locks[0] + 1 :]
        assert len(held) == 3, held  # the newest hashes, the audit entry, the seal's link
        assert "INSERT INTO audit_entry" in held[1] and "INSERT INTO seal_link" in held[2]
        assert any("INSERT INTO player" in s for s in said[: locks[0]])
