"""The desk on the screens directors have: the cards panel under the sheet on a narrow window,
F4, View → Zoom, splitters and the window geometry remembered only when they still fit."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSettings
from PySide6.QtGui import QGuiApplication, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QSplitter, QTreeView, QWidget

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.screen_fit import (
    ReflowSplitter,
    fit_window,
    remember_splitter,
    widen_for_lines,
)
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.gui.zoom import read_zoom, sized_text, zoom_step
from gin_scorer.services.writes.matches import list_matches
from tests.gui.conftest import settle, swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


def _window_on_a_match(qtbot, swiss_db, tmp_path) -> MainWindow:  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    window.state.open_event(event_id)
    settle(qtbot, window)
    assert window.state.db is not None
    window.state.open_match(list_matches(window.state.db, event_id)[0].id)
    settle(qtbot, window)
    return window


def test_the_cards_panel_goes_under_the_sheet_when_the_window_is_narrow(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    window = _window_on_a_match(qtbot, swiss_db, tmp_path)
    scoring = window.state.scoring
    assert scoring is not None
    window.resize(2400, 900)
    qtbot.waitUntil(lambda: not scoring.splitter.stacked)
    assert not scoring.cards.wide  # beside the sheet: the inputs above what they show
    window.resize(1000, 700)
    qtbot.waitUntil(lambda: scoring.splitter.stacked)
    assert scoring.cards.wide  # under it: the inputs beside what they show
    # Every column of the sheet is in sight: no horizontal scrolling to see the totals.
    table = scoring.panel.table
    assert table.horizontalHeader().length() <= table.viewport().width()


def test_f4_hides_the_cards_panel_and_the_choice_is_remembered(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    window = _window_on_a_match(qtbot, swiss_db, tmp_path)
    assert window.state.scoring is not None
    assert not window.state.scoring.cards.isVisible()  # folded away on a narrow screen at first
    window.menus.cards_action.trigger()  # F4
    assert window.state.scoring.cards.isVisible()
    again = _window_on_a_match(qtbot, swiss_db, tmp_path)
    assert again.state.scoring is not None and again.state.scoring.cards.isVisible()
    assert again.menus.cards_action.isChecked()
    again.menus.cards_action.trigger()  # F4 again
    assert not again.state.scoring.cards.isVisible()
    assert again.state.scoring.panel.entry.isVisible()
    third = _window_on_a_match(qtbot, swiss_db, tmp_path)
    assert third.state.scoring is not None and not third.state.scoring.cards.isVisible()
    assert not third.menus.cards_action.isChecked()


def test_zoom_scales_the_sheet_and_the_views_and_is_remembered(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    window = _window_on_a_match(qtbot, swiss_db, tmp_path)
    scoring = window.state.scoring
    assert scoring is not None
    title = scoring.panel.title.font().pointSizeF()
    table = scoring.panel.table.font().pointSizeF()
    standings = window.state.event_views["standings"]
    window.menus.zoom_by(1)
    window.menus.zoom_by(1)  # 125 %
    assert window.state.zoom == 1.25
    assert scoring.panel.title.font().pointSizeF() == title * 1.25
    assert scoring.panel.table.font().pointSizeF() == table * 1.25
    assert standings.font().pointSizeF() == table * 1.25
    assert "125 %" in window.statusBar().currentMessage()
    again = _window_on_a_match(qtbot, swiss_db, tmp_path)
    assert again.state.zoom == 1.25
    assert again.state.scoring is not None
    assert again.state.scoring.panel.title.font().pointSizeF() == title * 1.25
    again.menus.zoom_by(0)
    assert again.state.scoring.panel.title.font().pointSizeF() == title


def test_zoom_steps_stay_within_80_and_200_percent() -> None:
    zoom = 1.0
    for _ in range(20):
        zoom = zoom_step(zoom, 1)
    assert zoom == 2.0
    for _ in range(20):
        zoom = zoom_step(zoom, -1)
    assert zoom == 0.8
    assert read_zoom("1.5") == 1.5
    assert read_zoom("7") == 1.0 and read_zoom("big") == 1.0 and read_zoom(None) == 1.0


def test_a_sized_text_keeps_its_size_relative_to_the_zoom(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.zoom import apply_zoom

    root = QWidget()
    qtbot.addWidget(root)
    child = QWidget(root)
    sized_text(child, 16, bold=True)
    apply_zoom(root, 1.5)
    assert child.font().pointSizeF() == 24 and child.font().bold()
    apply_zoom(root, 1.0)
    assert child.font().pointSizeF() == 16


def test_a_saved_geometry_that_no_longer_fits_the_screen_is_not_restored(qtbot) -> None:  # type: ignore[no-untyped-def]
    screen = QGuiApplication.primaryScreen().availableGeometry()
    first = MainWindow(database=":memory:", settings=SETTINGS, open_now=False)
    qtbot.addWidget(first)
    # Left on a monitor larger than this screen: too large to come back as it was.
    first.setGeometry(QRect(0, 0, screen.width() + 600, screen.height() + 400))
    first.close()
    second = MainWindow(database=":memory:", settings=SETTINGS, open_now=False)
    qtbot.addWidget(second)
    assert second.width() <= screen.width() and second.height() <= screen.height()
    # One that fits comes back as it was left.
    second.setGeometry(QRect(screen.x() + 10, screen.y() + 10, 700, 500))
    second.close()
    third = MainWindow(database=":memory:", settings=SETTINGS, open_now=False)
    qtbot.addWidget(third)
    fit_window(third)
    assert (third.width(), third.height()) == (700, 500)


def test_a_splitter_handle_is_where_it_was_left(qtbot) -> None:  # type: ignore[no-untyped-def]
    def build() -> QSplitter:
        splitter = QSplitter()
        qtbot.addWidget(splitter)
        splitter.addWidget(QWidget())
        splitter.addWidget(QWidget())
        splitter.resize(600, 200)
        splitter.show()
        return splitter

    first = build()
    remember_splitter(first, "test")
    first.moveSplitter(150, 1)  # as a drag does (and splitterMoved says so)
    assert QSettings().value("layout/test") is not None
    second = build()
    remember_splitter(second, "test")
    assert second.sizes()[0] == first.sizes()[0]


def test_a_reflow_splitter_remembers_each_arrangement_apart(qtbot) -> None:  # type: ignore[no-untyped-def]
    splitter = ReflowSplitter("test-reflow", lambda: 800)
    qtbot.addWidget(splitter)
    splitter.addWidget(QWidget())
    splitter.addWidget(QWidget())
    splitter.resize(1000, 600)
    splitter.show()
    qtbot.waitUntil(lambda: splitter.width() == 1000)
    assert not splitter.stacked
    splitter.resize(500, 600)
    qtbot.waitUntil(lambda: splitter.stacked)
    assert sum(splitter.sizes()) > 0


def _tree_beside_a_page(qtbot, line: str) -> tuple[QSplitter, QTreeView]:  # type: ignore[no-untyped-def]
    model = QStandardItemModel()
    event, round_ = QStandardItem("Autumn Open  (60)"), QStandardItem("Round 1  (0/30 done)")
    round_.appendRow(QStandardItem(line))
    event.appendRow(round_)
    model.appendRow(event)
    tree = QTreeView()
    tree.setHeaderHidden(True)
    tree.setModel(model)
    splitter = QSplitter()
    splitter.addWidget(tree)
    splitter.addWidget(QWidget())
    qtbot.addWidget(splitter)
    splitter.resize(1200, 400)
    splitter.show()
    splitter.setSizes([200, 1000])
    tree.expandAll()
    qtbot.waitExposed(splitter)
    return splitter, tree


def test_the_navigator_widens_until_its_lines_are_whole(qtbot) -> None:  # type: ignore[no-untyped-def]
    splitter, tree = _tree_beside_a_page(qtbot, "T9 ● Adeyemi-Okonkwo v Montgomery-Smith")
    model = tree.model()
    line = model.index(0, 0, model.index(0, 0, model.index(0, 0)))
    assert tree.sizeHintForIndex(line).width() > tree.visualRect(line).width()  # cut at first
    assert widen_for_lines(splitter, tree)
    qtbot.waitUntil(lambda: tree.visualRect(line).width() >= tree.sizeHintForIndex(line).width())
    assert splitter.sizes()[0] <= 400  # the page beside it keeps two thirds
    assert not widen_for_lines(splitter, tree)  # whole: nothing more to do


def test_the_navigator_widens_to_a_third_of_the_window_at_most(qtbot) -> None:  # type: ignore[no-untyped-def]
    splitter, tree = _tree_beside_a_page(qtbot, "T9 ● " + "Montgomery-Smith v " * 12)
    assert widen_for_lines(splitter, tree)
    assert splitter.sizes()[0] == sum(splitter.sizes()) // 3
