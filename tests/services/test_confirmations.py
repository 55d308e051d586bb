"""Both players confirm a decided match at the table: words bound to the sheet they read,
said once however often they are sent, sealed and audited; a disagreement flags the table to
the desk; a correction at the desk asks them again."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import text

from gin_scorer.core.hands import Side
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.support.errors import ConflictError, InvalidInput
from gin_scorer.services.writes import hands, matches
from gin_scorer.services.writes.confirmations import confirm_result
from gin_scorer.services.writes.rounds import round_status
from gin_scorer.store.database import Database
from gin_scorer.tournament.confirmation import Agreement, Word, confirmation_of

from .helpers import GIN_A, KNOCK_A, hand

NewMatch = Callable[..., MatchView]


def _finished(db: Database, new_match: NewMatch):  # type: ignore[no-untyped-def]
    """Round 1 of a Swiss event, table 1 played to its end (one game to 100)."""
    from gin_scorer.presets import load_preset
    from gin_scorer.services.writes import entrants, events, rounds

    rules = load_preset("gra-tournament").with_changes(best_of=1, target=100)
    event = events.create_event(db, name="Confirm open", format="swiss", rules=rules)
    entrants.add_entrant(db, event.id, "Ada Lovelace")
    entrants.add_entrant(db, event.id, "Bob Babbage")
    rounds.start_round(db, event.id)
    match = next(m for m in matches.list_matches(db, event.id) if m.b is not None)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="t")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="t")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="t")
    assert sheet.finished
    return sheet


def _rows(db: Database) -> int:
    with db.transaction(write=False) as session:
        return int(
            session.connection()
            .execute(text("SELECT count(*) FROM result_confirmation"))
            .scalar_one()
        )


def test_both_players_confirm_once_and_the_sheet_then_says_so(
    db: Database, new_match: NewMatch
) -> None:
    sheet = _finished(db, new_match)
    match_id, version = sheet.match.id, sheet.version
    said = confirm_result(db, match_id, Side.A, version, agrees=True, entered_by="table 1 (room)")
    assert said.agreement is Agreement.ONE_SIDE
    again = confirm_result(db, match_id, Side.A, version, agrees=True, entered_by="table 1 (room)")
    assert again.agreement is Agreement.ONE_SIDE and _rows(db) == 1  # a resent form: nothing new
    both = confirm_result(db, match_id, Side.B, version, agrees=True, entered_by="table 1 (room)")
    assert both.agreement is Agreement.CONFIRMED
    read = matches.get_score_sheet(db, match_id)
    assert read.confirmation is not None and read.confirmation.agreement is Agreement.CONFIRMED
    with pytest.raises(InvalidInput, match="both players have confirmed"):
        confirm_result(db, match_id, Side.B, version, agrees=False, reason="x", entered_by="t")
    board = round_status(db, sheet.match.event_id, 1)
    assert board.lines[0].confirmation is not None
    assert board.lines[0].confirmation.agreement is Agreement.CONFIRMED
    report = verify_database(db, sheet.match.event_id)
    assert report.clean, report.problems


def test_a_word_resent_after_the_other_player_confirmed_is_recorded_not_refused(
    db: Database, new_match: NewMatch
) -> None:
    # A's reply was lost; B confirmed meanwhile; A's phone sends the same word again. It was
    # recorded the first time, and the answer says so (it used to be "both players have
    # confirmed this result: ask the director").
    sheet = _finished(db, new_match)
    match_id, version = sheet.match.id, sheet.version
    confirm_result(db, match_id, Side.A, version, agrees=True, entered_by="table 1 (room)")
    confirm_result(db, match_id, Side.B, version, agrees=True, entered_by="table 1 (room)")
    again = confirm_result(db, match_id, Side.A, version, agrees=True, entered_by="table 1 (room)")
    assert again.agreement is Agreement.CONFIRMED and _rows(db) == 2
    with pytest.raises(InvalidInput, match="both players have confirmed"):  # a new word is not
        confirm_result(db, match_id, Side.A, version, agrees=False, reason="no", entered_by="t")


def test_a_match_still_played_or_a_stale_sheet_is_refused(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db, best_of=1, target=100)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="t")
    with pytest.raises(InvalidInput, match="not over yet"):
        confirm_result(db, match.id, Side.A, sheet.version, agrees=True, entered_by="t")
    with pytest.raises(ConflictError, match="changed since it was read"):
        confirm_result(db, match.id, Side.A, sheet.version - 1, agrees=True, entered_by="t")
    assert _rows(db) == 0


def test_a_disagreement_needs_a_reason_and_flags_the_table(
    db: Database, new_match: NewMatch
) -> None:
    sheet = _finished(db, new_match)
    with pytest.raises(InvalidInput, match="say what is wrong"):
        confirm_result(db, sheet.match.id, Side.B, sheet.version, agrees=False, entered_by="t")
    said = confirm_result(
        db,
        sheet.match.id,
        Side.B,
        sheet.version,
        agrees=False,
        reason="hand 2 was a knock, not gin",
        entered_by="t",
    )
    assert said.agreement is Agreement.DISPUTED
    board = round_status(db, sheet.match.event_id, 1)
    assert [t.table for t in board.disputed] == [1]
    assert len(board.disputed) == 1
    from gin_scorer.presentation.round_status import agreement_text

    assert agreement_text(board.lines[0]) == "⚑ disputed: Bob Babbage: hand 2 was a knock, not gin"


def test_a_correction_at_the_desk_asks_the_players_again(db: Database, new_match: NewMatch) -> None:
    sheet = _finished(db, new_match)
    confirm_result(db, sheet.match.id, Side.A, sheet.version, agrees=True, entered_by="t")
    confirm_result(db, sheet.match.id, Side.B, sheet.version, agrees=True, entered_by="t")
    fixed = hands.correct_hand(
        db,
        sheet.hands[0].hand_id,
        hand({"knock": "A", "deadwood": {"A": 2, "B": 15}}),
        sheet.version,
        reason="A had 2",
        entered_by="D",
    )
    read = matches.get_score_sheet(db, fixed.match.id)
    assert read.confirmation is not None
    assert read.confirmation.agreement is Agreement.WAITING and read.confirmation.overtaken
    again = confirm_result(db, fixed.match.id, Side.A, read.version, agrees=True, entered_by="t")
    assert again.agreement is Agreement.ONE_SIDE


def test_the_words_are_append_only(db: Database, new_match: NewMatch) -> None:
    sheet = _finished(db, new_match)
    confirm_result(db, sheet.match.id, Side.A, sheet.version, agrees=True, entered_by="t")
    with pytest.raises(Exception, match="append-only"), db.transaction() as session:
        session.connection().execute(text("UPDATE result_confirmation SET agrees = false"))


def test_the_fold_keeps_the_newest_word_of_each_side_for_the_current_sheet() -> None:
    words = [
        Word(Side.A, 3, agrees=False, reason="wrong"),
        Word(Side.A, 3, agrees=True),
        Word(Side.B, 2, agrees=True),
    ]
    now = confirmation_of(words, 3, decided=True)
    assert now.agreement is Agreement.ONE_SIDE and now.word_of(Side.B) is None
    assert not now.overtaken  # someone answered for this sheet already
    assert confirmation_of(words[2:], 3, decided=True).overtaken
    assert confirmation_of([], 3, decided=False).agreement is Agreement.NOT_DECIDED
