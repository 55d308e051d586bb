"""The score sheet model shows the services' snapshot faithfully, one row per hand."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gin_scorer.gui.score_sheet_model import HAND_ROW_ROLE, Column, ScoreSheetModel
from gin_scorer.presentation.entry_grammar import entry_text


def _text(model: ScoreSheetModel, row: int, column: Column) -> str:
    return model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)  # type: ignore[return-value]


def test_model_passes_qt_model_tester(qtmodeltester, make_sheet) -> None:  # type: ignore[no-untyped-def]
    model = ScoreSheetModel()
    qtmodeltester.check(model)
    model.set_sheet(make_sheet(["ak7 15", "bg22", "d", "bk9 4"], problems_on=2))
    qtmodeltester.check(model)
    model.set_sheet(None)
    qtmodeltester.check(model)


def test_rows_read_like_a_gin_pad(make_sheet) -> None:  # type: ignore[no-untyped-def]
    model = ScoreSheetModel()
    model.set_sheet(make_sheet(["ak7 15", "bg22", "d", "bk9 4"]))
    assert model.rowCount() == 4
    assert model.headerData(Column.POINTS_A, Qt.Orientation.Horizontal) == "Ann"
    assert model.headerData(Column.TOTAL_B, Qt.Orientation.Horizontal) == "Bob\ntotal"
    # Hand 1: Ann knocks 7 v 15 and scores 8.
    assert _text(model, 0, Column.OUTCOME) == "Ann: knock"
    assert _text(model, 0, Column.DECLARED) == "7 v 15"
    assert _text(model, 0, Column.POINTS_A) == "8"
    assert _text(model, 0, Column.POINTS_B) == ""
    # Hand 2: Bob gin, Ann 22 → 47 to Bob; the deadwood A v B, as the columns beside it.
    assert _text(model, 1, Column.DECLARED) == "22 v 0"
    assert _text(model, 1, Column.POINTS_B) == "47"
    assert (_text(model, 1, Column.TOTAL_A), _text(model, 1, Column.TOTAL_B)) == ("8", "47")
    assert _text(model, 2, Column.OUTCOME) == "dead hand"
    # Hand 4: Bob knocks 9, Ann 4: Ann undercuts him and scores 5 + 25; the row names her,
    # the player whose column the points are in, and the deadwood reads Ann's 4 v Bob's 9.
    assert _text(model, 3, Column.OUTCOME) == "Ann: undercut"
    assert _text(model, 3, Column.DECLARED) == "4 v 9"
    assert _text(model, 3, Column.POINTS_A) == "30"
    assert _text(model, 3, Column.TOTAL_A) == "38"
    assert _text(model, 0, Column.DEALER) == "Ann"
    assert _text(model, 1, Column.DEALER) == "Bob"


def test_problems_show_in_notes_with_an_icon_and_tooltip(make_sheet) -> None:  # type: ignore[no-untyped-def]
    model = ScoreSheetModel()
    model.set_sheet(make_sheet(["ak7 15", "bk3 12"], problems_on=2))
    notes = _text(model, 1, Column.NOTES)
    assert notes.startswith("⚠ ") and "7♣ 8♣ 9♣" in notes
    tip = model.data(model.index(1, Column.NOTES), Qt.ItemDataRole.ToolTipRole)
    assert "best is 8" in tip and "Entered by td" in tip
    assert model.data(model.index(1, Column.NOTES), Qt.ItemDataRole.ForegroundRole) is not None


def test_game_closing_rows_are_marked(make_sheet) -> None:  # type: ignore[no-untyped-def]
    model = ScoreSheetModel()
    model.set_sheet(make_sheet(["ag40", "ak2 30", "ak2 20"], target=100))
    assert _text(model, 2, Column.GAME) == "1"
    assert model.data(model.index(2, 0), Qt.ItemDataRole.BackgroundRole) is None  # not finished
    model.set_sheet(make_sheet(["ag40", "ak2 30", "ak2 20", "bk1 20"], target=100))
    assert _text(model, 3, Column.GAME) == "2"
    assert model.data(model.index(2, 0), Qt.ItemDataRole.BackgroundRole) is not None


def test_entry_text_round_trips_every_declaration(make_sheet) -> None:  # type: ignore[no-untyped-def]
    model = ScoreSheetModel()
    texts = ["ak7 15", "bg22", "abg30", "d"]
    model.set_sheet(make_sheet(texts))
    for row, text in enumerate(texts):
        hand = model.data(model.index(row, 0), HAND_ROW_ROLE)
        assert entry_text(hand.record) == text
