"""Keys as a person types them: each one sent to the widget that has the keyboard focus in the
shown, active window, so shortcuts, default buttons and focus chains act for real."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget


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
