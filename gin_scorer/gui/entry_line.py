"""The score sheet's entry line: a line edit that leaves the hand undo keys to the window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit


class EntryLine(QLineEdit):
    """The entry line; Esc cancels a correction (a shortcut would need an active window)."""

    escape_pressed = Signal()

    _HAND_SHORTCUTS = (
        QKeySequence.StandardKey.Undo,
        QKeySequence.StandardKey.Redo,
    )

    def event(self, event: QEvent) -> bool:
        """On an empty line, Ctrl+Z / Ctrl+Shift+Z undo and redo *hands* (the window's
        actions), not the line's own typing: let those shortcuts through."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and not self.text()
            and isinstance(event, QKeyEvent)
            and (
                any(event.matches(key) for key in self._HAND_SHORTCUTS)
                or QKeySequence(event.keyCombination()) == QKeySequence("Ctrl+Shift+Z")
            )
        ):
            event.ignore()
            return False
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escape_pressed.emit()
            event.accept()
            return
        super().keyPressEvent(event)
