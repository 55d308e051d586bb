"""Every control a person can reach has a name a screen reader can say: its own text, a
label that is its buddy (or its form row's label), or an accessible name — on the main
window, every event view and every dialog."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.writes.entrants import list_entrants
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.matches import list_matches
from tests.gui.conftest import settle, swiss_copy

_REACHABLE = (
    QLineEdit,
    QComboBox,
    QAbstractSpinBox,
    QAbstractButton,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
)


def _label_of(widget: QWidget) -> str:
    for label in widget.window().findChildren(QLabel):
        if label.buddy() is widget:
            return label.text()
    parent = widget.parentWidget()
    while parent is not None:
        layout = parent.layout()
        if isinstance(layout, QFormLayout) and (row := layout.labelForField(widget)):
            return row.text() if isinstance(row, QLabel) else "labelled"
        parent = parent.parentWidget()
    return ""


def _inside_a_named_part(widget: QWidget) -> bool:
    """Qt's own parts (a spin box's or an editable combo box's editor, a table's header)
    are read with their owner."""
    if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), QComboBox):
        return True
    return widget.objectName() == "qt_spinbox_lineedit" or isinstance(widget, QHeaderView)


def unnamed(root: QWidget) -> list[str]:
    found = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, _REACHABLE) or not widget.isVisibleTo(root):
            continue
        if _inside_a_named_part(widget):
            continue
        text = widget.text().replace("&", "").strip() if isinstance(widget, QAbstractButton) else ""
        if widget.accessibleName() or text or _label_of(widget):
            continue
        found.append(f"{type(widget).__name__} {widget.objectName()!r} in {type(root).__name__}")
    return found


@pytest.fixture
def window(qtbot, swiss_db, tmp_path):  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)
    main = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(main)
    main.resize(1366, 768)
    main.show()
    main.state.open_event(event_id)
    settle(qtbot, main)
    assert main.state.db is not None
    main.state.open_match(list_matches(main.state.db, event_id)[-1].id)
    return main, event_id


def test_the_window_and_every_view_name_their_controls(window) -> None:  # type: ignore[no-untyped-def]
    main, _event_id = window
    assert unnamed(main) == []
    assert main.state.welcome.events_label.buddy() is main.state.welcome.events
    for key, view in main.state.event_views.items():
        main.state.show_view(key)
        assert unnamed(view) == [], key


def test_every_dialog_names_its_controls(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.backup_dialog import RestoreDialog
    from gin_scorer.gui.entrant_edit_dialog import EntrantEditDialog
    from gin_scorer.gui.event_dialog import NewEventDialog
    from gin_scorer.gui.event_pin_dialog import EventPinDialog
    from gin_scorer.gui.event_rules_dialog import EventRulesDialog
    from gin_scorer.gui.event_settings_dialog import EventSettingsDialog
    from gin_scorer.gui.new_match_dialog import NewMatchDialog
    from gin_scorer.gui.override_dialog import OverrideDialog
    from gin_scorer.gui.results_dialog import ResultsDialog
    from gin_scorer.gui.round_clock import RoundClock
    from gin_scorer.gui.round_clock_dialog import RoundClockDialog
    from gin_scorer.gui.settings_dialog import SettingsDialog
    from gin_scorer.presets import DEFAULT_PRESET, list_presets
    from gin_scorer.services.writes.backups import back_up_now, backups_of

    main, event_id = window
    db = main.state.db
    event = get_event(db, event_id)
    entrants = list_entrants(db, event_id)
    back_up_now(db)
    dialogs = [
        NewEventDialog(list_presets(), DEFAULT_PRESET, main, custom_folder=tmp_path / "p"),
        EventSettingsDialog(event, entrants, main),
        EventRulesDialog(event, list_presets(), main),
        EventPinDialog(event, main),
        EntrantEditDialog(entrants[0], main),
        NewMatchDialog(entrants, main),
        ResultsDialog(db, event_id, 2, entered_by="Desk 1", parent=main),
        RoundClockDialog(RoundClock(), 2, main),
        SettingsDialog(main.state.settings, main),
        OverrideDialog(main, ()),
        RestoreDialog(main.state.database, backups_of(db), main),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        assert unnamed(dialog) == [], type(dialog).__name__
        dialog.hide()
