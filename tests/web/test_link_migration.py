"""Migration 0011 on a database that took a round back before it (SQLite and PostgreSQL): the
seal still verifies; an old table card keeps opening its match where the match's number was
never another's; a card whose number was taken back says so; and the next match number is
above every number the database ever held, not only those it holds now."""

from __future__ import annotations

import html

import pytest
from alembic import command
from sqlalchemy import text

from gin_scorer.presets import load_preset
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.link_codes import ROOM_SECRET, code, number_identity
from gin_scorer.services.writes import entrants, events, rounds
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import list_matches
from gin_scorer.services.writes.rounds import pairing
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.store.migrate import alembic_config, current_revisions
from gin_scorer.store.undo_links import UndoLink
from gin_scorer.web.app import room_app

from ..services.helpers import KNOCK_A, hand
from .conftest import fetch


def _event(db: Database, name: str, players: int) -> int:
    event = events.create_event(db, name=name, format="swiss", rules=load_preset("gra-tournament"))
    entrants.add_entrants(db, event.id, [EntrantSpec(f"{name} {n}") for n in range(players)])
    return event.id


def _numbers_handed_out_again(db: Database) -> None:
    """As before revision 0011: the next match number is the highest present plus one."""
    with db.engine.begin() as connection:
        if db.is_sqlite:
            connection.execute(text("DELETE FROM sqlite_sequence WHERE name = 'match'"))
        else:  # a restore set the sequence to the highest number present
            connection.execute(
                text(
                    "SELECT setval(pg_get_serial_sequence('\"match\"', 'id'), "
                    'coalesce((SELECT max(id) FROM "match"), 0) + 1, false)'
                )
            )


def _made_before_0011(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, int, set[int], set[int]]:
    """Two events: the first's round taken back and paired again on the same numbers (plus
    one new), the second's round taken back with the highest numbers yet."""
    first = _event(db, "First", 12)
    rounds.start_round(db, first)
    taken_back = {link.match_id for link in table_links(db, first)}  # cards were printed
    rounds.cancel_round(db, first)
    with db.engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0010")
    _numbers_handed_out_again(db)
    monkeypatch.setattr(pairing, "revoke_links", lambda *_: None)  # the code before 0011
    entrants.add_entrants(db, first, [EntrantSpec("Late 1"), EntrantSpec("Late 2")])
    rounds.start_round(db, first)
    reused = {m.id for m in list_matches(db, first)}
    assert taken_back < reused  # the old numbers were handed out again, and one more
    second = _event(db, "Second", 4)
    rounds.start_round(db, second)
    freed = {m.id for m in list_matches(db, second)}
    rounds.cancel_round(db, second)
    monkeypatch.undo()
    # Today's hand writes read the hand log with its undo links (revision 0012): the table
    # stands while today's code writes the hands of the time, and goes before the migration.
    with db.engine.begin() as connection:
        UndoLink.__table__.create(connection)  # type: ignore[attr-defined]
    for playing in (max(reused), min(reused)):  # a number never taken back, and one that was
        sheet = record_hand(db, playing, hand(KNOCK_A), 1, entered_by="table (room)")
        with db.engine.begin() as connection:  # sent from a table's page, as before 0011
            connection.execute(
                text(
                    "INSERT INTO room_submission (key, match_id, hand_entry_id, at) "
                    "VALUES (:k, :m, :h, :at)"
                ),
                {
                    "k": f"key-{playing:016d}",
                    "m": playing,
                    "h": sheet.hands[0].hand_id,
                    "at": "2026-01-01 10:00:00",
                },
            )
    with db.engine.begin() as connection:
        UndoLink.__table__.drop(connection)  # type: ignore[attr-defined]
    with db.engine.connect() as connection:
        assert current_revisions(connection) == ("0010",)
    return first, second, reused, freed


def test_old_links_after_the_migration(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_database(db_url, station="desk", backups=False)
    try:
        first, second, held, freed = _made_before_0011(db, monkeypatch)
    finally:
        db.close()
    db = open_database(db_url, station="desk", backups=False)  # migrated to head now
    try:
        for event_id in (first, second):
            report = verify_database(db, event_id)
            assert report.clean, report.problems
        said = [str(n) for n in verify_database(db, first).notes]
        assert any(
            n.startswith(f"match {min(held)}, hand 1: sent from a table's page") for n in said
        )
        assert not any(n.startswith(f"match {max(held)}, hand 1") for n in said), said
        with db.transaction(write=False) as session:
            secret = bytes.fromhex(
                session.connection()
                .execute(text("SELECT value FROM setting WHERE key = :k"), {"k": ROOM_SECRET})
                .scalar_one()
            )
        old = {n: f"/t/{n}.{code(secret, number_identity(n))}" for n in held | freed}
        room = room_app(db, first)
        fresh = max(held)  # the one number of the first event never taken back
        assert fetch(room, old[fresh]).status_code == 200  # its printed card still opens it
        for number in sorted(held - {fresh}):
            gone = fetch(room, old[number])
            assert gone.status_code == 410, number
            assert "this round was taken back" in html.unescape(gone.text)
        for link in table_links(db, first):  # the new cards open every table
            assert fetch(room, link.path).status_code == 200
        other = room_app(db, second)
        assert {fetch(other, old[n]).status_code for n in freed} == {410}
        rounds.start_round(db, second)
        again = {m.id for m in list_matches(db, second)}
        assert min(again) > max(freed), "a number freed before the migration came back"
    finally:
        db.close()
