"""The service functions that replaced the front ends' own store calls (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.services.queries.audit_log import check_audit_log, recent_audit_entries
from gin_scorer.services.queries.lookups import match_of_hand
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.errors import NotFound, StoreError
from gin_scorer.services.writes.backup_schedule import backup_schedule, set_backup_schedule
from gin_scorer.services.writes.copies import copy_to_file
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import create_match, get_match


def test_the_backup_schedule_is_read_and_changed_through_the_services(db: Database) -> None:
    changed = set_backup_schedule(db, every_minutes=3)
    assert changed.every_minutes == 3
    assert backup_schedule(db) == changed
    with pytest.raises(StoreError, match="at least 1"):
        set_backup_schedule(db, every_hands=0)
    assert backup_schedule(db) == changed


def test_the_audit_log_reads_as_sentences_and_lines(db: Database) -> None:
    create_event(db, name="Club night", format="club")
    check = check_audit_log(db)
    assert check.broken is None and check.count >= 1 and check.latest_code
    lines = recent_audit_entries(db, 5)
    assert lines[-1].action and lines[-1].payload_json.startswith("{")


def test_a_copy_to_a_file_opens_as_the_same_database(db: Database, tmp_path: Path) -> None:
    create_event(db, name="Copied", format="club")
    out = tmp_path / "copy.sqlite"
    copy_to_file(db, out)
    with open_database(str(out), backups=False) as copy:
        assert check_audit_log(copy).count == check_audit_log(db).count


def test_the_match_of_a_hand(db: Database) -> None:
    from tests.services.helpers import KNOCK_A, hand

    event = create_event(db, name="Club night", format="club")
    ann = add_entrant(db, event.id, "Ann")
    bob = add_entrant(db, event.id, "Bob")
    match = create_match(db, event.id, ann.id, bob.id)
    version = get_match(db, match.id).version
    sheet = record_hand(db, match.id, hand(KNOCK_A), version, entered_by="desk")
    assert match_of_hand(db, sheet.hands[-1].hand_id) == match.id
    with pytest.raises(NotFound, match="hand entry"):
        match_of_hand(db, 99_999)
