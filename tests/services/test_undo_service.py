"""Undo and redo as one service (decision 0029): the newest undoable action is a fold over
the log's links, on SQLite and PostgreSQL, and nothing reads a reason's words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlmodel import select

import gin_scorer
from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import PerSide
from gin_scorer.services.support import changes
from gin_scorer.services.support.dto import EntryKind, MatchView, ResultKind
from gin_scorer.services.support.errors import InvalidInput, ServiceError
from gin_scorer.services.writes import hands, matches
from gin_scorer.services.writes.results import ResultReport, record_result, void_result
from gin_scorer.store.database import Database
from gin_scorer.store.seal_check import check_seal
from gin_scorer.store.undo_links import UndoLink

from .helpers import GIN_A, GIN_B, KNOCK_A, hand

NewMatch = Callable[..., MatchView]


def test_undo_and_redo_walk_back_and_forth_through_the_log(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db)
    with pytest.raises(InvalidInput, match=rf"^match {match.id} has nothing to undo$"):
        hands.undo(db, match.id, match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_B), sheet.version, entered_by="T")
    first = sheet.hands[0].hand_id
    sheet = hands.correct_hand(db, first, hand(GIN_A), sheet.version, reason="r", entered_by="T")
    assert sheet.current_totals == PerSide(75, 75)
    with pytest.raises(InvalidInput, match=rf"^match {match.id} has nothing to redo$"):
        hands.redo(db, match.id, sheet.version, entered_by="T")
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")  # the correction
    assert sheet.hands[0].record == hand(KNOCK_A) and sheet.current_totals == PerSide(8, 75)
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")  # hand 2's recording
    assert len(sheet.hands) == 1 and sheet.current_totals == PerSide(8, 0)
    sheet = hands.redo(db, match.id, sheet.version, entered_by="T")  # hand 2 again
    assert len(sheet.hands) == 2 and sheet.current_totals == PerSide(8, 75)
    sheet = hands.redo(db, match.id, sheet.version, entered_by="T")  # the correction again
    assert sheet.hands[0].record == hand(GIN_A)
    with pytest.raises(InvalidInput, match="nothing to redo"):
        hands.redo(db, match.id, sheet.version, entered_by="T")
    # Undo takes back the redo, and a person's new action ends what could be redone.
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")
    assert sheet.hands[0].record == hand(KNOCK_A)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), sheet.version, entered_by="T")
    with pytest.raises(InvalidInput, match="nothing to redo"):
        hands.redo(db, match.id, sheet.version, entered_by="T")
    # Every undo row names the row it takes back; the reasons hold only typed words.
    undoing = [(e.kind, e.undoes_id is not None) for e in sheet.log]
    assert undoing == [
        (EntryKind.ENTRY, False),
        (EntryKind.ENTRY, False),
        (EntryKind.CORRECTION, False),
        (EntryKind.CORRECTION, True),
        (EntryKind.VOID, True),
        (EntryKind.CORRECTION, True),
        (EntryKind.CORRECTION, True),
        (EntryKind.CORRECTION, True),
        (EntryKind.ENTRY, False),
    ]
    assert {e.override_reason for e in sheet.log} == {None, "r"}
    assert matches.get_score_sheet(db, match.id).log == sheet.log
    with db.transaction(write=False) as session:
        assert check_seal(session).holds  # the links are sealed with their rows


def test_an_undo_names_its_row_and_a_retry_writes_nothing_twice(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="desk 1")
    mine = sheet.log[-1].id
    start = changes.current_marker(db)
    sheet = hands.undo(db, match.id, sheet.version, entered_by="desk 1", target=mine)
    feed = changes.changes_since(db, start, event_id=match.event_id)  # an event's stations
    assert {"hand_entry", "undo_link"} <= {c.table for c in feed.changes}
    sheet = hands.redo(db, match.id, sheet.version, entered_by="desk 1")
    mine = sheet.log[-1].id
    sheet = hands.record_hand(db, match.id, hand(GIN_B), sheet.version, entered_by="desk 2")
    theirs = sheet.log[-1].id
    with pytest.raises(InvalidInput, match=rf"newest change is entry {theirs}, not {mine}"):
        hands.undo(db, match.id, sheet.version, entered_by="desk 1", target=mine)
    assert matches.get_score_sheet(db, match.id).version == sheet.version  # nothing written
    once = hands.undo(db, match.id, sheet.version, entered_by="T", submission="k" * 20)
    again = hands.undo(db, match.id, sheet.version, entered_by="T", submission="k" * 20)
    assert again.log == once.log and len(once.hands) == 1


def test_undo_is_refused_where_a_correction_is(db: Database, new_match: NewMatch) -> None:
    """The authority table and the lock: a locked result takes no undo, even with the PIN."""
    match = new_match(db, pin="2468", best_of=1, target=100)
    sheet = hands.record_hand(db, match.id, hand(GIN_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="T")
    sheet = matches.set_result_lock(db, match.id, sheet.version, pin="2468", locked=True)
    with pytest.raises(ServiceError, match="locked"):
        hands.undo(db, match.id, sheet.version, entered_by="T", pin="2468")


def test_a_result_taken_back_is_linked_to_the_row_it_voids(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db)
    report = ResultReport(ResultKind.SLIP, Side.A, (3, 1), ())
    sheet = record_result(db, match.id, report, match.version, entered_by="Desk")
    assert sheet.result is not None
    reported = sheet.result.entry_id
    void_result(db, match.id, sheet.version, reason="wrong table", entered_by="Desk")
    with db.transaction(write=False) as session:
        links = session.exec(select(UndoLink).where(UndoLink.match_id == match.id)).all()
        assert [(link.log, link.undoes_id) for link in links] == [("result", reported)]
        assert check_seal(session).holds


def test_no_code_outside_the_migration_reads_an_undo_from_its_words() -> None:
    """Undo is a link (decision 0029): the old reason text is read once, by revision 0012."""
    package = Path(gin_scorer.__file__).parent
    marked = re.compile(r"undo\s+of\b", re.IGNORECASE)
    found = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*"))
        if path.is_file()
        and path.suffix in {".py", ".html", ".js", ".ts", ".txt", ".md", ".json"}
        and path.name != "0012_undo_links.py"
        and marked.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []
