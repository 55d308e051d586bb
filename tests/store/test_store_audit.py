"""The audit log: a hash chain that names the first entry someone tampered with."""

from __future__ import annotations

import hashlib
import json

from sqlalchemy import text

from gin_scorer.store import open_database
from gin_scorer.store.audit import (
    append,
    canonical_json,
    entry_count,
    latest_hash,
    recent,
    short_code,
    verify_chain,
)
from gin_scorer.store.database import Database


def _log_three(db: Database) -> list[str]:
    hashes = []
    for n, action in enumerate(["record_hand", "correct_hand", "lock_result"], start=1):
        with db.transaction() as session:
            entry = append(
                session,
                "td",
                action,
                f"match 7 hand {n}",
                {"points": n * 10, "cards": ["10♥", "Q♠"], "note": None},
            )
        hashes.append(entry.hash)  # chained when the transaction committed
    return hashes


def test_each_hash_chains_onto_the_one_before(db_url: str) -> None:
    with open_database(db_url, station="table-3", backups=False) as db:
        hashes = _log_three(db)
        with db.transaction(write=False) as session:
            assert verify_chain(session) is None
            assert entry_count(session) == 3
            assert latest_hash(session) == hashes[-1]
            shown = recent(session, last=2)
        assert [v.action for v in shown] == ["correct_hand", "lock_result"]
        assert shown[0].station == "table-3" and shown[0].payload["cards"] == ["10♥", "Q♠"]
        assert shown[1].short_hash == short_code(hashes[-1]) == hashes[-1][:8].upper()


def test_the_hash_is_sha256_of_the_previous_hash_and_the_canonical_entry(db_url: str) -> None:
    with open_database(db_url, station="desk", backups=False) as db:
        first, second, _ = _log_three(db)
        with db.transaction(write=False) as session:
            row = session.execute(
                text(
                    "SELECT at, station, actor, action, subject, payload_json, prev_hash"
                    " FROM audit_entry WHERE id = 2"
                )
            ).one()
        entry = recent_entry(db, 2)
        body = canonical_json(
            {
                "at": entry.at.isoformat(timespec="microseconds"),
                "station": "desk",
                "actor": "td",
                "action": "correct_hand",
                "subject": "match 7 hand 2",
                "payload": json.loads(row.payload_json),
            }
        )
        assert row.prev_hash == first
        assert hashlib.sha256((first + body).encode()).hexdigest() == second


def recent_entry(db: Database, ident: int):  # type: ignore[no-untyped-def]
    with db.transaction(write=False) as session:
        return next(v for v in recent(session, last=100) if v.id == ident)


def test_editing_a_payload_with_raw_sql_is_named(db_url: str, tamper) -> None:  # type: ignore[no-untyped-def]
    with open_database(db_url, backups=False) as db:
        _log_three(db)
        with db.engine.begin() as connection:
            tamper(connection)
            connection.execute(
                text("UPDATE audit_entry SET payload_json = :forged WHERE id = 2"),
                {"forged": '{"points":99}'},
            )
        with db.transaction(write=False) as session:
            broken = verify_chain(session)
        assert broken is not None and broken.id == 2
        assert "changed after it was written" in str(broken.describe())
        assert str(broken.describe()).startswith("audit entry 2 (correct_hand match 7 hand 2)")


def test_editing_the_actor_or_deleting_an_entry_is_named(db_url: str, tamper) -> None:  # type: ignore[no-untyped-def]
    with open_database(db_url, backups=False) as db:
        _log_three(db)
        with db.engine.begin() as connection:
            tamper(connection)
            connection.execute(text("UPDATE audit_entry SET actor = 'someone' WHERE id = 3"))
        with db.transaction(write=False) as session:
            broken = verify_chain(session)
            assert broken is not None and broken.id == 3
            assert verify_chain(session, batch=2) == broken  # found across batches too
        with db.engine.begin() as connection:
            tamper(connection)
            connection.execute(text("DELETE FROM audit_entry WHERE id = 2"))
        with db.transaction(write=False) as session:
            broken = verify_chain(session)
        assert broken is not None and broken.id == 3 and "does not follow" in str(broken.reason)


def test_an_audit_entry_rolls_back_with_its_action(db_url: str) -> None:
    with open_database(db_url, backups=False) as db:
        try:
            with db.transaction() as session:
                append(session, "td", "record_hand", "match 1", {})
                raise ValueError("the hand was invalid")
        except ValueError:
            pass
        with db.transaction(write=False) as session:
            assert entry_count(session) == 0 and latest_hash(session) is None
            assert verify_chain(session) is None


def test_payloads_are_canonical() -> None:
    assert canonical_json({"b": 1, "a": [1, 2], "s": "♠"}) == '{"a":[1,2],"b":1,"s":"♠"}'


def test_stations_appending_at_once_never_fork_the_chain(db_url: str) -> None:
    import threading

    with open_database(db_url, backups=False) as db:
        errors: list[BaseException] = []

        def station(name: str) -> None:
            try:
                for n in range(8):
                    with db.transaction() as session:
                        append(session, name, "record_hand", f"hand {n}", {"n": n}, station=name)
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=station, args=(f"table-{t}",)) for t in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        with db.transaction(write=False) as session:
            assert entry_count(session) == 32
            assert verify_chain(session) is None
