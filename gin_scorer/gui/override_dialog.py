"""The director's override of a hand the core refused, and the reason asked for a change
that the log keeps (a correction, a void): the dialogs the score sheet's page asks through.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.core.hands import Problem
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import say

# Asks the director for an override reason given the problems; None means "do not record".
OverrideAsker = Callable[[QWidget, tuple[Problem, ...]], "str | None"]
# Asks the reason for a change the log keeps (a correction, a void); None means "give up".
ReasonAsker = Callable[[QWidget, str], "str | None"]


class OverrideDialog(QDialog):
    """Record a hand the core refused: the director reads the problems and gives a reason."""

    def __init__(self, parent: QWidget | None, problems: tuple[Problem, ...]) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("OverrideDialog", "Director's override"))
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                translate("OverrideDialog", "<b>The cards do not agree with the declaration:</b>")
            )
        )
        listing = QListWidget()
        listing.setAccessibleName(translate("OverrideDialog", "What the cards do not agree with"))
        for problem in problems:
            mark = "✖" if problem.is_error else "⚠"
            listing.addItem(f"{mark} {say(problem.words)}")
        layout.addWidget(listing)
        layout.addWidget(
            QLabel(
                translate(
                    "OverrideDialog", "Record it anyway? The director's reason (kept on the sheet):"
                )
            )
        )
        self.reason = QLineEdit()
        self.reason.setAccessibleName(
            translate("OverrideDialog", "The director's reason for the override")
        )
        self.reason.setPlaceholderText(
            translate("OverrideDialog", "e.g. players agreed the count at the table")
        )
        layout.addWidget(self.reason)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            translate("OverrideDialog", "Record with override")
        )
        buttons.accepted.connect(self._accept_if_reason)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _accept_if_reason(self) -> None:
        if self.reason.text().strip():
            self.accept()
        else:
            self.reason.setPlaceholderText(
                translate("OverrideDialog", "a reason is required for an override")
            )
            self.reason.setFocus()


def ask_override(parent: QWidget, problems: tuple[Problem, ...]) -> str | None:
    dialog = OverrideDialog(parent, problems)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        return dialog.reason.text().strip()
    return None


def ask_reason(parent: QWidget, what: str) -> str | None:
    text, ok = QInputDialog.getText(
        parent,
        what,
        translate("match_controller", "{0}: reason (kept in the log)").format(what),
    )
    return text.strip() if ok and text.strip() else None
