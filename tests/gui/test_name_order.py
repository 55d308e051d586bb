"""The desk lists players by surname (issue 35, finding 9; decision 0024): the Entrants tab,
the pairings by name and the projector's "find your table"; Settings (Ctrl+,) switches every
list to the names as typed, by keys."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from tests.gui.conftest import settle
from tests.gui.keyboard import activate, press
from tests.name_field import AS_TYPED, BY_SURNAME, paired_field

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def _column(view, name: str = "table") -> list[str]:  # type: ignore[no-untyped-def]
    """The first column of a view's table, top to bottom, as shown."""
    model = getattr(view, name).model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def _answer_settings(*keys: Qt.Key) -> None:
    """Type ``keys`` into the Settings dialog once it is open and has the keyboard (it runs
    its own loop); a dialog still open after 20 s is closed, so the test fails, not hangs."""

    def typed() -> None:
        dialog = QApplication.activeModalWidget()
        focus = QApplication.focusWidget()
        if dialog is None or focus is None or focus.window() is not dialog:
            QTimer.singleShot(20, typed)
            return
        QTimer.singleShot(20_000, dialog.close)
        for key in keys:
            press(dialog, key)

    QTimer.singleShot(0, typed)


def test_the_lists_are_by_surname_and_settings_turns_them_to_as_typed(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    from gin_scorer.store.database import open_database

    path = tmp_path / "names.sqlite"
    db = open_database(str(path), station="desk", backups=False)
    event_id = paired_field(db)
    db.close()
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    activate(qtbot, window)
    settle(qtbot, window)
    window.state.open_event(event_id)
    settle(qtbot, window)

    press(window, Qt.Key.Key_2, ALT)  # the Entrants tab
    settle(qtbot, window)
    entrants = window.state.event_views["entrants"]
    assert window.state.tabs.currentWidget() is entrants
    assert _column(entrants) == BY_SURNAME
    press(window, Qt.Key.Key_4, ALT)  # the pairings: by name on the right
    settle(qtbot, window)
    assert _column(window.state.event_views["pairings"], "name_view") == BY_SURNAME

    # File → Settings…: the last field is the names' order; Down, then Enter saves.
    _answer_settings(*[Qt.Key.Key_Tab] * 6, Qt.Key.Key_Down, Qt.Key.Key_Return)
    press(window, Qt.Key.Key_Comma, CTRL)
    settle(qtbot, window)
    assert _column(window.state.event_views["pairings"], "name_view") == AS_TYPED
    activate(qtbot, window)  # the dialog gone, the window has the keyboard again
    press(window, Qt.Key.Key_2, ALT)
    settle(qtbot, window)
    assert _column(entrants) == AS_TYPED
