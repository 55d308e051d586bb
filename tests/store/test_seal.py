"""The seal as the app writes it: one link per write transaction, old databases sealed at
upgrade, director actions signed with the PIN's key, whole-database copies keeping the seal."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import select

from gin_scorer.cli import main
from gin_scorer.presets import load_preset
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes import rounds
from gin_scorer.services.writes.backups import restore_backup
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import (
    create_event,
    get_event,
    set_event_pin,
    set_event_status,
)
from gin_scorer.services.writes.exchange import export_event_json, import_event_json
from gin_scorer.services.writes.matches import get_score_sheet, set_result_lock
from gin_scorer.simulation import simulate_match
from gin_scorer.store import open_database
from gin_scorer.store.migrate import upgrade_to
from gin_scorer.store.seal import parse_seal_code, seal_code
from gin_scorer.store.settings import set_setting
from gin_scorer.store.snapshot import snapshot_to_sqlite
from gin_scorer.store.tables import Event, Player, SealLink

FAST = "wikipedia-standard"


def _links(db: Any) -> list[SealLink]:
    with db.transaction(write=False) as session:
        return list(session.exec(select(SealLink).order_by(SealLink.id)))  # type: ignore[arg-type]


def _event(db: Any, *, pin: str | None = None, players: int = 4) -> tuple[int, rounds.RoundView]:
    event = create_event(db, name="Open", rules=load_preset(FAST), format="swiss", pin=pin)
    for i in range(players):
        add_entrant(db, event.id, f"Player {i + 1}", seed=i + 1, checked_in=True)
    view = rounds.start_round(db, event.id)
    for p in view.pairings:
        if p.b is not None:
            hands = simulate_match(random.Random(p.match_id), load_preset(FAST))
            rounds.record_match_hands(
                db,
                p.match_id,
                [(h.record, h.dealer) for h in hands],
                get_score_sheet(db, p.match_id).version,
                entered_by="t",
            )
    return event.id, view


def test_one_link_per_write_transaction_and_none_for_the_rest(tmp_path: Path) -> None:
    with open_database(tmp_path / "a.sqlite", station="desk", backups=False) as db:
        assert current_seal(db) is None and _links(db) == []  # a new database: empty chain
        with db.transaction() as session:
            session.add(Player(name="Ann"))
            session.add(Player(name="Bob"))
        links = _links(db)
        assert len(links) == 1 and links[0].prev_hash == "" and links[0].station == "desk"
        body = json.loads(links[0].body_json)
        assert [(r["t"], r["id"], r["op"], r["row"]["name"]) for r in body] == [
            ("player", 1, "insert", "Ann"),
            ("player", 2, "insert", "Bob"),
        ]
        with pytest.raises(RuntimeError), db.transaction() as session:
            session.add(Player(name="Never"))
            session.flush()
            raise RuntimeError("the action failed")
        with db.transaction() as session:
            set_setting(session, "backup.every_hands", "5")  # not a fact: not sealed
        with db.transaction() as session:
            session.add(Player(name="Gone"))
            session.flush()
            session.delete(session.get(Player, 3))  # inserted and deleted: nothing to seal
        assert len(_links(db)) == 1
        code = current_seal(db)
        assert code == seal_code(1, links[0].hash)
        assert parse_seal_code(code.lower().replace("-", "", 1)) is None  # the id needs its dash
        parsed = parse_seal_code(" " + code.lower() + " ")
        assert parsed == (1, code)


def test_verify_reads_rows_exactly_as_the_seal_wrote_them(db_url: str) -> None:
    """verify reads rows through the driver for speed: it must see the very values the seal
    canonicalised through SQLAlchemy (times, dates, booleans, long texts, the PIN)."""
    from datetime import date

    from gin_scorer.store.seal_rows import all_sealed_rows, scan_sealed_rows
    from gin_scorer.store.settings import set_director_pin

    with open_database(db_url, backups=False) as db:
        _event(db, pin="4321")
        with db.transaction() as session:
            set_director_pin(session, "2468")
            session.add(Player(name="Ann", club=None))
        with db.transaction() as session:
            event = session.get(Event, 1)
            assert event is not None
            event.start_date = date(2026, 11, 24)
        with db.engine.connect() as connection:
            fast = list(scan_sealed_rows(connection))
            slow = list(all_sealed_rows(connection))
        assert fast == slow and len(fast) > 20
        assert any(t == "setting" for t, _, _ in fast)


def test_core_updates_are_sealed_too(tmp_path: Path) -> None:
    """bump_version moves the match's version with a core UPDATE: its link still holds it."""
    with open_database(tmp_path / "a.sqlite", backups=False) as db:
        _event(db)
        last = json.loads(_links(db)[-1].body_json)
        match = next(r for r in last if r["t"] == "match")
        assert match["row"]["version"] > 1 and match["row"]["rules_json"].startswith("sha256:")
        assert verify_database(db).clean


def test_an_old_database_is_sealed_as_it_stands_at_the_upgrade(db_url: str) -> None:
    db = open_database(db_url, migrate=False, backups=False)
    try:
        upgrade_to(db, "0003")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO event (id, name, format, rules_json, settings_json, status,"
                    " created_at, version) VALUES (1, 'Old open', 'swiss', '{}', '{}',"
                    " 'running', '2025-01-02 10:00:00', 3)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO player (id, name) VALUES (1, 'Ann');"
                    if db.is_sqlite
                    else "INSERT INTO player (id, name) VALUES (1, 'Ann')"
                )
            )
    finally:
        db.close()
    with open_database(db_url, backups=False) as db:
        links = _links(db)
        assert len(links) == 1 and links[0].station == "upgrade"
        assert {(r["t"], r["id"]) for r in json.loads(links[0].body_json)} == {
            ("event", 1),
            ("player", 1),
        }
        report = verify_database(db)
        assert report.clean, report.problems
        assert report.seal is not None and report.seal.links == 1


def test_director_actions_are_signed_and_verify(tmp_path: Path) -> None:
    with open_database(tmp_path / "a.sqlite", backups=False) as db:
        event_id, view = _event(db, pin="4321")
        match_id = view.pairings[0].match_id
        set_result_lock(
            db, match_id, get_score_sheet(db, match_id).version, pin="4321", locked=True
        )
        set_result_lock(
            db, match_id, get_score_sheet(db, match_id).version, pin="4321", locked=False
        )
        set_event_pin(db, event_id, "8642", old_pin="4321")
        set_event_status(db, event_id, EventStatus.FINISHED, get_event(db, event_id).version)
        set_event_status(
            db, event_id, EventStatus.RUNNING, get_event(db, event_id).version, pin="8642"
        )
        signed = [json.loads(link.signatures_json) for link in _links(db) if link.signatures_json]
        assert len(signed) == 4 and all(set(s) == {f"event:{event_id}"} for s in signed)
        report = verify_database(db)
        assert report.clean, report.problems


def test_the_director_pin_command_signs_with_the_database_pin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    path = tmp_path / "a.sqlite"
    monkeypatch.setattr("sys.stdin", io.StringIO("2468\n"))
    assert main(["--db", str(path), "--create", "director-pin", "set"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("1357\n"))
    assert main(["--db", str(path), "director-pin", "set", "--pin", "2468"]) == 0
    with open_database(path, backups=False) as db:
        signatures = [link.signatures_json for link in _links(db)]
        assert signatures[0] is None and json.loads(str(signatures[1])).keys() == {"database"}
    capsys.readouterr()
    assert main(["--db", str(path), "verify"]) == 0, capsys.readouterr().out


def test_an_imported_event_is_sealed(tmp_path: Path) -> None:
    with open_database(tmp_path / "a.sqlite", backups=False) as db:
        event_id, _ = _event(db)
        document = export_event_json(db, event_id)
    with open_database(tmp_path / "b.sqlite", backups=False) as other:
        import_event_json(other, document)
        report = verify_database(other)
        assert report.clean, report.problems
        assert report.seal is not None and report.seal.links >= 1


@pytest.mark.postgres
def test_server_copies_keep_the_seal_both_ways(tmp_path: Path, pg_url: str) -> None:
    club = tmp_path / "club.sqlite"
    with open_database(club, backups=False) as db:
        _event(db, pin="4321")
        code = current_seal(db)
    restore_backup(pg_url, club)  # the club moves onto a server: rows copied verbatim
    with open_database(pg_url, backups=False) as server:
        report = verify_database(server, seal_code=code)
        assert report.clean, report.problems
        assert current_seal(server) == code
        add_entrant(server, 1, "Late Comer")  # the chain goes on from the copied links
        later = current_seal(server)
        out = tmp_path / "server-backup.sqlite"
        snapshot_to_sqlite(server, out)
    with open_database(out, backups=False) as copy:
        assert current_seal(copy) == later
        report = verify_database(copy, seal_code=code)
        assert report.clean, report.problems


@pytest.mark.postgres
def test_an_edit_on_the_server_is_caught(pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with open_database(pg_url, backups=False) as db:
        _event(db)
        with db.engine.begin() as connection:
            # What someone with psql and the table owner's rights can do.
            connection.exec_driver_sql("ALTER TABLE hand_entry DISABLE TRIGGER USER")
            connection.exec_driver_sql(
                "UPDATE hand_entry SET dealer = CASE WHEN dealer = 'A' THEN 'B' ELSE 'A' END "
                "WHERE id = 3"
            )
            connection.exec_driver_sql("ALTER TABLE hand_entry ENABLE TRIGGER USER")
    capsys.readouterr()
    assert main(["--db", pg_url, "verify"]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM: hand_entry 3 was changed outside the app (dealer;" in out, out
