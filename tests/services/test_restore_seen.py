"""A station that stays open while another restores a backup reads the restored database,
never what it had worked out before: a restore takes the database back, and the hands
entered after it may reuse the ids, counts and versions of the ones it took away."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gin_scorer.services.support import changes
from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.writes import hands
from gin_scorer.services.writes.backups import back_up_now, restore_backup
from gin_scorer.services.writes.rounds import read_event
from gin_scorer.store.database import Database, open_database

from .helpers import GIN_B, KNOCK_A, hand


def _games(db: Database, match: MatchView) -> tuple[int, int]:
    with db.transaction(write=False) as session:
        facts = read_event(session, match.event_id, with_views=False)
    found = next(m for m in facts.matches if m.row.id == match.id)
    return found.games_a, found.games_b


def test_a_station_open_through_a_restore_reads_the_restored_hands(
    tmp_path: Path, new_match: Callable[..., MatchView]
) -> None:
    path = tmp_path / "club.sqlite"
    desk = open_database(path, station="desk-1")
    try:
        match = new_match(desk, target=5)  # a game for every hand won
        taken = back_up_now(desk)  # the match, no hand yet
        marker = changes.current_marker(desk)
        hands.record_hand(desk, match.id, hand(KNOCK_A), match.version, entered_by="T")
        assert _games(desk, match) == (1, 0)  # and the desk keeps what it worked out

        restore_backup(str(path), taken.path)  # from another station: the desk stays open
        with open_database(path, station="desk-2") as other:
            # The same id, the same count, the same version: another hand altogether.
            hands.record_hand(other, match.id, hand(GIN_B), match.version, entered_by="T")

        feed = changes.changes_since(desk, marker, event_id=match.event_id)
        assert ("database", "restore") in {(c.table, c.op) for c in feed.changes}
        assert _games(desk, match) == (0, 1)
    finally:
        desk.close()


def test_the_restore_is_in_every_events_feed(
    db: Database, new_match: Callable[..., MatchView]
) -> None:
    """A page watching one event learns of the restore too, and reloads."""
    match = new_match(db)
    taken = back_up_now(db)
    marker = changes.current_marker(db)
    if db.path is None:  # PostgreSQL: the server is restored, the station stays connected
        restore_backup(db.url, taken.path)
    else:
        restore_backup(str(db.path), taken.path)
    feed = changes.changes_since(db, marker, event_id=match.event_id)
    assert [(c.table, c.op, c.event_id) for c in feed.changes] == [("database", "restore", None)]
