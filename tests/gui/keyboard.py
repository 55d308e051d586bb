"""Keys as a person types them: each one sent to the widget that has the keyboard focus in the
shown, active window, so shortcuts, default buttons and focus chains act for real."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

D = TypeVar("D", bound=QDialog)


def focused(window: QWidget) -> QWidget:
    """The widget the next key goes to (the window itself when nothing inside has focus)."""
    return QApplication.focusWidget() or window


def activate(qtbot, window: QWidget) -> None:  # type: ignore[no-untyped-def]
    """Show ``window`` and make it the active one, as a click on its title bar does."""
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def press(
    window: QWidget,
    key: Qt.Key,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """One key (with Ctrl, Shift …) to the focused widget."""
    QTest.keyClick(focused(window), key, modifier)


def type_text(window: QWidget, text: str) -> None:
    """Characters typed one by one into the focused widget."""
    for character in text:
        QTest.keyClicks(focused(window), character)


def when_shown(kind: type[D], act: Callable[[D], None], *, seconds: float = 60) -> None:
    """``act(dialog)`` once a modal ``kind`` shows, as a person waits to see it before they
    type: the dialog may open after a read the window waits for on a worker (its event loop
    runs the timers meanwhile), not at the first turn of the loop. A dialog still open
    ``seconds`` later is closed, and one that never shows is given up, so a test fails, never
    hangs."""
    tries = int(seconds * 100)

    def look(left: int) -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind) and dialog.isVisible():
            QTimer.singleShot(int(seconds * 1000), dialog, dialog.reject)  # while it lives
            act(dialog)
        elif left > 0:
            QTimer.singleShot(10, lambda: look(left - 1))

    QTimer.singleShot(0, lambda: look(tries))
