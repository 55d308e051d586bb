"""Scoring flows end to end: the entry line → undoable service calls → a real SQLite file."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.gui.score_sheet_model import Column
from gin_scorer.gui.scoring_page import ScoringPage
from gin_scorer.services.writes.matches import get_score_sheet

KNOCKER = "7h 8h 9h Kc Kd Ks 2s 3s 4s 5c"  # deadwood 5
DEFENDER = "Qh Qs Qd 10h Jc 2c 3c 4d 6d 9s"  # 34 after laying off 10♥


def _page(qtbot, club_match):  # type: ignore[no-untyped-def]
    db, _event, match = club_match
    stack = QUndoStack()
    page = ScoringPage(db, stack, entered_by="td")
    qtbot.addWidget(page)
    page.open_match(match.id)
    page.show()
    return page, stack, db, match


def _type(qtbot, page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.panel.entry.clear()
    qtbot.keyClicks(page.panel.entry, text)
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)


def _outcomes(db, match_id):  # type: ignore[no-untyped-def]
    return [
        (h.result.outcome, h.result.winner, h.result.points)
        for h in get_score_sheet(db, match_id).hands
    ]


def test_knock_undercut_gin_big_gin_and_dead_hand_are_recorded(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, db, match = _page(qtbot, club_match)
    for text in ["ak7 15", "bk9 4", "bg22", "abg30", "d"]:
        _type(qtbot, page, text)
        assert page.panel.entry.text() == "", page.panel.preview_label.text()
        assert page.panel.preview_label.text().startswith("✔ hand ")
    assert _outcomes(db, match.id) == [
        (Outcome.KNOCK, Side.A, 8),
        (Outcome.UNDERCUT, Side.A, 30),
        (Outcome.GIN, Side.B, 47),
        (Outcome.BIG_GIN, Side.A, 61),
        (Outcome.DEAD, None, 0),
    ]
    assert page.panel.model.rowCount() == 5
    assert page.panel.sheet is not None and page.panel.sheet.current_totals.a == 99
    assert stack.count() == 5


def test_bad_entry_keeps_the_text_and_records_nothing(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, db, match = _page(qtbot, club_match)
    _type(qtbot, page, "ak11 20")
    assert page.panel.entry.text() == "ak11 20"
    assert "cannot knock with 11" in page.panel.preview_label.text()
    assert _outcomes(db, match.id) == [] and stack.count() == 0


def test_undo_and_redo_go_through_the_services(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, db, match = _page(qtbot, club_match)
    _type(qtbot, page, "ak7 15")
    _type(qtbot, page, "bg22")
    stack.undo()
    assert _outcomes(db, match.id) == [(Outcome.KNOCK, Side.A, 8)]
    # The undone hand stays on the sheet, crossed out, and counts for nothing.
    model = page.panel.model
    assert model.rowCount() == 2 and model.hand_row(1) is None
    assert model.data(model.index(1, 9)) == "undone"
    assert model.data(model.index(1, 2), Qt.ItemDataRole.FontRole).strikeOut()
    stack.undo()
    assert _outcomes(db, match.id) == []
    stack.redo()
    stack.redo()
    assert [o for o, _w, _p in _outcomes(db, match.id)] == [Outcome.KNOCK, Outcome.GIN]
    assert page.panel.sheet is not None and page.panel.sheet.current_totals.b == 47


def test_editing_a_past_hand_recomputes_the_totals_and_can_be_undone(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, db, match = _page(qtbot, club_match)
    page.ask_reason = lambda parent, what: "misheard the count"
    _type(qtbot, page, "ak7 15")
    _type(qtbot, page, "bg22")
    page.panel.begin_edit(page.panel.model.hand_row(0))  # type: ignore[arg-type]
    assert page.panel.entry.text() == "ak7 15"
    page.panel.entry.setText("ak2 15")
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)
    sheet = get_score_sheet(db, match.id)
    assert sheet.hands[0].result.points == 13 and sheet.hands[0].corrected
    assert sheet.hands[1].totals_after.a == 13  # the running total after it moved too
    assert page.panel.model.data(page.panel.model.index(1, 6)) == "13"
    stack.undo()
    assert get_score_sheet(db, match.id).hands[0].result.points == 8
    stack.redo()
    assert get_score_sheet(db, match.id).hands[0].result.points == 13


def test_cards_that_disagree_need_the_directors_override_with_a_reason(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, db, match = _page(qtbot, club_match)
    asked: list[tuple[str, ...]] = []

    def refuse(parent, problems):  # type: ignore[no-untyped-def]
        asked.append(tuple(p.message for p in problems))
        return None

    notes = page.panel.model.column_of(Column.NOTES)
    assert page.panel.table.isColumnHidden(notes)  # nothing to note yet: no room taken
    qtbot.keyClicks(page.panel.entry, "ak5 30")  # the cards say 34, not 30
    page.cards.knocker_edit.setText(KNOCKER)
    page.cards.defender_edit.setText(DEFENDER)
    assert any("34" in t and t.startswith("✖") for t in page.cards.problem_texts())
    page.ask_override = refuse
    page.cards.save_button.click()
    assert asked and any("34" in m for m in asked[0])
    assert _outcomes(db, match.id) == [] and stack.count() == 0
    assert page.panel.entry.text() == "ak5 30"

    page.ask_override = lambda parent, problems: "players agreed 30 at the table"
    page.cards.save_button.click()
    sheet = get_score_sheet(db, match.id)
    assert len(sheet.hands) == 1
    assert sheet.hands[0].override_reason == "players agreed 30 at the table"
    assert sheet.hands[0].record.cards is not None
    assert "override: players agreed" in page.panel.model.data(page.panel.model.index(0, 9))
    assert not page.panel.table.isColumnHidden(notes)  # the reason shows on the sheet


def test_matching_cards_save_without_override(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, _stack, db, match = _page(qtbot, club_match)
    page.ask_override = lambda parent, problems: (_ for _ in ()).throw(AssertionError(problems))
    qtbot.keyClicks(page.panel.entry, "ak5 34")
    page.cards.knocker_edit.setText(KNOCKER)
    page.cards.defender_edit.setText(DEFENDER)
    page.cards.save_button.click()
    assert _outcomes(db, match.id) == [(Outcome.KNOCK, Side.A, 29)]


def test_void_a_hand_then_undo_brings_it_back(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, db, match = _page(qtbot, club_match)
    page.ask_reason = lambda parent, what: "misdeal"
    _type(qtbot, page, "ak7 15")
    _type(qtbot, page, "bg22")
    page.panel.table.selectRow(0)
    assert page.void()
    assert _outcomes(db, match.id) == [(Outcome.GIN, Side.B, 47)]
    stack.undo()
    assert [o for o, _w, _p in _outcomes(db, match.id)] == [Outcome.KNOCK, Outcome.GIN]
    stack.redo()
    assert len(_outcomes(db, match.id)) == 1
    assert stack.undoText() == "Void hand 1"


def test_a_void_is_said_crossed_out_on_the_sheet_and_typing_goes_on(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, stack, _db, _match = _page(qtbot, club_match)
    page.ask_reason = lambda parent, what: "misdeal"
    _type(qtbot, page, "ak7 15")
    _type(qtbot, page, "bg22")
    page.panel.table.selectRow(0)
    page.panel.table.setFocus()
    assert page.void()
    said = page.panel.preview_label.text()
    assert "hand 1 voided (misdeal)" in said and "Ctrl+Z brings it back" in said
    assert page.focusWidget() is page.panel.entry
    model = page.panel.model
    # The voided hand keeps its line, crossed out, before the gin that is now hand 1.
    assert model.rowCount() == 2 and model.hand_row(0) is None
    assert model.data(model.index(0, Column.NOTES)) == "voided: misdeal"
    assert model.data(model.index(0, Column.DECLARED)) == "7 v 15"
    assert model.data(model.index(0, Column.OUTCOME), Qt.ItemDataRole.FontRole).strikeOut()
    assert model.hand_row(1) is not None and model.data(model.index(1, Column.HAND)) == "1"
    stack.undo()
    assert page.panel.preview_label.text().startswith("✔ undone: void hand 1")
    assert model.rowCount() == 2 and model.hand_row(0) is not None
    stack.redo()
    assert "redone: void hand 1" in page.panel.preview_label.text()


def test_a_correction_is_said_with_its_reason_on_the_sheet(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, *_ = _page(qtbot, club_match)
    page.ask_reason = lambda parent, what: "misheard the count"
    _type(qtbot, page, "ak7 15")
    page.panel.begin_edit(page.panel.model.hand_row(0))  # type: ignore[arg-type]
    page.panel.entry.setText("ak2 15")
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)
    assert page.panel.preview_label.text().startswith("✔ hand 1 corrected: ")
    model = page.panel.model
    assert model.data(model.index(0, Column.NOTES)) == "corrected: misheard the count"


def test_the_hand_that_wins_the_game_and_match_says_so(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, *_ = _page(qtbot, club_match)
    _type(qtbot, page, "ak7 15")
    assert " — " not in page.panel.preview_label.text()  # nothing won yet
    _type(qtbot, page, "ag95")  # Wikipedia standard: one game to 100
    said = page.panel.preview_label.text()
    assert "hand 2 recorded" in said
    assert "game 1 to Ann" in said and "match to Ann, 1 game to 0" in said


def test_a_stale_station_is_told_another_station_changed_the_match(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presentation.entry_grammar import read_entry
    from gin_scorer.services.writes.hands import record_hand

    page, stack, db, match = _page(qtbot, club_match)
    other = read_entry("bg10", page.panel.sheet.rules).record  # type: ignore[union-attr]
    record_hand(db, match.id, other, page.panel.sheet.version, entered_by="other")  # type: ignore[arg-type,union-attr]
    _type(qtbot, page, "ak7 15")
    assert page.panel.entry.text() == "ak7 15"  # kept
    assert page.panel.preview_label.text().startswith("✖")
    assert stack.count() == 0


def test_hollywood_sheet_shows_a_column_per_game(qtbot, tmp_path, qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presets import load_preset
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.matches import create_match
    from gin_scorer.store.database import open_database

    db = open_database(str(tmp_path / "hw.sqlite"), station="desk", backups=False)
    event = create_event(db, name="Hollywood night", rules=load_preset("hollywood"))
    ann, bob = add_entrant(db, event.id, "Ann"), add_entrant(db, event.id, "Bob")
    match = create_match(db, event.id, ann.id, bob.id)
    page = ScoringPage(db, QUndoStack(), entered_by="td")
    qtbot.addWidget(page)
    page.open_match(match.id)
    for text in ["ak2 12", "ak3 13", "bk1 21", "ak4 14"]:  # Ann 10, 10, Bob 20, Ann 10
        _type(qtbot, page, text)
    model = page.panel.model
    qtmodeltester.check(model)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[-4:] == ["Game 1\nA – B", "Game 2\nA – B", "Game 3\nA – B", "Notes"]
    tip = model.headerData(
        model.column_of(1), Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert tip == "Game 1: running score, Ann – Bob"
    g1, g2, g3 = (model.column_of(n) for n in (1, 2, 3))
    cell = lambda row, col: model.data(model.index(row, col))  # noqa: E731
    # Ann's 1st win goes to game 1, her 2nd to games 1-2; Bob's 1st to game 1; Ann's 3rd to all.
    assert [cell(0, g1), cell(0, g2), cell(0, g3)] == ["10 – 0", "", ""]
    assert [cell(1, g1), cell(1, g2), cell(1, g3)] == ["20 – 0", "10 – 0", ""]
    assert [cell(2, g1), cell(2, g2), cell(2, g3)] == ["20 – 20", "", ""]
    assert [cell(3, g1), cell(3, g2), cell(3, g3)] == ["30 – 20", "20 – 0", "10 – 0"]
    # The games' columns are the totals on a Hollywood pad: no second pair beside them.
    table = page.panel.table
    hidden = [
        c
        for c in (Column.TOTAL_A, Column.TOTAL_B, Column.GAME)
        if table.isColumnHidden(model.column_of(c))
    ]
    assert hidden == [Column.TOTAL_A, Column.TOTAL_B, Column.GAME]
    assert not any(table.isColumnHidden(c) for c in (g1, g2, g3))
    db.close()


def test_correcting_a_hand_with_cards_brings_its_cards_back(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, _stack, _db, _match = _page(qtbot, club_match)
    page.ask_reason = lambda parent, what: "recount"
    qtbot.keyClicks(page.panel.entry, "ak5 34")
    page.cards.knocker_edit.setText(KNOCKER)
    page.cards.defender_edit.setText(DEFENDER)
    page.cards.save_button.click()
    assert page.cards.knocker_edit.text() == ""  # cleared after saving
    page.panel.begin_edit(page.panel.model.hand_row(0))  # type: ignore[arg-type]
    assert sorted(page.cards.knocker_edit.text().split()) == sorted(KNOCKER.split())
    assert sorted(page.cards.defender_edit.text().split()) == sorted(DEFENDER.split())
    assert page.cards.problem_texts() == ["✔ the cards agree with the declaration"]


def test_the_first_dealer_is_chosen_then_the_rules_take_over(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    page, _stack, db, match = _page(qtbot, club_match)
    assert page.panel.first_dealer.isVisible()
    page.panel.first_dealer.setCurrentIndex(1)  # Bob dealt the first hand
    _type(qtbot, page, "ak7 15")
    _type(qtbot, page, "bg22")
    sheet = get_score_sheet(db, match.id)
    assert [h.dealer for h in sheet.hands] == [Side.B, Side.A]  # alternate dealing
    assert not page.panel.first_dealer.isVisible()


def test_correcting_a_locked_result_asks_for_the_directors_pin(  # type: ignore[no-untyped-def]
    qtbot, club_match, monkeypatch
) -> None:
    from gin_scorer.services.queries import correction_policy
    from gin_scorer.services.writes.matches import set_result_lock

    page, stack, db, match = _page(qtbot, club_match)
    for text in ["bg22", "bg22", "bg22"]:  # 3 × 47: B wins the game to 100
        _type(qtbot, page, text)
    sheet = get_score_sheet(db, match.id)
    assert sheet.finished
    set_result_lock(db, match.id, sheet.version, pin="2468", locked=True)
    page.open_match(match.id)
    page.ask_reason = lambda parent, what: "A had gone gin, not B"
    asked: list[str] = []
    answers = iter(["1111", "2468"])  # a wrong PIN first: asked again, saying so

    def pin(parent, why):  # type: ignore[no-untyped-def]
        asked.append(why)
        return next(answers)

    page.ask_pin = pin
    # A locked result takes no correction, not even with the PIN: nothing is asked.
    page.panel.begin_edit(page.panel.model.hand_row(0))  # type: ignore[arg-type]
    page.panel.entry.setText("ag22")
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)
    assert not asked and "unlock it first" in page.panel.preview_label.text()
    assert _outcomes(db, match.id)[0] == (Outcome.GIN, Side.B, 47)
    set_result_lock(db, match.id, get_score_sheet(db, match.id).version, pin="2468", locked=False)
    # Unlocked, but later play relies on the result: now the PIN is asked for.
    monkeypatch.setattr(
        correction_policy, "correction_refusal", lambda session, match_id: "round 2 is paired"
    )
    page.open_match(match.id)
    page.panel.begin_edit(page.panel.model.hand_row(0))  # type: ignore[arg-type]
    page.panel.entry.setText("ag22")
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)
    assert len(asked) == 2 and "PIN" in asked[0] and asked[0] != asked[1]
    assert "round 2 is paired" in asked[0]
    assert _outcomes(db, match.id)[0] == (Outcome.GIN, Side.A, 47)
    stack.undo()  # the undo reuses the PIN given for the correction
    assert _outcomes(db, match.id)[0] == (Outcome.GIN, Side.B, 47)


def test_giving_up_on_the_pin_changes_nothing(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.matches import set_result_lock

    page, _stack, db, match = _page(qtbot, club_match)
    for text in ["bg22", "bg22", "bg22"]:
        _type(qtbot, page, text)
    set_result_lock(db, match.id, get_score_sheet(db, match.id).version, pin="2468", locked=True)
    page.open_match(match.id)
    page.ask_reason = lambda parent, what: "misdeal"
    page.ask_pin = lambda parent, why: None
    assert not page.void(page.panel.model.hand_row(0))
    assert len(_outcomes(db, match.id)) == 3
    assert "PIN" in page.panel.preview_label.text()


def test_names_show_as_typed_not_as_markup(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.matches import create_match
    from gin_scorer.store.database import open_database

    db = open_database(str(tmp_path / "names.sqlite"), station="desk", backups=False)
    event = create_event(db, name="Club <b>night</b>")
    ann = add_entrant(db, event.id, "Ann <Captain>")
    bob = add_entrant(db, event.id, "Bob & Co")
    page = ScoringPage(db, QUndoStack(), entered_by="td")
    qtbot.addWidget(page)
    page.open_match(create_match(db, event.id, ann.id, bob.id).id)
    html_text = page.panel.scoreboard.text()
    assert "Ann &lt;Captain&gt;" in html_text and "Bob &amp; Co" in html_text
    assert page.panel.title.text() == "Ann <Captain> v Bob & Co"  # a plain-text title
    assert page.panel.title.textFormat() == Qt.TextFormat.PlainText
    db.close()
