"""The results session as the director uses it (issue 35, finding 1): Enter never closes the
window — not after a slip, not after a refused line, not after "Replace?" answered No; a
result that cannot be (3–3 in a best of five) is refused as it is typed; the sheet open
behind the window shows the slip's result when the session ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.navigator import Node
from gin_scorer.gui.results_dialog import ResultsDialog
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.writes.matches import get_score_sheet
from tests.gui.conftest import settle
from tests.gui.keyboard import when_shown
from tests.gui.test_results_mode import paired_round

SETTINGS = GuiSettings(station_name="Desk 1")
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot, tmp_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "slips.sqlite")
    event_id, _ = paired_round(path, 4)
    main = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(main)
    main.show()
    settle(qtbot, main)
    main.state.open_event(event_id)
    settle(qtbot, main)
    yield main
    main.close()


def settled(window: MainWindow) -> None:
    """The window's reads back (inside the session's own event loop, where qtbot cannot
    wait): the navigator's lines are read on the worker."""
    for _ in range(2000):
        if window.state.reads.idle():
            return
        QTest.qWait(10)
    raise AssertionError("the window's reads did not come back in 20 s")


def in_session(window: MainWindow, director: Callable[[ResultsDialog], None]) -> None:
    """Ctrl+Shift+R, and ``director`` typing into the session once it shows (it has the
    keyboard, as on a desktop: shown, active, the cursor on the results line)."""
    failures: list[BaseException] = []

    def run(dialog: ResultsDialog) -> None:
        try:
            dialog.activateWindow()
            dialog.line.setFocus()
            director(dialog)
        except BaseException as error:  # said after the session, where pytest sees it
            failures.append(error)
        finally:
            if dialog.isVisible():
                QTest.keyClick(dialog.line, Qt.Key.Key_Escape)

    when_shown(ResultsDialog, run)  # after the round's list is read, on a worker
    QTest.keyClick(window, Qt.Key.Key_R, CTRL_SHIFT)
    if failures:
        raise failures[0]


def enter(dialog: ResultsDialog, text: str) -> None:
    dialog.line.selectAll()
    QTest.keyClicks(dialog.line, text)
    QTest.keyClick(dialog.line, Qt.Key.Key_Return)


def test_no_button_of_the_session_is_pressed_by_enter(window) -> None:  # type: ignore[no-untyped-def]
    def director(dialog: ResultsDialog) -> None:
        defaults = [b.text() for b in dialog.findChildren(QPushButton) if b.isDefault()]
        autos = [b.text() for b in dialog.findChildren(QPushButton) if b.autoDefault()]
        assert defaults == [] and autos == []

    in_session(window, director)


def test_enter_leaves_the_window_open_after_a_slip_and_after_a_refused_line(window) -> None:  # type: ignore[no-untyped-def]
    seen: dict[str, object] = {}

    def director(dialog: ResultsDialog) -> None:
        enter(dialog, "1 a 3-1")
        seen["after a slip"] = dialog.isVisible()
        enter(dialog, "2 a 3-3")
        seen["after a refusal"] = dialog.isVisible()
        seen["refusal"] = dialog.said.text()

    in_session(window, director)
    assert seen["after a slip"] is True
    assert seen["after a refusal"] is True
    assert "✖" in str(seen["refusal"])


def test_three_all_in_a_best_of_five_is_refused_as_it_is_typed(window) -> None:  # type: ignore[no-untyped-def]
    seen: dict[str, str] = {}

    def director(dialog: ResultsDialog) -> None:
        QTest.keyClicks(dialog.line, "2 a 3-3")
        seen["typed"] = dialog.said.text()
        dialog.line.clear()
        QTest.keyClicks(dialog.line, "2 b 1-3")  # the winner with fewer games
        seen["fewer"] = dialog.said.text()
        dialog.line.clear()
        QTest.keyClicks(dialog.line, "2 a 3-2")
        seen["good"] = dialog.said.text()

    in_session(window, director)
    assert "✖" in seen["typed"] and "3–3 is not a result of a best of 5" in seen["typed"]
    assert "⏎" not in seen["typed"]
    assert "✖" in seen["fewer"]
    assert "✖" not in seen["good"] and seen["good"].endswith("⏎")


def test_replace_answered_no_names_the_table_and_keeps_the_window(window) -> None:  # type: ignore[no-untyped-def]
    seen: dict[str, object] = {}

    def answer_no() -> None:  # looked for until it shows (the desk writes on a worker first)
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            watch.stop()
            seen["question"] = box.text()
            QTest.keyClick(box, Qt.Key.Key_N)  # &No

    watch = QTimer()
    watch.setInterval(20)
    watch.timeout.connect(answer_no)

    def director(dialog: ResultsDialog) -> None:
        enter(dialog, "1 a 3-1")
        watch.start()
        enter(dialog, "1 b 3-0")
        watch.stop()
        seen["open"] = dialog.isVisible()
        seen["said"] = dialog.said.text()

    in_session(window, director)
    question = str(seen["question"])
    assert "Table 1" in question and "match " not in question.lower()
    assert seen["open"] is True
    assert "Nothing entered" in str(seen["said"])
    assert window.state.db is not None


def test_the_sheet_behind_the_session_shows_its_slip(window) -> None:  # type: ignore[no-untyped-def]
    assert window.state.db is not None and window.state.event_id is not None
    from gin_scorer.services.writes.matches import list_matches

    at = {m.table_number: m.id for m in list_matches(window.state.db, window.state.event_id)}
    window.state.open_match(at[1])
    assert window.state.scoring is not None
    assert "next dealer" in window.state.scoring.panel.scoreboard.text()
    in_session(window, lambda dialog: enter(dialog, "1 a 3-1"))
    panel = window.state.scoring.panel
    assert panel.sheet is not None and panel.sheet.finished
    assert get_score_sheet(window.state.db, at[1]).result is not None
    assert "next dealer" not in panel.scoreboard.text()
    assert "Slip" in panel.scoreboard.text()
    assert not panel.first_dealer.isVisible()  # nobody deals on a decided match


def test_the_navigator_marks_each_table_done_as_its_slip_is_entered(window) -> None:  # type: ignore[no-untyped-def]
    seen: dict[str, str] = {}

    def director(dialog: ResultsDialog) -> None:
        enter(dialog, "2 a 3-1")
        settled(window)
        round_item = window.state.navigator_model.find(Node("round", window.state.event_id, 1))
        assert round_item is not None
        seen["round"] = round_item.text()

    in_session(window, director)
    assert seen["round"].endswith("(1/4 done)")  # while the window is still open
