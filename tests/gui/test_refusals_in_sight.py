"""Refusals said where the director is looking (issue 35, finding 7): Ctrl+R refused in a
message box that names the next step and offers it (the slips, Ctrl+Shift+R; on a club
night, New match, Ctrl+M), not in the status bar alone, cut off in the middle of a name; and
the help's shortcut table names Undo as Undo, not "Undo Record hand 25"."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from gin_scorer.gui.help_window import HelpDialog
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.new_match_dialog import NewMatchDialog
from gin_scorer.gui.results_dialog import ResultsDialog
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.events import create_event
from tests.gui.conftest import settle, swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


def ctrl_r(window: MainWindow, then: Callable[[QWidget], None]) -> dict[str, object]:
    """Ctrl+R; what the box said and its buttons, then ``then(box)`` answers it. The box is
    looked for until it shows (the desk reads the round on a worker first)."""
    seen: dict[str, object] = {}
    window.activateWindow()  # the keys of a desk that has the keyboard
    QTest.qWaitForWindowActive(window)
    watch = QTimer(window)
    watch.setInterval(20)

    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            return
        watch.stop()
        seen["box"] = type(box).__name__
        seen["text"] = box.text()
        seen["buttons"] = [b.text() for b in box.buttons()]
        then(box)

    watch.timeout.connect(look)
    watch.start()
    QTest.keyClick(
        window.focusWidget() or window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
    )
    watch.stop()
    return seen


def press(text: str) -> Callable[[QWidget], None]:
    """Press the box's button whose text holds ``text``; note and close what it opens."""

    def answer(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        button = next(b for b in box.buttons() if text in b.text().replace("&", ""))
        watch = QTimer(box.parent())
        watch.setInterval(20)

        def close_what_opened() -> None:
            opened = QApplication.activeModalWidget()
            if opened is None or isinstance(opened, QMessageBox):
                return  # the box is still closing; the step's window is yet to come
            watch.stop()
            seen_after.append(type(opened).__name__)
            opened.close()

        watch.timeout.connect(close_what_opened)
        watch.start()
        button.click()

    return answer


seen_after: list[str] = []


def test_ctrl_r_with_results_missing_offers_the_slips(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)  # round 2 has two tables still playing
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    window.state.open_event(event_id)
    seen_after.clear()
    seen = ctrl_r(window, press("slips"))
    assert seen["box"] == "QMessageBox"
    assert "Ctrl+Shift+R" in str(seen["text"])
    assert seen_after == [ResultsDialog.__name__]  # the button opened the results session


def test_ctrl_r_on_a_club_night_points_to_new_match(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "club.sqlite")
    window = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    assert window.state.db is not None
    people = [EntrantSpec(name) for name in ("Ann Lee", "Bob Roe", "Cy Dunn", "Dee Ray")]
    club = create_event(window.state.db, name="Club night", format="club", entrants=people)
    window.state.open_event(club.id)
    settle(qtbot, window)
    seen_after.clear()
    seen = ctrl_r(window, press("New match"))
    assert seen["box"] == "QMessageBox"
    assert "New match" in str(seen["text"]) and "Ctrl+M" in str(seen["text"])
    assert seen_after == [NewMatchDialog.__name__]


def test_the_shortcut_table_names_undo_as_undo(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    assert window.state.db is not None
    playing = next(m for m in window.state.matches[event_id] if m.status.value == "playing")
    window.state.open_match(playing.id)
    settle(qtbot, window)
    panel = window.state.scoring.panel
    window.activateWindow()  # F1 is the window's shortcut: it needs the keyboard
    QTest.qWaitForWindowActive(window)
    panel.entry.setText("ak7 15")
    QTest.keyClick(panel.entry, Qt.Key.Key_Return)
    assert window.state.undo_stack.count() == 1  # "Undo Record hand …" in the Scoring menu
    QTest.keyClick(panel.entry, Qt.Key.Key_F1)
    help_text = window.findChildren(HelpDialog)[-1].browser.toPlainText()
    assert "Record hand" not in help_text, [
        line for line in help_text.splitlines() if "Undo" in line
    ]
    assert "Undo" in help_text


def test_a_refusal_of_two_lines_is_shown_whole_in_its_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.dto import EntrantStatus, EntrantView

    people = [
        EntrantView(n, 1, name, "", (name,), None, EntrantStatus.ACTIVE, True)
        for n, name in enumerate(("Ann Lee", "Bob Roe"), start=1)
    ]
    dialog = NewMatchDialog(people, three=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.problem.say("player C: no active entrant is called 'Xiomara García Márquez'")
    problem = dialog.problem
    # no line cut off, once the dialog has grown (a resize takes effect at the next paint)
    qtbot.waitUntil(
        lambda: problem.heightForWidth(problem.width()) <= problem.height(), timeout=2000
    )
