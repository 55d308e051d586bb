"""The room secret that table links are checked against is read once per open database, not
once per request; a secret made afresh by another station (links made again after restoring a
backup older than the secret) is still found before a link is refused."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event

from gin_scorer.services.support.errors import NotFound
from gin_scorer.services.writes.matches import list_matches
from gin_scorer.services.writes.table_links import ROOM_SECRET, sheet_of_token, table_links
from gin_scorer.store import open_database
from gin_scorer.store.database import Database


@contextmanager
def _statements(db: Database) -> Iterator[list[str]]:
    said: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        said.append(statement)

    engines = {id(e): e for e in (db.engine, db.read_engine)}.values()
    for engine in engines:
        event.listen(engine, "before_cursor_execute", note)
    try:
        yield said
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", note)


def _token(db: Database, event_id: int) -> tuple[int, str]:
    link = next(link for link in table_links(db, event_id) if link.round_number == 2)
    return link.match_id, link.path.removeprefix("/t/")


def test_a_tables_requests_do_not_read_the_secret_again(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match_id, token = _token(db, event_id)
    with _statements(db) as said:
        for _ in range(3):
            assert sheet_of_token(db, event_id, token).match.id == match_id
    assert not [s for s in said if "setting" in s.lower()], said


def test_a_link_made_under_a_new_secret_on_another_station_opens(room_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    desk, event_id = room_db
    room = open_database(str(tmp_path / "room.sqlite"), station="room", backups=False)
    try:
        match_id, old = _token(desk, event_id)
        assert sheet_of_token(room, event_id, old).match.id == match_id  # the room keeps it
        with desk.transaction() as session:  # as a restore of a backup older than the secret
            session.connection().exec_driver_sql(
                "DELETE FROM setting WHERE key = ?", (ROOM_SECRET,)
            )
        _, new = _token(desk, event_id)
        assert new != old
        assert sheet_of_token(room, event_id, new).match.id == match_id
        other = next(m for m in list_matches(room, event_id) if m.id != match_id)
        forged = f"{other.id}.{new.split('.')[1]}"
        with pytest.raises(NotFound):
            sheet_of_token(room, event_id, forged)
    finally:
        room.close()
