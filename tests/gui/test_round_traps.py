"""The round without traps: the pairings follow a newly paired round, another match's or
event's names do not linger, and Tab leaves the date for the venue."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gin_scorer.core.hands import Side
from gin_scorer.gui.event_dialog import NewEventDialog
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.round_dialogs import RoundPreviewDialog
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presets import DEFAULT_PRESET, list_presets
from gin_scorer.services.support.dto import EntrantSpec, ResultKind
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.matches import list_matches
from gin_scorer.services.writes.results import ResultReport, record_result
from gin_scorer.services.writes.rounds import start_round
from tests.gui.conftest import settle, swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


def _window(qtbot, path: str) -> MainWindow:  # type: ignore[no-untyped-def]
    window = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    return window


def test_the_pairings_tab_shows_the_round_just_paired(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "e.sqlite"))
    assert window.state.db is not None
    event = create_event(
        window.state.db,
        name="Swiss",
        format="swiss",
        entrants=[EntrantSpec(n) for n in ("Ann", "Bob", "Cy", "Di")],
    )
    start_round(window.state.db, event.id)
    window.state.open_event(event.id)
    settle(qtbot, window)
    window.state.show_view("pairings")
    settle(qtbot, window)
    pairings = window.state.event_views["pairings"]
    assert pairings.current_round() == 1  # type: ignore[attr-defined]
    for match in list_matches(window.state.db, event.id):
        report = ResultReport(ResultKind.SLIP, Side.A, (3, 1))
        record_result(window.state.db, match.id, report, match.version, entered_by="Desk")
    monkeypatch.setattr(RoundPreviewDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    window.event_actions.start_round()
    settle(qtbot, window)
    assert window.state.tabs.currentWidget() is pairings
    assert pairings.current_round() == 2  # type: ignore[attr-defined]


def test_another_match_and_another_event_leave_nothing_behind(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = _window(qtbot, str(path))
    assert window.state.db is not None
    first, second = [m for m in list_matches(window.state.db, event_id) if m.b is not None][:2]
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.open_match(first.id)
    settle(qtbot, window)
    scoring = window.state.scoring
    assert scoring is not None
    scoring.panel.entry.setText("ak7 15")
    scoring.cards.knocker_edit.setText("7h 8h 9h")
    assert first.a.name in scoring.cards.knocker_label.text()
    scoring.panel.entry.clear()
    window.state.open_match(second.id)
    settle(qtbot, window)
    assert scoring.cards.knocker_edit.text() == ""
    assert first.a.name not in scoring.cards.knocker_label.text()
    other = create_event(window.state.db, name="Thursday club", format="club")
    window.state.open_event(other.id)
    settle(qtbot, window)
    assert scoring.sheet is None
    assert scoring.panel.title.text() == "No match open"


def test_tab_leaves_the_date_for_the_venue(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    dialog = NewEventDialog(list_presets(), DEFAULT_PRESET, None, custom_folder=tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    dialog.date.setFocus()
    qtbot.keyClick(dialog.date, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.venue
