"""The desk's Ctrl+Z and Ctrl+Shift+Z, by keys to the focused entry line, are the services'
undo and redo (decision 0029): the rows they write are linked to the rows they take back,
the menu still names the action, and a change made meanwhile elsewhere is not undone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.support.dto import EntrantSpec, EntryKind
from gin_scorer.services.writes import hands
from gin_scorer.services.writes.entrants import list_entrants
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.matches import create_match, get_score_sheet
from tests.gui.conftest import settle

SETTINGS = GuiSettings(station_name="Desk 1")
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _scoring(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    window = MainWindow(database=str(tmp_path / "keys.sqlite"), settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    assert window.state.db is not None
    people = (EntrantSpec(name="Ann"), EntrantSpec(name="Bob"))
    event = create_event(window.state.db, name="Keys", format="club", entrants=people)
    window.state.open_event(event.id)
    settle(qtbot, window)
    ann, bob = list_entrants(window.state.db, event.id)
    match = create_match(window.state.db, event.id, ann.id, bob.id)
    window.state.open_match(match.id)
    settle(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=2000)
    assert window.state.scoring is not None
    entry = window.state.scoring.panel.entry
    entry.setFocus()
    return window, entry, match.id


def _enter(qtbot, entry, line: str) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClicks(entry, line)
    qtbot.keyClick(entry, Qt.Key.Key_Return)


def _another_station_records_the_next_hand(qtbot, window, entry, match_id: int) -> None:  # type: ignore[no-untyped-def]
    """The desk records a hand; a table's phone records the next through the services
    meanwhile, and the desk shows it (so the version it sends is current)."""
    _enter(qtbot, entry, "ak7 15")
    sheet = get_score_sheet(window.state.db, match_id)
    hands.record_hand(
        window.state.db, match_id, sheet.hands[0].record, sheet.version, entered_by="t"
    )
    window.state.open_match(match_id)
    settle(qtbot, window)
    entry.setFocus()


def test_ctrl_z_and_ctrl_shift_z_write_linked_rows(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window, entry, match_id = _scoring(qtbot, tmp_path)
    _enter(qtbot, entry, "ak7 15")
    _enter(qtbot, entry, "bg22")
    assert window.state.undo_stack.undoText() == "Record hand 2"
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: len(get_score_sheet(window.state.db, match_id).hands) == 1)
    log = get_score_sheet(window.state.db, match_id).log
    assert (log[-1].kind, log[-1].undoes_id) == (EntryKind.VOID, log[1].id)
    assert window.state.undo_stack.redoText() == "Record hand 2"  # the menu: Redo Record hand 2
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL_SHIFT)
    qtbot.waitUntil(lambda: len(get_score_sheet(window.state.db, match_id).hands) == 2)
    log = get_score_sheet(window.state.db, match_id).log
    assert (log[-1].kind, log[-1].undoes_id) == (EntryKind.CORRECTION, log[-2].id)
    assert window.state.undo_stack.undoText() == "Record hand 2"
    assert entry.hasFocus()


def test_ctrl_z_does_not_undo_another_stations_hand(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window, entry, match_id = _scoring(qtbot, tmp_path)
    _another_station_records_the_next_hand(qtbot, window, entry, match_id)
    panel = window.state.scoring.panel  # type: ignore[union-attr]
    shown: list[str] = []
    panel.show_error = shown.append  # what the desk says, kept to read
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [
        f"match {match_id} changed since (its newest change is entry 2, not 1): "
        "correct or void the hand instead"
    ]
    after = get_score_sheet(window.state.db, match_id)
    assert len(after.hands) == 2 and all(e.undoes_id is None for e in after.log)


def test_a_refused_undo_stays_said_under_the_entry_line(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The refusal of a later Ctrl+Z stays on screen after the desk shows the match as the
    database now has it (reading the match again used to wipe it at once)."""
    window, entry, match_id = _scoring(qtbot, tmp_path)
    _another_station_records_the_next_hand(qtbot, window, entry, match_id)
    said = window.state.scoring.panel.preview_label  # type: ignore[union-attr]
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: "changed since" in said.text())
    settle(qtbot, window)
    assert "correct or void the hand instead" in said.text()
    assert said.isVisible()
