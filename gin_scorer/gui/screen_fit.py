"""Fitting the window to the screen a director really has (1366×768, 150 % scaling …).

- :func:`fit_window` restores the last window geometry only when it still fits the screen
  it would land on (the laptop's own after a day on the venue's big monitor), and otherwise
  sizes the window to the screen's free area.
- :class:`ReflowSplitter` puts its two panes side by side when there is room for both and
  the second under the first when there is not, and remembers where the director dragged
  the handle, for each of the two arrangements.
- :func:`remember_splitter` keeps an ordinary splitter's handle where it was left.
- :func:`show_full_screen` puts a wall (the projector, a season's table) full screen on the
  screen the director chose.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QRect, QSettings, Qt, Signal
from PySide6.QtGui import QGuiApplication, QResizeEvent, QScreen
from PySide6.QtWidgets import QAbstractItemView, QMainWindow, QSplitter, QWidget

_GEOMETRY_KEY = "window/geometry"
_DEFAULT_SIZE = (1280, 800)
_FRAME = (20, 40)  # a window manager's frame and title bar, about
_WIDE_SCREEN = 1600  # logical pixels: room for the sheet and the cards panel side by side


def _saved(key: str) -> QByteArray | None:
    value = QSettings().value(key)
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None


def wants_maximised(free_width: int, free_height: int) -> bool:
    """Does a screen with this free area (logical pixels) hold the window at its default
    size, title bar and frame included? A laptop's (1366×768, or 1920×1080 at 150 %) does
    not: there the window opens maximised, every pixel for the sheet, the title bar on the
    screen — a window as tall as the free area put its title bar above the screen's top.

    >>> wants_maximised(1366, 728), wants_maximised(2560, 1400)
    (True, False)
    """
    width, height = _DEFAULT_SIZE
    return free_width < width + _FRAME[0] or free_height < height + _FRAME[1]


def cards_shown_by_default(free_width: int) -> bool:
    """The cards panel beside the sheet on a first start: only where the screen is wide
    (1600 logical pixels or more); on a laptop it folds away until F4 or Ctrl+Shift+C
    (typing the cards) opens it, and the sheet has the room.

    >>> cards_shown_by_default(1366), cards_shown_by_default(1920)
    (False, True)
    """
    return free_width >= _WIDE_SCREEN


def cards_shown(window: QWidget) -> bool:
    """View → Cards panel (F4) as the director left it; the screen's width decides the
    first time (:func:`cards_shown_by_default`)."""
    chosen = QSettings().value("view/cards_shown")
    if chosen is not None:
        return chosen not in (False, "false")
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen is None or cards_shown_by_default(screen.availableGeometry().width())


def fit_window(window: QMainWindow) -> None:
    """The window as it was left if that still fits the screen, else as large as the
    screen's free area allows, up to 1280×800, in its middle — maximised on a screen too
    small for that (:func:`wants_maximised`)."""
    saved = _saved(_GEOMETRY_KEY)
    if saved is not None and window.restoreGeometry(saved) and _fits(window.frameGeometry()):
        return
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:  # no screen at all (never on a desktop): the default size
        window.resize(*_DEFAULT_SIZE)
        return
    free = screen.availableGeometry()
    width = min(_DEFAULT_SIZE[0], free.width())
    height = min(_DEFAULT_SIZE[1], free.height())
    left = free.x() + (free.width() - width) // 2
    top = free.y() + (free.height() - height) // 2
    window.setGeometry(QRect(left, top, width, height))  # and when it is un-maximised
    if wants_maximised(free.width(), free.height()):
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def show_full_screen(window: QWidget, screen: QScreen) -> None:
    """Full screen on ``screen``. The window is only moved onto it first, not given its
    size: sized to the screen, a window the window manager decorated before it made it full
    screen kept a frame Qt never read again (the frame's size comes with a change of the
    window's own), and it reached past the screen's edges by the title bar (1 or 2 times in
    25 under openbox, on a busy machine)."""
    window.setScreen(screen)
    window.move(screen.geometry().topLeft())
    window.showFullScreen()


def _fits(frame: QRect) -> bool:
    """Is the whole frame on one screen's free area?"""
    return any(screen.availableGeometry().contains(frame) for screen in QGuiApplication.screens())


def remember_window(window: QMainWindow) -> None:
    QSettings().setValue(_GEOMETRY_KEY, window.saveGeometry())


def remember_splitter(splitter: QSplitter, key: str) -> bool:
    """Put the handle where it was last left, and remember where it is left next; True when
    it was put back (False: the splitter's first time, its owner places it)."""
    saved = _saved(f"layout/{key}")
    restored = saved is not None and splitter.restoreState(saved)
    splitter.splitterMoved.connect(
        lambda *_: QSettings().setValue(f"layout/{key}", splitter.saveState())
    )
    return restored


def widen_for_lines(splitter: QSplitter, view: QAbstractItemView, share: float = 1 / 3) -> bool:
    """Widen the splitter's first pane until ``view`` (in it) shows its lines in sight whole,
    up to ``share`` of the splitter, the pane beside it keeping the rest; never narrower than
    the director left it. True when it was widened. (At 1366×768 the navigator cut a table's
    line: "T9 ● Adeyemi-Okonkwo v Yamam…".)"""
    sizes, pane = splitter.sizes(), splitter.widget(0)
    if len(sizes) != 2 or pane is None or not splitter.isVisible():
        return False
    # The lines, their indentation, the view's frame and scroll bar, the pane's margins.
    chrome = (view.width() - view.viewport().width()) + (pane.width() - view.width())
    wanted = min(view.sizeHintForColumn(0) + chrome + 2, int(sum(sizes) * share))
    if wanted <= sizes[0]:
        return False
    splitter.setSizes([wanted, sum(sizes) - wanted])
    return True


class ReflowSplitter(QSplitter):
    """Two panes side by side when the width holds what ``needed`` says both want, else the
    second under the first; each arrangement keeps its own remembered handle position."""

    stacked_changed = Signal(bool)  # True: the second pane now sits under the first

    def __init__(self, key: str, needed: Callable[[], int], parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.key = key
        self.needed = needed
        self.setChildrenCollapsible(False)
        self.splitterMoved.connect(self._remember)

    @property
    def stacked(self) -> bool:
        return self.orientation() is Qt.Orientation.Vertical

    def _state_key(self) -> str:
        return f"layout/{self.key}/{'stacked' if self.stacked else 'side'}"

    def _remember(self) -> None:
        QSettings().setValue(self._state_key(), self.saveState())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.reflow(event.size().width())
        super().resizeEvent(event)

    def reflow(self, width: int | None = None) -> None:
        """Choose the arrangement for ``width`` (the splitter's own by default)."""
        stacked = (self.width() if width is None else width) < self.needed()
        if stacked == self.stacked:
            return
        self.setOrientation(Qt.Orientation.Vertical if stacked else Qt.Orientation.Horizontal)
        # Stacked, a taller window is more room for the first pane (the sheet), not both.
        self.setStretchFactor(1, 0 if stacked else 2)
        self.stacked_changed.emit(stacked)
        saved = _saved(self._state_key())
        if saved is None or not self.restoreState(saved):
            # First time in this arrangement: the second pane gets what it asks for.
            pane = self.widget(1)
            second = pane.sizeHint() if pane is not None else self.size() / 2
            whole = self.height() if stacked else self.width()
            wanted = second.height() if stacked else second.width()
            self.setSizes([max(whole - wanted, whole // 2), min(wanted, whole // 2)])
