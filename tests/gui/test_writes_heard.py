"""The desk refreshes from what a write says it changed (issue 39): every ``wait_for`` whose
work wrote hands its :class:`~gin_scorer.services.support.written.Changes` to the desk, whichever
window or dialog made the write, and the views it concerns follow without F5 or the poll."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.gui.background import hear_writes, wait_for
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.support.written import Changes
from tests.gui.conftest import settle, swiss_copy
from tests.gui.keyboard import activate


def test_wait_for_says_what_its_work_wrote(qtbot, swiss_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes.entrants import add_entrant, list_entrants

    path, event_id = swiss_copy(swiss_db, tmp_path)
    db = open_database(str(path), station="Desk 1", backups=False)
    heard: list[Changes] = []
    stop = hear_writes(heard.append)
    try:
        wait_for(lambda: list_entrants(db, event_id))  # a read: nothing to say
        assert heard == []
        added = wait_for(lambda: add_entrant(db, event_id, "Late Walker"))
        [changes] = heard
        assert added.id in changes.entrants and changes.events == {event_id}
        assert changes.standings
    finally:
        stop()
        db.close()


def test_a_write_made_beside_the_window_shows_in_its_views(qtbot, swiss_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.entrants import add_entrant

    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.station.poll_timer.stop()  # no poll: only the write's own word can refresh the views
    activate(qtbot, window)
    settle(qtbot, window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    entrants = window.state.event_views["entrants"]
    standings = window.state.event_views["standings"]
    window.state.show_view("standings")
    settle(qtbot, window)
    standing_rows = standings.model.rowCount()  # type: ignore[attr-defined]
    assert standing_rows > 0
    window.state.show_view("entrants")
    settle(qtbot, window)
    names = [row.name for row in entrants.model.rows()]  # type: ignore[attr-defined]
    assert "Late Walker" not in names

    db = window.state.db
    assert db is not None
    wait_for(lambda: add_entrant(db, event_id, "Late Walker"))  # as a dialog of the desk would
    settle(qtbot, window)
    names = [row.name for row in entrants.model.rows()]  # type: ignore[attr-defined]
    assert "Late Walker" in names  # the view in front followed

    window.state.show_view("standings")  # behind until now: it follows when shown
    settle(qtbot, window)
    assert standings.model.rowCount() == standing_rows + 1  # type: ignore[attr-defined]


def test_a_hand_written_beside_the_sheet_shows_on_it(qtbot, swiss_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presentation.entry_grammar import read_entry
    from gin_scorer.services.support.dto import MatchStatus
    from gin_scorer.services.writes.hands import record_hand

    path, _event = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.station.poll_timer.stop()  # no poll: only the write's own word can refresh the sheet
    activate(qtbot, window)
    settle(qtbot, window)
    tables = (m for ms in window.state.matches.values() for m in ms)
    playing = next(m for m in tables if m.status is MatchStatus.PLAYING)
    window.state.open_match(playing.id)
    settle(qtbot, window)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    sheet = window.state.scoring.sheet
    record = read_entry("d", sheet.rules).record
    assert record is not None
    db = window.state.db
    assert db is not None
    wait_for(lambda: record_hand(db, playing.id, record, sheet.version, entered_by="Desk 1"))
    settle(qtbot, window)
    assert len(window.state.scoring.sheet.hands) == len(sheet.hands) + 1
