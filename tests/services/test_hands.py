"""Recording, correcting, voiding and undoing hands, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlmodel import select

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.core.ledgers import PerSide
from gin_scorer.services.support import changes
from gin_scorer.services.support.dto import EntryKind, EventStatus, MatchStatus, MatchView
from gin_scorer.services.support.errors import (
    ConflictError,
    HandRejected,
    InvalidInput,
    NotFound,
    PinError,
)
from gin_scorer.services.writes import events, hands, matches
from gin_scorer.store import audit
from gin_scorer.store.database import Database
from gin_scorer.store.tables import HandEntry

from .helpers import GIN_A, GIN_B, KNOCK_A, hand

NewMatch = Callable[..., MatchView]


def test_record_hand_scores_and_moves_status(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    assert match.status is MatchStatus.PENDING
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="Tom")
    assert sheet.version == match.version + 1
    assert sheet.match.status is MatchStatus.PLAYING
    [row] = sheet.hands
    assert (row.number, row.result.outcome, row.result.points) == (1, Outcome.KNOCK, 8)
    assert row.totals_after == PerSide(8, 0)
    assert row.game_number == 1
    assert (row.entered_by, row.station) == ("Tom", "desk-1")
    assert row.dealer is Side.A and sheet.next_dealer is Side.B  # alternate dealing
    assert events.get_event(db, match.event_id).status is EventStatus.RUNNING
    # Best of five games to 250: gin worth 75 each, four gins take a game, 12 take the match.
    for _ in range(11):
        sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="Tom")
    assert not sheet.finished and sheet.games_won == PerSide(2, 0)
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="Tom")
    assert sheet.finished and sheet.winner is Side.A
    assert sheet.winner_entrant is not None and sheet.winner_entrant.name == "Ada Lovelace"
    assert sheet.games_won == PerSide(3, 0)
    assert sheet.match.status is MatchStatus.FINISHED
    assert matches.get_match(db, match.id).status is MatchStatus.FINISHED
    with pytest.raises(InvalidInput, match="already decided"):
        hands.record_hand(db, match.id, hand(GIN_B), sheet.version, entered_by="Tom")


def test_sheet_is_always_recomputed_from_the_hands(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_B), sheet.version, entered_by="T")
    assert sheet.current_totals == PerSide(8, 75)
    first = sheet.hands[0].hand_id
    sheet = hands.correct_hand(
        db, first, hand(GIN_A), sheet.version, reason="it was gin", entered_by="Director"
    )
    assert [r.totals_after for r in sheet.hands] == [PerSide(75, 0), PerSide(75, 75)]
    assert sheet.hands[0].corrected and sheet.hands[0].first_entry_id == first
    assert sheet.hands[0].override_reason == "it was gin"
    again = matches.get_score_sheet(db, match.id)
    assert again.hands == sheet.hands and again.version == sheet.version


def test_errors_refused_unless_overridden_and_the_reason_is_shown(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db)
    over_limit = hand({"knock": "A", "deadwood": {"A": 12, "B": 30}})
    with pytest.raises(HandRejected) as refused:
        hands.record_hand(db, match.id, over_limit, match.version, entered_by="T")
    assert [p.code for p in refused.value.problems] == ["knock_above_limit"]
    assert "knock limit is 10" in str(refused.value)
    # Nothing was written and the version did not move.
    assert matches.get_score_sheet(db, match.id).version == match.version
    sheet = hands.record_hand(
        db,
        match.id,
        over_limit,
        match.version,
        entered_by="T",
        override_reason="director: the limit was 12 in this side event",
    )
    row = sheet.hands[0]
    assert row.override_reason == "director: the limit was 12 in this side event"
    assert [p.code for p in row.errors] == ["knock_above_limit"]
    assert matches.get_score_sheet(db, match.id).hands[0].override_reason == row.override_reason


def test_warnings_come_back_with_the_sheet(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    # Knocker A laid 3♥4♥5♥ 7♣8♣9♣ JJJ with 2♦; B laid nothing though A♠2♠3♠ and 6♥ fit.
    record = hand(
        {
            "knock": "A",
            "deadwood": {"A": 2, "B": 51},
            "cards": {
                "knocker_melds": ["3h 4h 5h", "7c 8c 9c", "Js Jd Jc"],
                "knocker_deadwood": ["2d"],
                "defender": ["6h", "Kd", "Qs", "2s", "3s", "8d", "9d", "Ac", "Ah", "As"],
                "defender_melds": [],
                "layoffs": [],
            },
        }
    )
    sheet = hands.record_hand(db, match.id, record, match.version, entered_by="T")
    assert sheet.hands[0].warnings, "a missed layoff is a warning"
    assert not sheet.hands[0].errors
    assert sheet.warnings == sheet.hands[0].warnings


def test_stale_version_is_a_conflict_never_a_lost_update(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    first = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="desk 1")
    with pytest.raises(ConflictError) as conflict:
        hands.record_hand(db, match.id, hand(GIN_B), match.version, entered_by="desk 2")
    # Decision 0004: a conflict names the station and the hand (issue 41).
    said = str(conflict.value)
    assert said.startswith(f"match {match.id} was changed at station {db.station} ")
    assert f"its newest entry: hand 1, from {db.station}" in said
    assert "this screen" not in said
    sheet = matches.get_score_sheet(db, match.id)
    assert len(sheet.hands) == 1 and sheet.version == first.version


def test_void_and_undo_keep_the_log_append_only(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_B), sheet.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="T")
    middle = sheet.hands[1].hand_id
    sheet = hands.void_hand(db, middle, sheet.version, reason="misdeal", entered_by="Dir")
    assert [r.number for r in sheet.hands] == [1, 2]
    assert sheet.current_totals == PerSide(83, 0)
    with pytest.raises(InvalidInput, match="already replaced"):
        hands.void_hand(db, middle, sheet.version, reason="again", entered_by="Dir")
    # Undo of the void brings the hand back; redo (the undo of that undo) voids it again.
    sheet = hands.undo(db, match.id, sheet.version, entered_by="Dir")
    assert sheet.current_totals == PerSide(83, 75)
    assert [r.number for r in sheet.hands] == [1, 2, 3]
    sheet = hands.redo(db, match.id, sheet.version, entered_by="Dir")
    assert sheet.current_totals == PerSide(83, 0)
    kinds = [e.kind for e in sheet.log]
    assert kinds == [EntryKind.ENTRY] * 3 + [EntryKind.VOID, EntryKind.CORRECTION, EntryKind.VOID]
    assert sum(e.in_force for e in sheet.log) == 3
    # Undo of a plain new entry voids it.
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), sheet.version, entered_by="T")
    assert len(sheet.hands) == 3
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")
    assert len(sheet.hands) == 2
    with db.transaction(write=False) as session:
        rows = session.exec(select(HandEntry).where(HandEntry.match_id == match.id)).all()
    assert len(rows) == len(sheet.log) == 8


def test_undo_of_a_correction_restores_the_old_record(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    sheet = hands.correct_hand(
        db, sheet.hands[0].hand_id, hand(GIN_B), sheet.version, reason="r", entered_by="T"
    )
    assert sheet.current_totals == PerSide(0, 75)
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")
    assert sheet.current_totals == PerSide(8, 0)
    assert sheet.hands[0].record == hand(KNOCK_A)


def test_locked_result_needs_the_pin(db: Database, new_match: NewMatch) -> None:
    match = new_match(db, pin="2468", best_of=1, target=100)
    sheet = hands.record_hand(db, match.id, hand(GIN_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="T")
    assert sheet.finished
    with pytest.raises(PinError, match="is needed"):
        matches.set_result_lock(db, match.id, sheet.version, locked=True)
    with pytest.raises(PinError, match="wrong director PIN"):
        matches.set_result_lock(db, match.id, sheet.version, pin="1111", locked=True)
    sheet = matches.set_result_lock(db, match.id, sheet.version, pin="2468", locked=True)
    assert sheet.match.status is MatchStatus.LOCKED
    last = sheet.hands[-1].hand_id
    # A locked result takes no entries, not even with the PIN: unlocking is its own step.
    with pytest.raises(InvalidInput, match="locked: unlock it first to void a hand"):
        hands.void_hand(db, last, sheet.version, reason="x", entered_by="T", pin="2468")
    sheet = matches.set_result_lock(db, match.id, sheet.version, pin="2468", locked=False)
    assert sheet.match.status is MatchStatus.FINISHED
    sheet = hands.void_hand(db, last, sheet.version, reason="x", entered_by="T")
    assert sheet.match.status is MatchStatus.PLAYING and not sheet.finished
    with pytest.raises(InvalidInput, match="not finished"):
        matches.set_result_lock(db, match.id, sheet.version, pin="2468", locked=True)


def test_correction_policy_refusal_is_lifted_by_the_pin(
    db: Database, new_match: NewMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin_scorer.services.queries import correction_policy

    match = new_match(db, pin="2468")
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    monkeypatch.setattr(
        correction_policy, "correction_refusal", lambda session, match_id: "round 3 is paired"
    )
    hand_id = sheet.hands[0].hand_id
    with pytest.raises(PinError, match="round 3 is paired"):
        hands.correct_hand(db, hand_id, hand(GIN_A), sheet.version, reason="r", entered_by="T")
    sheet = hands.correct_hand(
        db, hand_id, hand(GIN_A), sheet.version, reason="r", entered_by="T", pin="2468"
    )
    assert sheet.hands[0].result.outcome is Outcome.GIN


def test_bad_input_is_named(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    with pytest.raises(InvalidInput, match="defender's deadwood is missing"):
        hands.record_hand(db, match.id, hand({"knock": "A"}), match.version, entered_by="T")
    with pytest.raises(InvalidInput, match="entered by must not be empty"):
        hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by=" ")
    with pytest.raises(NotFound, match="no match 999"):
        hands.record_hand(db, 999, hand(KNOCK_A), 1, entered_by="T")
    with pytest.raises(NotFound, match="no hand entry 999"):
        hands.void_hand(db, 999, 1, reason="x", entered_by="T")
    with pytest.raises(InvalidInput, match="reason for the void must not be empty"):
        hands.void_hand(db, 1, 1, reason="", entered_by="T")


def test_every_change_is_audited_and_in_the_change_feed(db: Database, new_match: NewMatch) -> None:
    start = changes.current_marker(db)
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="Tom")
    feed = changes.changes_since(db, start)
    assert match.id in feed.match_ids and match.event_id in feed.event_ids
    assert "hand_entry" in {c.table for c in feed.changes}
    assert changes.changes_since(db, feed.marker).changes == ()
    hands.void_hand(db, sheet.hands[0].hand_id, sheet.version, reason="oops", entered_by="Tom")
    later = changes.changes_since(db, feed.marker, event_id=match.event_id)
    assert later.match_ids == {match.id}
    with db.transaction(write=False) as session:
        assert audit.verify_chain(session) is None
        actions = [(e.action, e.actor) for e in audit.recent(session, 3)]
    assert ("hand.record", "Tom") in actions and ("hand.void", "Tom") in actions


def test_bye_takes_no_hands(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    bye = matches.create_match(db, match.event_id, match.a.id, None)
    assert bye.is_bye and bye.status is MatchStatus.FINISHED
    with pytest.raises(InvalidInput, match="bye"):
        hands.record_hand(db, bye.id, hand(KNOCK_A), bye.version, entered_by="T")


def test_hollywood_rows_show_the_first_game_they_count_in(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db, match_format="hollywood", target=100)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), sheet.version, entered_by="T")
    assert [(r.game_number, r.totals_after) for r in sheet.hands] == [
        (1, PerSide(8, 0)),
        (1, PerSide(16, 0)),
    ]
    assert len(sheet.ledger.games) >= 2  # type: ignore[attr-defined]


def test_backup_after_enough_hands_on_sqlite(
    sqlite_db: Database, new_match: NewMatch, backups_in_tmp: object
) -> None:
    from gin_scorer.store.backup import list_backups

    assert sqlite_db.path is not None
    match = new_match(sqlite_db, target=10_000)
    before = len(list_backups(sqlite_db.path))
    sheet = matches.get_score_sheet(sqlite_db, match.id)
    for _ in range(26):
        sheet = hands.record_hand(sqlite_db, match.id, hand(KNOCK_A), sheet.version, entered_by="T")
    assert len(list_backups(sqlite_db.path)) > before


def test_without_a_director_pin_lock_and_policy_still_hold(
    db: Database, new_match: NewMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin_scorer.services.queries import correction_policy

    match = new_match(db, best_of=1, target=100)
    sheet = hands.record_hand(db, match.id, hand(GIN_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="T")
    sheet = matches.set_result_lock(db, match.id, sheet.version, locked=True)
    with pytest.raises(InvalidInput, match="locked: unlock it first to void a hand"):
        hands.void_hand(db, sheet.hands[0].hand_id, sheet.version, reason="x", entered_by="T")
    sheet = matches.set_result_lock(db, match.id, sheet.version, locked=False)
    assert sheet.match.status is MatchStatus.FINISHED
    monkeypatch.setattr(
        correction_policy, "correction_refusal", lambda session, match_id: "round 2 is paired"
    )
    with pytest.raises(PinError, match="round 2 is paired; only the director may"):
        hands.void_hand(db, sheet.hands[0].hand_id, sheet.version, reason="x", entered_by="T")
    event = events.set_event_pin(db, match.event_id, "2468")
    assert event.has_pin
    sheet = hands.void_hand(
        db, sheet.hands[0].hand_id, sheet.version, reason="x", entered_by="T", pin="2468"
    )
    assert len(sheet.hands) == 1


def test_one_except_catches_every_refusal(db: Database, new_match: NewMatch) -> None:
    from gin_scorer.services.support.errors import ServiceError
    from gin_scorer.store import errors as store_errors

    match = new_match(db, pin="2468")
    hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    with pytest.raises(ServiceError) as stale:
        hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    assert isinstance(stale.value, store_errors.ConflictError)
    with pytest.raises(ServiceError) as wrong:
        events.set_event_pin(db, match.event_id, "1111", old_pin="0000")
    assert isinstance(wrong.value, store_errors.PinError)


def test_an_undo_is_linked_in_the_log_and_said_in_the_readers_words(
    db: Database, new_match: NewMatch
) -> None:
    """An undo's row is linked to the row it takes back (decision 0029), and its reason keeps
    only words a person typed (a correction back restores the record's own); the sheet's
    history reads the link and says what happened in the reader's language."""
    from gin_scorer.presentation.sheet_history import history_lines, withdrawn_hands
    from gin_scorer.presentation.words import speaking

    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    first = sheet.hands[0].hand_id
    sheet = hands.correct_hand(db, first, hand(GIN_B), sheet.version, reason="r", entered_by="T")
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="T")
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")
    ids = [e.id for e in sheet.log]
    assert [e.override_reason for e in sheet.log] == [None, "r", None, None, None]
    assert [e.undoes_id for e in sheet.log] == [None, None, ids[1], None, ids[3]]
    assert matches.get_score_sheet(db, match.id).log == sheet.log  # read back, the same
    [gone] = withdrawn_hands(sheet.log)
    assert gone.undone and gone.record == hand(GIN_A)
    english = history_lines(sheet)
    assert english[0] == "† hand 1: a change undone"
    assert english[1].startswith("✗ after hand 1, undone: ")
    with speaking(lambda _context, text: text.upper()):
        shouted = history_lines(sheet)
    assert shouted[0] == "† HAND 1: A CHANGE UNDONE"
    assert shouted[1].startswith("✗ AFTER HAND 1, UNDONE: ")
    assert not any("undo of" in line.lower() for line in (*english, *shouted))
