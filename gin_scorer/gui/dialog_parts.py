"""What the app's small dialogs share: the red line where a refusal is said, the OK / Cancel
row, a date field that Tab leaves, and the loop that keeps a dialog open until the services
accept what was typed.

A refusal never closes a dialog: the services' sentence appears in it and everything typed
stays, so a slip costs one correction, not the whole form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDateEdit, QDialog, QDialogButtonBox, QLabel, QSpinBox, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.tones import Tone, tone
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.errors import ServiceError


def problem_style() -> str:
    """Red and bold, with a ✖ in the text too: a problem is not told by colour alone."""
    return f"color: {tone(Tone.ERROR)}; font-weight: bold;"


T = TypeVar("T")


def spin_box(value: int, low: int, high: int, name: str, *, at_lowest: str = "") -> QSpinBox:
    """A number box from ``low`` to ``high`` showing ``value``, named ``name`` (tests and
    screen readers find it by it); ``at_lowest``, when given, is what the box says at ``low``
    instead of the number ("every night", "suggested from the field")."""
    box = QSpinBox()
    box.setObjectName(name)
    box.setRange(low, high)
    if at_lowest:
        box.setSpecialValueText(at_lowest)
    box.setValue(value)
    return box


class ProblemLabel(QLabel):
    """Where a dialog says why it cannot go on (empty while all is well)."""

    def __init__(self) -> None:
        super().__init__("")
        self.setObjectName("problem")
        self.setWordWrap(True)
        self.setStyleSheet(problem_style())

    def say(self, text: str) -> None:
        self.setText(translate("ProblemLabel", "✖ {0}").format(text))
        # A refusal of two lines in a dialog laid out for none: asking for its lines' height
        # makes the dialog grow to show it whole (Qt does not make a shown window taller for
        # a label that wraps, and the second line was cut off).
        if self.isVisible():
            self.setMinimumHeight(max(0, self.heightForWidth(self.width())))


def dialog_buttons(
    dialog: QDialog, on_ok: Callable[[], None], ok_text: str | None = None, *, save: bool = False
) -> QDialogButtonBox:
    """Save (or OK, renamed ``ok_text``) and Cancel; ``on_ok`` decides whether to accept."""
    ok = QDialogButtonBox.StandardButton.Save if save else QDialogButtonBox.StandardButton.Ok
    buttons = QDialogButtonBox(ok | QDialogButtonBox.StandardButton.Cancel)
    if ok_text is not None:
        buttons.button(ok).setText(ok_text)
    buttons.accepted.connect(on_ok)
    buttons.rejected.connect(dialog.reject)
    return buttons


def until_accepted(
    dialog: QDialog, attempt: Callable[[], T], refused: Callable[[str], None]
) -> T | None:
    """Show ``dialog`` until ``attempt`` (the services' call) succeeds, and return its result;
    each refusal goes to ``refused`` and the dialog opens again as it was. None on Cancel."""
    try:
        while dialog.exec() == QDialog.DialogCode.Accepted:
            try:
                return attempt()
            except ServiceError as error:
                refused(error_text(error))
        return None
    finally:
        dialog.deleteLater()


class DateField(QDateEdit):
    """A date that Tab leaves, as every other field does (a plain date edit walks Tab through
    its year, month and day first, so the next thing typed lands in the date, not the venue);
    the arrow keys and the calendar still change the day."""

    def __init__(self, day: QDate, parent: QWidget | None = None) -> None:
        super().__init__(day, parent)
        self.setCalendarPopup(True)
        self.setDisplayFormat("yyyy-MM-dd")

    def focusNextPrevChild(self, next: bool) -> bool:
        return QWidget.focusNextPrevChild(self, next)
