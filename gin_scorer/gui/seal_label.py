"""The seal in the status bar: its start next to the last save, all of it in the tooltip,
one click (or the context menu) to copy it.

A director compares this code with the one printed on a sheet, or hands it to
``gin-scorer verify --seal CODE`` later; copying saves typing a 20-character code.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QGuiApplication, QMouseEvent
from PySide6.QtWidgets import QLabel, QMenu, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP

WHAT_IT_IS = QT_TRANSLATE_NOOP(
    "SealLabel",
    "The seal covers everything recorded so far; “gin-scorer verify --seal {0}” "
    "later proves none of it has changed since. Click to copy it.",
)


def short_seal(code: str) -> str:
    """The start of a seal, enough to tell two apart at a glance in the status bar.

    >>> short_seal("4127-K3M9-QX2P-7TAB")
    '4127-K3M9-…'
    >>> short_seal("3F2A9C1B")
    '3F2A9C1B'
    """
    groups = code.split("-")
    return code if len(groups) <= 2 else "-".join(groups[:2]) + "-…"


NO_SEAL_YET = QT_TRANSLATE_NOOP(
    "SealLabel",
    "No seal yet: nothing has been recorded. From the first save on, the seal "
    "covers everything recorded and “gin-scorer verify --seal CODE” proves later "
    "that none of it has changed.",
)


class SealLabel(QLabel):
    """``Seal 4127-K3M9-…``; :meth:`show_seal` sets it, :attr:`copied` says a copy was made."""

    copied = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sealLabel")
        self.code: str | None = None
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setContentsMargins(8, 0, 8, 0)  # set apart from "Last save" and "Database"
        self.show_seal(None)

    def show_seal(self, code: str | None) -> None:
        self.code = code
        if code is None:
            self.setText(translate("SealLabel", "Seal: none yet"))
            self.setToolTip(translate("SealLabel", NO_SEAL_YET))
            return
        self.setText(translate("SealLabel", "Seal {0}").format(short_seal(code)))
        # Its whole text: a crowded status bar (1280 px, a message, the backups' age)
        # squeezes the database's name, which elides, never the seal's start.
        self.setMinimumWidth(self.sizeHint().width())
        self.setToolTip(
            translate("SealLabel", "Seal {0}\n{1}").format(
                code, translate("SealLabel", WHAT_IT_IS).format(code)
            )
        )

    def copy(self) -> None:
        """Put the whole code on the clipboard (nothing to copy before the first seal)."""
        if self.code is None:
            return
        QGuiApplication.clipboard().setText(self.code)
        self.copied.emit(self.code)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.copy()
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.context_menu().exec(event.globalPos())

    def context_menu(self) -> QMenu:
        menu = QMenu(self)
        action = menu.addAction(translate("SealLabel", "Copy seal"), self.copy)
        action.setEnabled(self.code is not None)
        return menu
