"""Rounds of tables of three at the desk (decision 0014): the pairings tab, the round preview,
the status board, the navigator and the projector name all three players; the results mode
says why a table of three takes no slip; a club night seats its tables of three."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.navigator import match_label
from gin_scorer.gui.new_match_dialog import NewMatchDialog
from gin_scorer.gui.results_dialog import ResultsDialog
from gin_scorer.gui.round_dialogs import RoundPreviewDialog
from gin_scorer.gui.rows_model import RowsModel
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.gui.views.status import board_columns
from gin_scorer.presentation.projector_pages import names_pages, tables_pages
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, matches, rounds
from tests.gui.conftest import settle

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def _event(path: Path, format: str = "swiss", names: tuple[str, ...] = NAMES) -> int:
    with open_database(str(path), station="desk", backups=False) as db:
        event = events.create_event(
            db, name="Threes", rules=load_preset("pagat-three"), format=format
        )
        for name in names:
            entrants.add_entrant(db, event.id, name)
        return event.id


def _window(qtbot, path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    return window


def _rows(model: RowsModel) -> list[list[str]]:
    return [
        [str(model.data(model.index(row, column))) for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]


def _headings(model: RowsModel) -> list[str]:
    return [
        str(model.headerData(column, Qt.Orientation.Horizontal))
        for column in range(model.columnCount())
    ]


def test_the_round_preview_seats_three_a_table(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "threes.sqlite"
    event_id = _event(path)
    with open_database(str(path), station="desk", backups=False) as db:
        preview = rounds.preview_round(db, event_id)
    dialog = RoundPreviewDialog(preview, "Threes")
    qtbot.addWidget(dialog)
    table = dialog.table
    heads = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert heads == ["Table", "Player A", "Player B", "Player C"]
    first = [table.item(0, c).text() for c in range(table.columnCount())]
    assert first == ["1", "Ann", "Cat", "Eve"]
    assert [table.item(2, c).text() for c in range(3)] == ["—", "Gus", "bye"]


def test_pairings_status_navigator_and_projector_name_all_three(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "threes.sqlite"
    event_id = _event(path)
    with open_database(str(path), station="desk", backups=False) as db:
        paired = rounds.start_round(db, event_id)
        first = matches.get_match(db, paired.pairings[0].match_id)
        board = rounds.round_status(db, event_id, 1)
    assert match_label(first) == "T1 ○ Ann, Cat and Eve"
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.show_view("pairings")
    settle(qtbot, window)
    view = window.state.event_views["pairings"]
    by_table, by_name = view.by_table, view.by_name  # type: ignore[attr-defined]
    assert _headings(by_table) == ["Table", "A", "B", "C", "Winner", "Status"]
    assert _rows(by_table)[0] == ["1", "Ann", "Cat", "Eve", "", "pending"]
    assert ["Eve", "1", "Ann and Cat", "C"] in _rows(by_name)
    status = [c.heading for c in board_columns(board)]
    assert status[:4] == ["Table", "A", "B", "C"]
    assert board_columns(board)[3].text(board.lines[0]) == "Eve"
    tables = tables_pages("Round 1", paired.pairings, 20)[0].body
    assert "<td colspan=3>Ann, Cat and Eve</td>" in tables
    names = names_pages("Find your table", paired.by_name, 20)[0].body
    assert "<td>Ann and Cat</td>" in names  # Eve's two opponents


def test_the_results_mode_says_a_table_of_three_takes_no_slip(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "threes.sqlite"
    event_id = _event(path)
    with open_database(str(path), station="desk", backups=False) as db:
        rounds.start_round(db, event_id)
        dialog = ResultsDialog(db, event_id, 1, entered_by="td")
        qtbot.addWidget(dialog)
        owing = [dialog.missing.item(i).text() for i in range(dialog.missing.count())]
        assert owing[0] == "Table 1:  Ann, Cat and Eve  (no hands; its hands decide it)"
        qtbot.keyClicks(dialog.line, "1 a 1-0")
        said = dialog.said.text()
        assert said.startswith("Table 1: Ann, Cat and Eve — ✖ a table of three takes no slip")
        qtbot.keyClick(dialog.line, Qt.Key.Key_Return)
        assert dialog.entered == 0 and dialog.line.text() == "1 a 1-0"


def test_a_club_night_seats_a_table_of_three(qtbot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "club.sqlite"
    event_id = _event(path, format="club", names=NAMES[:6])
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    problems: list[str] = []

    def seat_three(dialog: NewMatchDialog) -> int:
        assert dialog.windowTitle() == "New table of three"
        qtbot.keyClicks(dialog.a.lineEdit(), "ann")
        qtbot.keyClicks(dialog.b.lineEdit(), "bob")
        qtbot.keyClicks(dialog.c.lineEdit(), "ANN")
        dialog._accept()
        problems.append(dialog.problem.text())
        dialog.c.setEditText("dan")
        dialog._accept()
        return int(dialog.result())

    monkeypatch.setattr(NewMatchDialog, "exec", seat_three)
    window.event_actions.new_match()
    settle(qtbot, window)
    assert problems == ["✖ Ann cannot play themself: choose another player C"]
    scoring = window.state.scoring
    assert scoring is not None and scoring.sheet is not None
    assert [e.name for e in scoring.sheet.match.players] == ["Ann", "Bob", "Dan"]
    assert scoring.panel.next_hand.text() == "next: Hand 1 · Ann deals: Bob v Dan"
