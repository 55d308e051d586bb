"""No service runs on the GUI thread (issue 39): the desk is walked through its main screens
by keys — open an event, open a table, record a hand, the standings, the projector — with the
services' debug hook on, and any service transaction opened on the GUI thread fails the test
with where it came from. (The calls through ``wait_for`` and ``Reads`` run on workers.)"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QPushButton

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.support.dto import MatchStatus
from tests.gui.conftest import settle, swiss_copy
from tests.gui.keyboard import activate, press, type_text, when_shown
from tests.gui.test_room_dialog import _free_port

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def test_the_hook_sees_a_service_called_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.services.writes.matches import list_matches

    monkeypatch.setenv("GIN_SCORER_WATCH_GUI_THREAD", "1")
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    settle(qtbot, window)
    watch = window.state.gui_thread_calls
    assert watch is not None and watch.calls == []
    list_matches(window.state.db, event_id)  # type: ignore[arg-type]  # here, on the GUI thread
    assert len(watch.calls) == 1 and "list_matches" in watch.calls[0]


def test_the_main_screens_call_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_WATCH_GUI_THREAD", "1")
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.station.poll_timer.stop()
    activate(qtbot, window)
    settle(qtbot, window)
    watch = window.state.gui_thread_calls
    assert watch is not None

    tables = (m for ms in window.state.matches.values() for m in ms)
    playing = next(m for m in tables if m.status is MatchStatus.PLAYING)
    press(window, Qt.Key.Key_F, CTRL)  # Find the table: opens its event and its sheet
    type_text(window, f"T{playing.table_number}")
    press(window, Qt.Key.Key_Return)
    settle(qtbot, window)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert window.state.event_id == event_id
    before = len(window.state.scoring.sheet.hands)

    press(window, Qt.Key.Key_1, ALT)  # the sheet in front, its entry line focused
    window.state.focus_entry()
    type_text(window, "d")  # a dead hand, typed on the entry line
    press(window, Qt.Key.Key_Return)
    settle(qtbot, window)
    assert len(window.state.scoring.sheet.hands) == before + 1

    for tab in (Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5):  # standings, …
        press(window, tab, ALT)
        settle(qtbot, window)
    press(window, Qt.Key.Key_F5)
    settle(qtbot, window)

    window.state.show_view("entrants")  # an entrant checked in: the row chosen, its button by key
    settle(qtbot, window)
    entrants = window.state.event_views["entrants"]
    entrants.table.selectRow(0)  # type: ignore[attr-defined]
    checked = entrants.model.rows()[0].checked_in  # type: ignore[attr-defined]
    entrants.check_button.setFocus()  # type: ignore[attr-defined]
    press(window, Qt.Key.Key_Space)
    settle(qtbot, window)
    assert entrants.model.rows()[0].checked_in is not checked  # type: ignore[attr-defined]

    press(window, Qt.Key.Key_F11)  # the projector
    projector = window.room_actions._projector
    assert projector is not None
    qtbot.addWidget(projector)
    settle(qtbot, projector)
    projector.next_page()
    settle(qtbot, projector)
    projector.close()
    QApplication.processEvents()

    assert watch.calls == []


def _watched(qtbot, swiss_db, tmp_path: Path, monkeypatch) -> MainWindow:  # type: ignore[no-untyped-def]
    """The desk on a copy of the Swiss event, opened, with the hook on."""
    monkeypatch.setenv("GIN_SCORER_WATCH_GUI_THREAD", "1")
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.station.poll_timer.stop()
    activate(qtbot, window)
    settle(qtbot, window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    assert window.state.gui_thread_calls is not None
    return window


def _menu(window: MainWindow, text: str) -> None:
    """An Event menu command without a shortcut, as a click on it does."""
    actions = window.menus.event_menu.actions()
    next(a for a in actions if a.text() == text).trigger()


def _press_button(dialog: QDialog, text: str) -> None:
    """The dialog's button ``text`` focused (as Tab takes it there) and pressed by Space."""
    button = next(b for b in dialog.findChildren(QPushButton) if b.text().strip("&") == text)
    button.setFocus()
    QTest.keyClick(button, Qt.Key.Key_Space)


def _then_escape(dialog: QDialog) -> None:
    """Leave a dialog still open (a refusal keeps it so) by Escape, as the director does."""
    if dialog.isVisible():
        QTest.keyClick(dialog, Qt.Key.Key_Escape)


def test_adding_entrants_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.entrants_editor import AddEntrantsDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)

    def type_one(dialog: AddEntrantsDialog) -> None:
        QTest.keyClicks(dialog.editor.box, "Late Walker")
        _press_button(dialog, "Add entrants")
        _then_escape(dialog)

    when_shown(AddEntrantsDialog, type_one)
    press(window, Qt.Key.Key_E, CTRL | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, window)
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []
    assert "1 entrant added" in window.statusBar().currentMessage()


def test_a_new_match_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.new_match_dialog import NewMatchDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    tried: list[str] = []

    def two_players(dialog: NewMatchDialog) -> None:
        QTest.keyClicks(dialog.a.lineEdit(), dialog.a.itemText(0))
        QTest.keyClicks(dialog.b.lineEdit(), dialog.b.itemText(1))
        _press_button(dialog, "Start the match")
        tried.append(dialog.problem.text())  # a player still at a table may be refused
        _then_escape(dialog)

    when_shown(NewMatchDialog, two_players)
    press(window, Qt.Key.Key_M, CTRL)
    settle(qtbot, window)
    assert tried  # the dialog was shown and its match tried, on the services
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_entering_results_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.results_dialog import ResultsDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    said: list[str] = []

    def one_slip(dialog: ResultsDialog) -> None:
        owing = dialog.board.missing if dialog.board is not None else ()
        QTest.keyClicks(dialog.line, f"{owing[0].table if owing else 1} a 2-0")
        QTest.keyClick(dialog.line, Qt.Key.Key_Return)  # entered, or refused in the line
        said.append(dialog.said.text() or dialog.last_entered.text())
        QTest.keyClick(dialog.line, Qt.Key.Key_Escape)

    when_shown(ResultsDialog, one_slip)
    press(window, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, window)
    assert said  # the session was shown and a slip typed into it
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_the_room_dialog_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    _menu(window, "Ope&n the room…")
    dialog = window.room_actions._room_dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.only_here.setChecked(True)
    dialog.port.setValue(_free_port())
    for _open_then_close in range(2):
        dialog.toggle.setFocus()
        QTest.keyClick(dialog.toggle, Qt.Key.Key_Space)
        settle(qtbot, window)
    assert not window.state.room.running
    dialog.close()
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_editing_an_entrant_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.entrant_edit_dialog import EntrantEditDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    window.state.show_view("entrants")
    settle(qtbot, window)
    entrants = window.state.event_views["entrants"]
    entrants.table.selectRow(0)  # type: ignore[attr-defined]

    def new_club(dialog: EntrantEditDialog) -> None:
        dialog.club.selectAll()
        QTest.keyClicks(dialog.club, "Harbour Club")
        _press_button(dialog, "Save")
        _then_escape(dialog)

    when_shown(EntrantEditDialog, new_club)
    entrants.edit_button.setFocus()  # type: ignore[attr-defined]
    press(window, Qt.Key.Key_Space)
    settle(qtbot, window)
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []
    assert entrants.model.rows()[0].club == "Harbour Club"  # type: ignore[attr-defined]


def test_the_event_settings_call_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.event_rules_dialog import EventRulesDialog
    from gin_scorer.gui.event_settings_dialog import EventSettingsDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    shown: list[str] = []

    def save(dialog: QDialog) -> None:
        shown.append(type(dialog).__name__)
        QTest.keyClicks(dialog.pin, "1234")  # type: ignore[attr-defined]
        _press_button(dialog, "Save")

    when_shown(EventSettingsDialog, save)
    _menu(window, "&Format settings…")
    settle(qtbot, window)
    assert "Format settings saved" in window.statusBar().currentMessage()
    when_shown(EventRulesDialog, save)
    _menu(window, "R&ule set…")
    settle(qtbot, window)
    assert "Rule set saved" in window.statusBar().currentMessage()
    assert shown == ["EventSettingsDialog", "EventRulesDialog"]
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_a_new_event_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.event_dialog import NewEventDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)

    def name_and_two(dialog: NewEventDialog) -> None:
        QTest.keyClicks(dialog.name, "Harbour Friday")
        QTest.keyClicks(dialog.entrants, "Ann Lee")
        QTest.keyClick(dialog.entrants, Qt.Key.Key_Return)
        QTest.keyClicks(dialog.entrants, "Bob Marsh")
        _press_button(dialog, "Create event")
        _then_escape(dialog)

    when_shown(NewEventDialog, name_and_two)
    press(window, Qt.Key.Key_N, CTRL)
    settle(qtbot, window)
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []
    assert window.state.db is not None and window.state.event_id is not None
    from gin_scorer.services.writes.events import get_event

    event = get_event(window.state.db, window.state.event_id)
    assert (event.name, event.entrant_count) == ("Harbour Friday", 2)


def test_importing_an_event_file_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    exported = window.report_actions.export("event", str(tmp_path / "event.json"))
    assert exported is not None
    chosen = staticmethod(lambda *_args, **_kw: (str(exported), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", chosen)  # the file chooser
    imports = window.menus.file_menu.actions()
    next(a for a in imports if a.text() == "&Import an event file…").trigger()
    settle(qtbot, window)
    assert window.statusBar().currentMessage().startswith("Imported ")
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_the_pin_and_finish_dialogs_call_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    from gin_scorer.gui.event_pin_dialog import EventPinDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)

    refused: list[str] = []

    def new_pin(dialog: EventPinDialog, old: str = "0000") -> None:  # a wrong one first
        if old == "0000":  # refused: the dialog opens again as typed, the refusal on its line
            when_shown(EventPinDialog, lambda again: new_pin(again, "1234"))
        else:
            refused.append(dialog.problem.text())
            dialog.old.clear()
        QTest.keyClicks(dialog.old, old)
        if old == "0000":
            QTest.keyClicks(dialog.new, "5678")
            QTest.keyClicks(dialog.again, "5678")
        _press_button(dialog, "Save")

    def pin(dialog: QInputDialog) -> None:  # reopening asks for the (new) PIN
        QTest.keyClicks(dialog.findChild(QLineEdit), "5678")
        QTest.keyClick(dialog.findChild(QLineEdit), Qt.Key.Key_Return)

    when_shown(EventPinDialog, new_pin)
    _menu(window, "&Director's PIN…")
    settle(qtbot, window)
    assert "Director's PIN set" in window.statusBar().currentMessage()
    assert refused and refused[0].startswith("✖ wrong director PIN")  # said in the dialog
    for ends in ("is finished", "is open again"):
        when_shown(QMessageBox, lambda box: _press_button(box, "Yes"))
        if ends == "is open again":
            when_shown(QInputDialog, pin)
        _menu(window, "Finish or re&open the event…")
        settle(qtbot, window)
        assert ends in window.statusBar().currentMessage()
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_the_club_seasons_call_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.gui.season_dialog import SeasonDialog, SeasonEventsDialog

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)

    def knobs(dialog: SeasonDialog) -> None:
        if dialog.name.parentWidget() is not None:  # New season: named; Scoring…: no name
            QTest.keyClicks(dialog.name, "Winter league")
        dialog.per_win.setFocus()
        QTest.keyClick(dialog.per_win, Qt.Key.Key_Up)
        _press_button(dialog, "OK")

    def tick_the_event(dialog: SeasonEventsDialog) -> None:
        dialog.list.setFocus()
        dialog.list.setCurrentRow(0)
        QTest.keyClick(dialog.list, Qt.Key.Key_Space)
        _press_button(dialog, "OK")

    next(a for a in window.menus.by_key["club"].actions() if a.text() == "&Seasons…").trigger()
    seasons = window.state.club_window.seasons  # type: ignore[union-attr]
    qtbot.addWidget(window.state.club_window)
    settle(qtbot, window)
    for button, act in (("new", knobs), ("events", tick_the_event), ("scoring", knobs)):
        when_shown(SeasonDialog if act is knobs else SeasonEventsDialog, act)  # type: ignore[arg-type]
        seasons.buttons[button].setFocus()
        QTest.keyClick(seasons.buttons[button], Qt.Key.Key_Space)
        settle(qtbot, window)
    (season,) = seasons.seasons
    assert (season.name, len(season.event_ids), season.scoring.per_win) == ("Winter league", 1, 4)
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []


def test_marking_away_next_round_calls_no_service_on_the_gui_thread(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path: Path, monkeypatch
) -> None:
    from gin_scorer.services.writes.absence import away_next_round

    window = _watched(qtbot, swiss_db, tmp_path, monkeypatch)
    window.state.show_view("entrants")
    settle(qtbot, window)
    entrants = window.state.event_views["entrants"]
    entrants.table.selectRow(0)  # type: ignore[attr-defined]
    chosen = entrants.selected()  # type: ignore[attr-defined]
    entrants.away_button.setFocus()  # type: ignore[attr-defined]
    press(window, Qt.Key.Key_Space)
    settle(qtbot, window)
    assert window.state.gui_thread_calls is not None
    assert window.state.gui_thread_calls.calls == []
    assert window.state.db is not None and window.state.event_id is not None
    assert chosen.id in away_next_round(window.state.db, window.state.event_id)
