"""A withdrawn hand keeps its place in the sheet's history, with the record it last had."""

from __future__ import annotations

from datetime import UTC, datetime

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import Side
from gin_scorer.presentation.sheet_history import withdrawn_hands, withdrawn_note
from gin_scorer.services.support.dto import EntryKind, LogEntry

AT = datetime(2026, 11, 25, 14, 3, tzinfo=UTC)
KNOCK = record_from_json({"knock": "A", "deadwood": {"A": 7, "B": 15}})
FIXED = record_from_json({"knock": "A", "deadwood": {"A": 2, "B": 15}})


def row(
    row_id: int, kind: EntryKind, *, of: int | None = None, record=None, why=None, undoes=None
) -> LogEntry:  # type: ignore[no-untyped-def]
    return LogEntry(
        id=row_id,
        seq=row_id,
        kind=kind,
        supersedes_id=of,
        record=record,
        dealer=Side.A,
        override_reason=why,
        entered_by="desk",
        station="desk",
        entered_at=AT,
        in_force=True,
        undoes_id=undoes,
    )


def test_a_corrected_then_voided_hand_is_withdrawn_with_its_corrected_record() -> None:
    log = [
        row(1, EntryKind.ENTRY, record=KNOCK),
        row(2, EntryKind.ENTRY, record=KNOCK),
        row(3, EntryKind.CORRECTION, of=1, record=FIXED, why="misheard"),
        row(4, EntryKind.VOID, of=3, why="misdeal"),
        row(5, EntryKind.VOID, of=2, undoes=2),
    ]
    gone = withdrawn_hands(log)
    assert [(hand.first_entry_id, hand.record, hand.reason) for hand in gone] == [
        (1, FIXED, "misdeal"),
        (2, KNOCK, ""),
    ]
    assert [hand.undone for hand in gone] == [False, True]
    assert [withdrawn_note(hand) for hand in gone] == ["voided: misdeal", "undone"]


def test_an_undone_hand_is_told_by_its_link_not_by_its_words() -> None:
    """The row builder reads the log's undo link (decision 0029); a void's words, whatever
    they say, never make it an undo, and an undo's words are not shown."""
    from dataclasses import replace

    from gin_scorer.presentation.words import speaking

    log = [
        row(1, EntryKind.ENTRY, record=KNOCK),
        row(2, EntryKind.VOID, of=1, why="typed by hand", undoes=1),
        row(3, EntryKind.ENTRY, record=KNOCK),
        row(4, EntryKind.VOID, of=3, why="undo of recording hand 2"),  # words, not a link
    ]
    [undone, voided] = withdrawn_hands(log)
    assert undone.undone and not voided.undone
    with speaking(lambda _context, text: text.upper()):
        assert withdrawn_note(undone) == "UNDONE"
        assert withdrawn_note(voided) == "VOIDED: undo of recording hand 2"
        assert withdrawn_note(replace(undone, undone=False)) == "VOIDED: typed by hand"


def test_a_void_taken_back_is_no_longer_withdrawn() -> None:
    log = [
        row(1, EntryKind.ENTRY, record=KNOCK),
        row(2, EntryKind.VOID, of=1, why="misdeal"),
        row(3, EntryKind.CORRECTION, of=2, record=KNOCK, undoes=2),
    ]
    assert withdrawn_hands(log) == ()
