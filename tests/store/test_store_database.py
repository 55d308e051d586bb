"""Opening databases: durable PRAGMAs, folders created, transactions that commit or roll back."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from gin_scorer.store import StoreError, open_database
from gin_scorer.store.database import sqlite_path
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player


def _event(session) -> Event:  # type: ignore[no-untyped-def]
    event = Event(name="Club night", format="round_robin", rules_json="{}")
    session.add(event)
    session.flush()
    return event


def test_new_sqlite_file_and_its_folder_are_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "club.sqlite"
    with open_database(path, station="desk") as db:
        assert db.is_sqlite and db.path == path.resolve() and db.station == "desk"
    assert path.is_file()


def test_every_connection_is_durable(tmp_path: Path) -> None:
    with open_database(tmp_path / "a.sqlite") as db:
        for _ in range(2):  # a second connection from the pool gets the same settings
            with db.engine.connect() as connection:
                pragma = connection.exec_driver_sql
                assert pragma("PRAGMA journal_mode").scalar() == "wal"
                assert pragma("PRAGMA synchronous").scalar() == 2  # FULL
                assert pragma("PRAGMA foreign_keys").scalar() == 1
                assert pragma("PRAGMA busy_timeout").scalar() == 5000


def test_transaction_commits_and_rolls_back(db_url: str) -> None:
    with open_database(db_url, backups=False) as db:
        assert db.last_saved_at is None
        with db.transaction() as session:
            event_id = _event(session).id
        saved = db.last_saved_at
        assert saved is not None and saved.tzinfo is not None
        with pytest.raises(RuntimeError), db.transaction() as session:
            session.add(Player(name="Ghost"))
            session.flush()
            raise RuntimeError("the user's action failed halfway")
        assert db.last_saved_at == saved  # a rolled-back action saved nothing
        with db.transaction(write=False) as session:
            assert session.exec(select(Player)).all() == []
            event = session.get(Event, event_id)
            assert event is not None and event.version == 1
            assert event.created_at.tzinfo is not None


def test_foreign_keys_are_enforced(db_url: str) -> None:
    with (
        open_database(db_url, backups=False) as db,
        pytest.raises(IntegrityError, match=r"(?i)foreign key"),
        db.transaction() as session,
    ):
        session.add(Entrant(event_id=999, name="Nobody's"))


def test_objects_stay_readable_after_the_transaction(db_url: str) -> None:
    with open_database(db_url, backups=False) as db:
        with db.transaction() as session:
            event = _event(session)
            a = Entrant(event_id=event.id, name="Ann")
            session.add(a)
            session.flush()
            match = Match(event_id=event.id, entrant_a_id=a.id, rules_json="{}")
            session.add(match)
            session.flush()
            hand = HandEntry(
                match_id=match.id, seq=1, record_json="{}", entered_by="td", station=db.station
            )
            session.add(hand)
        assert hand.id is not None and hand.kind == "entry" and hand.entered_at.tzinfo


def test_paths_and_urls() -> None:
    assert sqlite_path("sqlite:////tmp/x.sqlite") == Path("/tmp/x.sqlite")
    assert sqlite_path("postgresql+psycopg://u@h/db") is None
    with pytest.raises(StoreError, match="in-memory"):
        sqlite_path("sqlite://")


def test_an_unknown_url_scheme_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="postgresql"):
        open_database("mysql://user:secret@host/db")


def test_unusable_paths_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        open_database(tmp_path)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot create the folder"):
        open_database(blocker / "club.sqlite")


def test_the_station_defaults_to_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_STATION", "table-9")
    with open_database(tmp_path / "a.sqlite", backups=False) as db:
        assert db.station == "table-9"


def test_an_unreachable_server_is_one_clear_sentence() -> None:
    """Not answering is not "cannot open the database" (issue 41): it is worth a retry."""
    from gin_scorer.store.server_trouble import ServerNotAnswering

    with pytest.raises(
        ServerNotAnswering, match=r"the server postgresql\+psycopg://nobody:\*\*\*@127.0.0.1:9/"
    ) as away:
        open_database("postgresql+psycopg://nobody:secret@127.0.0.1:9/none")
    assert "is not answering (Connection refused)" in str(away.value)
    assert "secret" not in str(away.value)


def test_driver_errors_while_opening_are_named_for_what_they_mean(tmp_path: Path) -> None:
    import sqlite3

    from gin_scorer.store import CorruptDatabase, DatabaseBusy
    from gin_scorer.store.database import _sqlite_open_error

    def error(name: str) -> sqlite3.DatabaseError:
        made = sqlite3.DatabaseError("driver says no")
        made.sqlite_errorname = name  # type: ignore[attr-defined]
        return made

    path = tmp_path / "x.sqlite"
    assert isinstance(_sqlite_open_error(path, error("SQLITE_CORRUPT")), CorruptDatabase)
    assert isinstance(_sqlite_open_error(path, error("SQLITE_BUSY")), DatabaseBusy)
    other = _sqlite_open_error(path, error("SQLITE_FULL"))
    assert type(other) is StoreError and str(other).endswith("driver says no")


def test_a_full_disk_says_the_change_was_not_saved(tmp_path: Path) -> None:
    with open_database(tmp_path / "full.sqlite", backups=False) as db:
        with (
            pytest.raises(StoreError, match="is full: the last change was NOT saved"),
            db.transaction() as session,
        ):
            pages = session.connection().exec_driver_sql("PRAGMA page_count").scalar()
            session.connection().exec_driver_sql(f"PRAGMA max_page_count = {pages}")
            session.add_all(Player(name="x" * 500) for _ in range(200))
        with db.transaction(write=False) as session:
            assert session.exec(select(Player)).all() == []


def test_the_hand_log_and_audit_log_refuse_updates_and_deletes(db_url: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    from gin_scorer.store.audit import append

    with open_database(db_url, backups=False) as db:
        with db.transaction() as session:
            event = _event(session)
            a = Entrant(event_id=event.id, name="Ann")
            session.add(a)
            session.flush()
            match = Match(event_id=event.id, entrant_a_id=a.id, rules_json="{}")
            session.add(match)
            session.flush()
            session.add(
                HandEntry(
                    match_id=match.id, seq=1, record_json="{}", entered_by="td", station=db.station
                )
            )
            append(session, "td", "record_hand", "match 1", {})
        for statement, refusal in [
            ("UPDATE hand_entry SET record_json = '{\"forged\": 1}'", "append-only"),
            ("DELETE FROM hand_entry", "append-only"),
            ("UPDATE audit_entry SET actor = 'x'", "audit log is append-only"),
            ("DELETE FROM audit_entry", "audit log is append-only"),
        ]:
            with pytest.raises(DBAPIError, match=refusal), db.engine.begin() as connection:
                connection.execute(text(statement))
        with db.transaction(write=False) as session:
            assert session.exec(select(HandEntry)).one().record_json == "{}"


def test_times_are_utc_and_naive_times_are_refused(db_url: str) -> None:
    from datetime import UTC, datetime, timedelta, timezone

    from sqlalchemy.exc import StatementError

    paris = timezone(timedelta(hours=1))
    with open_database(db_url, backups=False) as db:
        with db.transaction() as session:
            event = Event(
                name="Open",
                format="swiss",
                rules_json="{}",
                created_at=datetime(2026, 3, 1, 10, 0, tzinfo=paris),
            )
            session.add(event)
        with db.transaction(write=False) as session:
            stored = session.get(Event, event.id)
            assert stored is not None
            assert stored.created_at == datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
            assert stored.created_at.utcoffset() == timedelta(0)
        with pytest.raises(StatementError, match="naive datetime"), db.transaction() as s:
            s.add(
                Event(
                    name="Bad",
                    format="swiss",
                    rules_json="{}",
                    created_at=datetime(2026, 3, 1, 10, 0),
                )
            )
