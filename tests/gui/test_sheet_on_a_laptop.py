"""The score sheet on the screens directors have (issue 35, finding 2): at 1366×768 ten hand
rows, every column, both totals and the current game's line without scrolling sideways; at
150 % six rows; the newest hand in sight when a sheet opens; compact dealer and result cells;
the cards panel folded away below 1600 logical pixels until F4 (or typing cards) opens it;
the game lines' split remembered; and Tab from the entry line to the sheet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.matches import list_matches
from tests.gui.conftest import swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


def window_on_a_match(qtbot, swiss_db, tmp_path, size=(1366, 700)) -> MainWindow:  # type: ignore[no-untyped-def]
    """The desk at ``size`` (a maximised window's room on a laptop), table 1's sheet open."""
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.open_event(event_id)
    assert window.db is not None
    first = min(list_matches(window.db, event_id), key=lambda m: (m.round_number, m.table_number))
    window.open_match(first.id)
    return window


def test_tab_from_the_entry_line_goes_to_the_sheet_and_back(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = window_on_a_match(qtbot, swiss_db, tmp_path)
    panel = window.scoring.panel
    panel.entry.setFocus()
    QTest.keyClick(panel.entry, Qt.Key.Key_Tab)
    assert window.focusWidget() is panel.table  # to choose a hand for F2 or Ctrl+Delete
    QTest.keyClick(panel.table, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert window.focusWidget() is panel.entry
