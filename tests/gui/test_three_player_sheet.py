"""A table of three at the desk (decision 0014): the sheet says who dealt (and sat out) and
who played each hand, keeps three running totals under the players' names, says the next
hand above the entry line, and announces the winner; undo works as on any sheet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from gin_scorer.gui.score_sheet_model import Column, ScoreSheetModel
from gin_scorer.gui.scoring_page import ScoringPage
from gin_scorer.gui.three_sheet import PLAYERS, SCORED, TOTALS
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.writes import entrants, events, rounds

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


@pytest.fixture
def table_one(tmp_path: Path) -> Iterator[tuple[Database, int, int]]:
    """A Swiss event of seven under Pagat's three-player rules, round 1 paired: table 1 is
    Ann, Cat and Eve (the database, the event, table 1's match)."""
    db = open_database(str(tmp_path / "threes.sqlite"), station="desk", backups=False)
    event = events.create_event(db, name="Threes", rules=load_preset("pagat-three"), format="swiss")
    for name in NAMES:
        entrants.add_entrant(db, event.id, name)
    table = rounds.start_round(db, event.id).pairings[0]
    yield db, event.id, table.match_id
    db.close()


def _page(qtbot, db: Database, match_id: int) -> tuple[ScoringPage, QUndoStack]:  # type: ignore[no-untyped-def]
    stack = QUndoStack()
    page = ScoringPage(db, stack, entered_by="td")
    qtbot.addWidget(page)
    page.open_match(match_id)
    page.show()
    return page, stack


def _type(qtbot, page: ScoringPage, text: str) -> None:  # type: ignore[no-untyped-def]
    page.panel.entry.clear()
    qtbot.keyClicks(page.panel.entry, text)
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)


def _cell(model: ScoreSheetModel, row: int, key: object) -> object:
    return model.data(model.index(row, model.column_of(key)), Qt.ItemDataRole.DisplayRole)  # type: ignore[arg-type]


def _heading(model: ScoreSheetModel, key: object) -> object:
    return model.headerData(model.column_of(key), Qt.Orientation.Horizontal)  # type: ignore[arg-type]


def test_the_sheet_says_who_deals_who_plays_and_three_totals(qtbot, table_one) -> None:  # type: ignore[no-untyped-def]
    db, _event_id, match_id = table_one
    page, _stack = _page(qtbot, db, match_id)
    panel = page.panel
    assert panel.title.text() == "Round 1 · Table 1 — Ann, Cat and Eve"
    assert panel.next_hand.text() == "next: Hand 1 · Ann deals: Cat v Eve"
    assert panel.names() == ("Cat", "Eve")
    assert not panel.first_dealer.isVisible()  # the first seat deals the first hand
    assert not panel.games_table.isVisible()  # one game with three scores: no sides' games
    # Ann deals: Cat knocks with 5, Eve has 30. Eve lost and deals: Ann (a) v Cat (b).
    _type(qtbot, page, "ak5 30")
    assert panel.preview_label.text().startswith("✔ hand 1 recorded: knock: Cat scores 25")
    assert panel.next_hand.text() == "next: Hand 2 · Eve deals: Ann v Cat"
    assert panel.names() == ("Ann", "Cat")
    _type(qtbot, page, "bk3 20")  # Cat knocks again, Ann has 20: Ann deals next
    model = panel.model
    assert _heading(model, Column.DEALER) == "Deals, sits out"
    assert _heading(model, PLAYERS) == "Plays"
    assert [_heading(model, key) for key in TOTALS] == ["Ann\ntotal", "Cat\ntotal", "Eve\ntotal"]
    assert not model.has_column(Column.TOTAL_A)  # no empty A/B totals
    assert [_cell(model, row, Column.DEALER) for row in range(2)] == ["Ann", "Eve"]
    assert [_cell(model, row, PLAYERS) for row in range(2)] == ["Cat v Eve", "Ann v Cat"]
    assert [_cell(model, row, Column.OUTCOME) for row in range(2)] == ["Cat: knock"] * 2
    assert [_cell(model, row, SCORED) for row in range(2)] == ["25", "17"]
    assert [[_cell(model, row, key) for key in TOTALS] for row in range(2)] == [
        ["0", "25", "0"],
        ["0", "42", "0"],
    ]
    assert "Points: Ann 0 · Cat 42 · Eve 0" in panel.scoreboard.text()
    assert panel.next_hand.text() == "next: Hand 3 · Ann deals: Cat v Eve"
    assert panel.hint.text().startswith("a = Cat, b = Eve")


def test_the_winner_is_announced_and_undo_takes_it_back(qtbot, table_one) -> None:  # type: ignore[no-untyped-def]
    db, _event_id, match_id = table_one
    page, stack = _page(qtbot, db, match_id)
    panel = page.panel
    _type(qtbot, page, "ag 40")  # Cat's gin: 60
    _type(qtbot, page, "bg 40")  # Eve deals; Cat (b) gins again: 120, past the target
    said = panel.preview_label.text()
    assert said.startswith("✔ hand 2 recorded: gin: Cat scores 60 — Cat wins the game · final:")
    assert "<b>Cat wins the game · final: Ann 0 · Cat " in panel.scoreboard.text()
    assert not panel.next_hand.isVisible()
    _type(qtbot, page, "ak2 10")  # a hand after the end: refused in words, text kept
    assert "Round 1 · Table 1 is finished (Cat won)" in panel.preview_label.text()
    assert panel.entry.text() == "ak2 10"
    stack.undo()  # the winning hand taken back: the game goes on
    assert page.sheet is not None and not page.sheet.finished
    assert panel.next_hand.text() == "next: Hand 2 · Eve deals: Ann v Cat"
    assert panel.model.rowCount() == 2  # the undone hand stays, crossed out
    assert _cell(panel.model, 1, TOTALS[1]) == ""


def test_a_correction_names_the_two_who_played_that_hand(qtbot, table_one) -> None:  # type: ignore[no-untyped-def]
    db, _event_id, match_id = table_one
    page, _stack = _page(qtbot, db, match_id)
    _type(qtbot, page, "ak5 30")
    _type(qtbot, page, "bk3 20")
    row = page.panel.model.hand_row(0)
    assert row is not None
    page.panel.begin_edit(row)
    assert page.panel.names() == ("Cat", "Eve")  # hand 1's players, not the next hand's


def test_a_table_left_by_a_withdrawal_says_so_as_the_director_types(qtbot, table_one) -> None:  # type: ignore[no-untyped-def]
    """Ann leaves: the table counts as a forfeit, so the desk says it before Enter, keeps
    the text, and takes hands again once Ann is reinstated."""
    db, event_id, match_id = table_one
    ann = next(e for e in entrants.list_entrants(db, event_id) if e.name == "Ann")
    entrants.withdraw_entrant(db, ann.id)
    page, _stack = _page(qtbot, db, match_id)
    _type(qtbot, page, "ag 40")
    said = page.panel.preview_label.text()
    assert "Round 1 · Table 1 counts as a forfeit: Ann has withdrawn (reinstate Ann" in said
    assert page.panel.entry.text() == "ag 40" and page.panel.model.rowCount() == 0
    assert "<b>forfeit: Ann has withdrawn</b>" in page.panel.scoreboard.text()
    assert not page.panel.next_hand.isVisible()  # no next hand: the table is decided
    entrants.reinstate_entrant(db, ann.id)
    page.open_match(match_id)
    _type(qtbot, page, "ag 40")
    assert page.panel.model.rowCount() == 1
