"""A refresh reads on the worker, never on the GUI thread (issue 35, finding 8): opening the
database, F5, a view brought to the front and another station's changes found by the poll
open no transaction on the GUI thread. The desk's debug hook (``GIN_SCORER_WATCH_GUI_THREAD``)
keeps every transaction opened there, with where it came from."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.support.dto import MatchStatus
from tests.gui.conftest import settle, swiss_copy
from tests.gui.keyboard import activate, press, type_text

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def test_no_refresh_reads_on_the_gui_thread(qtbot, swiss_db, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.hands import record_hand
    from gin_scorer.services.writes.matches import get_score_sheet, list_matches
    from gin_scorer.store.database import open_database

    monkeypatch.setenv("GIN_SCORER_WATCH_GUI_THREAD", "1")
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.station.poll_timer.stop()  # the poll below is the timer's tick, made once
    activate(qtbot, window)
    settle(qtbot, window)
    watch = window.state.gui_thread_calls
    assert watch is not None
    assert watch.calls == []  # opened: the tree and the seal read on the worker

    press(window, Qt.Key.Key_F5)
    settle(qtbot, window)
    assert watch.calls == []

    # The director opens a table being played (reading its sheet is their own step).
    playing = next(
        m for m in list_matches(window.state.db, event_id) if m.status is MatchStatus.PLAYING
    )  # type: ignore[arg-type]
    press(window, Qt.Key.Key_F, CTRL)
    type_text(window, f"T{playing.table_number}")
    press(window, Qt.Key.Key_Return)
    settle(qtbot, window)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert window.state.scoring.sheet.match.id == playing.id
    watch.calls.clear()

    for tab in (Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5):  # each view in front
        press(window, tab, ALT)
        settle(qtbot, window)
    assert watch.calls == []
    press(window, Qt.Key.Key_1, ALT)  # back to the sheet

    # Another station enters a hand on this table and a late entrant: the poll finds both.
    other = open_database(str(path), station="Desk 2", backups=False)
    sheet = get_score_sheet(other, playing.id)
    record = read_entry("d", sheet.rules).record
    assert record is not None
    record_hand(other, playing.id, record, sheet.version, entered_by="Desk 2")
    add_entrant(other, event_id, "Late Walker")
    other.close()
    before = len(window.state.scoring.sheet.hands)
    poll = window.station.poll_changes()
    assert poll is not None
    qtbot.waitUntil(lambda: not poll.running)
    settle(qtbot, window)
    assert len(window.state.scoring.sheet.hands) == before + 1  # the sheet on screen followed
    assert watch.calls == []
