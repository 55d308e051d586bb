"""Migrations: old databases upgrade with their data intact; newer ones are refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel, select

from gin_scorer.store import NewerDatabase, StoreError, open_database
from gin_scorer.store.backup import list_backups
from gin_scorer.store.migrate import current_revisions, head_revision, upgrade_to
from gin_scorer.store.tables import Event, HandEntry, Match


def _database_at_first_revision(url: str) -> None:
    """A database as gin-scorer's first schema made it, with an event, a match and a hand."""
    db = open_database(url, migrate=False, backups=False)
    try:
        upgrade_to(db, "0001")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO event (id, name, format, rules_json, settings_json, status,"
                    " created_at, version) VALUES (1, 'Old open', 'swiss', '{\"target\": 100}',"
                    " '{}', 'running', '2025-01-02 10:00:00', 3)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO entrant (id, event_id, name, status, checked_in, joined_round)"
                    " VALUES (1, 1, 'Ann', 'active', true, 1), (2, 1, 'Bob', 'active', true, 1)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO match (id, event_id, entrant_a_id, entrant_b_id, rules_json,"
                    " status, version, created_at) VALUES (1, 1, 1, 2, '{}', 'playing', 2,"
                    " '2025-01-02 10:05:00')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO hand_entry (id, match_id, seq, kind, record_json, entered_by,"
                    " station, entered_at) VALUES (1, 1, 1, 'entry', '{\"declaration\": \"gin\"}',"
                    " 'td', 'desk', '2025-01-02 10:20:00')"
                )
            )
        with db.engine.connect() as connection:
            assert current_revisions(connection) == ("0001",)
    finally:
        db.close()


def test_a_first_revision_database_upgrades_with_its_data(db_url: str) -> None:
    _database_at_first_revision(db_url)
    with open_database(db_url) as db:
        with db.engine.connect() as connection:
            assert current_revisions(connection) == (head_revision(),)
        with db.transaction(write=False) as session:
            event = session.get(Event, 1)
            assert event is not None
            assert (event.name, event.version, event.rules_json) == (
                "Old open",
                3,
                '{"target": 100}',
            )
            assert event.created_at.year == 2025 and event.created_at.tzinfo is not None
            match = session.exec(select(Match)).one()
            assert (match.entrant_a_id, match.entrant_b_id, match.version) == (1, 2, 2)
            hand = session.exec(select(HandEntry)).one()
            assert hand.record_json == '{"declaration": "gin"}' and hand.station == "desk"
        if db.is_sqlite:
            assert db.path is not None
            reasons = [b.reason for b in list_backups(db.path)]
            assert reasons == ["before-migration"]
            # The backup is the database as it was: still at the first revision.
            backup = list_backups(db.path)[0].path
            with sqlite3.connect(backup) as old:
                assert old.execute("SELECT version_num FROM alembic_version").fetchall() == [
                    ("0001",)
                ]
                assert old.execute("SELECT name FROM event").fetchall() == [("Old open",)]


def test_the_migrated_schema_is_exactly_the_tables(db_url: str) -> None:
    with open_database(db_url, backups=False) as db, db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
        assert differences == []


def test_a_newer_database_is_refused(db_url: str) -> None:
    open_database(db_url, backups=False).close()
    db = open_database(db_url, backups=False)
    with db.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099_future'"))
    db.close()
    with pytest.raises(NewerDatabase) as refused:
        open_database(db_url)
    assert str(refused.value) == (
        "this database was written by a newer gin-scorer (revision 0099_future); this "
        f"version knows up to {head_revision()} — update gin-scorer"
    )


def test_a_foreign_sqlite_database_is_not_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE ledger (id INTEGER)")
    with pytest.raises(StoreError, match="not a gin-scorer one"):
        open_database(path)
    with sqlite3.connect(path) as connection:  # untouched
        names = connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        assert [n for (n,) in names] == ["ledger"]


def test_reopening_an_up_to_date_database_does_not_back_it_up_again(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    open_database(path).close()
    open_database(path).close()
    assert [b.reason for b in list_backups(path.resolve())] == []  # nothing worth a copy yet


def test_every_revision_downgrades_and_upgrades_again(db_url: str) -> None:
    from alembic import command
    from sqlalchemy import inspect

    from gin_scorer.store.migrate import alembic_config

    with open_database(db_url, backups=False) as db:
        with db.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "base")
        with db.engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
        upgrade_to(db, "head")
        with db.engine.connect() as connection:
            assert current_revisions(connection) == (head_revision(),)


def test_a_store_copy_starts_as_an_empty_database_at_head(tmp_path: Path) -> None:
    """Snapshots start from a kept empty database at head instead of migrating each time:
    each new file is the migrated schema exactly, empty, and two made at once in two threads
    (two backups) do not disturb each other."""
    from concurrent.futures import ThreadPoolExecutor

    from gin_scorer.store.migrate import open_copy

    def made(name: str) -> tuple[tuple[str, ...], list[object]]:
        copy = open_copy(tmp_path / name, station="test")
        try:
            with copy.engine.connect() as connection:
                differences = compare_metadata(
                    MigrationContext.configure(connection), SQLModel.metadata
                )
                rows = [
                    (table.name, connection.execute(select(table)).first())
                    for table in SQLModel.metadata.sorted_tables
                ]
                return current_revisions(connection), differences + [r for r in rows if r[1]]
        finally:
            copy.close()

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(made, [f"copy-{n}.sqlite" for n in range(6)]))
    assert results == [((head_revision(),), [])] * 6
    with open_copy(tmp_path / "copy-0.sqlite", station="test") as again:  # an existing file
        assert again.path == tmp_path / "copy-0.sqlite"


def test_the_head_read_from_the_files_is_alembics() -> None:
    """A command at head never loads Alembic (issue 41: start-up): the head it reads from the
    revision files' own lines must be the one Alembic finds, whatever the chain becomes."""
    from gin_scorer.store.migrate import shipped_head

    assert shipped_head() == head_revision()
