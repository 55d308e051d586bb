"""The projector a director trusts on the wall: pages turned by hand or by themselves, as many
rows as the screen holds, the round by name, the round clock, the screen it goes to."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.projector_screen import choose_screen, offered_screen
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.gui.round_clock_dialog import RoundClockDialog
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.gui.views import ProjectorWindow
from gin_scorer.presentation.names import name_key
from gin_scorer.presentation.projector_pages import names_pages
from gin_scorer.services.writes.rounds import list_rounds, pairings, pairings_by_name
from tests.gui.conftest import settle, swiss_copy


def _projector(qtbot, swiss_db, tmp_path, clock=None) -> ProjectorWindow:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.database import open_database

    path, event_id = swiss_copy(swiss_db, tmp_path)
    db = open_database(str(path), station="desk", backups=False)
    projector = ProjectorWindow(db, event_id, 60, clock=clock)
    settle(qtbot, projector)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)
    projector.show()
    qtbot.waitExposed(projector)
    return projector


def test_the_arrow_keys_turn_the_pages_and_space_never_closes(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    projector = _projector(qtbot, swiss_db, tmp_path)
    assert len(projector.pages) > 2
    qtbot.keyClick(projector, Qt.Key.Key_Right)
    assert projector.page == 1
    qtbot.keyClick(projector, Qt.Key.Key_Space)
    assert projector.page == 2 and projector.isVisible()
    qtbot.keyClick(projector, Qt.Key.Key_Left)
    assert projector.page == 1
    qtbot.keyClick(projector, Qt.Key.Key_Home)
    assert projector.page == 0
    qtbot.keyClick(projector, Qt.Key.Key_Left)  # before the first: the last
    assert projector.page == len(projector.pages) - 1
    qtbot.keyClick(projector, Qt.Key.Key_P)
    assert not projector.timer.isActive() and "paused" in projector.footer.text()
    qtbot.keyClick(projector, Qt.Key.Key_P)
    assert projector.timer.isActive()
    qtbot.keyClick(projector, Qt.Key.Key_Escape)
    assert not projector.isVisible()


def test_the_round_by_name_helps_players_find_their_table(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    projector = _projector(qtbot, swiss_db, tmp_path)
    names = [page for page in projector.pages if page.kind == "names"]
    assert names and "find your table" in names[0].heading
    rounds = list_rounds(projector.db, projector.event_id)
    lines = pairings(projector.db, projector.event_id, rounds[-1].number)
    everyone = sorted((n.name for n in pairings_by_name(lines)), key=name_key)
    body = " ".join(page.body for page in names)
    positions = [body.index(f"<tr><td>{name}</td>") for name in everyone]
    assert positions == sorted(positions)  # A to Z by surname (decision 0024)
    assert "Against" in names[0].body and "Table" in names[0].body


def test_a_taller_screen_holds_more_rows_a_page(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    projector = _projector(qtbot, swiss_db, tmp_path)
    projector.resize(1280, 600)
    qtbot.waitUntil(lambda: projector.height() == 600)
    short = projector.rows_per_page()
    projector.resize(1280, 1400)
    qtbot.waitUntil(lambda: projector.height() == 1400)
    assert projector.rows_per_page() > short


def test_long_lists_split_into_numbered_pages() -> None:
    from gin_scorer.services.writes.rounds import NameLine

    lines = [NameLine(f"Player {i:02d}", i, "Other", "A", i) for i in range(1, 26)]
    pages = names_pages("Round 2: find your table", lines, 10)
    assert [page.heading for page in pages] == [
        "Round 2: find your table — P to P (1/3)",
        "Round 2: find your table — P to P (2/3)",
        "Round 2: find your table — P to P (3/3)",
    ]
    assert pages[2].body.count("<tr>") == 1 + 5


def test_the_round_clock_counts_down_on_the_projector_and_in_the_status_bar(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    now = [1000.0]
    clock = RoundClock(now=lambda: now[0])
    projector = _projector(qtbot, swiss_db, tmp_path, clock=clock)
    assert projector.clock_label.text() == ""  # no clock until the director starts one
    dialog = RoundClockDialog(clock, 3)
    qtbot.addWidget(dialog)
    dialog.minutes.setValue(45)
    dialog.start_button.click()
    assert projector.clock_label.text() == "Round 3 · 45:00 left"
    now[0] += 61
    clock.ticked.emit()
    assert projector.clock_label.text() == "Round 3 · 43:59 left"
    dialog.pause_button.click()
    now[0] += 600  # paused: the time does not run
    clock.ticked.emit()
    assert projector.clock_label.text() == "Round 3 · paused 43:59"
    assert dialog.pause_button.text() == "Res&ume"
    dialog.pause_button.click()
    now[0] += 45 * 60
    clock.ticked.emit()
    assert projector.clock_label.text() == "Round 3 · time"
    assert "#ef5350" in projector.clock_label.styleSheet()  # red, and the word says it too
    dialog.reset_button.click()
    assert projector.clock_label.text() == ""


def test_the_window_shows_the_clock_in_its_status_bar(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(database=str(tmp_path / "c.sqlite"), settings=GuiSettings())
    qtbot.addWidget(window)
    window.state.round_clock.start(30, 2)
    assert window.state.clock_label.text() == "Round 2 · 30:00 left"


def test_one_screen_is_used_without_asking(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(database=str(tmp_path / "s.sqlite"), settings=GuiSettings())
    qtbot.addWidget(window)
    screens = QGuiApplication.screens()
    if len(screens) == 1:
        assert choose_screen(window) is screens[0]
    # The first offer is a screen away from the desk's, or the one chosen last time.
    assert offered_screen(screens, screens[0], "") == (1 if len(screens) > 1 else 0)
    assert offered_screen(screens, None, screens[-1].name()) == len(screens) - 1
