"""The cards panel's grid is made a suit at a turn of the event loop after the score sheet's
page (its 52 buttons kept the window still for about 40 ms): a person never sees it half
made — the panel shows, whole, once the grid is, and F4 or the zoom meanwhile find it whole."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton

from gin_scorer.gui.cards_panel import CardsPanel
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.gui.zoom import apply_zoom
from tests.gui.conftest import settle, swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


class PaintedGrid(QObject):
    """How many card buttons the cards panel held each time it showed or painted."""

    def __init__(self, panel: CardsPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.seen: list[int] = []
        panel.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Paint):
            self.seen.append(len(self.panel.findChildren(QToolButton)))
        return False


def _window_as_its_pages_are_made(qtbot, swiss_db, tmp_path):  # type: ignore[no-untyped-def]
    """A desk opening a database, and what was true when its score sheet's page came; and
    the event to open."""
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    first: list[tuple[bool, int]] = []
    watched: list[PaintedGrid] = []

    def page_came(_index: int) -> None:
        scoring = window.state.scoring
        if scoring is not None and not first:
            cards = scoring.cards
            first.append((cards.isVisible(), len(cards.findChildren(QToolButton))))
            watched.append(PaintedGrid(cards))

    window.state.tabs.currentChanged.connect(page_came)
    return window, first, watched, event_id


def test_on_a_wide_screen_the_cards_panel_shows_once_its_grid_is_whole(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    QSettings().setValue("view/cards_shown", True)  # as a 1920-pixel screen has it
    window, first, watched, event_id = _window_as_its_pages_are_made(qtbot, swiss_db, tmp_path)
    qtbot.waitUntil(lambda: bool(first), timeout=20_000)
    assert first == [(False, 0)]  # the sheet first; the grid at the next turns
    settle(qtbot, window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.tabs.setCurrentIndex(0)  # the score sheet in front
    scoring = window.state.scoring
    assert scoring is not None and scoring.cards.isVisible()
    buttons = scoring.cards.findChildren(QToolButton)
    assert len(buttons) == 52 and all(button.isVisible() for button in buttons)
    qtbot.waitUntil(lambda: bool(watched[0].seen))
    assert set(watched[0].seen) == {52}  # never shown or painted half made


def test_f4_before_the_grid_is_made_shows_it_whole(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    window, first, _watched, event_id = _window_as_its_pages_are_made(qtbot, swiss_db, tmp_path)
    window.state.open_event(event_id)
    qtbot.waitUntil(lambda: bool(first), timeout=20_000)
    scoring = window.state.scoring
    assert scoring is not None and first == [(False, 0)]
    window.state.tabs.setCurrentIndex(0)  # the score sheet in front
    QTest.keyClick(window, Qt.Key.Key_F4)
    assert scoring.cards.isVisible()
    buttons = scoring.cards.findChildren(QToolButton)
    assert len(buttons) == 52 and all(button.isVisible() for button in buttons)
    settle(qtbot, window)
    assert scoring.cards.isVisible() and len(scoring.cards.findChildren(QToolButton)) == 52


def test_a_grid_made_after_the_zoom_has_the_zoomed_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = CardsPanel()
    qtbot.addWidget(panel)
    apply_zoom(panel, 1.5)
    panel.show()
    sizes = {button.font().pointSizeF() for button in panel.findChildren(QToolButton)}
    assert sizes == {15.0}  # the grid's 10 points, at 150 %
    apply_zoom(panel, 2.0)  # and the zoom changed again, with the grid made
    assert {button.font().pointSizeF() for button in panel.findChildren(QToolButton)} == {20.0}
